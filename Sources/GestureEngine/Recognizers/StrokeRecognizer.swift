import GestureGeometry

/// Hosts a ``StrokeDetecting`` detector as a discrete recognizer for one-finger strokes:
/// every touch position goes to the detector as it arrives; the detector's first
/// decision is the recognizer's. A second finger, a cancelled touch, or a stroke that
/// ends undecided makes it fail.
///
/// Streaming detectors (check mark, circle) may recognize while the finger is still
/// moving; end-of-stroke detectors (templates) decide in ``StrokeDetecting/finish()``.
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

    public init(name: String, detector: Detector, cancelsTouchesInView: Bool = true) {
        self.name = name
        self.detector = detector
        self.cancelsTouchesInView = cancelsTouchesInView
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
    }

    private func feed(_ p: Point, at time: Double) {
        let point = Point(x: p.x, y: p.y, t: time)
        last = point
        pointCount += 1
        apply(detector.add(point), atEnd: false)
    }

    private func apply(_ d: StrokeDecision, atEnd: Bool) {
        switch d {
        case .undecided: if atEnd { fail() }
        case .recognized(let score, let match):
            decided = (score, match)
            state = .ended
        case .failed: fail()
        }
    }

    private func fail() { state = .failed }
}
