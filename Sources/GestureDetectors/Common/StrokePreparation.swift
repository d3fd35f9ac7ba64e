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
    /// With `jitterRadius` above 0 the smoothed path loses its jitter in place first
    /// (``withoutJitter(_:radius:turns:)``, with `jitterTurns`).
    package static func prepared(_ stroke: Stroke, count: Int, granularity: Int,
                                 jitterRadius: Double = 0, jitterTurns: Double = 0) -> [Point]? {
        guard let d = cleaned(stroke) else { return nil }
        let smooth = granularity > 1 ? d.smoothed(granularity: granularity) : d
        let path = jitterRadius > 0 ? Stroke(withoutJitter(smooth.points, radius: jitterRadius, turns: jitterTurns)) : smooth
        let pts = path.resampled(count: count).points
        guard pts.count == count, pts.allSatisfy(\.isFinite) else { return nil }
        return pts
    }

    /// `points` with each stretch where the pen or finger jittered in place collapsed to
    /// its first point: a run of consecutive points that all stay within `radius` times the
    /// bounding-box diagonal of the run's first point while the path along them runs at
    /// least twice that far (it wandered more than it moved on) and, with `turns` above 0,
    /// turns through at least `turns` whole turns (absolute turning, from the run's first
    /// point to the first point past it, over 2π). A pen or finger that rests mid-stroke
    /// jitters a pixel or two each way; smoothed and resampled, that jitter takes
    /// resampled points and turns them at random. Points drawn at any pace move on, so no
    /// run of theirs is collapsed; a sharp corner drawn slowly can stay within the radius
    /// for twice its length, but turns once, so `turns` 1 keeps it. The last point is
    /// always kept. `radius` 0 (or a zero diagonal) returns `points` unchanged.
    /// - Complexity: O(n · k), k the most points within the radius of one point.
    package static func withoutJitter(_ points: [Point], radius: Double, turns: Double = 0) -> [Point] {
        guard radius > 0, points.count > 2, var minX = points.first?.x else { return points }
        var maxX = minX, minY = points[0].y, maxY = minY
        for p in points {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        let w = maxX - minX, h = maxY - minY
        let eps = radius * (w * w + h * h).squareRoot()
        guard eps > 0, eps.isFinite else { return points }
        let leastTurning = turns.isFinite ? Swift.max(0, turns) * 2 * .pi : .infinity
        var out: [Point] = []
        out.reserveCapacity(points.count)
        var i = 0
        while i < points.count {
            let anchor = points[i]
            out.append(anchor)
            var j = i + 1, path = 0.0
            while j < points.count, points[j].distance(to: anchor) < eps {
                path += points[j].distance(to: points[j - 1])
                j += 1
            }
            // A run that wandered: skip it (its first point stands for it); else move on by one.
            let wandered = path >= 2 * eps
                && (leastTurning == 0 || absoluteTurning(points, from: i, through: Swift.min(j, points.count - 1)) >= leastTurning)
            i = wandered ? j : i + 1
        }
        if let last = points.last, out.last != last { out.append(last) }
        return out
    }

    /// Sum of the absolute turns (``GestureGeometry/Angles/signedTurn(from:to:)``) between
    /// consecutive steps from `points[from]` to `points[through]`, steps of zero length
    /// skipped.
    private static func absoluteTurning(_ points: [Point], from: Int, through: Int) -> Double {
        var total = 0.0
        var previous: Point?
        guard from < through else { return 0 }
        for k in from..<through {
            let step = points[k + 1] - points[k]
            guard step.x != 0 || step.y != 0 else { continue }
            if let v = previous, let turn = Angles.signedTurn(from: v, to: step) { total += abs(turn) }
            previous = step
        }
        return total
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
