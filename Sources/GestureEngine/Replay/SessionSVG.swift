import Foundation
import GestureData
import GestureGeometry

/// A picture of a touch session: every touch's path, coloured by finger, above a time
/// line with one row per finger (each touch a bar from down to up) and one row per
/// recognizer, its activations marked where they happened.
///
/// ```swift
/// let svg = SessionSVG.render(events, activations: result.activations)
/// ```
/// A touch's finger is the lowest number not held by another touch still down when it
/// began: one-finger gestures are all finger 1 (one colour), the second finger of a pinch
/// finger 2. A touch id used again after it lifted is a new touch. Activations with a location (the recognizer's touch centroid)
/// are also marked on the paths: a ring with the recognizer's name.
public enum SessionSVG {
    public struct Settings: Sendable {
        /// Longer side of the paths' drawing, in SVG units.
        public var size: Double = 480
        public var margin: Double = 24
        /// Height of one time-line row.
        public var rowHeight: Double = 18
        public var colors: [String] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
        public init() {}
        public static let `default` = Settings()
    }

    /// One touch from `began` to `ended`/`cancelled` (or the session's end).
    struct TouchPath {
        var id: Int
        /// 0-based finger slot.
        var finger: Int
        var points: [(x: Double, y: Double, t: Double)]
        var cancelled = false
    }

    /// How many touches the session holds (an id used again after it lifted counts again).
    public static func touchCount(_ events: [TouchSessionEvent]) -> Int { paths(events).count }

    /// The touches of `events`, in the order they began.
    static func paths(_ events: [TouchSessionEvent]) -> [TouchPath] {
        var done: [TouchPath] = [], open: [Int: Int] = [:]   // id → index in done
        var held: [Bool] = []                                 // finger slots in use
        for e in events {
            for touch in e.touches where touch.x.isFinite && touch.y.isFinite {
                if e.phase == .began || open[touch.id] == nil {
                    if let k = open[touch.id] { held[done[k].finger] = false }
                    let finger = held.firstIndex(of: false) ?? held.count
                    if finger == held.count { held.append(true) } else { held[finger] = true }
                    open[touch.id] = done.count
                    done.append(TouchPath(id: touch.id, finger: finger, points: []))
                }
                let k = open[touch.id]!
                done[k].points.append((touch.x, touch.y, e.t))
                if e.phase.endsTouch {
                    done[k].cancelled = e.phase == .cancelled
                    held[done[k].finger] = false
                    open[touch.id] = nil
                }
            }
        }
        return done
    }

