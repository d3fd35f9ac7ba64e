import GestureDetectors
import GestureGeometry

/// A swipe direction on screen (y grows downward, so `up` is toward smaller y).
public enum SwipeDirection: String, CaseIterable, Hashable, Sendable, Codable {
    case right, left, up, down
}

extension SwipeDirection {
    /// The engine's name for a direction of the book's swipe rule.
    init(_ direction: SwipeDetector.Direction) {
        switch direction {
        case .right: self = .right
        case .left: self = .left
        case .up: self = .up
        case .down: self = .down
        }
    }
}

/// Recognizes a straight swipe by `touchesRequired` fingers (UIKit
/// `UISwipeGestureRecognizer`, with the book's rule). Discrete.
///
/// The book's rule — GestureDetectors' ``SwipeThresholds/direction(forDisplacement:)``,
/// the same code ``SwipeDetector`` runs — checked on every move for every finger: the
/// finger's displacement from its start is at least ``Settings/minimumLength`` along one
/// axis and at most ``Settings/maximumVariance`` across it. It recognizes when every
/// required finger passes in the same direction and that direction is allowed; a wobble
/// off the axis on the way ((6, 6), then (31, 2)) is accepted, as the book accepts it.
///
/// The book never fails a swipe; a recognizer must, so that those waiting for it (a pan
/// that requires the swipe to fail) may go ahead. It fails when a finger is more than
/// twice ``Settings/maximumVariance`` from its start along *both* axes (10 points with the
/// book's numbers: past a wobble, a diagonal — the first leg of a check mark, a flick),
/// when fingers go different ways, when more fingers than required touch, when a finger
/// lifts first, or (optionally) when the swipe takes too long.
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
    @exclusivity(unchecked) public private(set) var state: RecognizerState = .possible
    @exclusivity(unchecked) public var cancelsTouchesInView: Bool
    @exclusivity(unchecked) private var startTime: Double?
    @exclusivity(unchecked) private var seen: SwipeDirection?
    @exclusivity(unchecked) private var location: Point?
    /// The book's rule with these settings' numbers.
    private let rule: SwipeThresholds

    public init(name: String, settings: Settings = Settings(), cancelsTouchesInView: Bool = true) {
        precondition(settings.touchesRequired >= 1, "a swipe needs at least one touch")
        self.name = name
        self.settings = settings
        self.cancelsTouchesInView = cancelsTouchesInView
        self.rule = SwipeThresholds(minLength: settings.minimumLength, maxVariance: settings.maximumVariance)
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
            let displacement = Point(x: t.location.x - t.startLocation.x, y: t.location.y - t.startLocation.y)
            if Swift.min(abs(displacement.x), abs(displacement.y)) > 2 * settings.maximumVariance { return fail() }
            guard let passed = rule.direction(forDisplacement: displacement) else { continue }
            let d = SwipeDirection(passed)
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
