/// Uniform Catmull-Rom smoothing, as in Sadun's "Smoothing Drawings" recipe.
extension Stroke {
    /// The stroke with `granularity − 1` Catmull-Rom points (tension ½) inserted between
    /// each pair of consecutive points. The first and last points are duplicated as
    /// phantom control points, so the curve passes through every original point.
    ///
    /// ```swift
    /// stroke.smoothed(granularity: 4)   // the recipe's value
    /// ```
    /// - Parameter granularity: points per segment, at least 1 (1 returns the stroke).
    /// - Returns: `(n − 1) · granularity + 1` points for n ≥ 2 points. Unlike the
    ///   recipe, the final point is not appended a second time.
    ///   Times, when both ends of a segment have one, are interpolated linearly.
    ///   Edge cases: fewer than two points are returned unchanged; repeated points give
    ///   repeated output points; a non-finite coordinate spreads NaN to its neighbouring
    ///   segments (no crash, the count is unchanged).
    /// - SeeAlso: Sadun, *The iOS Developer's Cookbook*, "Smoothing Drawings".
    public func smoothed(granularity: Int = 4) -> Stroke {
        precondition(granularity >= 1, "granularity must be at least 1, got \(granularity)")
        guard points.count >= 2, granularity > 1 else { return self }
        let ctl = [points[0]] + points + [points[points.count - 1]]
        var out: [Point] = [points[0]]
        out.reserveCapacity((points.count - 1) * granularity + 1)
        for i in 1..<(ctl.count - 2) {
            let p0 = ctl[i - 1], p1 = ctl[i], p2 = ctl[i + 1], p3 = ctl[i + 2]
            for j in 1..<granularity {
                let t = Double(j) / Double(granularity)
                let tt = t * t, ttt = tt * t
                func spline(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
                    0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * tt
                        + (3 * b - a - 3 * c + d) * ttt)
                }
                var time: Double?
                if let t1 = p1.t, let t2 = p2.t { time = t1 + (t2 - t1) * t }
                out.append(Point(x: spline(p0.x, p1.x, p2.x, p3.x), y: spline(p0.y, p1.y, p2.y, p3.y), t: time))
            }
            out.append(p2)
        }
        return Stroke(out)
    }
}

extension Gesture {
    /// Every stroke smoothed with ``Stroke/smoothed(granularity:)``.
    public func smoothed(granularity: Int = 4) -> Gesture {
        Gesture(strokes.map { $0.smoothed(granularity: granularity) })
    }
}