    /// The SVG text. Edge cases: an empty session gives a picture with its caption only;
    /// a session whose points all coincide is drawn at the centre.
    public static func render(_ events: [TouchSessionEvent], activations: [GestureActivation] = [],
                              recognizers: [String] = [], title: String? = nil, settings: Settings = .default) -> String {
        let touches = paths(events)
        let all = touches.flatMap(\.points)
        let minX = all.map(\.x).min() ?? 0, maxX = all.map(\.x).max() ?? 0
        let minY = all.map(\.y).min() ?? 0, maxY = all.map(\.y).max() ?? 0
        let side = Swift.max(maxX - minX, maxY - minY)
        let scale = side > 0 ? settings.size / side : 1
        let m = settings.margin
        let drawingWidth = (maxX - minX) * scale, drawingHeight = (maxY - minY) * scale
        let width = Swift.max(drawingWidth, settings.size) + 2 * m
        func place(_ x: Double, _ y: Double) -> (Double, Double) {
            ((x - minX) * scale + m + (width - 2 * m - drawingWidth) / 2, (y - minY) * scale + m)
        }
        // Rows: the touches, then every recognizer named or seen.
        var names = recognizers
        for a in activations where !names.contains(a.recognizer) { names.append(a.recognizer) }
        let t0 = events.first?.t ?? 0
        let t1 = Swift.max(events.last?.t ?? 0, activations.map(\.time).max() ?? 0, t0 + 1e-3)
        let labelWidth = 110.0
        let lineTop = m + drawingHeight + 36
        let fingers = (touches.map(\.finger).max() ?? -1) + 1
        let rows = fingers + names.count
        let height = lineTop + Double(rows) * settings.rowHeight + 64
        func tx(_ t: Double) -> Double { m + labelWidth + (t - t0) / (t1 - t0) * (width - 2 * m - labelWidth) }
        func color(_ k: Int) -> String { SVGDocument.color(k, of: settings.colors) }
        func seconds(_ t: Double) -> String { String(format: "%.3f", t) }

        var svg = SVGDocument(width: width, height: height)
        let activationCount = activations.filter(\.isActivation).count
        let captionLines = [title, "\(events.count) events, \(touches.count) touches, \(seconds(t1 - t0)) s",
                            names.isEmpty ? nil : "\(names.count) recognizers, \(activationCount) activations"].compactMap { $0 }
        svg.title = captionLines.joined(separator: " · ")
        // The paths, one colour per finger, start dot numbered, a cross where a touch was cancelled.
        for (k, touch) in touches.enumerated() {
            let c = color(touch.finger)
            let pts = touch.points.map { place($0.x, $0.y) }
            if pts.count > 1 { svg.polyline(pts, stroke: c, width: 2, cap: "round", class: "touch") }
            if let (sx, sy) = pts.first {
                svg.circle(cx: sx, cy: sy, r: 4, fill: c, stroke: nil, class: "start")
                svg.text("\(k + 1)", x: sx + 6, y: sy - 6, size: 11, fill: c)
            }
            if touch.cancelled, let (ex, ey) = pts.last {
                svg.path([[(ex - 4, ey - 4), (ex + 4, ey + 4)], [(ex - 4, ey + 4), (ex + 4, ey - 4)]], stroke: c, width: 2)
            }
        }
        // Activations with a location, on the paths.
        for a in activations where a.isActivation {
            guard let p = a.values.location, p.x.isFinite, p.y.isFinite else { continue }
            let (x, y) = place(p.x, p.y)
            svg.circle(cx: x, cy: y, r: 8, fill: "none", stroke: "#333", class: "activation")
            svg.text(a.recognizer, x: x + 9, y: y + 4, size: 10, fill: "#333")
        }
        // The time line: axis, then a row per touch (down → up) and per recognizer.
        svg.line(tx(t0), lineTop - 8, tx(t1), lineTop - 8, stroke: "#999")
        svg.text("\(seconds(t0)) s", x: tx(t0), y: lineTop - 12, size: 10, fill: "#666")
        svg.text("\(seconds(t1)) s", x: tx(t1), y: lineTop - 12, anchor: .end, size: 10, fill: "#666")
        for finger in 0..<fingers {
            let y = lineTop + (Double(finger) + 0.5) * settings.rowHeight
            svg.text("finger \(finger + 1)", x: m, y: y + 4, size: 11, fill: color(finger))
        }
        for (k, touch) in touches.enumerated() {
            let y = lineTop + (Double(touch.finger) + 0.5) * settings.rowHeight
            let start = touch.points.first?.t ?? t0, end = touch.points.last?.t ?? start
            svg.line(tx(start), y, Swift.max(tx(end), tx(start) + 1), y, stroke: color(touch.finger), width: 6, cap: "butt",
                     class: "down", title: "touch \(k + 1) (id \(touch.id))")
        }
        for (r, name) in names.enumerated() {
            let y = lineTop + (Double(fingers + r) + 0.5) * settings.rowHeight
            svg.text(name, x: m, y: y + 4, size: 11, fill: "#333")
            svg.line(tx(t0), y, tx(t1), y, stroke: "#eee")
            for a in activations where a.recognizer == name {
                let x = tx(a.time)
                let mark = "\(name) \(a.stateName) at \(seconds(a.time)) s"
                switch (a.isActivation, a.state) {
                case (true, _):
                    // Began or recognized: a filled marker, the moment the gesture fires.
                    svg.circle(cx: x, cy: y, r: 5, fill: "#333", stroke: nil, class: "fired", title: mark)
                case (false, .changed):
                    svg.line(x, y - 2, x, y + 2, stroke: "#999")
                default:
                    // Ended, cancelled or failed: a hollow marker.
                    svg.circle(cx: x, cy: y, r: 4, fill: "white", stroke: "#333", class: a.stateName, title: mark)
                }
            }
        }
        for (k, line) in captionLines.enumerated() {
            svg.text(line, x: m, y: height - 12 - Double(captionLines.count - 1 - k) * 16, size: 12, fill: "#444")
        }
        return svg.renderedText()
    }

    /// Writes ``render(_:activations:recognizers:title:settings:)`` to `url` atomically.
    public static func write(_ events: [TouchSessionEvent], activations: [GestureActivation] = [], recognizers: [String] = [],
                             title: String? = nil, to url: URL, settings: Settings = .default) throws {
        try AtomicFile.write(Data(render(events, activations: activations, recognizers: recognizers, title: title,
                                         settings: settings).utf8), to: url)
    }
}
