import Foundation
import GestureData

/// The plotting area of a chart: linear x and y scales mapped into a rectangle with
/// margins, and the axes drawn with ticks, tick labels, axis titles and a chart title.
package struct ChartFrame: Sendable {
    package var xRange: ClosedRange<Double>
    package var yRange: ClosedRange<Double>
    package var left = 72.0, right = 24.0, top = 52.0, bottom = 60.0
    package let width: Double, height: Double

    package init(width: Double = 640, height: Double = 440, x: ClosedRange<Double>, y: ClosedRange<Double>) {
        self.width = width
        self.height = height
        // A zero-width range would divide by zero; widen it around its value.
        xRange = x.lowerBound < x.upperBound ? x : (x.lowerBound - 0.5)...(x.lowerBound + 0.5)
        yRange = y.lowerBound < y.upperBound ? y : (y.lowerBound - 0.5)...(y.lowerBound + 0.5)
    }

    package var plotWidth: Double { width - left - right }
    package var plotHeight: Double { height - top - bottom }

    package func px(_ x: Double) -> Double {
        left + (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * plotWidth
    }
    package func py(_ y: Double) -> Double {
        top + plotHeight - (y - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * plotHeight
    }

    /// About `count` round tick values covering `range` (steps of 1, 2 or 5 × 10^k).
    package static func ticks(_ range: ClosedRange<Double>, count: Int = 5) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [range.lowerBound] }
        let raw = span / Double(Swift.max(1, count))
        let mag = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * mag }.first { $0 >= raw } ?? 10 * mag
        var out: [Double] = []
        var v = ceil(range.lowerBound / step) * step
        while v <= range.upperBound + step * 1e-9 {
            out.append(abs(v) < step * 1e-9 ? 0 : v)
            v += step
        }
        return out
    }

    /// A tick label: no more decimals than the step needs.
    package static func label(_ v: Double, step: Double) -> String {
        let decimals = step >= 1 ? 0 : Swift.min(6, Int(ceil(-log10(step))))
        return String(format: "%.\(decimals)f", v)
    }

    /// Draws the title (bold) and a smaller second line under it, each wrapped to the
    /// picture's width, and moves the plotting area down below them.
    package mutating func drawHeader(into svg: inout SVGDocument, title: String, subtitle: String? = nil) {
        let room = width - 24
        var y = 24.0
        y += Self.drawWrapped(title, into: &svg, x: width / 2, y: y, width: room, size: 15, weight: "bold")
        if let subtitle, !subtitle.isEmpty {
            y += 16
            y += Self.drawWrapped(subtitle, into: &svg, x: width / 2, y: y, width: room, size: 11, fill: "#444")
        }
        top = Swift.max(top, y + 20)
    }

    /// A sentence in the middle of the plotting area saying why it holds no curve (or
    /// little of one), wrapped to the plot's width.
    package func drawNote(into svg: inout SVGDocument, _ text: String) {
        let lines = TextMetrics.wrapped(text, width: plotWidth - 40, size: 13)
        let y0 = top + plotHeight / 2 - Double(lines.count - 1) * 8
        let w = (lines.map { TextMetrics.width($0, size: 13) }.max() ?? 0) + 24
        svg.rect(x: left + plotWidth / 2 - w / 2, y: y0 - 20, width: w, height: Double(lines.count) * 16.25 + 16,
                 fill: "#fffbe6", stroke: "#c9a500")
        Self.drawWrapped(text, into: &svg, x: left + plotWidth / 2, y: y0, width: plotWidth - 40, size: 13, fill: "#5c4a00")
    }

    /// Draws the frame, grid, ticks and the axis titles (the title: ``drawHeader(into:title:subtitle:)``).
    package func drawAxes(into svg: inout SVGDocument, xTitle: String, yTitle: String,
                          xTicks: [Double]? = nil, yTicks: [Double]? = nil,
                          xTickLabel: ((Double) -> String)? = nil) {
        let xt = xTicks ?? Self.ticks(xRange)
        let yt = yTicks ?? Self.ticks(yRange)
        let xStep = xt.count > 1 ? xt[1] - xt[0] : 1
        let yStep = yt.count > 1 ? yt[1] - yt[0] : 1
        let xLabel = xTickLabel ?? { Self.label($0, step: xStep) }
        for v in yt {
            svg.line(left, py(v), left + plotWidth, py(v), stroke: "#e5e5e5")
            svg.line(left - 5, py(v), left, py(v))
            svg.text(Self.label(v, step: yStep), x: left - 8, y: py(v) + 4, anchor: .end, size: 11)
        }
        for v in xt {
            svg.line(px(v), top, px(v), top + plotHeight, stroke: "#e5e5e5")
            svg.line(px(v), top + plotHeight, px(v), top + plotHeight + 5)
            svg.text(xLabel(v), x: px(v), y: top + plotHeight + 18, anchor: .middle, size: 11)
        }
        svg.line(left, top, left, top + plotHeight, width: 1.5)
        svg.line(left, top + plotHeight, left + plotWidth, top + plotHeight, width: 1.5)
        svg.text(xTitle, x: left + plotWidth / 2, y: height - 16, anchor: .middle, size: 13)
        svg.text(yTitle, x: 18, y: top + plotHeight / 2, anchor: .middle, size: 13, rotate: -90)
    }

    /// A legend box in the plot's top-right or bottom-right corner, as wide as its longest
    /// label measured (``TextMetrics``); a label wider than the plot allows is wrapped onto
    /// more lines, never cut.
    package func drawLegend(into svg: inout SVGDocument, entries: [(label: String, color: String, marker: Bool)],
                            atBottom: Bool = false) {
        guard !entries.isEmpty else { return }
        let size = 11.0, lineH = 14.0, rowGap = 4.0
        let maxText = Swift.max(40, plotWidth - 16 - 40)
        let rows = entries.map { TextMetrics.wrapped($0.label, width: maxText, size: size) }
        let textW = rows.flatMap { $0 }.map { TextMetrics.width($0, size: size) }.max() ?? 0
        let w = textW + 34 + 8
        let h = rows.map { Double($0.count) * lineH + rowGap }.reduce(0, +) + 8
        let x0 = left + plotWidth - w - 8
        let y0 = atBottom ? top + plotHeight - h - 8 : top + 8
        svg.rect(x: x0, y: y0, width: w, height: h, fill: "#fff", stroke: "#999", opacity: 0.9)
        var y = y0 + 4 + rowGap / 2
        for (e, lines) in zip(entries, rows) {
            let mid = y + lineH / 2
            if e.marker {
                svg.circle(cx: x0 + 16, cy: mid, r: 5, fill: e.color)
            } else {
                svg.line(x0 + 6, mid, x0 + 26, mid, stroke: e.color, width: 3)
            }
            for (k, line) in lines.enumerated() {
                svg.text(line, x: x0 + 34, y: mid + 4 + Double(k) * lineH, size: size)
            }
            y += Double(lines.count) * lineH + rowGap
        }
    }

    /// Draws `text` centred at `y` (the baseline of its first line), wrapped to `width`;
    /// returns how far below `y` the last line's baseline is.
    @discardableResult
    package static func drawWrapped(_ text: String, into svg: inout SVGDocument, x: Double, y: Double, width: Double,
                                    anchor: SVGDocument.Anchor = .middle, size: Double, weight: String? = nil,
                                    fill: String = "#000") -> Double {
        let lines = TextMetrics.wrapped(text, width: width, size: size, bold: weight == "bold")
        let lineH = size * 1.25
        for (i, line) in lines.enumerated() {
            svg.text(line, x: x, y: y + Double(i) * lineH, anchor: anchor, size: size, weight: weight, fill: fill)
        }
        return Double(Swift.max(0, lines.count - 1)) * lineH
    }
}

