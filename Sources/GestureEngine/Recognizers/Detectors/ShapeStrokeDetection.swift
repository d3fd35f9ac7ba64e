import GestureGeometry

/// The ``StrokeDetecting`` logic shared by the hosted shape detectors
/// (``CheckmarkStrokeDetector``, ``CircleStrokeDetector``): with
/// ``DetectorDecision/streaming`` the stream decides point by point and its `end()` when
/// the finger lifts; with ``DetectorDecision/end`` the points are kept and the detector's
/// whole-stroke test decides when the finger lifts. Reports no score.
///
/// ```swift
/// var detection = ShapeStrokeDetection<CircleDetector.Stream>(thresholds: .sadun, decision: .end)
/// ```
struct ShapeStrokeDetection<Stream: ShapeDetectorStream> {
    let thresholds: Stream.Thresholds
    let decision: DetectorDecision
    private var stream: Stream
    private var points: [Point] = []

    init(thresholds: Stream.Thresholds, decision: DetectorDecision) {
        self.thresholds = thresholds
        self.decision = decision
        stream = Stream(thresholds: thresholds)
    }

    mutating func reset() {
        stream.reset()
        points.removeAll(keepingCapacity: true)
    }

    mutating func add(_ point: Point) -> StrokeDecision {
        switch decision {
        case .streaming:
            return stream.add(point) ? .recognized(score: nil, match: nil) : .undecided
        case .end:
            points.append(point)
            return .undecided
        }
    }

    func finish() -> StrokeDecision {
        let accepted: Bool
        switch decision {
        case .streaming: accepted = stream.end()
        case .end: accepted = Stream.detectsWholeStroke(Stroke(points), thresholds: thresholds)
        }
        return accepted ? .recognized(score: nil, match: nil) : .failed
    }
}
