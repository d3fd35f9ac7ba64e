import Foundation
import GestureGeometry

/// Two measures of how a stroke's points spread, shared by the detectors that read them.
package enum ShapeSpread {
    /// Standard deviation of the points' distance to `centroid` over its mean: 0 for a
    /// circle, about 0.5 for a check mark (its long leg carries the centroid away from the
    /// short one), less for a V with equal legs or a round-bottomed U; 0 when every point
    /// sits on the centroid.
    package static func radiusDeviation(_ p: [Point], centroid: Point) -> Double {
        guard !p.isEmpty else { return 0 }
        let n = Double(p.count)
        let r = p.map { $0.distance(to: centroid) }
        let meanR = r.reduce(0, +) / n
        let sdR = (r.reduce(0) { $0 + ($1 - meanR) * ($1 - meanR) } / n).squareRoot()
        return meanR > 0 ? sdR / meanR : 0
    }

    /// Isoperimetric quotient 4π·area / perimeter² of the polygon `p` closed by its chord
    /// back to the start: 1 for a circle, π/4 for a square, near 0 for a line or a thin
    /// hook; 0 for a stroke of no length.
    package static func compactness(_ p: [Point], length: Double) -> Double {
        let n = p.count
        guard n >= 3 else { return 0 }
        var twiceArea = 0.0
        for i in 0..<n {
            let a = p[i], b = p[(i + 1) % n]
            twiceArea += a.x * b.y - b.x * a.y
        }
        let perimeter = length + p[n - 1].distance(to: p[0])
        return perimeter > 0 ? 4 * .pi * abs(twiceArea) / 2 / (perimeter * perimeter) : 0
    }
}
