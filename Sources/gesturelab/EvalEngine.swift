import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct EvalEngine: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "engine", abstract: "Evaluate recognizers on touch sessions (not built yet)")
    func run() throws { throw ValidationError("'engine' is not built yet") }
}
