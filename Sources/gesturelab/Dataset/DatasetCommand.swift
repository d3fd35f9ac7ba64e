import ArgumentParser

struct DatasetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dataset",
        abstract: "Inspect and convert gesture datasets.",
        subcommands: [Info.self, Convert.self]
    )
}
