import GestureGeometry

/// A rule-based detector of one shape drawn as one stroke: what it measures, under which
/// name its thresholds are stored, and which strokes any trained box must accept.
///
/// A conforming type supplies the measurements; everything else is generic over it:
/// ``DetectorThresholds`` (a book rule or a trained ``FeatureBox``, read and written as
/// `gesturelab.<id>/1`), ``DetectorStream`` (point by point, bounded cost per point),
/// training and evaluation in GestureTraining, and the engine's stroke recognizer.
///
/// ```swift
/// enum Lasso: ShapeDetector {
///     static let id = "lasso"
///     static let featureNames = ["closure"]
///     static let defaultSettings = ShapeSettings(resampleCount: 64)
///     static func features(ofResampled p: [Point], settings: ShapeSettings) -> [Double]? {
///         guard let first = p.first, let last = p.last else { return nil }
///         let length = Path.length(p)
///         return length > 0 ? [first.distance(to: last) / length] : nil
///     }
/// }
/// ```
/// Measurements are taken on the stroke prepared by ``StrokePreparation`` (repeats
/// dropped, Catmull-Rom smoothed, resampled to `resampleCount` equally spaced points),
/// so they do not depend on the device's sampling rate and a stream can keep the
/// prepared prefix up to date in bounded time.
public protocol ShapeDetector: Sendable {
    /// The book's rule for this shape, if it has one (``NoBookRule`` otherwise).
    associatedtype BookRule: ShapeBookRule = NoBookRule
    /// Short name: the CLI argument, the engine configuration's `type`, and the thresholds
    /// file's `format` (`gesturelab.<id>/1`).
    static var id: String { get }
    /// Names of the measured values, in the order of ``features(ofResampled:settings:)``.
    static var featureNames: [String] { get }
    /// The preparation this detector's measures were designed for.
    static var defaultSettings: ShapeSettings { get }
    /// Measures on `settings.resampleCount` equally spaced points; `nil` when the shape
    /// cannot be measured (a degenerate stroke), which never detects.
    static func features(ofResampled points: [Point], settings: ShapeSettings) -> [Double]?
    /// Strokes a trained box is widened to accept whatever the recorded positives were
    /// (an ideal circle); none by default.
    static var referenceStrokes: [Stroke] { get }
}

extension ShapeDetector {
    /// The detector fed point by point.
    public typealias Stream = DetectorStream<Self>

    public static var referenceStrokes: [Stroke] { [] }

    /// `gesturelab.<id>/1`.
    public static var format: String { "gesturelab.\(id)/1" }

    /// Prepares `stroke` and measures it; `nil` for a degenerate stroke (non-finite, fewer
    /// than two distinct points, zero length) or one the detector cannot measure.
    /// - Complexity: O(n · granularity + resampleCount · cost of the measures).
    public static func featureVector(_ stroke: Stroke, settings: ShapeSettings = defaultSettings) -> [Double]? {
        guard settings.problem == nil,
              let p = StrokePreparation.prepared(stroke, count: settings.resampleCount,
                                                 granularity: settings.smoothingGranularity)
        else { return nil }
        return features(ofResampled: p, settings: settings)
    }
}

/// A detector value that holds its thresholds (``CheckmarkDetector``, ``CircleDetector``).
public protocol ThresholdedShapeDetector: ShapeDetector {
    var thresholds: DetectorThresholds<Self> { get }
}

extension ThresholdedShapeDetector {
    /// `true` when the whole stroke is the shape under ``thresholds``.
    public func detects(_ stroke: Stroke) -> Bool { thresholds.accepts(stroke) }
}

/// A book's rule for a shape (CheckPlease's angle test, Sadun's circle test), stored in a
/// thresholds file as `"rule": ruleName` with its constants under the key `ruleName`.
///
/// A stream applies it point by point through ``begin()`` and
/// ``passes(adding:to:)``; by default these keep the points and apply ``accepts(_:)`` to
/// every prefix (O(n) per point). A rule that can do better keeps its own progress
/// (CheckPlease: O(1) per point).
public protocol ShapeBookRule: Hashable, Codable, Sendable {
    /// What a stream keeps between points.
    associatedtype Progress: Sendable = [Point]
    /// The rule's name in files and presets.
    static var ruleName: String { get }
    /// The rule on the whole raw stroke (finite points).
    func accepts(_ stroke: Stroke) -> Bool
    /// The progress of an empty stroke.
    func begin() -> Progress
    /// Adds the next finite raw point; `true` when the stroke so far passes the rule.
    func passes(adding p: Point, to progress: inout Progress) -> Bool
}

extension ShapeBookRule where Progress == [Point] {
    public func begin() -> [Point] { [] }

    public func passes(adding p: Point, to progress: inout [Point]) -> Bool {
        progress.append(p)
        return accepts(Stroke(progress))
    }
}

/// The rule of a detector that has no book rule: it cannot be made.
public enum NoBookRule: ShapeBookRule {
    public static let ruleName = "none"
    public func accepts(_ stroke: Stroke) -> Bool { switch self {} }
    public init(from decoder: Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "this detector has no book rule"))
    }
    public func encode(to encoder: Encoder) throws { switch self {} }
}
