import ArgumentParser

struct Train: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Train detector thresholds, rejection thresholds, or everything from a folder of samples.",
        discussion: "Without a subcommand, `gesturelab train --dataset DIR --out OUTDIR` trains everything (`train all`).",
        subcommands: [TrainAll.self, TrainDetector.self, TrainRejection.self, TrainPrior.self],
        defaultSubcommand: TrainAll.self
    )
}
