import ArgumentParser
import Foundation
import GestureTraining

/// `--report DIR`: write `report.json`, `report.md` and SVG plots into DIR (a previous
/// report folder is replaced as a whole, atomically; any other folder is refused).
struct ReportOptions: ParsableArguments {
    @Option(name: .customLong("report"),
            help: ArgumentHelp("Write report.json, report.md and SVG plots into this folder (a previous report there is replaced as a whole; any other folder, or an input, is refused).",
                               valueName: "DIR"))
    var reportDirectory: String?

    /// Writes the report when `--report` was given; returns the path of `report.md`.
    @discardableResult
    func write(_ report: EvaluationReport) throws -> String? {
        guard let dir = reportDirectory else { return nil }
        try ReportWriter.write(report, to: URL(fileURLWithPath: dir))
        return URL(fileURLWithPath: dir).appendingPathComponent("report.md").path
    }
}
