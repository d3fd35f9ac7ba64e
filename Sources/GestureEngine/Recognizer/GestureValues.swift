import GestureGeometry

/// What a recognizer reports with an action: the fields that apply to it, `nil` for
/// the others.
public struct GestureValues: Hashable, Sendable, Codable {
    /// Centroid of the recognizer's touches.
    public var location: Point?
    public var numberOfTouches: Int?
    /// Pan: centroid displacement since the pan began (points), see
    /// ``PanRecognizer/setTranslation(_:)``.
    public var translation: Point?
    /// Pan: points per second.
    public var velocity: Point?
    /// Pinch: distance between the touches relative to their distance at touch-down, as
    /// UIKit reports it (already about 1 ± the threshold at `began`).
    public var scale: Double?
    /// Pinch: scale per second.
    public var scaleVelocity: Double?
    /// Rotation: radians turned since touch-down (already the threshold at `began`),
    /// positive clockwise on screen (y grows downward).
    public var rotation: Double?
    /// Rotation: radians per second.
    public var rotationVelocity: Double?
    /// Swipe: the direction seen.
    public var direction: SwipeDirection?
    /// Tap: taps counted.
    public var taps: Int?
    /// Custom recognizers: a score or measurement they want to report, with its meaning
    /// documented by the recognizer.
    public var score: Double?
    /// Template recognizer: the matched template's name.
    public var match: String?

    public init() {}
}
