import Foundation

/// A plain SVG 1.1 document built element by element: the one SVG writer of GestureLab
/// (``SampleSVG``, the engine's session pictures and the training reports' plots all draw
/// through it). Numbers are written with a fixed number of decimals so the same picture is
/// the same bytes on every run; text is escaped for XML.
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
    /// The document's `<title>` (what a viewer shows as its name), if any.
    package var title: String?
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

    /// Escapes text for an SVG (XML) text node or attribute: labels come from untrusted
    /// files. Control characters other than tab and newline become spaces (XML 1.0 does
    /// not allow them).
    package static func escaped(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if let a = c.asciiValue, a < 0x20, a != 0x09, a != 0x0A { out += " " } else { out.append(c) }
            }
        }
        return out
    }

    /// The `k`-th colour of `palette`, used in turn; black when the palette is empty.
    package static func color(_ k: Int, of palette: [String]) -> String {
        palette.isEmpty ? "black" : palette[k % palette.count]
    }

    /// ` class="…"` when a class is given (written first, so it can be looked for).
    private static func classAttribute(_ name: String?) -> String { name.map { " class=\"\($0)\"" } ?? "" }

    /// Closes an element: with a `<title>` child (a tooltip) when `title` is given.
    private mutating func close(_ open: String, element: String, title: String?) {
        if let title {
            body.append(open + "><title>\(Self.escaped(title))</title></\(element)>")
        } else {
            body.append(open + "/>")
        }
    }

    package mutating func raw(_ element: String) { body.append(element) }

    package mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                               stroke: String = "#000", width: Double = 1, dash: String? = nil, cap: String? = nil,
                               class name: String? = nil, title: String? = nil) {
        let d = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        let c = cap.map { " stroke-linecap=\"\($0)\"" } ?? ""
        close("<line\(Self.classAttribute(name)) x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(d)\(c)",
              element: "line", title: title)
    }

    package mutating func rect(x: Double, y: Double, width w: Double, height h: Double, fill: String,
                               stroke: String? = nil, opacity: Double? = nil, title: String? = nil) {
        let s = stroke.map { " stroke=\"\($0)\"" } ?? ""
        let o = opacity.map { " fill-opacity=\"\(Self.n($0))\"" } ?? ""
        close("<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(Swift.max(0, w)))\" height=\"\(Self.n(Swift.max(0, h)))\" fill=\"\(fill)\"\(s)\(o)",
              element: "rect", title: title)
    }

    /// A circle; `stroke: nil` draws it without an outline.
    package mutating func circle(cx: Double, cy: Double, r: Double, fill: String, stroke: String? = "#000",
                                 class name: String? = nil, title: String? = nil) {
        let s = stroke.map { " stroke=\"\($0)\" stroke-width=\"1.5\"" } ?? ""
        close("<circle\(Self.classAttribute(name)) cx=\"\(Self.n(cx))\" cy=\"\(Self.n(cy))\" r=\"\(Self.n(r))\" fill=\"\(fill)\"\(s)",
              element: "circle", title: title)
    }

    package mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 2, cap: String? = nil,
                                   class name: String? = nil) {
        guard !points.isEmpty else { return }
        let pts = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        let c = cap.map { " stroke-linecap=\"\($0)\"" } ?? ""
        body.append("<polyline\(Self.classAttribute(name)) points=\"\(pts)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\" stroke-linejoin=\"round\"\(c)/>")
    }

    /// An unfilled path through `segments`: each a move to its first point and lines on
    /// through the others.
    package mutating func path(_ segments: [[(Double, Double)]], stroke: String, width: Double = 1) {
        let d = segments.filter { !$0.isEmpty }.map { s in
            "M" + s.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: "L")
        }.joined()
        guard !d.isEmpty else { return }
        body.append("<path d=\"\(d)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"/>")
    }

    package mutating func text(_ s: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 12,
                               weight: String? = nil, rotate: Double? = nil, fill: String = "#000") {
        let w = weight.map { " font-weight=\"\($0)\"" } ?? ""
        let r = rotate.map { " transform=\"rotate(\(Self.n($0)) \(Self.n(x)) \(Self.n(y)))\"" } ?? ""
        body.append("<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" text-anchor=\"\(anchor.rawValue)\" font-size=\"\(Self.n(size))\"\(w)\(r) fill=\"\(fill)\">\(Self.escaped(s))</text>")
    }

    /// The whole document as text.
    package func renderedText() -> String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        if let title { s += "<title>\(Self.escaped(title))</title>\n" }
        s += "<rect x=\"0\" y=\"0\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"#fff\"/>\n"
        for e in body { s += e + "\n" }
        s += "</svg>\n"
        return s
    }

    /// The whole document as UTF-8 bytes.
    package func rendered() -> Data { Data(renderedText().utf8) }
}
