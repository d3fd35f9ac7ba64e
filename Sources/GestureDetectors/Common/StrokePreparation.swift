import GestureGeometry

/// The clean-up every robust detector does before measuring an angle: reject degenerate
/// strokes, drop repeated points, smooth, and resample to equal arc-length steps.
///
/// Edge cases (documented for every detector): a stroke with a non-finite coordinate or
/// time, fewer than two distinct points, or zero or non-finite path length gives `nil`,
/// and a detector treats `nil` as "not detected".
package enum StrokePreparation {
    /// The stroke without repeats, or `nil` when it is degenerate (see above).
    package static func cleaned(_ stroke: Stroke) -> Stroke? {
        guard stroke.isFinite else { return nil }
        let d = stroke.deduplicated
        guard d.count >= 2 else { return nil }
        let length = d.pathLength
        guard length > 0, length.isFinite else { return nil }
        return d
    }

    /// Cleaned, Catmull-Rom smoothed with `granularity`, then resampled to `count` points.
    package static func prepared(_ stroke: Stroke, count: Int, granularity: Int) -> [Point]? {
        guard let d = cleaned(stroke) else { return nil }
        let smooth = granularity > 1 ? d.smoothed(granularity: granularity) : d
        let pts = smooth.resampled(count: count).points
        guard pts.count == count, pts.allSatisfy(\.isFinite) else { return nil }
        return pts
    }

    /// Number of sharp corners along equally spaced points: maximal runs of vertices where
    /// the turn summed over a window of `window` consecutive vertices exceeds `degrees`.
    package static func cornerCount(_ points: [Point], window: Int, degrees: Double) -> Int {
        let turns = Stroke(points).turningAngles
        guard turns.count >= 1 else { return 0 }
        let w = Swift.max(1, Swift.min(window, turns.count))
        let limit = degrees * .pi / 180
        var count = 0
        var inside = false
        for i in 0...(turns.count - w) {
            var s = 0.0
            for j in i..<(i + w) { s += turns[j] }
            let sharp = abs(s) > limit
            if sharp && !inside { count += 1 }
            inside = sharp
        }
        return count
    }
}
