import GestureDetectors
import GestureGeometry

/// GestureDetectors' circle detector as a ``StrokeDetecting`` detector, for a
/// ``StrokeRecognizer``:
///
/// ```swift
/// let circle = StrokeRecognizer(name: "circle", detector: CircleStrokeDetector(thresholds: .sadun, decision: .end))
/// ```
/// With ``DetectorDecision/streaming`` it recognizes at the first point where the stroke
/// so far passes (`CircleDetector.Stream`, O(n) per point); with ``DetectorDecision/end``
/// it applies the whole-stroke test when the finger lifts, as Sadun's recipe does.
public struct CircleStrokeDetector: StrokeDetecting {
    public let thresholds: CircleThresholds
    public let decision: DetectorDecision
    private var stream: CircleDetector.Stream
    private var points: [Point] = []

    public init(thresholds: CircleThresholds = .sadun, decision: DetectorDecision = .streaming) {
        self.thresholds = thresholds
        self.decision = decision
        stream = CircleDetector.Stream(thresholds: thresholds)
    }

    public mutating func reset() {
        stream.reset()
        points.removeAll(keepingCapacity: true)
    }

    public mutating func add(_ point: Point) -> StrokeDecision {
        switch decision {
        case .streaming:
            return stream.add(point) ? .recognized(score: nil, match: nil) : .undecided
        case .end:
            points.append(point)
            return .undecided
        }
    }

    public mutating func finish() -> StrokeDecision {
        let accepted: Bool
        switch decision {
        case .streaming: accepted = stream.end()
        case .end: accepted = CircleDetector(thresholds: thresholds).detects(Stroke(points))
        }
        return accepted ? .recognized(score: nil, match: nil) : .failed
    }
}
