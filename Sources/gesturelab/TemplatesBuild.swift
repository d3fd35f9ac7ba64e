import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct TemplatesBuild: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build a template library from a dataset (not built yet)")
    func run() throws { throw ValidationError("'build' is not built yet") }
}
