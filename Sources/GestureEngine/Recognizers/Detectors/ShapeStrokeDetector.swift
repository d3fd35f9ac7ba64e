import GestureDetectors
import GestureGeometry

/// Any GestureDetectors ``GestureDetectors/ShapeDetector`` — the check mark, the circle,
/// the general shape detector trained for a label of your own — as a ``StrokeDetecting``
/// detector, for a ``StrokeRecognizer``:
///
/// ```swift
/// let check = StrokeRecognizer(name: "check", detector: ShapeStrokeDetector(thresholds: CheckmarkThresholds.checkPlease))
/// let circle = StrokeRecognizer(name: "circle", detector: ShapeStrokeDetector(thresholds: CircleThresholds.sadun))
/// ```
/// By default a book rule decides when its detector does (``GestureDetectors/ShapeDetector/decidesWhileMoving``:
/// CheckPlease while the finger moves, Sadun's circle when it lifts) and trained
/// thresholds decide when the finger lifts, so that the first two legs of a zig-zag
/// never fire a check mark. With ``DetectorDecision/streaming`` it recognizes at the point where its
/// `DetectorStream` fires (and, if it has not, asks the stream's whole-stroke decision
/// when the finger lifts); with ``DetectorDecision/end`` it keeps the points and applies
/// the whole-stroke test when the finger lifts. Reports the thresholds' label (if any) as
/// the match, no score.
public struct ShapeStrokeDetector<D: ShapeDetector>: StrokeDetecting {
    public let thresholds: DetectorThresholds<D>
    public let decision: DetectorDecision
    private var stream: DetectorStream<D>
    private var points: [Point] = []

    public init(thresholds: DetectorThresholds<D>, decision: DetectorDecision? = nil) {
        self.thresholds = thresholds
        self.decision = decision ?? (thresholds.trainedBox == nil && D.decidesWhileMoving ? .streaming : .end)
        stream = DetectorStream(thresholds: thresholds)
    }

    public mutating func reset() {
        stream.reset()
        points.removeAll(keepingCapacity: true)
    }

    public mutating func add(_ point: Point) -> StrokeDecision {
        switch decision {
        case .streaming:
            return stream.add(point) ? recognized : .undecided
        case .end:
            points.append(point)
            return .undecided
        }
    }

    public mutating func finish() -> StrokeDecision {
        let accepted: Bool
        switch decision {
        case .streaming: accepted = stream.hasFired || stream.end()
        case .end: accepted = thresholds.accepts(Stroke(points))
        }
        return accepted ? recognized : .failed
    }

    /// Trained thresholds: 10 points, the movement a tap may make (UIKit's documented
    /// `allowableMovement`, ``TapRecognizer/Settings/maximumMovement``): a trained box
    /// measures shape whatever its size, and the few points of a tap, within a few points
    /// of each other, can make any shape. The book's rules: 0 (CheckPlease has its own
    /// minimum length; Sadun's circle test, as published, has none).
    public var minimumMovement: Double {
        thresholds.trainedBox == nil ? 0 : TapRecognizer.Settings().maximumMovement
    }

    private var recognized: StrokeDecision { .recognized(score: nil, match: thresholds.label) }
}
