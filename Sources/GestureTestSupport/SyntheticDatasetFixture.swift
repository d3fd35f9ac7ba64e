import Foundation
import GestureData
import GestureGeometry

/// A small labelled, multi-subject dataset of generated single strokes (check marks,
/// circles, v's, carets, lines, zig-zags), written as one `gesturelab.sample/1` .jsonl
/// file, for end-to-end CLI tests that must mean something without the shared dataset.
///
/// Each shape is a jittered polyline (or ellipse) at a random scale, drawn one point every
/// 2–5 units with 10 ms between points, so detectors see real-looking timing. Everything
/// is drawn from a ``SeededGenerator``: the same seed gives the same file, byte for byte.
public enum SyntheticDatasetFixture {
    /// Corner points of the polyline shapes, in screen coordinates (y grows downwards).
    static let corners: [String: [(Double, Double)]] = [
        "check": [(0, 0), (20, 30), (80, -50)],
        "v": [(0, 0), (30, 60), (60, 0)],
        "caret": [(0, 60), (30, 0), (60, 60)],
        "line": [(0, 0), (100, 10)],
        "zig_zag": [(0, 0), (20, 40), (40, 0), (60, 40), (80, 0)],
    ]

    /// Every label the fixture draws, sorted.
    public static let labels: [String] = (Array(corners.keys) + ["circle"]).sorted()

    /// `perLabel` samples of each of `labels` for each subject, all with speed `medium`.
    public static func samples(labels: [String] = labels, subjects: [String] = ["s1", "s2", "s3"],
                               perLabel: Int = 4, seed: UInt64 = 11) -> [Sample] {
        var rng = SeededGenerator(seed: seed)
        var out: [Sample] = []
        for subject in subjects {
            for label in labels {
                for _ in 0..<perLabel {
                    out.append(Sample(gesture: Gesture([stroke(label, using: &rng)]), label: label,
                                      subject: subject, meta: ["speed": "medium"]))
                }
            }
        }
        return out
    }

    /// One generated stroke of `label` (a label the fixture does not know gives a line).
    public static func stroke(_ label: String, using rng: inout SeededGenerator) -> Stroke {
        if label == "circle" { return timed(circle(using: &rng)) }
        let scale = Double.random(in: 0.8...1.6, using: &rng)
        let pts = (corners[label] ?? corners["line", default: []]).map {
            Point(x: 100 + ($0.0 + Double.random(in: -4...4, using: &rng)) * scale,
                  y: 100 + ($0.1 + Double.random(in: -4...4, using: &rng)) * scale)
        }
        return timed(polyline(pts, spacing: Double.random(in: 2...5, using: &rng)))
    }

    /// A closed five-pointed star, drawn in one stroke: a shape none of ``labels`` resembles,
    /// for out-of-vocabulary rejection.
    public static func star() -> Stroke {
        let pts = (0...5).map { i -> Point in
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            return Point(x: 100 + 60 * cos(a), y: 100 + 60 * sin(a))
        }
        return timed(polyline(pts, spacing: 3))
    }

    /// Writes ``samples(labels:subjects:perLabel:seed:)`` to `name` in `dir` and returns its path.
    @discardableResult
    public static func write(to dir: TemporaryDirectory, name: String = "synthetic.jsonl",
                             labels: [String] = labels, subjects: [String] = ["s1", "s2", "s3"],
                             perLabel: Int = 4, seed: UInt64 = 11) throws -> String {
        let path = dir.path(name)
        try JSONLines.write(samples(labels: labels, subjects: subjects, perLabel: perLabel, seed: seed),
                            to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes one unlabelled sample file (`gesturelab.sample/1`) holding `stroke`.
    @discardableResult
    public static func writeSample(_ stroke: Stroke, to dir: TemporaryDirectory, name: String,
                                   label: String? = nil) throws -> String {
        let path = dir.path(name)
        try NativeSampleCodec.write(Sample(gesture: Gesture([stroke]), label: label), to: URL(fileURLWithPath: path))
        return path
    }

    static func polyline(_ corners: [Point], spacing: Double) -> [Point] {
        Polyline.points(through: corners, spacing: spacing)
    }

    static func circle(using rng: inout SeededGenerator) -> [Point] {
        let rx = Double.random(in: 30...60, using: &rng), ry = rx * Double.random(in: 0.85...1.15, using: &rng)
        let turns = Double.random(in: 0.97...1.08, using: &rng)
        return (0...60).map { i in
            let a = -2 * Double.pi * turns * Double(i) / 60
            return Point(x: 100 + rx * cos(a) + Double.random(in: -1...1, using: &rng),
                         y: 100 + ry * sin(a) + Double.random(in: -1...1, using: &rng))
        }
    }

    /// The points with times 10 ms apart, starting at 0 s.
    static func timed(_ pts: [Point]) -> Stroke {
        Stroke(pts.enumerated().map { Point(x: $1.x, y: $1.y, t: Double($0) * 0.01) })
    }
}
