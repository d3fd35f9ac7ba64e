import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct EvalMatcher: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "matcher", abstract: "Evaluate a template matcher (not built yet)")
    func run() throws { throw ValidationError("'matcher' is not built yet") }
}
