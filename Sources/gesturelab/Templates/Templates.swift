import ArgumentParser

struct Templates: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build and inspect template libraries.",
        subcommands: [TemplatesBuild.self]
    )
}