/// The width text takes when drawn, from a table of per-character advance widths of
/// DejaVu Sans (the plots' first font, and the widest of the sans-serif fonts they name:
/// Helvetica and Arial take less), so that labels are placed and wrapped by what they
/// measure rather than by a count of characters.
package enum TextMetrics {
    /// Advance widths in em of the printable ASCII characters, from space (0x20) to `~`.
    static let ascii: [Double] = [
        0.318, 0.401, 0.460, 0.838, 0.636, 0.950, 0.780, 0.275, 0.390, 0.390, 0.500, 0.838, 0.318, 0.361, 0.318, 0.337,
        0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531,
        1.000, 0.684, 0.686, 0.698, 0.770, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787,
        0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.390, 0.337, 0.390, 0.838, 0.500,
        0.500, 0.613, 0.635, 0.550, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612,
        0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838,
    ]

    /// The advance width of one character in em; characters outside the table count as
    /// wide as the widest common glyphs (1 em: arrows, ellipsis, CJK), so they never
    /// measure short.
    static func em(_ c: Character) -> Double {
        if let a = c.asciiValue, a >= 0x20, a <= 0x7E { return ascii[Int(a) - 0x20] }
        if let a = c.asciiValue, a < 0x20 { return 0 }
        return 1.0
    }

    /// The width of `text` at font `size` (bold text is about 12% wider).
    package static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        text.reduce(0) { $0 + em($1) } * size * (bold ? 1.12 : 1)
    }

    /// `text` broken at spaces into lines no wider than `width`; a word wider than the
    /// line by itself is broken inside (so nothing is ever cut off).
    package static func wrapped(_ text: String, width: Double, size: Double, bold: Bool = false) -> [String] {
        guard self.width(text, size: size, bold: bold) > width else { return [text] }
        var lines: [String] = []
        var current = ""
        func fits(_ s: String) -> Bool { self.width(s, size: size, bold: bold) <= width }
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if fits(candidate) { current = candidate; continue }
            if !current.isEmpty { lines.append(current); current = "" }
            var rest = word
            while !fits(rest), rest.count > 1 {
                // The longest prefix that fits (at least one character).
                var prefix = ""
                for c in rest { if prefix.isEmpty || fits(prefix + String(c)) { prefix.append(c) } else { break } }
                lines.append(prefix)
                rest = String(rest.dropFirst(prefix.count))
            }
            current = rest
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
