import GestureGeometry

/// What a stroke detector says after a point, or at the end of the stroke.
public enum StrokeDecision: Hashable, Sendable {
    /// Not yet decided: keep feeding points.
    case undecided
    /// The stroke is the gesture. `score` and `match` are reported with the action; their
    /// meaning is the detector's (documented by it).
    case recognized(score: Double?, match: String?)
    /// The stroke is not the gesture; no later point can change that.
    case failed
}

/// A custom one-finger stroke detector the engine can host, fed point by point as
/// `touchesMoved` would feed it (the book's CheckPlease, Sadun's circle test, or a
/// template matcher that decides at the end).
///
/// ```swift
/// struct LongLine: StrokeDetecting {
///     var points: [Point] = []
///     mutating func reset() { points = [] }
///     mutating func add(_ p: Point) -> StrokeDecision { points.append(p); return .undecided }
///     mutating func finish() -> StrokeDecision {
///         Path.length(points) > 200 ? .recognized(score: nil, match: nil) : .failed
///     }
/// }
/// let r = StrokeRecognizer(name: "line", detector: LongLine())
/// ```
public protocol StrokeDetecting {
    /// Forget the stroke so far.
    mutating func reset()
    /// One more point of the stroke (the first is where the finger came down); `t` is set.
    mutating func add(_ point: Point) -> StrokeDecision
    /// The finger lifted: decide now (`undecided` counts as failed).
    mutating func finish() -> StrokeDecision
    /// How far the finger must move from where it came down (in the touches' units: points
    /// on a screen) before the ``StrokeRecognizer`` hosting this detector may recognize: a
    /// stroke that stays within this distance of its first point never fires it, however
    /// the detector decides. 0: no minimum (the default). A ``StrokeRecognizer`` can be
    /// given another.
    var minimumMovement: Double { get }
}

extension StrokeDetecting {
    public var minimumMovement: Double { 0 }
}
