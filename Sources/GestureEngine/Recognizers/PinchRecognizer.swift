import GestureGeometry

/// Recognizes two fingers moving apart or together (UIKit `UIPinchGestureRecognizer`).
/// Continuous.
///
/// It begins once the distance between the two fingers has changed by
/// ``Settings/minimumScaleChange`` (relative); from then ``scale`` is the distance
/// relative to the distance at `began` (so 1.0 at began, as the book states), and
/// ``scaleVelocity`` is scale per second. It ends when either finger lifts. A third
/// finger before it begins makes it fail; after, it is ignored.
///
/// Edge cases: while the two fingers are on the same spot (distance under 1 pt) no scale
/// can be computed and the reference distance waits.
public final class PinchRecognizer: GestureRecognizer {
    public struct Settings: Hashable, Sendable, Codable {
        /// Relative distance change before the pinch begins. 0.1: our choice (UIKit does
        /// not publish one); it keeps a two-finger swipe or rotation from beginning a pinch
        /// on the synthetic sessions.
        public var minimumScaleChange: Double = 0.1
        public init() {}
    }

    /// Distances below this (points) are treated as fingers on one spot.
    static let degenerateDistance = 1.0

    public let name: String
    public let settings: Settings
    public var kind: RecognizerKind { .continuous }
    public private(set) var state: RecognizerState = .possible
    public var cancelsTouchesInView: Bool
    public private(set) var scale = 1.0
    public private(set) var scaleVelocity = 0.0
    private var fingers = TwoFingerTracking()
    private var reference: Double?
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
        v.scale = scale
        v.scaleVelocity = scaleVelocity
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
        scale = 1
        scaleVelocity = 0
        fingers.reset()
        reference = nil
        lastTime = nil
        location = nil
    }

    private func update(_ event: TouchEvent) {
        guard let (a, b) = fingers.positions(in: event) else { return }
        let d = a.distance(to: b)
        location = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        guard d >= Self.degenerateDistance else { return }
        guard let ref = reference else {
            reference = d
            lastTime = event.timestamp
            return
        }
        let s = d / ref
        switch state {
        case .possible:
            if abs(s - 1) >= settings.minimumScaleChange {
                reference = d          // scale is 1.0 at began
                scale = 1
                lastTime = event.timestamp
                state = .began
            }
        case .began, .changed:
            if let lastTime, event.timestamp > lastTime { scaleVelocity = (s - scale) / (event.timestamp - lastTime) }
            lastTime = event.timestamp
            scale = s
            state = .changed
        default:
            break
        }
    }
}
