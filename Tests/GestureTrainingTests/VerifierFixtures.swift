import Foundation
import GestureData
import GestureGeometry
import GestureTestSupport

/// Gestures a test person draws: a few labels with seeded jitter, size and slant, plus
/// the strokes a trustworthy model must reject (straight lines, scribbles, circles).
enum VerifierFixtures {
    static func jittered(_ pts: [Point], _ rng: inout SeededGenerator, amount: Double = 2.5) -> Gesture {
        let s = Double.random(in: 0.8...1.25, using: &rng), slant = Double.random(in: -0.12...0.12, using: &rng)
        var t = 0.0
        let out = pts.enumerated().map { i, p -> Point in
            if i > 0 { t += 0.012 }
            let x = p.x * s + p.y * slant, y = p.y * s
            return Point(x: x + Double.random(in: -amount...amount, using: &rng), y: y + Double.random(in: -amount...amount, using: &rng), t: t)
        }
        return Gesture(points: out)
    }

    static func corners(_ label: String, roundness k: Double = 0.7) -> [Point] {
        switch label {
        case "check": return Polyline.points(through: Polyline.corners([(0, 60), (35, 100), (110, 0)]), perSegment: 14)
        case "zigzag": return Polyline.points(through: Polyline.corners([(0, 0), (40, 80), (80, 0), (120, 80)]), perSegment: 12)
        case "triangle": return Polyline.points(through: Polyline.corners([(50, 0), (100, 90), (0, 90), (50, 0)]), perSegment: 14)
        case "rectangle":
            // Drawn quickly, the corners round off: a rectangle close to a circle.
            return (0...48).map { i in
                let a = Double(i) / 48 * 2 * .pi
                let c = cos(a), s = sin(a)
                // Superellipse exponent 2/k: k = 0.5 is a squarish box, k = 1 an ellipse.
                return Point(x: 60 + 52 * copysign(pow(abs(c), k), c), y: 50 + 46 * copysign(pow(abs(s), k), s))
            }
        case "circle":
            return (0...44).map { i in
                let a = Double(i) / 44 * 2 * .pi
                return Point(x: 60 + 50 * cos(a), y: 60 + 50 * sin(a))
            }
        default:
            return Polyline.points(through: Polyline.corners([(0, 0), (120, 0)]), perSegment: 30)
        }
    }

    static func samples(_ labels: [String], subjects: [String], perLabel: Int, seed: UInt64) -> [Sample] {
        var rng = SeededGenerator(seed: seed)
        var out: [Sample] = []
        for subject in subjects {
            for label in labels {
                for i in 0..<perLabel {
                    // People round a rectangle's corners more or less when they draw fast.
                    let k = Double.random(in: 0.7...1.0, using: &rng)
                    out.append(Sample(gesture: jittered(corners(label, roundness: k), &rng), label: label, subject: subject,
                                      source: "\(subject)/\(label)\(i)"))
                }
            }
        }
        return out
    }

    /// Straight lines in several directions.
    static func lines(_ n: Int, seed: UInt64) -> [Gesture] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { k in
            let a = Double(k) * .pi / Double(n) + 0.1
            let pts = (0...30).map { i in Point(x: 100 * cos(a) * Double(i) / 30, y: 100 * sin(a) * Double(i) / 30) }
            return jittered(pts, &rng, amount: 1)
        }
    }

    static func circles(_ n: Int, seed: UInt64) -> [Gesture] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { _ in jittered(corners("circle"), &rng) }
    }

    /// Wandering strokes through random points.
    static func scribbles(_ n: Int, seed: UInt64) -> [Gesture] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { _ in
            let c = (0..<7).map { _ in Point(x: Double.random(in: 0...120, using: &rng), y: Double.random(in: 0...120, using: &rng)) }
            return jittered(Polyline.points(through: c, perSegment: 8), &rng, amount: 1)
        }
    }
}
