import GestureGeometry

/// The state machine a pinch and a rotation share: follow the first two fingers, begin
/// once the recognizer's measure has moved far enough, then report `changed` with the
/// measure and its velocity on every move, and end when either followed finger lifts.
///
/// ``TwoFingerContinuousGesture`` measures (distance ratio, turned angle); this type decides the state:
///
/// ```swift
/// guard let (a, b) = tracking.positions(in: event) else { return }
/// // … measure `current` from a and b …
/// tracking.advance(to: current, at: event.timestamp, begins: abs(current - 1) >= 0.1)
/// ```
///
/// Edge cases: while the two fingers are under ``degenerateDistance`` apart no measure can
/// be taken and ``positions(in:)`` returns `nil` (the midpoint is still updated).
struct TwoTouchContinuousTracking {
    /// Distances below this (points) are treated as fingers on one spot.
    static let degenerateDistance = 1.0

    /// The measure's value at `began` (1 for a scale, 0 for a rotation).
    let valueAtBegan: Double
    private(set) var state: RecognizerState = .possible
    /// The measure since touch-down once begun; ``valueAtBegan`` until then.
    private(set) var value: Double
    /// Measure per second over the last move.
    private(set) var velocity = 0.0
    /// Midpoint of the two followed fingers.
    private(set) var location: Point?
    private var fingers = TwoFingerTracking()
    private var lastTime: Double?

    init(valueAtBegan: Double) {
        self.valueAtBegan = valueAtBegan
        value = valueAtBegan
    }

    /// `touchesBegan`: a third finger before the gesture begins fails it.
    /// - Returns: whether the event should be measured (`false` when it failed).
    mutating func acceptsBegan(_ event: TouchEvent) -> Bool {
        if event.remainingTouchCount > 2 && state == .possible { state = .failed; return false }
        return true
    }

    /// The two followed fingers' positions, with ``location`` updated to their midpoint;
    /// `nil` when fewer than two are down or they are under ``degenerateDistance`` apart.
    mutating func positions(in event: TouchEvent) -> (Point, Point)? {
        guard let (a, b) = fingers.positions(in: event) else { return nil }
        location = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        guard a.distance(to: b) >= Self.degenerateDistance else { return nil }
        return (a, b)
    }

    /// The first measurable event: the velocity's clock starts here.
    mutating func start(at timestamp: Double) { lastTime = timestamp }

    /// Feeds the measure taken at `timestamp`.
    ///
    /// While possible, it begins when `begins` is true; from then `current` (measured from
    /// touch-down) is ``value``, and the state `changed` on later moves.
    /// - Returns: `true` when the gesture just began.
    @discardableResult
    mutating func advance(to current: Double, at timestamp: Double, begins: Bool) -> Bool {
        switch state {
        case .possible:
            guard begins else { return false }
            value = current  // measured from touch-down, not rebased at the threshold
            lastTime = timestamp
            state = .began
            return true
        case .began, .changed:
            if let lastTime, timestamp > lastTime { velocity = (current - value) / (timestamp - lastTime) }
            lastTime = timestamp
            value = current
            state = .changed
            return false
        default:
            return false
        }
    }

    /// `touchesEnded`: ends (or fails, when not begun) once a followed finger lifts or
    /// no finger is left.
    mutating func ended(_ touches: [Touch], with event: TouchEvent) {
        guard fingers.follows(any: touches) || event.remainingTouchCount == 0 else { return }
        state = state.isActive ? .ended : .failed
    }

    /// `touchesCancelled`: cancels when begun, fails otherwise.
    mutating func cancelled() {
        state = state.isActive ? .cancelled : .failed
    }

    mutating func reset() {
        self = TwoTouchContinuousTracking(valueAtBegan: valueAtBegan)
    }
}
