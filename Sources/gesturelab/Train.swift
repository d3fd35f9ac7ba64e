import ArgumentParser

struct Train: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Train detector thresholds, rejection thresholds, or everything from a folder of samples.",
        subcommands: [TrainDetector.self, TrainRejection.self]
    )
}
