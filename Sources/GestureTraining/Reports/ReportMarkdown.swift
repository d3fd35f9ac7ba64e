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
            md += "## Settings\n\n| setting | value |\n| --- | --- |\n"
            for (k, v) in r.settings.sorted(by: { $0.key < $1.key }) { md += "| \(k) | \(v) |\n" }
            md += "\n"
        }
        for e in r.binary {
            md += "## \(e.name): positive = \(e.positive)\n\n"
            md += "Score: \(e.scoreName) (\(e.orientation == .higherIsPositive ? "accept at or above" : "accept at or below") the threshold)."
            if let auc = e.areaUnderCurve { md += String(format: " Area under the ROC curve: %.4f.", auc) }
            md += "\n\n| operating point | threshold | TPR | FPR | TP | FN | FP | TN |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n"
            for p in [e.chosen] + e.comparisons {
                let t = p.threshold.map { String(format: "%.4g", $0) } ?? "(rule)"
                let c = p.counts
                md += "| \(p.name) | \(t) | \(pct(p.truePositiveRate)) | \(pct(p.falsePositiveRate)) | \(c.truePositives) | \(c.falseNegatives) | \(c.falsePositives) | \(c.trueNegatives) |\n"
            }
            if !e.acceptedByLabel.isEmpty {
                md += "\nAccepted at the chosen threshold, by label:\n\n| label | accepted |\n| --- | --- |\n"
                for (l, f) in e.acceptedByLabel.sorted(by: { $0.key < $1.key }) { md += "| \(l) | \(pct(f)) |\n" }
            }
            md += "\n![ROC](\(ReportWriter.slug(e.name))-roc.svg)\n\n![score histograms](\(ReportWriter.slug(e.name))-scores.svg)\n\n"
        }
        for c in r.classification {
            md += "## \(c.name): \(c.method)\n\nAccuracy: \(pct(c.accuracy)) of \(c.confusion.total) samples.\n\n"
            if !c.accuracyByTemplates.isEmpty {
                md += "| templates per class | accuracy |\n| --- | --- |\n"
                for a in c.accuracyByTemplates { md += "| \(a.templatesPerClass) | \(pct(a.accuracy)) |\n" }
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
}
