import Foundation
import GestureData

/// A plain SVG 1.1 document built element by element. Numbers are written with a fixed
/// number of decimals so the same plot is the same bytes on every run.
///
/// ```swift
/// var svg = SVGDocument(width: 640, height: 420)
/// svg.text("ROC", x: 320, y: 20, anchor: .middle)
/// let bytes = svg.rendered()
/// ```
package struct SVGDocument: Sendable {
    package enum Anchor: String, Sendable { case start, middle, end }

    package let width: Double
    package let height: Double
    private var body: [String] = []

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `v` with two decimals (SVG user units); non-finite values become 0 so a bad score
    /// can never produce an invalid document.
    package static func n(_ v: Double) -> String {
        String(format: "%.2f", v.isFinite ? v : 0)
    }

    /// Text escaped for XML (``SampleSVG/escape(_:)``, which also blanks control characters).
    package static func escaped(_ s: String) -> String { SampleSVG.escape(s) }

    package mutating func raw(_ element: String) { body.append(element) }

    package mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                               stroke: String = "#000", width: Double = 1, dash: String? = nil) {
        let d = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        body.append("<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(d)/>")
    }

    package mutating func rect(x: Double, y: Double, width w: Double, height h: Double, fill: String,
                               stroke: String? = nil, opacity: Double? = nil, title: String? = nil) {
        let s = stroke.map { " stroke=\"\($0)\"" } ?? ""
        let o = opacity.map { " fill-opacity=\"\(Self.n($0))\"" } ?? ""
        let open = "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(Swift.max(0, w)))\" height=\"\(Self.n(Swift.max(0, h)))\" fill=\"\(fill)\"\(s)\(o)"
        if let title {
            body.append(open + "><title>\(Self.escaped(title))</title></rect>")
        } else {
            body.append(open + "/>")
        }
    }

    package mutating func circle(cx: Double, cy: Double, r: Double, fill: String, stroke: String = "#000") {
        body.append("<circle cx=\"\(Self.n(cx))\" cy=\"\(Self.n(cy))\" r=\"\(Self.n(r))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1.5\"/>")
    }

    package mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 2) {
        guard !points.isEmpty else { return }
        let pts = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        body.append("<polyline points=\"\(pts)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\" stroke-linejoin=\"round\"/>")
    }

    package mutating func text(_ s: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 12,
                               weight: String? = nil, rotate: Double? = nil, fill: String = "#000") {
        let w = weight.map { " font-weight=\"\($0)\"" } ?? ""
        let r = rotate.map { " transform=\"rotate(\(Self.n($0)) \(Self.n(x)) \(Self.n(y)))\"" } ?? ""
        body.append("<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" text-anchor=\"\(anchor.rawValue)\" font-size=\"\(Self.n(size))\"\(w)\(r) fill=\"\(fill)\">\(Self.escaped(s))</text>")
    }

    /// The whole document as UTF-8 bytes.
    package func rendered() -> Data {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"#fff\"/>\n"
        for e in body { s += e + "\n" }
        s += "</svg>\n"
        return Data(s.utf8)
    }
}
