import Foundation
import GestureData
import GestureGeometry
import GestureTestSupport

/// A small labelled dataset of jittered synthetic strokes for detector training tests.
enum DetectorSyntheticData {
    static let shapes: [String: [(Double, Double)]] = [
        "check": [(0, 0), (20, 30), (80, -50)],
        "v": [(0, 0), (30, 60), (60, 0)],
        "caret": [(0, 60), (30, 0), (60, 60)],
        "line": [(0, 0), (100, 10)],
        "zig_zag": [(0, 0), (20, 40), (40, 0), (60, 40), (80, 0)],
    ]

    static func polyline(_ corners: [Point], spacing: Double) -> Stroke {
        Stroke(Polyline.points(through: corners, spacing: spacing))
    }

    static func circle(_ rng: inout SeededGenerator) -> Stroke {
        let rx = Double.random(in: 30...60, using: &rng), ry = rx * Double.random(in: 0.8...1.2, using: &rng)
        let turns = Double.random(in: 0.95...1.1, using: &rng)
        return Stroke((0...60).map { i in
            let a = -2 * Double.pi * turns * Double(i) / 60
            return Point(x: 100 + rx * cos(a) + Double.random(in: -1...1, using: &rng),
                         y: 100 + ry * sin(a) + Double.random(in: -1...1, using: &rng))
        })
    }

    /// `perLabel` samples of each shape for each subject, deterministic from `seed`.
    static func dataset(subjects: [String] = ["a", "b", "c", "d"], perLabel: Int = 12, seed: UInt64 = 7) -> Dataset {
        var rng = SeededGenerator(seed: seed)
        var samples: [Sample] = []
        for subject in subjects {
            for label in (Array(shapes.keys) + ["circle"]).sorted() {
                for _ in 0..<perLabel {
                    let stroke: Stroke
                    if label == "circle" {
                        stroke = circle(&rng)
                    } else {
                        let scale = Double.random(in: 0.6...2, using: &rng)
                        let corners = shapes[label, default: []].map {
                            Point(x: ($0.0 + Double.random(in: -5...5, using: &rng)) * scale,
                                  y: ($0.1 + Double.random(in: -5...5, using: &rng)) * scale)
                        }
                        stroke = polyline(corners, spacing: Double.random(in: 2...5, using: &rng))
                    }
                    samples.append(Sample(gesture: Gesture([stroke]), label: label, subject: subject))
                }
            }
        }
        return Dataset(samples)
    }
}
