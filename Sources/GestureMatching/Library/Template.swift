import GestureGeometry

/// A named example gesture that candidates are compared with.
///
/// Templates keep the *raw* points as drawn; each matcher normalizes them on load
/// (README, Data formats), so a library stays valid when resampling settings change.
///
/// ```swift
/// let t = Template(name: "check", gesture: Gesture(points: [Point(x: 0, y: 0), Point(x: 5, y: 9)]))
/// ```
public struct Template: Hashable, Codable, Sendable {
    /// The label a match with this template reports, e.g. `"check"`.
    public var name: String
    /// The raw gesture.
    public var gesture: Gesture

    public init(name: String, gesture: Gesture) {
        self.name = name
        self.gesture = gesture
    }

    enum CodingKeys: String, CodingKey { case name, strokes }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        gesture = Gesture(try c.decode([Stroke].self, forKey: .strokes))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(gesture.strokes, forKey: .strokes)
    }
}
