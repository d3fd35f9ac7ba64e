import ArgumentParser

@main
struct GestureLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturelab",
        abstract: "Record gesture templates, train thresholds from samples, evaluate false-positive rates.",
        version: GestureLab.version,
        subcommands: [
            DatasetCommand.self, Show.self, Templates.self, Recognize.self, Train.self, Eval.self,
            Replay.self, Record.self, Demo.self, Bench.self,
        ]
    )

    /// The release of this tool (`gesturelab --version`); model folders and reports carry
    /// their own format versions.
    static let version = "0.3.0"
}
