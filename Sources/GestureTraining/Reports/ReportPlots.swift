import Foundation

/// The four plots of a report, each a function from report values to an SVG document.
/// Axes are always labelled; operating points are drawn as large filled markers with
/// their names in the legend.
package enum ReportPlots {
    /// Marker colours for the chosen point and comparisons, in order.
    static let palette = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]

    /// `0.953` → `95.3%`.
    package static func percent(_ v: Double) -> String { String(format: "%.1f%%", v * 100) }

    /// `0.0012`, 2 → `0.12%`.
    package static func percent(_ v: Double, digits: Int) -> String { String(format: "%.\(digits)f%%", v * 100) }

    /// A small second line under a chart's title, shortened to fit.
    static func subtitle(_ svg: inout SVGDocument, _ text: String, width: Double) {
        let maxChars = Int(width / 6.5)
        let t = text.count > maxChars ? String(text.prefix(maxChars - 1)) + "…" : text
        svg.text(t, x: width / 2, y: 40, anchor: .middle, size: 11, fill: "#444")
    }

    /// The smallest false-positive rate the ROC's logarithmic axis shows (10⁻⁴); rates
    /// below it, zero included, are drawn on the axis's left edge.
    package static let rocFloor = 1e-4

    /// ROC: TPR against FPR over the threshold sweep, the FPR axis logarithmic from 10⁻⁴
    /// to 1 so that the operating points that matter (0.1–1%) are spread out rather than
    /// squeezed against the axis. The chosen operating point and the comparisons are
    /// marked, each with a horizontal bar for the Wilson 95% interval of its FPR.
    package static func roc(_ e: BinaryEvaluation) -> SVGDocument {
        let lo = log10(rocFloor)
        let frame = ChartFrame(x: lo...0, y: 0...1)
        func x(_ fpr: Double) -> Double { frame.px(Swift.max(lo, log10(Swift.max(fpr, rocFloor)))) }
        var svg = SVGDocument(width: frame.width, height: frame.height)
        let auc = e.areaUnderCurve.map { String(format: " (AUC %.3f)", $0) } ?? ""
        subtitle(&svg, "positive: \(e.positive); FPR axis logarithmic, 0 drawn at \(percent(rocFloor, digits: 2))",
                 width: frame.width)
        frame.drawAxes(into: &svg, title: "ROC: \(e.name)\(auc)",
                       xTitle: "false-positive rate (FPR, log scale)", yTitle: "true-positive rate (TPR)",
                       xTicks: Array(stride(from: lo, through: 0, by: 1)),
                       xTickLabel: { percent(pow(10, $0), digits: Swift.max(0, Int(-$0) - 2)) })
        // Sweep runs from accept-all (1,1) to reject-all (0,0); draw it as a step curve.
        var pts: [(Double, Double)] = []
        for p in e.roc.reversed() { pts.append((x(p.falsePositiveRate), frame.py(p.truePositiveRate))) }
        svg.polyline(pts, stroke: "#333", width: 2)
        var legend: [(label: String, color: String, marker: Bool)] = [("threshold sweep", "#333", false)]
        let marked = [e.chosen] + e.comparisons
        for (i, p) in marked.enumerated() {
            let color = palette[i % palette.count]
            let r = i == 0 ? 7.0 : 5.5
            let negatives = p.counts.falsePositives + p.counts.trueNegatives
            let y = frame.py(p.truePositiveRate)
            if negatives > 0 {
                let w = WilsonInterval(successes: p.counts.falsePositives, trials: negatives)
                svg.line(x(w.lower), y, x(w.upper), y, stroke: color, width: 2)
                for end in [w.lower, w.upper] { svg.line(x(end), y - 4, x(end), y + 4, stroke: color, width: 2) }
            }
            svg.circle(cx: x(p.falsePositiveRate), cy: y, r: r, fill: color)
            legend.append(("\(p.name): TPR \(percent(p.truePositiveRate)), FPR \(percent(p.falsePositiveRate, digits: 2))",
                           color, true))
        }
        legend.append(("bars: 95% interval of FPR", "#999", false))
        frame.drawLegend(into: &svg, entries: legend, atBottom: true)
        return svg
    }

    /// Histograms of positive and negative scores with the threshold drawn across.
    package static func histogram(_ e: BinaryEvaluation) -> SVGDocument {
        let h = e.histogram
        let lo = h.edges.first ?? 0, hi = h.edges.last ?? 1
        // Fractions of each class, so a class with many more samples does not flatten the other.
        let pTotal = Double(Swift.max(1, h.positives.reduce(0, +)))
        let nTotal = Double(Swift.max(1, h.negatives.reduce(0, +)))
        let pf = h.positives.map { Double($0) / pTotal }, nf = h.negatives.map { Double($0) / nTotal }
        // Head room for the legend above the tallest bar.
        let top = Swift.max(0.05, (pf + nf).max() ?? 1) * 1.4
        let frame = ChartFrame(x: lo...hi, y: 0...top)
        var svg = SVGDocument(width: frame.width, height: frame.height)
        subtitle(&svg, "positive: \(e.positive)", width: frame.width)
        frame.drawAxes(into: &svg, title: "Scores: \(e.name)",
                       xTitle: e.scoreName, yTitle: "fraction of class's samples")
        for i in 0..<pf.count {
            let x0 = frame.px(h.edges[i]), x1 = frame.px(h.edges[i + 1])
            svg.rect(x: x0, y: frame.py(nf[i]), width: x1 - x0, height: frame.py(0) - frame.py(nf[i]),
                     fill: "#1f77b4", opacity: 0.55, title: "negatives: \(h.negatives[i])")
            svg.rect(x: x0, y: frame.py(pf[i]), width: x1 - x0, height: frame.py(0) - frame.py(pf[i]),
                     fill: "#2ca02c", opacity: 0.55, title: "positives: \(h.positives[i])")
        }
        var legend: [(label: String, color: String, marker: Bool)] = [
            ("positives (\(Int(pTotal)))", "#2ca02c", false), ("negatives (\(Int(nTotal)))", "#1f77b4", false)]
        if let t = e.chosen.threshold {
            let x = frame.px(Swift.min(hi, Swift.max(lo, t)))
            svg.line(x, frame.top, x, frame.py(0), stroke: palette[0], width: 2.5, dash: "6 3")
            legend.append(("threshold \(String(format: "%.4g", t)) (\(e.chosen.name))", palette[0], false))
        }
        frame.drawLegend(into: &svg, entries: legend)
        return svg
    }

    /// Confusion matrix as a heat map: rows are true labels, columns predictions, the
    /// count written in each cell. Errors are what a reader looks for, so off-diagonal
    /// cells are shaded red by their fraction of the row (on a square-root scale, so that
    /// a 2% confusion is visible), and the diagonal is drawn in neutral grey by its own
    /// fraction. Counts shrink to fit the cell.
    package static func confusion(_ c: ClassificationEvaluation) -> SVGDocument {
        let truths = c.confusion.counts.keys.sorted()
        var predicted = truths
        for l in c.confusion.labels where !predicted.contains(l) { predicted.append(l) }
        let cell = truths.count > 12 ? 30.0 : 40.0
        let left = 130.0, top = 140.0
        let width = Swift.max(560, left + cell * Double(predicted.count) + 30)
        let height = Swift.max(320, top + cell * Double(truths.count) + 70)
        var svg = SVGDocument(width: width, height: height)
        svg.text("Confusion: \(c.name) (accuracy \(percent(c.accuracy)))",
                 x: width / 2, y: 24, anchor: .middle, size: 15, weight: "bold")
        svg.text("predicted label", x: left + cell * Double(predicted.count) / 2, y: top + cell * Double(truths.count) + 24,
                 anchor: .middle, size: 13)
        svg.text("true label", x: 18, y: top + cell * Double(truths.count) / 2, anchor: .middle, size: 13, rotate: -90)
        for (j, p) in predicted.enumerated() {
            let x = left + cell * (Double(j) + 0.5)
            svg.text(p, x: x, y: top - 8, anchor: .start, size: 11, rotate: -60)
        }
        for (i, t) in truths.enumerated() {
            let row = c.confusion.counts[t] ?? [:]
            let n = Double(Swift.max(1, row.values.reduce(0, +)))
            let y = top + cell * Double(i)
            svg.text(t, x: left - 6, y: y + cell / 2 + 4, anchor: .end, size: 11)
            for (j, p) in predicted.enumerated() {
                let k = row[p] ?? 0
                let f = Double(k) / n
                let x = left + cell * Double(j)
                let (fill, dark) = confusionShade(fraction: f, isError: t != p)
                svg.rect(x: x, y: y, width: cell, height: cell, fill: fill, stroke: "#ccc",
                         title: "\(t) → \(p): \(k) (\(percent(f)) of \(t))")
                if k > 0 {
                    let digits = Double(String(k).count)
                    let size = Swift.min(10, (cell - 4) / (0.62 * digits))
                    svg.text("\(k)", x: x + cell / 2, y: y + cell / 2 + size * 0.35, anchor: .middle, size: size,
                             fill: dark ? "#fff" : "#000")
                }
            }
        }
        svg.text("rows: true label; columns: predicted label; red: errors, by fraction of the row; grey: correct",
                 x: left, y: top + cell * Double(truths.count) + 46, size: 11, fill: "#555")
        return svg
    }

    /// The fill of a confusion cell and whether its text should be white.
    static func confusionShade(fraction f: Double, isError: Bool) -> (String, Bool) {
        if isError {
            guard f > 0 else { return ("#ffffff", false) }
            // Square root: 1% of a row is already a clear pink, 25% half-saturated red.
            let s = Swift.min(1, (f).squareRoot())
            let gb = Int((1 - 0.85 * s) * 255)
            return (String(format: "#%02x%02x%02x", 255 - Int(40 * s), gb, gb), s > 0.6)
        }
        let g = Int((1 - 0.35 * f) * 255)
        return (String(format: "#%02x%02x%02x", g, g, g), false)
    }

    /// Accuracy against templates per class: one line per label (thin) and the overall
    /// accuracy (thick).
    package static func accuracyByTemplates(_ c: ClassificationEvaluation) -> SVGDocument {
        let ts = c.accuracyByTemplates.map { Double($0.templatesPerClass) }
        let xLo = ts.min() ?? 1, xHi = ts.max() ?? 1
        let all = c.accuracyByTemplates.flatMap { [$0.accuracy] + $0.byLabel.values }
        let yLo = Swift.max(0, floor(((all.min() ?? 0) - 0.02) * 20) / 20)
        let frame = ChartFrame(x: xLo...Swift.max(xHi, xLo + 1), y: yLo...1)
        var svg = SVGDocument(width: frame.width, height: frame.height)
        let xTicks = Array(Set(c.accuracyByTemplates.map(\.templatesPerClass))).sorted().map(Double.init)
        frame.drawAxes(into: &svg, title: "Accuracy vs templates per class: \(c.name)",
                       xTitle: "templates per class", yTitle: "accuracy", xTicks: xTicks)
        let labels = Array(Set(c.accuracyByTemplates.flatMap(\.byLabel.keys))).sorted()
        for (i, l) in labels.enumerated() {
            let color = String(format: "hsl(%d, 55%%, 60%%)", (i * 360) / Swift.max(1, labels.count))
            let pts = c.accuracyByTemplates.compactMap { a in
                a.byLabel[l].map { (frame.px(Double(a.templatesPerClass)), frame.py($0)) }
            }
            svg.polyline(pts, stroke: color, width: 1)
        }
        let overall = c.accuracyByTemplates.map { (frame.px(Double($0.templatesPerClass)), frame.py($0.accuracy)) }
        svg.polyline(overall, stroke: "#000", width: 3)
        for p in overall { svg.circle(cx: p.0, cy: p.1, r: 4, fill: "#000") }
        var legend: [(label: String, color: String, marker: Bool)] = [("all labels", "#000", false)]
        if !labels.isEmpty { legend.append(("one label each", "hsl(200, 55%, 60%)", false)) }
        frame.drawLegend(into: &svg, entries: legend, atBottom: true)
        return svg
    }
}
