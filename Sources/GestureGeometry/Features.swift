extension Stroke {
    /// Signed turning angle at each interior point, in radians (−π, π]: the turn from
    /// segment i−1→i to segment i→i+1. Positive is clockwise on screen (y down).
    ///
    /// Edge cases: fewer than three points give `[]`; a turn next to a zero-length
    /// segment is skipped (it has no direction), so the result can be shorter than n − 2.
    public var turningAngles: [Double] {
        guard points.count >= 3 else { return [] }
        var out: [Double] = []
        out.reserveCapacity(points.count - 2)
        for i in 1..<(points.count - 1) {
            if let r = Angles.signedTurn(from: points[i] - points[i - 1], to: points[i + 1] - points[i]) {
                out.append(r)
            }
        }
        return out
    }

    /// Total signed turning in radians (sum of ``turningAngles``).
    public var totalTurning: Double { turningAngles.reduce(0, +) }

    /// The stroke without consecutive points at the same position (times of the first
    /// of each run kept). Useful before any angle is measured.
    public var deduplicated: Stroke {
        var out: [Point] = []
        out.reserveCapacity(points.count)
        for p in points where out.last.map({ $0.x != p.x || $0.y != p.y }) ?? true { out.append(p) }
        return Stroke(out)
    }

    /// Duration from the first to the last timestamp; `nil` without times.
    public var duration: Double? {
        guard let a = points.first?.t, let b = points.last?.t else { return nil }
        return b - a
    }

    /// `true` when every point is finite.
    public var isFinite: Bool { points.allSatisfy(\.isFinite) }
}

extension Gesture {
    /// `true` when every point is finite.
    public var isFinite: Bool { strokes.allSatisfy(\.isFinite) }
}
