import Foundation

/// Turns a report into its files — `report.json`, `report.md`, and per evaluation
/// `NAME-roc.svg`, `NAME-scores.svg` (binary) or `NAME-confusion.svg`,
/// `NAME-accuracy.svg` (classification) — and writes them as one folder atomically.
///
/// The same report gives the same bytes: JSON keys are sorted and plots use fixed
/// decimals, so two runs with the same seed write identical reports.
public enum ReportWriter {
    /// The files of a report, by file name.
    public static func files(for report: EvaluationReport) throws -> [String: Data] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var out: [String: Data] = [:]
        var json = try encoder.encode(report)
        json.append(0x0A)
        out["report.json"] = json
        out["report.md"] = Data(ReportMarkdown.render(report).utf8)
        for e in report.binary {
            out["\(slug(e.name))-roc.svg"] = ReportPlots.roc(e).rendered()
            out["\(slug(e.name))-scores.svg"] = ReportPlots.histogram(e).rendered()
        }
        for c in report.classification {
            out["\(slug(c.name))-confusion.svg"] = ReportPlots.confusion(c).rendered()
            if !c.accuracyByTemplates.isEmpty {
                out["\(slug(c.curveName ?? c.name))-accuracy.svg"] = ReportPlots.accuracyByTemplates(c).rendered()
            }
        }
        return out
    }

    /// Writes the report folder at `url` (replacing a previous report folder as a whole;
    /// any other folder is refused, see ``OutputFolder``).
    public static func write(_ report: EvaluationReport, to url: URL) throws {
        try OutputFolder.write(try files(for: report), to: url, kind: .report)
    }

    /// A file-name-safe form of an evaluation name: letters, digits, `-` and `_`.
    public static func slug(_ name: String) -> String {
        let s = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return s.isEmpty ? "evaluation" : s
    }
}
