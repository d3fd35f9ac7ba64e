import GestureGeometry

/// Recognizes taps: `tapsRequired` quick touches by `touchesRequired` fingers in about
/// the same place (UIKit `UITapGestureRecognizer`). Discrete.
///
/// A tap fails when a finger moves more than ``Settings/maximumMovement`` from where it
/// began, when more fingers than required touch, when a press lasts longer than
/// ``Settings/maximumPressDuration``, when a later tap lands farther than
/// ``Settings/maximumTapDistance`` from the first, or when the next tap does not begin
/// within ``Settings/maximumInterval`` of the previous one ending (a timer: the arena's
/// clock, never a sleep).
///
/// With a failure requirement (`single` requires `double` to fail) the single tap is
/// only reported once the double tap's interval has passed (the book's TapTaps).
public final class TapRecognizer: GestureRecognizer {
    public struct Settings: Hashable, Sendable, Codable {
        /// UIKit `numberOfTapsRequired` (default 1).
        public var tapsRequired: Int = 1
        /// UIKit `numberOfTouchesRequired` (default 1).
        public var touchesRequired: Int = 1
        /// Longest gap between one tap ending and the next beginning (seconds).
        /// 0.3 s: Android `DOUBLE_TAP_TIMEOUT`; UIKit does not publish its value.
        public var maximumInterval: Double = 0.3
        /// Farthest a finger may move during a tap (points). 10 pt: UIKit's
        /// `allowableMovement` default for long presses, the one movement slop it documents.
        public var maximumMovement: Double = 10
        /// Longest press that is still a tap (seconds). 0.5 s: UIKit's long-press
        /// `minimumPressDuration` default, so a held finger becomes a long press instead.
        public var maximumPressDuration: Double = 0.5
        /// Farthest a later tap may begin from the first (points). 100: Android `DOUBLE_TAP_SLOP`.
        public var maximumTapDistance: Double = 100
        public init() {}
    }

    public let name: String
    public let settings: Settings
    public var kind: RecognizerKind { .discrete }
    @exclusivity(unchecked) public private(set) var state: RecognizerState = .possible
    @exclusivity(unchecked) public private(set) var deadline: Double?
    @exclusivity(unchecked) public var cancelsTouchesInView: Bool

    @exclusivity(unchecked) private var tapsCompleted = 0
    @exclusivity(unchecked) private var tapInProgress = false
    @exclusivity(unchecked) private var mostTouchesThisTap = 0
    @exclusivity(unchecked) private var firstLocation: Point?
    @exclusivity(unchecked) private var lastLocation: Point?

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        precondition(settings.tapsRequired >= 1 && settings.touchesRequired >= 1,
                     "a tap needs at least one tap and one touch")
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
    }

    public var values: GestureValues {
        var v = GestureValues()
        v.location = lastLocation
        v.numberOfTouches = settings.touchesRequired
        v.taps = tapsCompleted
        return v
    }

    public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        let down = event.remainingTouchCount
        if down > settings.touchesRequired { return fail() }
        if !tapInProgress {
            tapInProgress = true
            mostTouchesThisTap = 0
            deadline = event.timestamp + settings.maximumPressDuration
            if let here = event.centroidOfRemainingTouches {
                if let first = firstLocation {
                    if first.distance(to: here) > settings.maximumTapDistance { return fail() }
                } else {
                    firstLocation = here
                }
            }
        }
        mostTouchesThisTap = max(mostTouchesThisTap, down)
    }

    public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        for t in touches where t.distanceFromStart > settings.maximumMovement { return fail() }
    }

    public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        for t in touches where t.distanceFromStart > settings.maximumMovement { return fail() }
        guard event.remainingTouchCount == 0 else { return }
        tapInProgress = false
        guard mostTouchesThisTap == settings.touchesRequired else { return fail() }
        tapsCompleted += 1
        var sx = 0.0, sy = 0.0
        for t in touches { sx += t.location.x; sy += t.location.y }
        lastLocation = Point(x: sx / Double(touches.count), y: sy / Double(touches.count))
        if tapsCompleted == settings.tapsRequired {
            state = .ended
            deadline = nil
        } else {
            deadline = event.timestamp + settings.maximumInterval
        }
    }

    public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { fail() }

    public func timerFired(at time: Double) { fail() }

    public func reset() {
        state = .possible
        deadline = nil
        tapsCompleted = 0
        tapInProgress = false
        mostTouchesThisTap = 0
        firstLocation = nil
        lastLocation = nil
    }

    private func fail() {
        state = .failed
        deadline = nil
    }
}
