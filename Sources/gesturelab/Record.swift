import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "record", abstract: "Serve the recorder page (not built yet)")
    func run() throws { throw ValidationError("'record' is not built yet") }
}
