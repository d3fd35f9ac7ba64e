import GestureDetectors
import GestureGeometry

/// Any GestureDetectors ``GestureDetectors/ShapeDetector`` with trained thresholds as a
/// ``StrokeDetecting`` detector, for a ``StrokeRecognizer`` — the general shape detector
/// trained for a label of your own, for instance:
///
/// ```swift
/// let zigZag = try JSONDecoder().decode(DetectorThresholds<GeneralShapeDetector>.self, from: data)
/// let recognizer = StrokeRecognizer(name: "zig_zag", detector: TrainedShapeStrokeDetector(thresholds: zigZag, decision: .end))
/// ```
/// With ``DetectorDecision/streaming`` it recognizes at the point where
/// `DetectorStream` fires (bounded cost per point); with ``DetectorDecision/end`` it
/// applies the whole-stroke test when the finger lifts. Reports the thresholds' label
/// as the match, no score.
public struct TrainedShapeStrokeDetector<D: ShapeDetector>: StrokeDetecting {
    public var thresholds: DetectorThresholds<D> { detection.thresholds }
    public var decision: DetectorDecision { detection.decision }
    private var detection: ShapeStrokeDetection<DetectorStream<D>>

    public init(thresholds: DetectorThresholds<D>, decision: DetectorDecision = .end) {
        detection = ShapeStrokeDetection(thresholds: thresholds, decision: decision)
    }

    public mutating func reset() { detection.reset() }

    public mutating func add(_ point: Point) -> StrokeDecision { labelled(detection.add(point)) }

    public mutating func finish() -> StrokeDecision { labelled(detection.finish()) }

    private func labelled(_ d: StrokeDecision) -> StrokeDecision {
        if case .recognized(let score, nil) = d, let label = thresholds.label { return .recognized(score: score, match: label) }
        return d
    }
}

extension DetectorStream: ShapeDetectorStream {
    static func detectsWholeStroke(_ stroke: Stroke, thresholds: DetectorThresholds<D>) -> Bool {
        thresholds.accepts(stroke)
    }
}
