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
        var svg = SVGDocument(width: width, height: height)
        let caption = [sample.label.map { "label: \($0)" }, sample.subject.map { "subject: \($0)" },
                       "\(strokes.count) stroke\(strokes.count == 1 ? "" : "s"), \(strokes.reduce(0) { $0 + $1.count }) points"]
            .compactMap { $0 }.joined(separator: " · ")
        svg.title = caption
        for (k, pts) in strokes.enumerated() where !pts.isEmpty {
            let color = SVGDocument.color(k, of: settings.colors)
            if pts.count > 1 { svg.polyline(pts.map(map), stroke: color, width: 2, cap: "round") }
            let (sx, sy) = map(pts[0])
            svg.circle(cx: sx, cy: sy, r: settings.startRadius, fill: color, stroke: nil, class: "start")
            svg.text("\(k + 1)", x: sx + settings.startRadius + 2, y: sy - settings.startRadius - 2, size: 11, fill: color)
        }
        svg.text(caption, x: settings.margin, y: height - 10, size: 12, fill: "#444")
        return svg.renderedText()
    }

    /// Writes ``render(_:settings:)`` to `url` atomically.
    public static func write(_ sample: Sample, to url: URL, settings: Settings = .default) throws {
        try AtomicFile.write(Data(render(sample, settings: settings).utf8), to: url)
    }
}
