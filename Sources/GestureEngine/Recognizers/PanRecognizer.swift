import GestureGeometry

/// Recognizes a drag of one or more fingers (UIKit `UIPanGestureRecognizer`). Continuous.
///
/// It begins once the centroid of the fingers has moved ``Settings/minimumTranslation``
/// from where they came down, then reports `changed` on every move and `ended` when the
/// last finger lifts. ``translation`` is the centroid's displacement since the fingers
/// came down, continuous when fingers are added or lifted; ``setTranslation(_:)`` moves
/// its origin, as UIKit's `setTranslation(_:in:)`. Velocity is points per second over the
/// last move.
///
/// ``Settings/constraint`` constrains the reported movement (Sadun, "Constraining
/// Movement"): to one axis (the other component is 0), or to a rectangle that the point
/// the fingers came down at, moved by the translation, may not leave — a dragged view's
/// centre kept inside its parent. The pan begins on the fingers' own movement either way.
public final class PanRecognizer: GestureRecognizer {
    /// Where a pan's translation may go.
    public enum Constraint: Hashable, Sendable, Codable {
        /// Horizontal (`x`) or vertical (`y`) only.
        case axis(Axis)
        /// The touch-down centroid plus the translation stays in this rectangle.
        case rect(x: Double, y: Double, width: Double, height: Double)

        public enum Axis: String, Hashable, Sendable, Codable { case x, y }

        /// `raw` constrained, for fingers that came down at `origin`.
        public func apply(_ raw: Point, origin: Point) -> Point {
            switch self {
            case .axis(.x): return Point(x: raw.x, y: 0)
            case .axis(.y): return Point(x: 0, y: raw.y)
            case .rect(let x, let y, let w, let h):
                let px = Swift.max(x, Swift.min(x + w, origin.x + raw.x))
                let py = Swift.max(y, Swift.min(y + h, origin.y + raw.y))
                return Point(x: px - origin.x, y: py - origin.y)
            }
        }
    }

    public struct Settings: Hashable, Sendable, Codable {
        /// UIKit `minimumNumberOfTouches` (default 1).
        public var minimumTouches: Int = 1
        /// UIKit `maximumNumberOfTouches` (default: no limit).
        public var maximumTouches: Int = .max
        /// Distance the centroid travels before the pan begins (points). 10 pt: UIKit's
        /// documented `allowableMovement` for long presses; UIKit does not publish the pan's
        /// own hysteresis.
        public var minimumTranslation: Double = 10
        /// Constrains the reported translation; `nil`: free.
        public var constraint: Constraint?
        public init() {}
    }

    public let name: String
    public let settings: Settings
    public var kind: RecognizerKind { .continuous }
    @exclusivity(unchecked) public private(set) var state: RecognizerState = .possible
    @exclusivity(unchecked) public var cancelsTouchesInView: Bool

    /// Centroid displacement (points) since the fingers came down or since the last
    /// ``setTranslation(_:)``.
    @exclusivity(unchecked) public private(set) var translation = Point.zero
    /// Points per second over the last move.
    @exclusivity(unchecked) public private(set) var velocity = Point.zero
    @exclusivity(unchecked) private var anchor: Point?          // centroid that corresponds to `offset`
    @exclusivity(unchecked) private var offset = Point.zero
    /// The fingers' own translation, before the constraint.
    @exclusivity(unchecked) private var raw = Point.zero
    /// The centroid where the fingers came down (moved by ``setTranslation(_:)``).
    @exclusivity(unchecked) private var origin: Point?
    @exclusivity(unchecked) private var lastTime: Double?
    @exclusivity(unchecked) private var location: Point?
    @exclusivity(unchecked) private var touchCount = 0

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
        // The constrained point (origin + raw) stays where it is; its measure restarts.
        if let o = origin { origin = o + (raw - value) }
        offset = offset + (value - raw)
        raw = value
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
        if origin == nil { origin = event.centroidOfRemainingTouches }
    }

    public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        touchCount = event.remainingTouchCount
        guard touchCount >= settings.minimumTouches, touchCount <= settings.maximumTouches,
              let c = event.centroidOfRemainingTouches, let anchor else { return }
        raw = offset + (c - anchor)
        let next = constrained(raw)
        if let lastTime, event.timestamp > lastTime {
            let dt = event.timestamp - lastTime
            velocity = Point(x: (next.x - translation.x) / dt, y: (next.y - translation.y) / dt)
        }
        lastTime = event.timestamp
        translation = next
        location = c
        switch state {
        case .possible:
            if (raw.x * raw.x + raw.y * raw.y).squareRoot() >= settings.minimumTranslation {
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
            raw = offset + (c - anchor)
            translation = constrained(raw)
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

    private func constrained(_ p: Point) -> Point {
        guard let constraint = settings.constraint, let origin else { return p }
        return constraint.apply(p, origin: origin)
    }

    public func reset() {
        state = .possible
        raw = .zero
        origin = nil
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
        offset = raw
        anchor = c
        location = c
    }
}
