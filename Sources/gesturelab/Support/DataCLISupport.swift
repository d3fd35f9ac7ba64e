import ArgumentParser
import Foundation
import GestureData

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
    /// Loads `path` in `mode`, dropping the excluded subjects, and measures how long it took.
    static func load(_ path: String, mode: LoadMode, excluding subjects: [String]) throws -> (report: LoadReport, seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        var report = try DatasetLoader.load(path, mode: mode)
        let elapsed = clock.now - start
        report.dataset = report.dataset.excludingSubjects(subjects)
        return (report, seconds(elapsed))
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// Prints the skipped samples (text mode) to standard error.
    static func reportSkipped(_ skipped: [GestureDataError]) {
        guard !skipped.isEmpty else { return }
        Console.err("skipped \(skipped.count) invalid sample\(skipped.count == 1 ? "" : "s"):")
        for e in skipped { Console.err("  \(e)") }
    }
}
