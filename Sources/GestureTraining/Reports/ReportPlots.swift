import Foundation
import GestureData

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

    /// The smallest false-positive rate the ROC's logarithmic axis shows (10⁻⁴); rates
    /// below it, zero included, are drawn on the axis's left edge.
    package static let rocFloor = 1e-4

    /// ROC: TPR against FPR over the threshold sweep, the FPR axis logarithmic from 10⁻⁴
    /// to 1 so that the operating points that matter (0.1–1%) are spread out rather than
    /// squeezed against the axis. The chosen operating point and the comparisons are
    /// marked, each with a horizontal bar for the Wilson 95% interval of its FPR.
    package static func roc(_ e: BinaryEvaluation) -> SVGDocument {
        let lo = log10(rocFloor)
        var frame = ChartFrame(x: lo...0, y: 0...1)
        var svg = SVGDocument(width: frame.width, height: frame.height)
        let auc = e.areaUnderCurve.map { String(format: ", AUC %.3f", $0) } ?? ""
        let positives = e.chosen.counts.truePositives + e.chosen.counts.falseNegatives
        let negatives = e.chosen.counts.falsePositives + e.chosen.counts.trueNegatives
        frame.drawHeader(into: &svg, title: "ROC of \(e.name): positives (\(e.positive)) accepted against others",
                         subtitle: "\(positives) positives, \(negatives) negatives\(auc); each point a threshold; "
                             + "FPR axis logarithmic, 0 drawn at \(percent(rocFloor, digits: 2))")
        let f = frame
        func x(_ fpr: Double) -> Double { f.px(Swift.max(lo, log10(Swift.max(fpr, rocFloor)))) }
        frame.drawAxes(into: &svg,
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
        if let why = rocNote(e, positives: positives, negatives: negatives) { frame.drawNote(into: &svg, why) }
        return svg
    }

    /// Why an ROC holds no curve, or one that hides along an axis, in words; `nil` when
    /// the curve shows.
    static func rocNote(_ e: BinaryEvaluation, positives: Int, negatives: Int) -> String? {
        if positives == 0 && negatives == 0 { return "No curve: nothing was evaluated." }
        if positives == 0 { return "No curve: no positive samples ('\(e.positive)') were evaluated, so there is no true-positive rate." }
        if negatives == 0 {
            return "No curve: no negative samples (other labels) were evaluated, so there is no false-positive rate. Add examples of other gestures."
        }
        let rates = Set(e.roc.map(\.falsePositiveRate))
        if rates.allSatisfy({ $0 == 0 || $0 == 1 }) {
            return "Little to draw: with \(negatives) negative\(negatives == 1 ? "" : "s") every threshold gives an FPR of 0% or 100%, so the curve runs along the left edge (0 is drawn at \(percent(rocFloor, digits: 2))) and the top."
        }
        return nil
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
        var frame = ChartFrame(x: lo...hi, y: 0...top)
        var svg = SVGDocument(width: frame.width, height: frame.height)
        frame.drawHeader(into: &svg, title: "Scores of \(e.name): positives (\(e.positive)) and negatives",
                         subtitle: "share of each class's samples per score bin, and the threshold in use")
        frame.drawAxes(into: &svg, xTitle: e.scoreName, yTitle: "fraction of class's samples")
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
        let counted = h.positives.reduce(0, +) + h.negatives.reduce(0, +)
        if counted == 0 { frame.drawNote(into: &svg, "No bars: no sample had a finite score.") }
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
        // Room for the row labels at the left and the slanted column labels above, measured.
        let left = Swift.max(130, (truths.map { TextMetrics.width($0, size: 11) }.max() ?? 0) + 40)
        let slanted = (predicted.map { TextMetrics.width($0, size: 11) }.max() ?? 0) * sin(.pi / 3)
        let width = Swift.max(560, left + cell * Double(predicted.count) + 30)
        let title = "Confusion of \(c.name): true label (rows) against predicted label (columns), accuracy \(percent(c.accuracy))"
        let caption = "rows: true label; columns: predicted label; red: errors, by fraction of the row; grey: correct"
        let titleLines = TextMetrics.wrapped(title, width: width - 24, size: 15, bold: true).count
        let methodLines = TextMetrics.wrapped(c.method, width: width - 24, size: 11).count
        let headerBottom = 24 + Double(titleLines - 1) * 18.75 + 16 + Double(methodLines - 1) * 13.75
        let top = Swift.max(140, headerBottom + slanted + 24)
        let captionLines = TextMetrics.wrapped(caption, width: width - left - 12, size: 11).count
        let height = Swift.max(320, top + cell * Double(truths.count) + 56 + Double(captionLines) * 13.75)
        var svg = SVGDocument(width: width, height: height)
        var y = 24.0
        y += ChartFrame.drawWrapped(title, into: &svg, x: width / 2, y: y, width: width - 24, size: 15, weight: "bold")
        ChartFrame.drawWrapped(c.method, into: &svg, x: width / 2, y: y + 16, width: width - 24, size: 11, fill: "#444")
        svg.text("predicted label", x: left + cell * Double(predicted.count) / 2, y: top + cell * Double(truths.count) + 24,
                 anchor: .middle, size: 13)
        svg.text("true label", x: 18, y: top + cell * Double(truths.count) / 2, anchor: .middle, size: 13, rotate: -90)
        if truths.isEmpty {
            ChartFrame.drawWrapped("No cells: no recognition was counted (no test samples reached the matcher).", into: &svg,
                                   x: width / 2, y: top + 40, width: width - 40, size: 13, fill: "#5c4a00")
        }
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
        ChartFrame.drawWrapped(caption, into: &svg, x: left, y: top + cell * Double(truths.count) + 46,
                               width: width - left - 12, anchor: .start, size: 11, fill: "#555")
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

    /// Accuracy against templates per class: one line per label (thin), each named at its
    /// right end, and the overall accuracy (thick, named "all labels"). End labels that
    /// would overlap are pushed apart and joined to their line's end by a thin leader.
    package static func accuracyByTemplates(_ c: ClassificationEvaluation) -> SVGDocument {
        let curve = c.accuracyByTemplates
        let ts = curve.map { Double($0.templatesPerClass) }
        let xLo = ts.min() ?? 1, xHi = ts.max() ?? 1
        let all = curve.flatMap { [$0.accuracy] + $0.byLabel.values }
        let yLo = Swift.max(0, floor(((all.min() ?? 0) - 0.02) * 20) / 20)
        let labels = Array(Set(curve.flatMap(\.byLabel.keys))).sorted()
        let overallName = "all labels"
        let endSize = labels.count > 24 ? 9.0 : 10.0
        let widest = (labels.map { TextMetrics.width($0, size: endSize) } + [TextMetrics.width(overallName, size: endSize, bold: true)]).max() ?? 0
        var frame = ChartFrame(x: xLo...Swift.max(xHi, xLo + 1), y: yLo...1)
        frame.right = Swift.max(frame.right, widest + 26)
        var svg = SVGDocument(width: frame.width, height: frame.height)
        let tried = curve.map { String($0.templatesPerClass) }.joined(separator: ", ")
        frame.drawHeader(into: &svg, title: "Accuracy against templates per class (T = \(tried))",
                         subtitle: (c.curveMethod ?? c.method) + "; thick: all labels, thin: one line per label, named at its end")
        let xTicks = Array(Set(curve.map(\.templatesPerClass))).sorted().map(Double.init)
        frame.drawAxes(into: &svg, xTitle: "templates per class (T)", yTitle: "accuracy", xTicks: xTicks)
        guard !curve.isEmpty else {
            frame.drawNote(into: &svg, "No curve: no templates-per-class condition was evaluated.")
            return svg
        }
        var ends: [(name: String, color: String, y: Double, x: Double, bold: Bool)] = []
        for (i, l) in labels.enumerated() {
            let color = String(format: "hsl(%d, 55%%, 45%%)", (i * 360) / Swift.max(1, labels.count))
            let pts = curve.compactMap { a in
                a.byLabel[l].map { (frame.px(Double(a.templatesPerClass)), frame.py($0)) }
            }
            svg.polyline(pts, stroke: color, width: 1)
            if pts.count == 1, let p = pts.first { svg.circle(cx: p.0, cy: p.1, r: 2.5, fill: color, stroke: color) }
            if let last = pts.last { ends.append((l, color, last.1, last.0, false)) }
        }
        let overall = curve.map { (frame.px(Double($0.templatesPerClass)), frame.py($0.accuracy)) }
        svg.polyline(overall, stroke: "#000", width: 3)
        for p in overall { svg.circle(cx: p.0, cy: p.1, r: 4, fill: "#000") }
        if let last = overall.last { ends.append((overallName, "#000", last.1, last.0, true)) }
        // Place the names at the right of the plot, in the order of their lines' ends,
        // at least one line of text apart, within the plot's height.
        let gap = Swift.min(endSize + 2, frame.plotHeight / Double(Swift.max(1, ends.count)))
        ends.sort { ($0.y, $0.name) < ($1.y, $1.name) }
        var placed = ends.map(\.y)
        for k in placed.indices.dropFirst() where placed[k] < placed[k - 1] + gap { placed[k] = placed[k - 1] + gap }
        let bottomLimit = frame.top + frame.plotHeight
        if let lastY = placed.last, lastY > bottomLimit {
            let shift = lastY - bottomLimit
            for k in placed.indices { placed[k] -= shift }
            for k in placed.indices.reversed().dropFirst() where placed[k] > placed[k + 1] - gap { placed[k] = placed[k + 1] - gap }
        }
        let labelX = frame.left + frame.plotWidth + 12
        for (end, y) in zip(ends, placed) {
            if abs(y - end.y) > 1 || end.x < frame.left + frame.plotWidth - 1 {
                svg.line(end.x, end.y, labelX - 2, y, stroke: end.color, width: 0.6)
            }
            svg.text(end.name, x: labelX, y: y + endSize * 0.35, size: endSize, weight: end.bold ? "bold" : nil, fill: end.color)
        }
        return svg
    }
}
