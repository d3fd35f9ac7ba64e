import GestureGeometry

/// The decision half of ``SwipeDetector``. Stored as JSON:
/// `{"format": "gesturelab.swipe/1", "minLength": 25, "maxVariance": 5}`.
public struct SwipeThresholds: Hashable, Sendable {
    public static let format = "gesturelab.swipe/1"

    /// Least travel along the swipe's axis, in points.
    public var minLength: Double
    /// Most travel across it, in points.
    public var maxVariance: Double
    public var provenance: String?

    public init(minLength: Double, maxVariance: Double, provenance: String? = nil) {
        self.minLength = minLength
        self.maxVariance = maxVariance
        self.provenance = provenance
    }

    /// The direction for one displacement from the start, or `nil` (horizontal is tested
    /// first, as in the book).
    public func direction(forDisplacement d: Point) -> SwipeDetector.Direction? {
        guard d.isFinite else { return nil }
        let ax = abs(d.x), ay = abs(d.y)
        if ax >= minLength && ay <= maxVariance { return d.x > 0 ? .right : .left }
        if ay >= minLength && ax <= maxVariance { return d.y > 0 ? .down : .up }
        return nil
    }

    /// The direction of the first displacement that passes, or `nil`.
    public func direction(_ features: SwipeDetector.Features) -> SwipeDetector.Direction? {
        for d in features.displacements { if let dir = direction(forDisplacement: d) { return dir } }
        return nil
    }

    /// `true` when some displacement passes.
    public func accepts(_ features: SwipeDetector.Features) -> Bool { direction(features) != nil }
}

extension SwipeThresholds: Codable {
    enum CodingKeys: String, CodingKey { case format, minLength, maxVariance, provenance }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try ThresholdsFormat.check(try c.decode(String.self, forKey: .format), expected: Self.format,
                                   key: .format, in: c)
        minLength = try c.decode(Double.self, forKey: .minLength)
        maxVariance = try c.decode(Double.self, forKey: .maxVariance)
        provenance = try c.decodeIfPresent(String.self, forKey: .provenance)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.format, forKey: .format)
        try c.encode(minLength, forKey: .minLength)
        try c.encode(maxVariance, forKey: .maxVariance)
        try c.encodeIfPresent(provenance, forKey: .provenance)
    }
}
