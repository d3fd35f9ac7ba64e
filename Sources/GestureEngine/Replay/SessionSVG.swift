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
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        func color(_ k: Int) -> String { settings.colors.isEmpty ? "black" : settings.colors[k % settings.colors.count] }
        let esc = SampleSVG.escape

        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
        viewBox="0 0 \(f(width)) \(f(height))">
        <rect width="100%" height="100%" fill="white"/>

        """
        let activationCount = activations.filter(\.isActivation).count
        let captionLines = [title, "\(events.count) events, \(touches.count) touches, \(String(format: "%.3f", t1 - t0)) s",
                            names.isEmpty ? nil : "\(names.count) recognizers, \(activationCount) activations"].compactMap { $0 }
        let caption = captionLines.joined(separator: " · ")
        out += "<title>\(esc(caption))</title>\n"
        // The paths, one colour per finger, start dot numbered, a cross where a touch was cancelled.
        for (k, touch) in touches.enumerated() {
            let c = color(touch.finger)
            let pts = touch.points.map { place($0.x, $0.y) }
            if pts.count > 1 {
                out += "<polyline class=\"touch\" fill=\"none\" stroke=\"\(c)\" stroke-width=\"2\" stroke-linejoin=\"round\" "
                    + "stroke-linecap=\"round\" points=\"\(pts.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " "))\"/>\n"
            }
            if let (sx, sy) = pts.first {
                out += "<circle class=\"start\" cx=\"\(f(sx))\" cy=\"\(f(sy))\" r=\"4\" fill=\"\(c)\"/>\n"
                out += "<text x=\"\(f(sx + 6))\" y=\"\(f(sy - 6))\" font-family=\"sans-serif\" font-size=\"11\" fill=\"\(c)\">\(k + 1)</text>\n"
            }
            if touch.cancelled, let (ex, ey) = pts.last {
                out += "<path d=\"M\(f(ex - 4)),\(f(ey - 4))L\(f(ex + 4)),\(f(ey + 4))M\(f(ex - 4)),\(f(ey + 4))L\(f(ex + 4)),\(f(ey - 4))\" stroke=\"\(c)\" stroke-width=\"2\"/>\n"
            }
        }
        // Activations with a location, on the paths.
        for a in activations where a.isActivation {
            guard let p = a.values.location, p.x.isFinite, p.y.isFinite else { continue }
            let (x, y) = place(p.x, p.y)
            out += "<circle class=\"activation\" cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"8\" fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\"/>\n"
            out += "<text x=\"\(f(x + 9))\" y=\"\(f(y + 4))\" font-family=\"sans-serif\" font-size=\"10\" fill=\"#333\">\(esc(a.recognizer))</text>\n"
        }
        // The time line: axis, then a row per touch (down → up) and per recognizer.
        out += "<line x1=\"\(f(tx(t0)))\" y1=\"\(f(lineTop - 8))\" x2=\"\(f(tx(t1)))\" y2=\"\(f(lineTop - 8))\" stroke=\"#999\"/>\n"
        out += "<text x=\"\(f(tx(t0)))\" y=\"\(f(lineTop - 12))\" font-family=\"sans-serif\" font-size=\"10\" fill=\"#666\">\(String(format: "%.3f s", t0))</text>\n"
        out += "<text x=\"\(f(tx(t1)))\" y=\"\(f(lineTop - 12))\" text-anchor=\"end\" font-family=\"sans-serif\" font-size=\"10\" fill=\"#666\">\(String(format: "%.3f s", t1))</text>\n"
        for finger in 0..<fingers {
            let y = lineTop + (Double(finger) + 0.5) * settings.rowHeight
            out += "<text x=\"\(f(m))\" y=\"\(f(y + 4))\" font-family=\"sans-serif\" font-size=\"11\" fill=\"\(color(finger))\">finger \(finger + 1)</text>\n"
        }
        for (k, touch) in touches.enumerated() {
            let y = lineTop + (Double(touch.finger) + 0.5) * settings.rowHeight
            let start = touch.points.first?.t ?? t0, end = touch.points.last?.t ?? start
            out += "<line class=\"down\" x1=\"\(f(tx(start)))\" y1=\"\(f(y))\" x2=\"\(f(Swift.max(tx(end), tx(start) + 1)))\" y2=\"\(f(y))\" "
                + "stroke=\"\(color(touch.finger))\" stroke-width=\"6\" stroke-linecap=\"butt\"><title>touch \(k + 1) (id \(touch.id))</title></line>\n"
        }
        for (r, name) in names.enumerated() {
            let y = lineTop + (Double(fingers + r) + 0.5) * settings.rowHeight
            out += "<text x=\"\(f(m))\" y=\"\(f(y + 4))\" font-family=\"sans-serif\" font-size=\"11\" fill=\"#333\">\(esc(name))</text>\n"
            out += "<line x1=\"\(f(tx(t0)))\" y1=\"\(f(y))\" x2=\"\(f(tx(t1)))\" y2=\"\(f(y))\" stroke=\"#eee\"/>\n"
            for a in activations where a.recognizer == name {
                let x = tx(a.time)
                let mark: String
                switch (a.isActivation, a.state) {
                case (true, _):
                    // Began or recognized: a filled marker, the moment the gesture fires.
                    mark = "<circle class=\"fired\" cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"5\" fill=\"#333\"><title>\(esc(name)) \(a.stateName) at \(String(format: "%.3f", a.time)) s</title></circle>"
                case (false, .changed):
                    mark = "<line x1=\"\(f(x))\" y1=\"\(f(y - 2))\" x2=\"\(f(x))\" y2=\"\(f(y + 2))\" stroke=\"#999\"/>"
                default:
                    // Ended, cancelled or failed: a hollow marker.
                    mark = "<circle class=\"\(a.stateName)\" cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"4\" fill=\"white\" stroke=\"#333\"><title>\(esc(name)) \(a.stateName) at \(String(format: "%.3f", a.time)) s</title></circle>"
                }
                out += mark + "\n"
            }
        }
        for (k, line) in captionLines.enumerated() {
            let y = height - 12 - Double(captionLines.count - 1 - k) * 16
            out += "<text x=\"\(f(m))\" y=\"\(f(y))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#444\">\(esc(line))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// Writes ``render(_:activations:recognizers:title:settings:)`` to `url` atomically.
    public static func write(_ events: [TouchSessionEvent], activations: [GestureActivation] = [], recognizers: [String] = [],
                             title: String? = nil, to url: URL, settings: Settings = .default) throws {
        try AtomicFile.write(Data(render(events, activations: activations, recognizers: recognizers, title: title,
                                         settings: settings).utf8), to: url)
    }
}
