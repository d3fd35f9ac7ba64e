import Foundation
import GestureGeometry

/// Draws a sample as a standalone SVG picture: each stroke a polyline in its own
/// colour, its start marked with a filled dot and its stroke number, and a caption with
/// the label and subject. Screen coordinates are kept (y down), scaled to fit.
///
/// ```swift
/// let svg = SampleSVG.render(sample)               // a String
/// try SampleSVG.write(sample, to: URL(fileURLWithPath: "check.svg"))
/// ```
public enum SampleSVG {
    /// Drawing settings.
    public struct Settings: Sendable {
        /// Longer side of the drawing area in SVG user units.
        public var size: Double = 400
        /// Blank border around the drawing.
        public var margin: Double = 24
        /// Radius of the start-point dot.
        public var startRadius: Double = 5
        /// Stroke colours, used in turn.
        public var colors: [String] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
        public init() {}
        public static let `default` = Settings()
    }

    /// The SVG text for `sample`.
    ///
    /// Edge cases: a one-point stroke is drawn as its start dot only; a sample whose points
    /// all coincide is drawn at the centre; an empty sample gives an empty picture with
    /// its caption. Non-finite points (which no reader lets through) are left out.
    public static func render(_ sample: Sample, settings: Settings = .default) -> String {
        let strokes = sample.gesture.strokes.map { $0.points.filter(\.isFinite) }
        let box = Gesture(strokes.map(Stroke.init)).boundingBox
        let side = box.map { max($0.longerSide, 1e-9) } ?? 1
        let scale = box.map { $0.longerSide > 0 ? settings.size / side : 1 } ?? 1
        let width = (box.map { $0.width * scale } ?? 0) + 2 * settings.margin
        let height = (box.map { $0.height * scale } ?? 0) + 2 * settings.margin + 20
        func map(_ p: Point) -> (Double, Double) {
            guard let box else { return (settings.margin, settings.margin) }
            return ((p.x - box.minX) * scale + settings.margin, (p.y - box.minY) * scale + settings.margin)
        }
        func f(_ v: Double) -> String { String(format: "%.2f", v) }

        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
        viewBox="0 0 \(f(width)) \(f(height))">
        <rect width="100%" height="100%" fill="white"/>

        """
        let caption = [sample.label.map { "label: \($0)" }, sample.subject.map { "subject: \($0)" },
                       "\(strokes.count) stroke\(strokes.count == 1 ? "" : "s"), \(strokes.reduce(0) { $0 + $1.count }) points"]
            .compactMap { $0 }.joined(separator: " · ")
        out += "<title>\(escape(caption))</title>\n"
        for (k, pts) in strokes.enumerated() where !pts.isEmpty {
            let color = settings.colors.isEmpty ? "black" : settings.colors[k % settings.colors.count]
            if pts.count > 1 {
                let list = pts.map { let (x, y) = map($0); return "\(f(x)),\(f(y))" }.joined(separator: " ")
                out += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" stroke-linejoin=\"round\" "
                    + "stroke-linecap=\"round\" points=\"\(list)\"/>\n"
            }
            let (sx, sy) = map(pts[0])
            out += "<circle class=\"start\" cx=\"\(f(sx))\" cy=\"\(f(sy))\" r=\"\(f(settings.startRadius))\" fill=\"\(color)\"/>\n"
            out += "<text x=\"\(f(sx + settings.startRadius + 2))\" y=\"\(f(sy - settings.startRadius - 2))\" "
                + "font-family=\"sans-serif\" font-size=\"11\" fill=\"\(color)\">\(k + 1)</text>\n"
        }
        out += "<text x=\"\(f(settings.margin))\" y=\"\(f(height - 10))\" font-family=\"sans-serif\" font-size=\"12\" "
            + "fill=\"#444\">\(escape(caption))</text>\n"
        out += "</svg>\n"
        return out
    }

    /// Writes ``render(_:settings:)`` to `url` atomically.
    public static func write(_ sample: Sample, to url: URL, settings: Settings = .default) throws {
        try AtomicFile.write(Data(render(sample, settings: settings).utf8), to: url)
    }

    /// Escapes text for an SVG (XML) text node or attribute: labels come from untrusted
    /// files. Also used by GestureTraining's report plots.
    package static func escape(_ s: String) -> String {
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
}
