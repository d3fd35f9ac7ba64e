/// One continuous trace of a finger, pen or mouse, from touch-down to lift-off.
public struct Stroke: Hashable, Codable, Sendable {
    public var points: [Point]

    public init(_ points: [Point]) { self.points = points }

    public init(from decoder: Decoder) throws {
        points = try decoder.singleValueContainer().decode([Point].self)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(points)
    }

    public var isEmpty: Bool { points.isEmpty }
    public var count: Int { points.count }
}

extension Stroke: PointCollection {
    public var allPoints: [Point] { points }
    public func mapPoints(_ transform: (Point) -> Point) -> Stroke { Stroke(points.map(transform)) }
    public var pathLength: Double { Path.length(points) }
}
