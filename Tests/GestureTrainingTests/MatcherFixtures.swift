import Foundation
import GestureData
import GestureGeometry
import GestureTestSupport

/// A small labelled dataset drawn in code: 4 shapes × 3 subjects × 2 speeds × 6 samples,
/// each a jittered, scaled, slightly rotated copy, so protocols run without the $1 logs.
enum MatcherFixtures {
    static func polyline(_ corners: [(Double, Double)], perSegment: Int = 8) -> [Point] {
        Polyline.points(through: Polyline.corners(corners), perSegment: perSegment)
    }

    static let shapes: [(String, [Point])] = [
        ("check", polyline([(0, 50), (30, 90), (100, 0)])),
        ("caret", polyline([(0, 90), (50, 0), (100, 90)])),
        ("zigzag", polyline([(0, 0), (25, 60), (50, 0), (75, 60), (100, 0)])),
        ("circle", (0..<40).map { i in
            let a = 2 * Double.pi * Double(i) / 39
            return Point(x: 50 + 50 * cos(a), y: 50 + 50 * sin(a))
        }),
    ]

    static func dataset(seed: UInt64 = 3, perGroup: Int = 6) -> Dataset {
        var rng = SeededGenerator(seed: seed)
        var samples: [Sample] = []
        for subject in ["s1", "s2", "s3"] {
            for speed in ["slow", "fast"] {
                for (label, pts) in shapes {
                    for _ in 0..<perGroup {
                        let s = Double.random(in: 0.8...1.3, using: &rng)
                        let turn = Double.random(in: -0.15...0.15, using: &rng)
                        let g = Gesture(points: pts).rotated(by: turn).scaled(x: s, y: s).mapPoints {
                            Point(x: $0.x + Double.random(in: -3...3, using: &rng), y: $0.y + Double.random(in: -3...3, using: &rng))
                        }
                        samples.append(Sample(gesture: g, label: label, subject: subject, meta: ["speed": speed]))
                    }
                }
            }
        }
        return Dataset(samples)
    }
}
