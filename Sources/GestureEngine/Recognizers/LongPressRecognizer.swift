import GestureGeometry

/// Recognizes fingers held still (UIKit `UILongPressGestureRecognizer`). Continuous.
///
/// It begins when `touchesRequired` fingers have been down for
/// ``Settings/minimumPressDuration`` without any moving more than
/// ``Settings/allowableMovement`` (a timer on the arena's clock), then reports `changed`
/// on moves and `ended` when a finger lifts. Lifting or moving too far before that fails it.
public final class LongPressRecognizer: GestureRecognizer {
    public struct Settings: Hashable, Sendable, Codable {
        /// Seconds. 0.5 s: UIKit `minimumPressDuration` default.
        public var minimumPressDuration: Double = 0.5
        /// Points. 10 pt: UIKit `allowableMovement` default.
        public var allowableMovement: Double = 10
        /// UIKit `numberOfTouchesRequired` (default 1).
        public var touchesRequired: Int = 1
        public init() {}
    }

    public let name: String
    public let settings: Settings
    public var kind: RecognizerKind { .continuous }
    @exclusivity(unchecked) public private(set) var state: RecognizerState = .possible
    @exclusivity(unchecked) public private(set) var deadline: Double?
    @exclusivity(unchecked) public var cancelsTouchesInView: Bool
    @exclusivity(unchecked) private var location: Point?

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        precondition(settings.touchesRequired >= 1, "a long press needs at least one touch")
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
    }

    public var values: GestureValues {
        var v = GestureValues()
        v.location = location
        v.numberOfTouches = settings.touchesRequired
        return v
    }

    public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let down = event.remainingTouchCount
        if down > settings.touchesRequired {
            if state == .possible { fail() }
            return
        }
        location = event.centroidOfRemainingTouches
        if state == .possible && down == settings.touchesRequired {
            deadline = event.timestamp + settings.minimumPressDuration
        }
    }

    public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        location = event.centroidOfRemainingTouches
        switch state {
        case .possible:
            for t in touches where t.distanceFromStart > settings.allowableMovement { return fail() }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if state.isActive { state = .ended } else { fail() }
        deadline = nil
    }

    public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = state.isActive ? .cancelled : .failed
        deadline = nil
    }

    public func timerFired(at time: Double) {
        deadline = nil
        if state == .possible { state = .began }
    }

    public func reset() {
        state = .possible
        deadline = nil
        location = nil
    }

    private func fail() {
        state = .failed
        deadline = nil
    }
}
