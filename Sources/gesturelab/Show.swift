import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Draw a sample as SVG (not built yet)")
    func run() throws { throw ValidationError("'show' is not built yet") }
}
