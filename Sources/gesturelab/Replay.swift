import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "replay", abstract: "Replay a touch session through recognizers (not built yet)")
    func run() throws { throw ValidationError("'replay' is not built yet") }
}
