import GestureGeometry

/// Hosts a ``StrokeDetecting`` detector as a discrete recognizer for one-finger strokes:
/// every touch position goes to the detector as it arrives; the detector's first
/// decision is the recognizer's. A second finger, a cancelled touch, or a stroke that
/// ends undecided makes it fail.
///
/// Streaming detectors (check mark, circle) may recognize while the finger is still
/// moving; end-of-stroke detectors (templates) decide in ``StrokeDetecting/finish()``.
///
/// It recognizes only once the finger has moved farther than ``minimumMovement`` from
/// where it came down: a yes from the detector before that is held back (and, at the lift,
/// the recognizer fails), so a tap's few points never fire a shape, whatever shape they
/// make. The default is the detector's own (``StrokeDetecting/minimumMovement``: 10 points
/// for trained thresholds and template matchers, 0 for the book's rules, which have
/// their own).
public final class StrokeRecognizer<Detector: StrokeDetecting>: GestureRecognizer {
    public let name: String
    public var kind: RecognizerKind { .discrete }
    @exclusivity(unchecked) public private(set) var state: RecognizerState = .possible
    @exclusivity(unchecked) public var cancelsTouchesInView: Bool
    /// The detector, as it stands (its stroke so far).
    @exclusivity(unchecked) public private(set) var detector: Detector
    @exclusivity(unchecked) private var decided: (score: Double?, match: String?)?
    @exclusivity(unchecked) private var last: Point?
    @exclusivity(unchecked) private var pointCount = 0
    /// Where the finger came down, and the farthest it has been from there.
    @exclusivity(unchecked) private var first: Point?
    @exclusivity(unchecked) private var farthest = 0.0
    /// How far the finger must move from where it came down before this recognizer may
    /// recognize (the touches' units); 0: no minimum.
    public let minimumMovement: Double

    /// - Parameter minimumMovement: how far the finger must move from where it came down
    ///   before the recognizer may recognize (`nil`: the detector's
    ///   ``StrokeDetecting/minimumMovement``; 0: no minimum).
    /// - Precondition: `minimumMovement`, when given, is finite and ≥ 0.
    public init(name: String, detector: Detector, cancelsTouchesInView: Bool = true, minimumMovement: Double? = nil) {
        precondition(minimumMovement.map { $0.isFinite && $0 >= 0 } ?? true, "minimumMovement must be a finite number >= 0")
        self.name = name
        self.detector = detector
        self.cancelsTouchesInView = cancelsTouchesInView
        self.minimumMovement = minimumMovement ?? detector.minimumMovement
    }

    public var values: GestureValues {
        var v = GestureValues()
        v.location = last.map { Point(x: $0.x, y: $0.y) }
        v.numberOfTouches = 1
        v.score = decided?.score
        v.match = decided?.match
        return v
    }

    public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard event.remainingTouchCount == 1, pointCount == 0, let t = touches.first else { return fail() }
        detector.reset()
        feed(t.location, at: event.timestamp)
    }

    public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard event.remainingTouchCount == 1, let t = touches.first else { return fail() }
        feed(t.location, at: event.timestamp)
    }

    public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard let t = touches.first else { return fail() }
        if let last, t.location.x != last.x || t.location.y != last.y { feed(t.location, at: event.timestamp) }
        guard state == .possible else { return }
        apply(detector.finish(), atEnd: true)
    }

    public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { fail() }

    public func reset() {
        state = .possible
        detector.reset()
        decided = nil
        last = nil
        pointCount = 0
        first = nil
        farthest = 0
    }

    private func feed(_ p: Point, at time: Double) {
        let point = Point(x: p.x, y: p.y, t: time)
        last = point
        pointCount += 1
        if let first {
            let d = first.distance(to: point)
            if d > farthest { farthest = d }  // false for NaN: a NaN point moves nothing
        } else {
            first = point
        }
        apply(detector.add(point), atEnd: false)
    }

    /// The finger has moved farther than ``minimumMovement`` from where it came down.
    private var movedEnough: Bool { minimumMovement <= 0 || farthest > minimumMovement }

    private func apply(_ d: StrokeDecision, atEnd: Bool) {
        switch d {
        case .undecided: if atEnd { fail() }
        case .recognized(let score, let match):
            // Too little movement yet: hold the yes back; at the lift it is a tap, not a shape.
            guard movedEnough else {
                if atEnd { fail() }
                return
            }
            decided = (score, match)
            state = .ended
        case .failed: fail()
        }
    }

    private func fail() { state = .failed }
}
