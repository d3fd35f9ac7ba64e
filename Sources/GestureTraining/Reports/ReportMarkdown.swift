import Foundation

/// `report.md`: the report's figures as Markdown tables, with links to its plots.
package enum ReportMarkdown {
    package static func render(_ r: EvaluationReport) -> String {
        func pct(_ v: Double) -> String { ReportPlots.percent(v) }
        var md = "# \(r.title)\n\n"
        md += "Seed: `\(r.seed)`. Format: `\(r.format)`.\n\n"
        if let d = r.dataset {
            md += "## Data\n\n"
            md += "`\(d.path)`: \(d.samples) samples, \(d.labels.count) labels, \(d.subjects) subjects; "
            md += "fingerprint (FNV-1a 64 of the canonical sample bytes) `\(d.fingerprint)`.\n\n"
        }
        if !r.settings.isEmpty {
            md += "## Settings\n\n" + table(["setting", "value"], r.settings.sorted(by: { $0.key < $1.key }).map { [$0.key, "\($0.value)"] })
            md += "\n"
        }
        for e in r.binary {
            md += "## \(e.name): positive = \(e.positive)\n\n"
            md += "Score: \(e.scoreName) (\(e.orientation == .higherIsPositive ? "accept at or above" : "accept at or below") the threshold)."
            if let auc = e.areaUnderCurve { md += String(format: " Area under the ROC curve: %.4f.", auc) }
            md += "\n\n" + table(["operating point", "threshold", "TPR", "FPR", "TP", "FN", "FP", "TN"], ([e.chosen] + e.comparisons).map { p in
                let c = p.counts
                // A rate with no samples (no positives, or no negatives) is –, not 0 %.
                return [p.name, p.threshold.map { String(format: "%.4g", $0) } ?? "(rule)",
                        c.positives > 0 ? pct(p.truePositiveRate) : "–", c.negatives > 0 ? pct(p.falsePositiveRate) : "–",
                        "\(c.truePositives)", "\(c.falseNegatives)", "\(c.falsePositives)", "\(c.trueNegatives)"]
            })
            if !e.acceptedByLabel.isEmpty {
                md += "\nAccepted at the chosen threshold, by label:\n\n"
                    + table(["label", "accepted"], e.acceptedByLabel.sorted(by: { $0.key < $1.key }).map { [$0.key, pct($0.value)] })
            }
            md += "\n![ROC](\(ReportWriter.slug(e.name))-roc.svg)\n\n![score histograms](\(ReportWriter.slug(e.name))-scores.svg)\n\n"
        }
        for c in r.classification {
            md += "## \(c.name): \(c.method)\n\nAccuracy: \(pct(c.accuracy)) of \(c.confusion.total) samples.\n\n"
            if !c.accuracyByTemplates.isEmpty {
                md += table(["templates per class", "accuracy"], c.accuracyByTemplates.map { ["\($0.templatesPerClass)", pct($0.accuracy)] })
                md += "\n![accuracy vs templates](\(ReportWriter.slug(c.curveName ?? c.name))-accuracy.svg)\n\n"
            }
            md += "![confusion](\(ReportWriter.slug(c.name))-confusion.svg)\n\n"
        }
        if !r.notes.isEmpty {
            md += "## Notes\n\n"
            for n in r.notes { md += "- \(n)\n" }
            md += "\n"
        }
        return md
    }

    /// A Markdown table: the header, its rule and a line for each row.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        func line(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |\n" }
        return line(header) + line(header.map { _ in "---" }) + rows.map(line).joined()
    }
}
