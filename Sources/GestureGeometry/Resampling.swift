/// Equidistant resampling along the drawn path ($1 step 1, $P's multistroke form).
enum Resampler {
    /// Resamples strokes so that `count` points lie at equal arc-length steps of
    /// `L / (count − 1)` along the concatenated strokes, where `L` excludes the jumps
    /// between strokes. Each target arc length is placed exactly (no accumulated drift),
    /// so the first and last points are the originals.
    static func resample(_ strokes: [[Point]], count: Int) -> [[Point]] {
        precondition(count >= 1, "resampling needs a count of at least 1, got \(count)")
        let nonEmpty = strokes.filter { !$0.isEmpty }
        guard let firstPoint = nonEmpty.first?.first else { return [] }
        let cumulative = nonEmpty.map(Path.cumulativeLengths)
        let total = cumulative.reduce(0) { $0 + ($1.last ?? 0) }
        guard total > 0, total.isFinite, count > 1 else {
            // Zero length or a non-finite path: no direction to spread along.
            return [Array(repeating: firstPoint, count: count)]
        }
        let step = total / Double(count - 1)
        var out: [[Point]] = []
        var strokeIndex = 0, segment = 0
        var offset = 0.0  // arc length before the current stroke
        var current: [Point] = []
        for k in 0..<count {
            let target = k == count - 1 ? total : Double(k) * step
            // Advance to the stroke holding `target`.
            while strokeIndex < nonEmpty.count - 1,
                  target > offset + (cumulative[strokeIndex].last ?? 0) {
                offset += cumulative[strokeIndex].last ?? 0
                if !current.isEmpty { out.append(current); current = [] }
                strokeIndex += 1
                segment = 0
            }
            let pts = nonEmpty[strokeIndex], cum = cumulative[strokeIndex]
            let local = Swift.min(target - offset, cum.last ?? 0)
            while segment < pts.count - 2 && cum[segment + 1] < local { segment += 1 }
            if pts.count == 1 {
                current.append(pts[0])
            } else if k == count - 1 {
                current.append(pts[pts.count - 1])
            } else {
                let a = cum[segment], b = cum[segment + 1]
                let f = b > a ? (local - a) / (b - a) : 0
                current.append(pts[segment].interpolated(to: pts[segment + 1], fraction: Swift.max(0, Swift.min(1, f))))
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}

extension Stroke {
    /// The stroke resampled to `count` points equally spaced along its path.
    ///
    /// ```swift
    /// stroke.resampled(count: 64)   // $1's N = 64
    /// ```
    /// - Parameter count: at least 1 (a precondition).
    /// - Returns: exactly `count` points; the first and last are the originals.
    ///   Edge cases: an empty stroke stays empty; a single point or a zero-length stroke
    ///   gives `count` copies of its first point.
    /// - Complexity: O(n + count).
    public func resampled(count: Int) -> Stroke {
        Stroke(Resampler.resample([points], count: count).first ?? [])
    }
}

extension Gesture {
    /// The gesture resampled to `count` points in total, spread over the strokes in
    /// proportion to their lengths ($P's resampling; jumps between strokes are not path).
    ///
    /// - Returns: exactly `count` points (empty for an empty gesture). Strokes too short
    ///   to receive a point are dropped, and empty strokes are ignored. A gesture of zero
    ///   length becomes one stroke of `count` copies of its first point.
    public func resampled(count: Int) -> Gesture {
        Gesture(Resampler.resample(strokes.map(\.points), count: count).map(Stroke.init))
    }
}
