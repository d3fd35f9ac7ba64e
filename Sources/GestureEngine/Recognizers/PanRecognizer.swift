import GestureGeometry

/// Recognizes a drag of one or more fingers (UIKit `UIPanGestureRecognizer`). Continuous.
///
/// It begins once the centroid of the fingers has moved ``Settings/minimumTranslation``
/// from where they came down, then reports `changed` on every move and `ended` when the
/// last finger lifts. ``translation`` is the centroid's displacement since the fingers
/// came down, continuous when fingers are added or lifted; ``setTranslation(_:)`` moves
/// its origin, as UIKit's `setTranslation(_:in:)`. Velocity is points per second over the
/// last move.
public final class PanRecognizer: GestureRecognizer {
    public struct Settings: Hashable, Sendable, Codable {
        /// UIKit `minimumNumberOfTouches` (default 1).
        public var minimumTouches: Int = 1
        /// UIKit `maximumNumberOfTouches` (default: no limit).
        public var maximumTouches: Int = .max
        /// Distance the centroid travels before the pan begins (points). 10 pt: UIKit's
        /// documented `allowableMovement` for long presses; UIKit does not publish the pan's
        /// own hysteresis.
        public var minimumTranslation: Double = 10
        public init() {}
    }

    public let name: String
    public let settings: Settings
    public var kind: RecognizerKind { .continuous }
    public private(set) var state: RecognizerState = .possible
    public var cancelsTouchesInView: Bool

    /// Centroid displacement (points) since the fingers came down or since the last
    /// ``setTranslation(_:)``.
    public private(set) var translation = Point.zero
    /// Points per second over the last move.
    public private(set) var velocity = Point.zero
    private var anchor: Point?          // centroid that corresponds to `offset`
    private var offset = Point.zero
    private var lastTime: Double?
    private var location: Point?
    private var touchCount = 0

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        precondition(settings.minimumTouches >= 1 && settings.maximumTouches >= settings.minimumTouches,
                     "a pan needs 1 <= minimumTouches <= maximumTouches")
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
    }

    /// Makes the current translation `value` (UIKit `setTranslation(_:in:)`), e.g. `.zero`
    /// to measure increments.
    public func setTranslation(_ value: Point) {
        offset = offset + (value - translation)
        translation = value
    }

    public var values: GestureValues {
        var v = GestureValues()
        v.location = location
        v.numberOfTouches = touchCount
        v.translation = translation
        v.velocity = velocity
        return v
    }

    public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        touchCount = event.remainingTouchCount
        if touchCount > settings.maximumTouches {
            if state == .possible { state = .failed }
            return
        }
        rebase(event)
        if lastTime == nil { lastTime = event.timestamp }
    }

    public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        touchCount = event.remainingTouchCount
        guard touchCount >= settings.minimumTouches, touchCount <= settings.maximumTouches,
              let c = event.centroidOfRemainingTouches, let anchor else { return }
        let next = offset + (c - anchor)
        if let lastTime, event.timestamp > lastTime {
            let dt = event.timestamp - lastTime
            velocity = Point(x: (next.x - translation.x) / dt, y: (next.y - translation.y) / dt)
        }
        lastTime = event.timestamp
        translation = next
        location = c
        switch state {
        case .possible:
            if (translation.x * translation.x + translation.y * translation.y).squareRoot() >= settings.minimumTranslation {
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        // The lifted fingers' last positions still count toward the final translation.
        if let anchor, !event.allTouches.isEmpty {
            var sx = 0.0, sy = 0.0
            for t in event.allTouches { sx += t.location.x; sy += t.location.y }
            let n = Double(event.allTouches.count)
            let c = Point(x: sx / n, y: sy / n)
            translation = offset + (c - anchor)
            location = c
        }
        touchCount = event.remainingTouchCount
        if touchCount == 0 {
            state = state.isActive ? .ended : .failed
        } else {
            rebase(event)
        }
    }

    public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = state.isActive ? .cancelled : .failed
    }

    public func reset() {
        state = .possible
        translation = .zero
        velocity = .zero
        anchor = nil
        offset = .zero
        lastTime = nil
        location = nil
        touchCount = 0
    }

    /// Keeps the translation continuous when the set of fingers changes.
    private func rebase(_ event: TouchEvent) {
        guard let c = event.centroidOfRemainingTouches else { return }
        offset = translation
        anchor = c
        location = c
    }
}
