import ArgumentParser
import Foundation
import GestureData
import GestureTraining

/// One sample left out in tolerant mode, as the commands print it.
struct SkippedSample: Codable {
    var file: String
    var error: String
    init(_ e: GestureDataError) {
        file = e.file
        error = e.description
    }
}

enum DataCLI {
    /// Loads `path` in `options`' mode, keeping what they keep (``DatasetOptions/kept(_:path:everyDevice:)``),
    /// and measures how long the loading took.
    static func load(_ path: String, options: DatasetOptions) throws -> (report: LoadReport, seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        var report = try DatasetLoader.load(path, mode: options.mode)
        let elapsed = clock.now - start
        report.dataset = try options.kept(report.dataset, path: path)
        return (report, elapsed.inSeconds)
    }

    /// Prints the skipped samples (text mode) to standard error.
    static func reportSkipped(_ skipped: [GestureDataError], on console: Console) {
        guard !skipped.isEmpty else { return }
        console.err("skipped \(skipped.count) invalid sample\(skipped.count == 1 ? "" : "s"):")
        for e in skipped { console.err("  \(e)") }
    }
}
