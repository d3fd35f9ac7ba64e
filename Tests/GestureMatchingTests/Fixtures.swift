import Foundation
import GestureGeometry
import GestureTestSupport

/// Synthetic shapes the matcher tests draw themselves, so the suite means something
/// without the $1 dataset.
enum Shapes {
    static func circle(points n: Int = 40, radius r: Double = 50, start: Double = 0) -> Gesture {
        Gesture(points: (0..<n).map { i in
            let a = start + 2 * Double.pi * Double(i) / Double(n - 1)
            return Point(x: 100 + r * cos(a), y: 100 + r * sin(a))
        })
    }

    static func polyline(_ corners: [(Double, Double)], perSegment: Int = 10) -> Gesture {
        Gesture(points: Polyline.points(through: Polyline.corners(corners), perSegment: perSegment))
    }

    static var check: Gesture { polyline([(0, 50), (30, 90), (100, 0)]) }
    static var triangle: Gesture { polyline([(50, 0), (100, 90), (0, 90), (50, 0)]) }
    static var zigzag: Gesture { polyline([(0, 0), (25, 60), (50, 0), (75, 60), (100, 0)]) }
    static var caret: Gesture { polyline([(0, 90), (50, 0), (100, 90)]) }
    static var rectangle: Gesture { polyline([(0, 0), (0, 80), (120, 80), (120, 0), (0, 0)]) }

    static var named: [(String, Gesture)] {
        [("circle", circle()), ("check", check), ("triangle", triangle), ("zigzag", zigzag),
         ("caret", caret), ("rectangle", rectangle)]
    }

    /// A copy with seeded jitter of `amount` points on every coordinate.
    static func jittered(_ g: Gesture, amount: Double, seed: UInt64) -> Gesture {
        var rng = SeededGenerator(seed: seed)
        return g.mapPoints { Point(x: $0.x + Double.random(in: -amount...amount, using: &rng),
                                   y: $0.y + Double.random(in: -amount...amount, using: &rng)) }
    }
}
