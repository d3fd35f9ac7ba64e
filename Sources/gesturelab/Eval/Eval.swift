import ArgumentParser

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate detectors, matchers and the engine: TPR, FPR, accuracy, confusion.",
        subcommands: [EvalDetector.self, EvalMatcher.self, EvalModel.self, EvalEngine.self]
    )
}
