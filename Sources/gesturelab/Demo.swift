import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demo", abstract: "Train and evaluate on the shipped data (not built yet)")
    func run() throws { throw ValidationError("'demo' is not built yet") }
}
