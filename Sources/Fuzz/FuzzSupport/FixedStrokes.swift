import Foundation
import GestureGeometry

/// A few strokes every decoded configuration is exercised on: a check mark, a circle,
/// a straight swipe, one point, a zero-length stroke, and huge coordinates.
package enum FixedStrokes {
    package static let all: [Stroke] = {
        var circle: [Point] = []
        for i in 0...40 {
            let a = Double(i) / 40 * 2 * .pi
            circle.append(Point(x: 100 + 50 * cos(a), y: 100 + 50 * sin(a), t: Double(i) * 0.02))
        }
        let check = (0..<30).map { i -> Point in
            let x = Double(i) * 4
            return Point(x: x, y: i < 10 ? 100 + x : 140 - (x - 40) * 2, t: Double(i) * 0.016)
        }
        let swipe = (0..<20).map { Point(x: Double($0) * 10, y: 5, t: Double($0) * 0.01) }
        return [
            Stroke(check), Stroke(circle), Stroke(swipe),
            Stroke([Point(x: 1, y: 1)]),
            Stroke(Array(repeating: Point(x: 3, y: 3), count: 5)),
            Stroke([Point(x: -1e308, y: 1e308), Point(x: 1e308, y: -1e308), Point(x: 0, y: 5e-324)]),
        ]
    }()
}
