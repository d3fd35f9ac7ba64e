import GestureGeometry

/// Recognizes two fingers moving apart or together (UIKit `UIPinchGestureRecognizer`).
/// Continuous.
///
/// It begins once the distance between the two fingers has changed by
/// ``Settings/minimumScaleChange`` (relative); from then ``scale`` is the distance
/// relative to the distance when the two fingers came down (so it already reads about
/// 1 ± the threshold at `began`, as UIKit's does: two 2× pinches multiply to 4), and
/// ``scaleVelocity`` is scale per second. It ends when either finger lifts. A third
/// finger before it begins makes it fail; after, it is ignored.
///
/// Edge cases: while the two fingers are on the same spot (distance under 1 pt) no scale
/// can be computed and the reference distance waits.
public final class PinchRecognizer: TwoFingerContinuousRecognizer {
    public struct Settings: Hashable, Sendable, Codable {
        /// Relative distance change before the pinch begins. 0.1: our choice (UIKit does
        /// not publish one); it keeps a two-finger swipe or rotation from beginning a pinch
        /// on the synthetic sessions.
        public var minimumScaleChange: Double = 0.1
        public init() {}
    }

    public let name: String
    public let settings: Settings
    @exclusivity(unchecked) public var cancelsTouchesInView: Bool
    public var scale: Double { gesture.tracking.value }
    public var scaleVelocity: Double { gesture.tracking.velocity }
    @exclusivity(unchecked) var gesture: TwoFingerContinuousGesture<DistanceRatio>

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
        gesture = TwoFingerContinuousGesture(threshold: settings.minimumScaleChange)
    }
}
