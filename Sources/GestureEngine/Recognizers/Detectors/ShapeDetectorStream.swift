import GestureDetectors
import GestureGeometry

/// What ``ShapeStrokeDetection`` needs from a GestureDetectors shape detector: its
/// point-by-point stream and its whole-stroke test, both built from the same thresholds.
///
/// GestureDetectors' `CheckmarkDetector.Stream` and `CircleDetector.Stream` conform here,
/// in the engine, so that GestureDetectors stays unaware of the engine.
protocol ShapeDetectorStream {
    associatedtype Thresholds
    init(thresholds: Thresholds)
    /// One more point; `true` when the stroke so far is the shape.
    mutating func add(_ p: Point) -> Bool
    /// The stream's decision when the finger lifts.
    func end() -> Bool
    mutating func reset()
    /// The detector's test on the whole stroke.
    static func detectsWholeStroke(_ stroke: Stroke, thresholds: Thresholds) -> Bool
}

extension CheckmarkDetector.Stream: ShapeDetectorStream {
    static func detectsWholeStroke(_ stroke: Stroke, thresholds: CheckmarkThresholds) -> Bool {
        CheckmarkDetector(thresholds: thresholds).detects(stroke)
    }
}

extension CircleDetector.Stream: ShapeDetectorStream {
    static func detectsWholeStroke(_ stroke: Stroke, thresholds: CircleThresholds) -> Bool {
        CircleDetector(thresholds: thresholds).detects(stroke)
    }
}
