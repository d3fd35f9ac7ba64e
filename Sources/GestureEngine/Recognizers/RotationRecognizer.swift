import Foundation
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
public final class RotationRecognizer: GestureRecognizer {
    public struct Settings: Hashable, Sendable, Codable {
        /// Turn before the rotation begins (radians). 0.1 rad (≈ 5.7°): our choice (UIKit
        /// does not publish one); it keeps a pinch or two-finger swipe from beginning a
        /// rotation on the synthetic sessions.
        public var minimumRotation: Double = 0.1
        public init() {}
    }

    public let name: String
    public let settings: Settings
    public var kind: RecognizerKind { .continuous }
    public var state: RecognizerState { tracking.state }
    @exclusivity(unchecked) public var cancelsTouchesInView: Bool
    public var rotation: Double { tracking.value }
    public var rotationVelocity: Double { tracking.velocity }
    @exclusivity(unchecked) private var tracking = TwoTouchContinuousTracking(valueAtBegan: 0)
    @exclusivity(unchecked) private var lastAngle: Double?
    @exclusivity(unchecked) private var turned = 0.0           // unwrapped, since the fingers came down or since began

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
    }

    public var values: GestureValues {
        var v = GestureValues()
        v.location = tracking.location
        v.numberOfTouches = 2
        v.rotation = rotation
        v.rotationVelocity = rotationVelocity
        return v
    }

    public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if tracking.acceptsBegan(event) { update(event) }
    }

    public func touchesMoved(_ touches: [Touch], with event: TouchEvent) { update(event) }

    public func touchesEnded(_ touches: [Touch], with event: TouchEvent) { tracking.ended(touches, with: event) }

    public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { tracking.cancelled() }

    public func reset() {
        tracking.reset()
        lastAngle = nil
        turned = 0
    }

    private func update(_ event: TouchEvent) {
        guard let (a, b) = tracking.positions(in: event) else { return }
        let angle = atan2(b.y - a.y, b.x - a.x)
        guard let last = lastAngle else {
            lastAngle = angle
            tracking.start(at: event.timestamp)
            return
        }
        var step = angle - last
        if step > .pi { step -= 2 * .pi } else if step <= -.pi { step += 2 * .pi }
        lastAngle = angle
        turned += step
        // Measured from touch-down, as UIKit reports it (rebasing at the
        // threshold made a 1.0 rad turn read 0.9).
        tracking.advance(to: turned, at: event.timestamp, begins: abs(turned) >= settings.minimumRotation)
    }
}
