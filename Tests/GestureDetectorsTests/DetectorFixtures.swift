import Foundation
import GestureGeometry
import GestureTestSupport

/// Synthetic strokes for detector tests, densified polylines with timestamps.
enum Fixtures {
    /// A polyline through `corners`, with a point every `spacing` points and `dt` seconds.
    static func polyline(_ corners: [(Double, Double)], spacing: Double = 2, dt: Double = 0.01) -> Stroke {
        var t = 0.0
        return Stroke(Polyline.points(through: Polyline.corners(corners), spacing: spacing).map { p in
            defer { t += dt }
            return Point(x: p.x, y: p.y, t: t)
        })
    }

    /// ✓: a short leg down-right, then a long leg up-right (y grows downward).
    static let check = polyline([(0, 0), (20, 30), (80, -50)])
    /// v: two equal legs.
    static let v = polyline([(0, 0), (30, 60), (60, 0)])
    /// ^: up then down.
    static let caret = polyline([(0, 60), (30, 0), (60, 60)])
    /// A straight line.
    static let line = polyline([(0, 0), (100, 0)])

    /// A circle of `radius` drawn with `count` points over `turns` revolutions in
    /// `seconds`, counter-clockwise on screen, starting at the right.
    static func circle(radius: Double = 50, count: Int = 60, turns: Double = 1, seconds: Double = 1,
                       center: Point = Point(x: 100, y: 100)) -> Stroke {
        Stroke((0...count).map { i in
            let f = Double(i) / Double(count)
            let a = -2 * Double.pi * turns * f
            return Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a), t: seconds * f)
        })
    }

    /// Strokes that must never be detected and never crash.
    static let degenerate: [(String, Stroke)] = [
        ("empty", Stroke([])),
        ("one point", Stroke([Point(x: 1, y: 1, t: 0)])),
        ("two equal points", Stroke([Point(x: 1, y: 1, t: 0), Point(x: 1, y: 1, t: 0.1)])),
        ("all points equal", Stroke(Array(repeating: Point(x: 5, y: 5), count: 50))),
        ("NaN coordinate", Stroke(check.points.enumerated().map { i, p in i == 20 ? Point(x: .nan, y: p.y) : p })),
        ("infinite coordinate", Stroke(check.points.enumerated().map { i, p in i == 20 ? Point(x: p.x, y: .infinity) : p })),
        ("NaN time", Stroke(check.points.enumerated().map { i, p in i == 20 ? Point(x: p.x, y: p.y, t: .nan) : p })),
    ]
}
