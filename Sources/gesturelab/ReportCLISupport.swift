import ArgumentParser
import Foundation
import GestureTraining

/// `--report DIR`: write `report.json`, `report.md` and SVG plots into DIR (replaced as a
/// whole, atomically).
struct ReportOptions: ParsableArguments {
    @Option(name: .customLong("report"),
            help: ArgumentHelp("Write report.json, report.md and SVG plots into this folder (replaced as a whole).",
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
