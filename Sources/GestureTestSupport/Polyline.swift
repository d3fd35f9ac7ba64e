import GestureGeometry

/// Points along straight segments through corners, as the tests' synthetic shapes are drawn.
public enum Polyline {
    /// `perSegment` evenly spaced points on each segment (its start included), then the
    /// last corner.
    public static func points(through corners: [Point], perSegment: Int) -> [Point] {
        var out: [Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for k in 0..<perSegment { out.append(a.interpolated(to: b, fraction: Double(k) / Double(perSegment))) }
        }
        if let last = corners.last { out.append(last) }
        return out
    }

    /// A point about every `spacing` units (at least one per segment, its start included),
    /// then the last corner.
    public static func points(through corners: [Point], spacing: Double) -> [Point] {
        var out: [Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            let n = max(1, Int((a.distance(to: b) / spacing).rounded(.up)))
            for i in 0..<n { out.append(a.interpolated(to: b, fraction: Double(i) / Double(n))) }
        }
        if let last = corners.last { out.append(last) }
        return out
    }

    /// `corners` given as (x, y) pairs.
    public static func corners(_ xy: [(Double, Double)]) -> [Point] { xy.map { Point(x: $0.0, y: $0.1) } }
}
