/// One or more strokes drawn as one symbol.
public struct Gesture: Hashable, Codable, Sendable {
    public var strokes: [Stroke]

    public init(_ strokes: [Stroke]) { self.strokes = strokes }
    public init(points: [Point]) { self.strokes = [Stroke(points)] }

    public init(from decoder: Decoder) throws {
        strokes = try decoder.singleValueContainer().decode([Stroke].self)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(strokes)
    }

    /// Total number of points over all strokes.
    public var pointCount: Int { strokes.reduce(0) { $0 + $1.count } }
}

extension Gesture: PointCollection {
    /// All points, stroke after stroke.
    public var allPoints: [Point] { strokes.flatMap(\.points) }
    public func mapPoints(_ transform: (Point) -> Point) -> Gesture {
        Gesture(strokes.map { $0.mapPoints(transform) })
    }
    /// Sum of the strokes' lengths; the jumps between strokes do not count.
    public var pathLength: Double { strokes.reduce(0) { $0 + $1.pathLength } }
}
