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
    public var thresholds: CircleThresholds { detection.thresholds }
    public var decision: DetectorDecision { detection.decision }
    private var detection: ShapeStrokeDetection<CircleDetector.Stream>

    public init(thresholds: CircleThresholds = .sadun, decision: DetectorDecision = .streaming) {
        detection = ShapeStrokeDetection(thresholds: thresholds, decision: decision)
    }

    public mutating func reset() { detection.reset() }

    public mutating func add(_ point: Point) -> StrokeDecision { detection.add(point) }

    public mutating func finish() -> StrokeDecision { detection.finish() }
}
