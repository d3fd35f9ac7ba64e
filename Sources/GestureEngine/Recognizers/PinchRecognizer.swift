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
public final class PinchRecognizer: GestureRecognizer {
    public struct Settings: Hashable, Sendable, Codable {
        /// Relative distance change before the pinch begins. 0.1: our choice (UIKit does
        /// not publish one); it keeps a two-finger swipe or rotation from beginning a pinch
        /// on the synthetic sessions.
        public var minimumScaleChange: Double = 0.1
        public init() {}
    }

    public let name: String
    public let settings: Settings
    public var kind: RecognizerKind { .continuous }
    public var state: RecognizerState { tracking.state }
    @exclusivity(unchecked) public var cancelsTouchesInView: Bool
    public var scale: Double { tracking.value }
    public var scaleVelocity: Double { tracking.velocity }
    @exclusivity(unchecked) private var tracking = TwoTouchContinuousTracking(valueAtBegan: 1)
    @exclusivity(unchecked) private var reference: Double?

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
    }

    public var values: GestureValues {
        var v = GestureValues()
        v.location = tracking.location
        v.numberOfTouches = 2
        v.scale = scale
        v.scaleVelocity = scaleVelocity
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
        reference = nil
    }

    private func update(_ event: TouchEvent) {
        guard let (a, b) = tracking.positions(in: event) else { return }
        let d = a.distance(to: b)
        guard let ref = reference else {
            reference = d
            tracking.start(at: event.timestamp)
            return
        }
        // Relative to the touch-down distance, as UIKit reports it, so that the product of
        // successive pinches is the fingers' overall ratio (rebasing at the
        // threshold made two 2× pinches multiply to 3.16).
        tracking.advance(to: d / ref, at: event.timestamp, begins: abs(d / ref - 1) >= settings.minimumScaleChange)
    }
}
