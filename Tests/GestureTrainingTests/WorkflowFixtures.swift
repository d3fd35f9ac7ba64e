import Foundation
import GestureData
import GestureGeometry
import GestureTestSupport

/// Small labelled gesture sets the workflow tests make themselves: check marks, circles
/// and zig-zags drawn with seeded jitter, by a few "subjects".
enum WorkflowFixtures {
    static func jitter(_ pts: [Point], _ amount: Double, _ rng: inout SeededGenerator) -> [Point] {
        var t = 0.0
        return pts.enumerated().map { i, p in
            if i > 0 { t += 0.015 }
            return Point(x: p.x + Double.random(in: -amount...amount, using: &rng),
                         y: p.y + Double.random(in: -amount...amount, using: &rng), t: t)
        }
    }

    static func polyline(_ corners: [Point], pointsPerSegment: Int = 12) -> [Point] {
        Polyline.points(through: corners, perSegment: pointsPerSegment)
    }

    static func shape(_ label: String, _ rng: inout SeededGenerator) -> Gesture {
        let s = Double.random(in: 0.8...1.2, using: &rng)
        let pts: [Point]
        switch label {
        case "check":
            pts = polyline([Point(x: 0, y: 60 * s), Point(x: 35 * s, y: 100 * s), Point(x: 110 * s, y: 0)])
        case "circle":
            pts = (0...40).map { i in
                let a = Double(i) / 40 * 2 * .pi
                return Point(x: 60 * s + 50 * s * cos(a), y: 60 * s + 50 * s * sin(a))
            }
        default:
            pts = polyline([Point(x: 0, y: 0), Point(x: 40 * s, y: 80 * s), Point(x: 80 * s, y: 0), Point(x: 120 * s, y: 80 * s)])
        }
        return Gesture(points: jitter(pts, 2.5, &rng))
    }

    /// `perLabel` samples of each label for each subject.
    static func samples(labels: [String] = ["check", "circle", "zigzag"], subjects: [String] = ["s1", "s2", "s3"],
                        perLabel: Int = 4, seed: UInt64 = 1) -> [Sample] {
        var rng = SeededGenerator(seed: seed)
        var out: [Sample] = []
        for subject in subjects {
            for label in labels {
                for i in 0..<perLabel {
                    out.append(Sample(gesture: shape(label, &rng), label: label, subject: subject,
                                      meta: ["number": String(i + 1)], source: "fixture \(subject)/\(label)\(i)"))
                }
            }
        }
        return out
    }

    /// Writes samples as one native .json file each, in a folder per subject.
    static func writeFolder(_ samples: [Sample], to dir: URL) throws {
        for (i, s) in samples.enumerated() {
            let folder = dir.appendingPathComponent(s.subject ?? "none")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try NativeSampleCodec.encode(s).write(to: folder.appendingPathComponent("\(s.label ?? "x")-\(i).json"))
        }
    }
}
