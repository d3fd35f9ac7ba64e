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
    public var thresholds: CheckmarkThresholds { detection.thresholds }
    public var decision: DetectorDecision { detection.decision }
    private var detection: ShapeStrokeDetection<CheckmarkDetector.Stream>

    public init(thresholds: CheckmarkThresholds = .checkPlease, decision: DetectorDecision = .streaming) {
        detection = ShapeStrokeDetection(thresholds: thresholds, decision: decision)
    }

    public mutating func reset() { detection.reset() }

    public mutating func add(_ point: Point) -> StrokeDecision { detection.add(point) }

    public mutating func finish() -> StrokeDecision { detection.finish() }
}
