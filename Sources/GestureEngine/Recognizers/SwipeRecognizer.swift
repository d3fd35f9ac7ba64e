import GestureGeometry

/// A swipe direction on screen (y grows downward, so `up` is toward smaller y).
public enum SwipeDirection: String, CaseIterable, Hashable, Sendable, Codable {
    case right, left, up, down
}

/// Recognizes a straight swipe by `touchesRequired` fingers (UIKit
/// `UISwipeGestureRecognizer`, with the book's rule). Discrete.
///
/// The book's rule, checked on every move for every finger: the finger has travelled at
/// least ``Settings/minimumLength`` along one axis while staying within
/// ``Settings/maximumVariance`` of it. It recognizes when every required finger passes in
/// the same direction and that direction is allowed. It fails as soon as a finger is
/// more than the variance off both axes (a diagonal), when fingers go different ways,
/// when more fingers than required touch, when a finger lifts first, or (optionally)
/// when the swipe takes too long.
public final class SwipeRecognizer: GestureRecognizer {
    public struct Settings: Hashable, Sendable, Codable {
        public var directions: Set<SwipeDirection> = Set(SwipeDirection.allCases)
        public var touchesRequired: Int = 1
        /// 25 points: the book's `kMinimumGestureLength`.
        public var minimumLength: Double = 25
        /// 5 points: the book's `kMaximumVariance`.
        public var maximumVariance: Double = 5
        /// Longest swipe (seconds); `nil` = no limit, as in the book.
        public var maximumDuration: Double?
        public init() {}
    }

    public let name: String
    public let settings: Settings
    public var kind: RecognizerKind { .discrete }
    public private(set) var state: RecognizerState = .possible
    public var cancelsTouchesInView: Bool
    private var startTime: Double?
    private var seen: SwipeDirection?
    private var location: Point?

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        precondition(settings.touchesRequired >= 1, "a swipe needs at least one touch")
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
    }

    public var values: GestureValues {
        var v = GestureValues()
        v.direction = seen
        v.location = location
        v.numberOfTouches = settings.touchesRequired
        return v
    }

    public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if event.remainingTouchCount > settings.touchesRequired { return fail() }
        if startTime == nil { startTime = event.timestamp }
    }

    public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let start = startTime, let limit = settings.maximumDuration, event.timestamp - start > limit {
            return fail()
        }
        var direction: SwipeDirection?
        var passing = 0
        for t in event.allTouches where !t.phase.isFinished {
            let dx = t.location.x - t.startLocation.x, dy = t.location.y - t.startLocation.y
            let ax = abs(dx), ay = abs(dy)
            if ax > settings.maximumVariance && ay > settings.maximumVariance { return fail() }
            let d: SwipeDirection?
            if ax >= settings.minimumLength && ay <= settings.maximumVariance {
                d = dx > 0 ? .right : .left
            } else if ay >= settings.minimumLength && ax <= settings.maximumVariance {
                d = dy > 0 ? .down : .up
            } else {
                d = nil
            }
            guard let d else { continue }
            if let direction, direction != d { return fail() }
            direction = d
            passing += 1
        }
        guard let direction, passing == settings.touchesRequired,
              event.remainingTouchCount == settings.touchesRequired else { return }
        guard settings.directions.contains(direction) else { return fail() }
        seen = direction
        location = event.centroidOfRemainingTouches
        state = .ended
    }

    public func touchesEnded(_ touches: [Touch], with event: TouchEvent) { fail() }
    public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { fail() }

    public func reset() {
        state = .possible
        startTime = nil
        seen = nil
        location = nil
    }

    private func fail() { state = .failed }
}
