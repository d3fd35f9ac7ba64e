import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct Recognize: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recognize", abstract: "Recognize gesture files against a template library (not built yet)")
    func run() throws { throw ValidationError("'recognize' is not built yet") }
}
