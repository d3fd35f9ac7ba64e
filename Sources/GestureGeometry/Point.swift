/// A touch sample: a position in points (y grows downward, as on screen) and an
/// optional timestamp in seconds from any origin.
///
/// ```swift
/// let p = Point(x: 77, y: 199, t: 0.0)
/// p.distance(to: Point(x: 80, y: 203))   // 5
/// ```
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    /// Seconds from an arbitrary origin; `nil` when the source had no time.
    public var t: Double?

    public init(x: Double, y: Double, t: Double? = nil) {
        self.x = x
        self.y = y
        self.t = t
    }

    public static let zero = Point(x: 0, y: 0)

    /// Both coordinates (and the time, when present) are finite.
    public var isFinite: Bool {
        x.isFinite && y.isFinite && (t?.isFinite ?? true)
    }

    /// Euclidean distance to `other` (CGPointUtils `distanceBetweenPoints`).
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Squared Euclidean distance, for comparisons without the square root.
    public func squaredDistance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return dx * dx + dy * dy
    }

    /// The point a fraction `f` of the way to `other`; times are interpolated when
    /// both points have one.
    public func interpolated(to other: Point, fraction f: Double) -> Point {
        let time: Double?
        if let t0 = t, let t1 = other.t { time = t0 + (t1 - t0) * f } else { time = t ?? other.t }
        return Point(x: x + (other.x - x) * f, y: y + (other.y - y) * f, t: time)
    }
}

extension Point {
    /// Component-wise sum of positions; the time of the left operand is kept.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y, t: a.t) }
    /// Component-wise difference of positions; the time of the left operand is kept.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y, t: a.t) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s, t: a.t) }
}

extension Point: Codable {
    /// Encoded as `[x, y]` or `[x, y, t]` (README, Data formats).
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        let x = try c.decode(Double.self)
        let y = try c.decode(Double.self)
        let t = c.isAtEnd ? nil : try c.decode(Double.self)
        if !c.isAtEnd {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "a point is [x, y] or [x, y, t]; found more than 3 numbers")
        }
        self.init(x: x, y: y, t: t)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
        if let t { try c.encode(t) }
    }
}
