/// Measurements on a polyline given as an array of points.
public enum Path {
    /// Sum of the distances between consecutive points; 0 for fewer than two points.
    ///
    /// - Complexity: O(n).
    public static func length(_ points: [Point]) -> Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += points[i - 1].distance(to: points[i]) }
        return total
    }

    /// Cumulative arc length at each point: `result[0] == 0`, `result.last == length`.
    public static func cumulativeLengths(_ points: [Point]) -> [Double] {
        var out = [Double]()
        out.reserveCapacity(points.count)
        var s = 0.0
        for i in points.indices {
            if i > 0 { s += points[i - 1].distance(to: points[i]) }
            out.append(s)
        }
        return out
    }
}
