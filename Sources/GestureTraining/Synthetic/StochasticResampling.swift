import GestureData
import GestureGeometry

/// Synthetic positives made from one recorded example by gesture path stochastic
/// resampling (GPSR: Taranta, Maghoul, LaViola, "A Rapid Prototyping Approach to
/// Synthetic Data Generation for Improved 2D Gesture Recognition", UIST 2016; used by
/// Jackknife, Taranta et al., CHI 2017, to make positives from a few templates).
///
/// Each stroke is resampled at *random* arc-length intervals instead of equal ones, a few
/// of the resampled points are dropped, and the stroke is rebuilt from the directions of
/// its segments, each given the same length. The result keeps the shape's sequence of
/// directions but varies where its corners fall and how long its parts are, which is
/// what a person's repetitions of a gesture look like.
///
/// ```swift
/// var rng = SeededGenerator(seed: 7)
/// let variants = StochasticResampling().variants(of: sample, count: 20, using: &rng)
/// ```
public struct StochasticResampling: Hashable, Codable, Sendable {
    /// Points per synthetic gesture (before removal). GPSR resamples to a fixed count;
    /// 32 is in the range its authors explored.
    public var pointCount: Int
    /// Variance of the interval lengths: each interval is `1 + u·√(12·variance)` with `u`
    /// uniform in 0…1, before the intervals are scaled to the path length. 0 gives
    /// equidistant resampling.
    public var intervalVariance: Double
    /// Resampled points removed at random (never the first or last) before rebuilding.
    public var removedPoints: Int

    /// - Parameters:
    ///   - pointCount: at least 2.
    ///   - intervalVariance: at least 0.
    ///   - removedPoints: at least 0; capped so a stroke keeps 2 points.
    public init(pointCount: Int = 32, intervalVariance: Double = 0.25, removedPoints: Int = 2) {
        precondition(pointCount >= 2, "stochastic resampling needs at least 2 points, got \(pointCount)")
        precondition(intervalVariance >= 0 && intervalVariance.isFinite, "interval variance must be finite and >= 0")
        precondition(removedPoints >= 0, "removed points must be >= 0")
        self.pointCount = pointCount
        self.intervalVariance = intervalVariance
        self.removedPoints = removedPoints
    }

    /// One synthetic variant of `gesture`, the same size and starting point as the original.
    ///
    /// - Returns: the variant, or `nil` when the gesture has no finite, non-zero length
    ///   (one point, all points equal, NaN): there is no path to resample along.
    /// - Complexity: O(n + pointCount) per stroke.
    public func variant(of gesture: Gesture, using rng: inout some RandomNumberGenerator) -> Gesture? {
        guard gesture.isFinite else { return nil }
        let strokes = gesture.strokes.filter { $0.count >= 2 && $0.pathLength > 0 }
        let total = strokes.reduce(0) { $0 + $1.pathLength }
        guard total > 0, total.isFinite else { return nil }
        var out: [Stroke] = []
        for s in strokes {
            // Points are shared among strokes in proportion to their lengths.
            let share = Int((Double(pointCount) * s.pathLength / total).rounded())
            if let v = variant(of: s, count: Swift.max(2, share), using: &rng) { out.append(v) }
        }
        return out.isEmpty ? nil : Gesture(out)
    }

    /// `count` variants of a sample; label, subject and metadata are kept, and
    /// `meta["synthetic"]` is set to `"stochastic-resampling"`.
    /// - Returns: fewer than `count` (none) only when the sample is degenerate.
    public func variants(of sample: Sample, count: Int, using rng: inout some RandomNumberGenerator) -> [Sample] {
        var out: [Sample] = []
        out.reserveCapacity(Swift.max(0, count))
        for i in 0..<Swift.max(0, count) {
            guard let g = variant(of: sample.gesture, using: &rng) else { return [] }
            var s = sample
            s.gesture = g
            s.meta["synthetic"] = "stochastic-resampling"
            s.source = "\(sample.source ?? "sample"):synthetic[\(i)]"
            out.append(s)
        }
        return out
    }

    private func variant(of stroke: Stroke, count: Int, using rng: inout some RandomNumberGenerator) -> Stroke? {
        let pts = stroke.points
        let cumulative = Path.cumulativeLengths(pts)
        guard let length = cumulative.last, length > 0 else { return nil }
        // Random intervals, scaled to the path length.
        let spread = (12 * intervalVariance).squareRoot()
        var intervals = (0..<(count - 1)).map { _ in 1 + Double.random(in: 0...1, using: &rng) * spread }
        let sum = intervals.reduce(0, +)
        intervals = intervals.map { $0 / sum * length }
        var targets = [0.0]
        for d in intervals { targets.append(Swift.min(length, targets[targets.count - 1] + d)) }
        targets[targets.count - 1] = length
        var samples = targets.map { point(at: $0, in: pts, cumulative: cumulative) }
        // Drop a few interior points.
        let removable = Swift.min(removedPoints, Swift.max(0, samples.count - 2))
        for _ in 0..<removable {
            let i = Int.random(in: 1..<(samples.count - 1), using: &rng)
            samples.remove(at: i)
        }
        // Rebuild from unit directions, then give every segment the same length so the
        // variant is as long as the original.
        var directions: [Point] = []
        for i in 1..<samples.count {
            let d = samples[i] - samples[i - 1]
            let n = (d.x * d.x + d.y * d.y).squareRoot()
            if n > 0 { directions.append(Point(x: d.x / n, y: d.y / n)) }
        }
        guard !directions.isEmpty else { return nil }
        let step = length / Double(directions.count)
        var rebuilt = [Point(x: samples[0].x, y: samples[0].y, t: samples[0].t)]
        var j = 1
        for d in directions {
            let last = rebuilt[rebuilt.count - 1]
            // Times follow the resampled points so the variant keeps the original's pace.
            let t = j < samples.count ? samples[j].t : last.t
            rebuilt.append(Point(x: last.x + d.x * step, y: last.y + d.y * step, t: t))
            j += 1
        }
        return Stroke(rebuilt)
    }

    private func point(at s: Double, in pts: [Point], cumulative: [Double]) -> Point {
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= s { lo = mid } else { hi = mid }
        }
        let a = cumulative[lo], b = cumulative[hi]
        let f = b > a ? (s - a) / (b - a) : 0
        return pts[lo].interpolated(to: pts[hi], fraction: Swift.max(0, Swift.min(1, f)))
    }
}
