import Foundation

/// Angle functions in the spirit of the book's CGPointUtils.
public enum Angles {
    /// Direction from `first` to `second` in degrees, in (−180, 180], measured with
    /// `atan2` so the quadrant is kept: 0 points along +x, 90 along +y (down on screen).
    ///
    /// ```swift
    /// Angles.angleBetweenPoints(.zero, Point(x: 0, y: 1))    // 90 (straight down)
    /// Angles.angleBetweenPoints(.zero, Point(x: -1, y: -1))  // −135
    /// ```
    /// Edge cases: identical points give 0; a vertical pair gives ±90; a `−0.0` height is
    /// treated as `+0.0`, so a leftward pair gives 180, never −180; a non-finite
    /// coordinate gives NaN.
    /// - SeeAlso: ``legacyAngleBetweenPoints(_:_:)`` for the book's atan form.
    public static func angleBetweenPoints(_ first: Point, _ second: Point) -> Double {
        let dy = (second.y - first.y) + 0.0  // −0.0 + 0.0 == +0.0: keeps the range (−180, 180]
        let dx = second.x - first.x
        if dx == 0 && dy == 0 { return 0 }
        return atan2(dy, dx) * 180 / .pi
    }

    /// The book's `angleBetweenPoints`: `atan((second.y − first.y) / (first.x − second.x))`
    /// in degrees. Kept for comparison only: it loses the quadrant (result in [−90, 90]),
    /// so opposite directions give the same value.
    ///
    /// Edge cases: a vertical pair divides by zero and gives ±90; identical points give NaN,
    /// exactly as the original C does.
    public static func legacyAngleBetweenPoints(_ first: Point, _ second: Point) -> Double {
        let height = second.y - first.y
        let width = first.x - second.x
        return atan(height / width) * 180 / .pi
    }

    /// Unsigned angle between the directions of two segments, in degrees, 0…180
    /// (CGPointUtils `angleBetweenLines`, which takes acos of the normalized dot product).
    ///
    /// ```swift
    /// Angles.angleBetweenLines(.zero, Point(x: 1, y: 0), .zero, Point(x: 0, y: 1))  // 90
    /// ```
    /// The value is the book's, acos(u·v / |u||v|), but it is computed as
    /// atan2(|u×v|, u·v): acos loses about half the digits near 0° and 180° (parallel
    /// segments came out at ~1e-6° instead of 0), atan2 does not, and its result lies in
    /// 0…180 by construction, so no clamping is needed.
    ///
    /// Edge cases: a zero-length segment (or a non-finite coordinate) has no direction
    /// and gives `nil`, where the original returned NaN. Parallel segments give exactly 0,
    /// opposite ones exactly 180.
    public static func angleBetweenLines(
        _ line1Start: Point, _ line1End: Point, _ line2Start: Point, _ line2End: Point
    ) -> Double? {
        let a = line1End.x - line1Start.x
        let b = line1End.y - line1Start.y
        let c = line2End.x - line2Start.x
        let d = line2End.y - line2Start.y
        guard a.isFinite, b.isFinite, c.isFinite, d.isFinite,
              a != 0 || b != 0, c != 0 || d != 0 else { return nil }
        let cross = a * d - b * c
        let dot = a * c + b * d
        let r = atan2(abs(cross), dot) * 180 / .pi
        return r.isFinite ? r : nil
    }

    /// Signed turn from direction `u` to direction `v` in radians, in (−π, π];
    /// positive is clockwise on screen (y down). `nil` when either vector is zero.
    public static func signedTurn(from u: Point, to v: Point) -> Double? {
        if (u.x == 0 && u.y == 0) || (v.x == 0 && v.y == 0) { return nil }
        let cross = u.x * v.y - u.y * v.x
        let dot = u.x * v.x + u.y * v.y
        let r = atan2(cross, dot)
        return r.isFinite ? r : nil
    }
}
