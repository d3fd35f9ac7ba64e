import Foundation
import GestureGeometry

/// Recognizes two fingers turning around each other (UIKit
/// `UIRotationGestureRecognizer`). Continuous.
///
/// It begins once the line between the two fingers has turned by
/// ``Settings/minimumRotation`` radians; from then ``rotation`` is the angle turned since
/// `began` (0 at began), in radians, positive clockwise on screen (y grows downward), and
/// unbounded (two full turns read 4π). It ends when either finger lifts.
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
    public private(set) var state: RecognizerState = .possible
    public var cancelsTouchesInView: Bool
    public private(set) var rotation = 0.0
    public private(set) var rotationVelocity = 0.0
    private var fingers = TwoFingerTracking()
    private var lastAngle: Double?
    private var turned = 0.0           // unwrapped, since the fingers came down or since began
    private var lastTime: Double?
    private var location: Point?

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
    }

    public var values: GestureValues {
        var v = GestureValues()
        v.location = location
        v.numberOfTouches = 2
        v.rotation = rotation
        v.rotationVelocity = rotationVelocity
        return v
    }

    public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if event.remainingTouchCount > 2 && state == .possible { state = .failed; return }
        update(event)
    }

    public func touchesMoved(_ touches: [Touch], with event: TouchEvent) { update(event) }

    public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard fingers.follows(any: touches) || event.remainingTouchCount == 0 else { return }
        state = state.isActive ? .ended : .failed
    }

    public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = state.isActive ? .cancelled : .failed
    }

    public func reset() {
        state = .possible
        rotation = 0
        rotationVelocity = 0
        fingers.reset()
        lastAngle = nil
        turned = 0
        lastTime = nil
        location = nil
    }

    private func update(_ event: TouchEvent) {
        guard let (a, b) = fingers.positions(in: event) else { return }
        location = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        guard a.distance(to: b) >= PinchRecognizer.degenerateDistance else { return }
        let angle = atan2(b.y - a.y, b.x - a.x)
        guard let last = lastAngle else {
            lastAngle = angle
            lastTime = event.timestamp
            return
        }
        var step = angle - last
        if step > .pi { step -= 2 * .pi } else if step <= -.pi { step += 2 * .pi }
        lastAngle = angle
        turned += step
        switch state {
        case .possible:
            if abs(turned) >= settings.minimumRotation {
                turned = 0              // rotation is 0 at began
                rotation = 0
                lastTime = event.timestamp
                state = .began
            }
        case .began, .changed:
            if let lastTime, event.timestamp > lastTime { rotationVelocity = (turned - rotation) / (event.timestamp - lastTime) }
            lastTime = event.timestamp
            rotation = turned
            state = .changed
        default:
            break
        }
    }
}
