import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct TrainDetector: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "detector", abstract: "Tune detector thresholds (not built yet)")
    func run() throws { throw ValidationError("'detector' is not built yet") }
}
