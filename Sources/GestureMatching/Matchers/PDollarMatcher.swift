import Foundation
import GestureGeometry

/// Settings of the $P recognizer; defaults are the paper's.
public struct PDollarSettings: Hashable, Codable, Sendable {
    /// Points in the cloud. 32: $P (Vatavu, Anthony, Wobbrock, ICMI 2012), n = 32.
    public var points: Int = 32
    /// ε of the greedy search: start points every ⌊n^(1−ε)⌋. 0.5: $P.
    public var epsilon: Double = 0.5

    public init() {}
    public static let `default` = PDollarSettings()
}

/// The $P point-cloud recognizer (Vatavu, Anthony, Wobbrock, ICMI 2012): resample all
/// strokes together to 32 points, scale uniformly so the longer side is 1, move the
/// centroid to the origin, and take the smallest greedy weighted cloud distance over
/// start points every ⌊n^0.5⌋, in both directions.
///
/// - `distance`: the weighted greedy cloud distance (sum over points of weight ×
///   Euclidean distance in the unit box; weights fall from 1 to 1/n).
/// - `score`: `1 / (1 + distance)` — 1 for identical clouds, falling toward 0.
///
/// Each cloud match stops early once its running sum reaches the best distance so far;
/// that never changes the minimum (all terms are non-negative).
public struct PDollarMatcher: TemplateListMatcher {
    /// A normalized point cloud.
    public typealias Prepared = PointColumns

    public let list: TemplateList<Prepared, PDollarSettings>

    public init(list: TemplateList<Prepared, PDollarSettings>) { self.list = list }

    public static func prepare(_ gesture: Gesture, settings: PDollarSettings) -> Prepared? {
        guard let cloud = normalizedCloud(gesture, points: settings.points) else { return nil }
        let pts = cloud.allPoints
        guard !pts.isEmpty else { return nil }
        return Prepared(xs: pts.map(\.x), ys: pts.map(\.y))
    }

    /// The point-cloud normalization $P and $P+ share: resampled to `points` over all
    /// strokes, scaled uniformly into the unit box, centroid at the origin, strokes kept.
    /// `nil` for points all in one place (a tap) or non-finite ones: no shape to compare.
    /// Fitting into the unit box first keeps extreme coordinates from overflowing.
    static func normalizedCloud(_ gesture: Gesture, points: Int) -> Gesture? {
        guard let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        return Gesture(fitted.strokes.filter { !$0.isEmpty })
            .resampled(count: points)
            .scaled(uniformlyTo: 1)
            .translated(centroidTo: .zero)
    }

    public static func score(forDistance d: Double) -> Double { 1 / (1 + Swift.max(0, d)) }

    /// `true`: the same start points are tried in both directions, and each start's exact
    /// sum does not depend on which cloud came first, so the minimum is the same value.
    public static var isSymmetric: Bool { true }

    public static func distance(_ candidate: Prepared, _ template: Prepared, settings: PDollarSettings) -> Double {
        PDollarMatcher(names: [], templates: [], settings: settings).greedyCloudMatch(candidate, template, bound: .infinity)
    }

    public func recognize(prepared candidate: Prepared, limit: Int? = nil) -> [Match] {
        // With a single best match requested, a shared bound lets later templates stop early.
        var best = Double.infinity
        var distances: [Double] = []
        distances.reserveCapacity(templates.count)
        for t in templates {
            let d = greedyCloudMatch(candidate, t, bound: limit == 1 ? best : .infinity)
            distances.append(d)
            best = Swift.min(best, d)
        }
        return Ranking.ranked(distances, names: names, limit: limit, score: Self.score(forDistance:))
    }

    /// $P's GreedyCloudMatch. Returns a value ≥ `bound` (not exact) when the clouds are
    /// farther apart than `bound`.
    func greedyCloudMatch(_ c: Prepared, _ t: Prepared, bound: Double) -> Double {
        let n = Swift.min(c.xs.count, t.xs.count)
        guard n > 0 else { return .infinity }
        let step = Swift.max(1, Int(pow(Double(n), 1 - settings.epsilon)))
        var best = bound
        var i = 0
        while i < n {
            best = Swift.min(best, cloudDistance(c, t, start: i, n: n, bound: best))
            best = Swift.min(best, cloudDistance(t, c, start: i, n: n, bound: best))
            i += step
        }
        return best
    }

    func cloudDistance(_ p: Prepared, _ q: Prepared, start: Int, n: Int, bound: Double) -> Double {
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { matched in
            matched.initialize(repeating: false)
            var sum = 0.0
            var i = start
            var k = 0
            p.xs.withUnsafeBufferPointer { px in p.ys.withUnsafeBufferPointer { py in
                q.xs.withUnsafeBufferPointer { qx in q.ys.withUnsafeBufferPointer { qy in
                    repeat {
                        var minD = Double.infinity, index = 0
                        let x = px[i], y = py[i]
                        for j in 0..<n where !matched[j] {
                            let dx = x - qx[j], dy = y - qy[j]
                            let d = dx * dx + dy * dy
                            if d < minD { minD = d; index = j }
                        }
                        matched[index] = true
                        let weight = 1 - Double(k) / Double(n)
                        sum += weight * minD.squareRoot()
                        if sum >= bound { return }
                        i = (i + 1) % n
                        k += 1
                    } while i != start
                } }
            } }
            return sum
        }
    }
}
