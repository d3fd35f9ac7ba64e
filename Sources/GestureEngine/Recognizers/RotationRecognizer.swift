import GestureGeometry

/// Recognizes two fingers turning around each other (UIKit
/// `UIRotationGestureRecognizer`). Continuous.
///
/// It begins once the line between the two fingers has turned by
/// ``Settings/minimumRotation`` radians; from then ``rotation`` is the angle turned since
/// the two fingers came down (so it already reads the threshold at `began`, as UIKit's
/// does), in radians, positive clockwise on screen (y grows downward), and unbounded (two
/// full turns read 4π). It ends when either finger lifts.
///
/// Edge cases: while the fingers are on one spot (under 1 pt apart) the angle is
/// undefined and is skipped.
public final class RotationRecognizer: TwoFingerContinuousRecognizer {
    public struct Settings: Hashable, Sendable, Codable {
        /// Turn before the rotation begins (radians). 0.1 rad (≈ 5.7°): our choice (UIKit
        /// does not publish one); it keeps a pinch or two-finger swipe from beginning a
        /// rotation on the synthetic sessions.
        public var minimumRotation: Double = 0.1
        public init() {}
    }

    public let name: String
    public let settings: Settings
    @exclusivity(unchecked) public var cancelsTouchesInView: Bool
    public var rotation: Double { gesture.tracking.value }
    public var rotationVelocity: Double { gesture.tracking.velocity }
    @exclusivity(unchecked) var gesture: TwoFingerContinuousGesture<TurnedAngle>

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
        gesture = TwoFingerContinuousGesture(threshold: settings.minimumRotation)
    }
}
