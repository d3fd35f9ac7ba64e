import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct TrainRejection: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rejection", abstract: "Train per-label rejection thresholds (not built yet)")
    func run() throws { throw ValidationError("'rejection' is not built yet") }
}
