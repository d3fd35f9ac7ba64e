import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct EvalDetector: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "detector", abstract: "Evaluate a detector (not built yet)")
    func run() throws { throw ValidationError("'detector' is not built yet") }
}
