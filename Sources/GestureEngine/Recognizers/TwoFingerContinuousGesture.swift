import Foundation
import GestureGeometry

/// What a two-finger continuous recognizer measures from its two fingers: a pinch the
/// ratio of their distance to the distance when they came down (``DistanceRatio``), a
/// rotation the angle their line has turned since (``TurnedAngle``).
protocol TwoFingerMeasure {
    /// The measure before the gesture begins (1 for a ratio, 0 for an angle); the gesture
    /// begins once the measure is its threshold away from it.
    static var atTouchDown: Double { get }
    init()
    /// The measure with the fingers at `a` and `b`, since the first measurable event;
    /// `nil` on that first event, which only takes the reference.
    mutating func measure(_ a: Point, _ b: Point) -> Double?
    /// Puts the measure and its velocity (measure per second) in an action's values.
    static func report(_ value: Double, velocity: Double, in values: inout GestureValues)
}

/// A pinch's or rotation's touch handling: ``TwoTouchContinuousTracking``'s state machine
/// fed with `Measure` on every event, beginning once the measure has moved `threshold`
/// from ``TwoFingerMeasure/atTouchDown``. The recognizer forwards its touches here and
/// reads ``tracking``'s state, value and velocity.
///
/// A value type specialized for its measure, so an event costs no allocation and no
/// dynamic dispatch.
struct TwoFingerContinuousGesture<Measure: TwoFingerMeasure> {
    /// How far the measure must move from ``TwoFingerMeasure/atTouchDown`` to begin.
    let threshold: Double
    private(set) var tracking = TwoTouchContinuousTracking(valueAtBegan: Measure.atTouchDown)
    private var measure = Measure()

    init(threshold: Double) { self.threshold = threshold }

    /// The action's values: the fingers' midpoint, two touches, the measure and its velocity.
    var values: GestureValues {
        var v = GestureValues()
        v.location = tracking.location
        v.numberOfTouches = 2
        Measure.report(tracking.value, velocity: tracking.velocity, in: &v)
        return v
    }

    mutating func touchesBegan(_ event: TouchEvent) {
        if tracking.acceptsBegan(event) { update(event) }
    }

    mutating func touchesMoved(_ event: TouchEvent) { update(event) }

    mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent) { tracking.ended(touches, with: event) }

    mutating func touchesCancelled() { tracking.cancelled() }

    mutating func reset() {
        tracking.reset()
        measure = Measure()
    }

    private mutating func update(_ event: TouchEvent) {
        guard let (a, b) = tracking.positions(in: event) else { return }
        guard let current = measure.measure(a, b) else {
            tracking.start(at: event.timestamp)
            return
        }
        // Measured from touch-down, as UIKit reports it, not rebased at the threshold
        // (rebasing made two 2× pinches multiply to 3.16, and a 1.0 rad turn read 0.9).
        tracking.advance(to: current, at: event.timestamp, begins: abs(current - Measure.atTouchDown) >= threshold)
    }
}

/// A recognizer that is a ``TwoFingerContinuousGesture`` (``PinchRecognizer``,
/// ``RotationRecognizer``): this extension is its ``GestureRecognizer`` conformance, the
/// touches forwarded to ``gesture`` and the state and values read from it. The conforming
/// class keeps its name, settings and `cancelsTouchesInView`, and names the measure for
/// its API (`scale`, `rotation`).
///
/// (These members are declared `public` to satisfy ``GestureRecognizer``; callers reach
/// them through that protocol's requirements, which is how they read on the classes.)
protocol TwoFingerContinuousRecognizer: GestureRecognizer {
    associatedtype Measure: TwoFingerMeasure
    var gesture: TwoFingerContinuousGesture<Measure> { get set }
}

extension TwoFingerContinuousRecognizer {
    public var kind: RecognizerKind { .continuous }
    public var state: RecognizerState { gesture.tracking.state }
    public var values: GestureValues { gesture.values }

    public func touchesBegan(_ touches: [Touch], with event: TouchEvent) { gesture.touchesBegan(event) }

    public func touchesMoved(_ touches: [Touch], with event: TouchEvent) { gesture.touchesMoved(event) }

    public func touchesEnded(_ touches: [Touch], with event: TouchEvent) { gesture.touchesEnded(touches, with: event) }

    public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { gesture.touchesCancelled() }

    public func reset() { gesture.reset() }
}

/// A pinch's measure: the fingers' distance relative to their distance at touch-down, so
/// that the product of successive pinches is the fingers' overall ratio.
struct DistanceRatio: TwoFingerMeasure {
    static var atTouchDown: Double { 1 }
    private var reference: Double?

    mutating func measure(_ a: Point, _ b: Point) -> Double? {
        let d = a.distance(to: b)
        guard let reference else {
            reference = d
            return nil
        }
        return d / reference
    }

    static func report(_ value: Double, velocity: Double, in values: inout GestureValues) {
        values.scale = value
        values.scaleVelocity = velocity
    }
}

/// A rotation's measure: radians the line from the first finger to the second has turned
/// since touch-down, positive clockwise on screen (y grows downward), unwrapped (two full
/// turns read 4π).
struct TurnedAngle: TwoFingerMeasure {
    static var atTouchDown: Double { 0 }
    private var lastAngle: Double?
    private var turned = 0.0

    mutating func measure(_ a: Point, _ b: Point) -> Double? {
        let angle = atan2(b.y - a.y, b.x - a.x)
        guard let last = lastAngle else {
            lastAngle = angle
            return nil
        }
        var step = angle - last
        if step > .pi { step -= 2 * .pi } else if step <= -.pi { step += 2 * .pi }
        lastAngle = angle
        turned += step
        return turned
    }

    static func report(_ value: Double, velocity: Double, in values: inout GestureValues) {
        values.rotation = value
        values.rotationVelocity = velocity
    }
}
