import GestureDetectors
import GestureGeometry

/// GestureDetectors' check-mark detector as a ``StrokeDetecting`` detector, for a
/// ``StrokeRecognizer``:
///
/// ```swift
/// let check = StrokeRecognizer(name: "check", detector: CheckmarkStrokeDetector(thresholds: .checkPlease))
/// ```
/// With ``DetectorDecision/streaming`` it recognizes at the point where
/// `CheckmarkDetector.Stream` fires; with ``DetectorDecision/end`` it asks the stream's
/// whole-stroke decision (`CheckmarkDetector.detects`) when the finger lifts. Reports no score.
public struct CheckmarkStrokeDetector: StrokeDetecting {
    public let thresholds: CheckmarkThresholds
    public let decision: DetectorDecision
    private var stream: CheckmarkDetector.Stream
    private var points: [Point] = []

    public init(thresholds: CheckmarkThresholds = .checkPlease, decision: DetectorDecision = .streaming) {
        self.thresholds = thresholds
        self.decision = decision
        stream = CheckmarkDetector.Stream(thresholds: thresholds)
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
        case .end: accepted = CheckmarkDetector(thresholds: thresholds).detects(Stroke(points))
        }
        return accepted ? .recognized(score: nil, match: nil) : .failed
    }
}
