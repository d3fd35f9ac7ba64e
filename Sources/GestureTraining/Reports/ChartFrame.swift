import Foundation

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

    /// Draws the frame, grid, ticks and the three titles.
    package func drawAxes(into svg: inout SVGDocument, title: String, xTitle: String, yTitle: String,
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
        svg.text(title, x: width / 2, y: 24, anchor: .middle, size: 15, weight: "bold")
        svg.text(xTitle, x: left + plotWidth / 2, y: height - 16, anchor: .middle, size: 13)
        svg.text(yTitle, x: 18, y: top + plotHeight / 2, anchor: .middle, size: 13, rotate: -90)
    }

    /// `text` shortened with "…" to fit `width` points at font `size` (a sans-serif
    /// character averages under 0.6 em; 0.62 keeps a margin).
    package static func fitted(_ text: String, width: Double, size: Double) -> String {
        let maxChars = Swift.max(4, Int(width / (0.62 * size)))
        return text.count > maxChars ? String(text.prefix(maxChars - 1)) + "…" : text
    }

    /// A legend box in the plot's top-right or bottom-right corner; labels too long for
    /// it are shortened (the report's JSON and Markdown keep them whole).
    package func drawLegend(into svg: inout SVGDocument, entries: [(label: String, color: String, marker: Bool)],
                            atBottom: Bool = false) {
        guard !entries.isEmpty else { return }
        let rowH = 18.0
        let w = Swift.min(plotWidth * 0.6, 14 + Double(entries.map(\.label.count).max() ?? 0) * 7 + 30)
        let h = Double(entries.count) * rowH + 8
        let x0 = left + plotWidth - w - 8
        let y0 = atBottom ? top + plotHeight - h - 8 : top + 8
        svg.rect(x: x0, y: y0, width: w, height: h, fill: "#fff", stroke: "#999", opacity: 0.9)
        for (i, e) in entries.enumerated() {
            let y = y0 + 4 + Double(i) * rowH + rowH / 2
            if e.marker {
                svg.circle(cx: x0 + 16, cy: y, r: 5, fill: e.color)
            } else {
                svg.line(x0 + 6, y, x0 + 26, y, stroke: e.color, width: 3)
            }
            svg.text(Self.fitted(e.label, width: w - 40, size: 11), x: x0 + 34, y: y + 4, size: 11)
        }
    }
}
