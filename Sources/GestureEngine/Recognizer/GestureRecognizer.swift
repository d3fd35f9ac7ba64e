/// A gesture recognizer, in the shape of UIKit's `UIGestureRecognizer` subclassing API.
///
/// A recognizer reads touches and moves its own ``state``: that is its *proposal*. The
/// ``GestureArena`` decides what happens to the proposal (require-to-fail, exclusivity,
/// simultaneity), keeps the state everyone sees, sends actions, and calls ``reset()``
/// when a touch sequence is over. The arena only delivers touches while the recognizer's
/// own state is `possible`, `began` or `changed`.
///
/// Conforming types set ``state`` as follows:
/// - discrete: `.possible` → `.ended` (recognized) or `.failed`;
/// - continuous: `.possible` → `.began` → `.changed` (on every update) → `.ended`,
///   `.cancelled` or `.failed` (never having begun).
/// A recognizer that waits for time to pass (the next tap, a long press) returns the
/// moment in ``deadline``; the arena calls ``timerFired(at:)`` when the clock reaches it,
/// and the recognizer must then change ``deadline`` (to `nil` or later).
public protocol GestureRecognizer: AnyObject {
    /// The name actions and reports use; unique in an arena.
    var name: String { get }
    var kind: RecognizerKind { get }
    /// The recognizer's own reading of the touches so far.
    var state: RecognizerState { get }
    /// The time at which the recognizer changes state unless a touch comes first.
    var deadline: Double? { get }
    /// When it recognizes, the touch sink gets `touchesCancelled` for the touches on screen
    /// (UIKit `cancelsTouchesInView`, default `true`).
    var cancelsTouchesInView: Bool { get }
    /// Values for the action being sent (translation, scale, …).
    var values: GestureValues { get }

    func touchesBegan(_ touches: [Touch], with event: TouchEvent)
    func touchesMoved(_ touches: [Touch], with event: TouchEvent)
    func touchesEnded(_ touches: [Touch], with event: TouchEvent)
    func touchesCancelled(_ touches: [Touch], with event: TouchEvent)
    /// Called once the clock reaches ``deadline``.
    func timerFired(at time: Double)
    /// Back to `possible` with no memory of earlier touches.
    func reset()
}

extension GestureRecognizer {
    public var deadline: Double? { nil }
    public func timerFired(at time: Double) {}
}
