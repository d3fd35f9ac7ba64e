import Foundation
import GestureGeometry

/// The drawing shifts of ``StrokeTransform``: a pixel grid, a wobble, a flick at the lift.
/// Each takes points with finite coordinates and at least two of them (``StrokeTransform/apply(_:using:)``
/// returns anything else unchanged before it gets here).
extension StrokeTransform {
    static func onPixelGrid(_ points: [Point], side: Double) -> [Point] {
        guard side > 0, let box = Stroke(points).boundingBox, box.longerSide > 0 else { return points }
        let k = side / box.longerSide, first = points[0]
        var out: [Point] = []
        for p in points {
            let q = Point(x: (first.x + (p.x - first.x) * k).rounded(), y: (first.y + (p.y - first.y) * k).rounded(), t: p.t)
            if let last = out.last, last.x == q.x, last.y == q.y { continue }
            out.append(q)
        }
        // A stroke that lands on one pixel keeps two points, so it stays a stroke.
        return out.count >= 2 ? out : [out[0], out[0]]
    }

    static func wobbled(_ points: [Point], amplitude: Double, waves: Double, using rng: inout SeededGenerator) -> [Point] {
        let along = Path.cumulativeLengths(points)
        let total = along.last ?? 0
        guard total > 0, amplitude.isFinite, waves.isFinite else { return points }
        let reach = amplitude * (Stroke(points).boundingBox?.diagonal ?? 0)
        let p = Double.random(in: 0..<(2 * .pi), using: &rng), q = Double.random(in: 0..<(2 * .pi), using: &rng)
        let w = waves * Double.random(in: 0.7...1.3, using: &rng)
        return zip(points, along).map { point, d in
            let u = 2 * .pi * w * d / total
            return Point(x: point.x + reach * sin(u + p), y: point.y + reach * sin(1.13 * u + q), t: point.t)
        }
    }

    static func flicked(_ points: [Point], most: Double, using rng: inout SeededGenerator) -> [Point] {
        let total = Path.length(points)
        guard total > 0, most.isFinite else { return points }
        let n = points.count, k = Swift.max(1, n / 10)
        let from = points[n - 1 - k], last = points[n - 1]
        guard from.distance(to: last) > 0 else { return points }
        let side: Double = Bool.random(using: &rng) ? 1 : -1
        let heading = atan2(last.y - from.y, last.x - from.x) + side * Double.random(in: 90...150, using: &rng) * .pi / 180
        let length = total * Double.random(in: 0.03...Swift.max(0.03, most), using: &rng)
        let count = Int.random(in: 4...8, using: &rng)
        return points + (1...count).map { i in
            let f = length * Double(i) / Double(count)
            return Point(x: last.x + f * cos(heading), y: last.y + f * sin(heading), t: last.t.map { $0 + 0.01 * Double(i) })
        }
    }
}
