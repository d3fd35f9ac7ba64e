import Foundation
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
    /// What the shape is by definition, whatever the examples: bounds on some measures that
    /// no trained box reaches past (a circle is left open by at most a fifth of a turn). Training
    /// starts inside them, so the negatives they refuse press on no other bound; names that
    /// are not trained measures are ignored. None by default.
    static func definitionLimits(settings: ShapeSettings) -> [String: ClosedRange<Double>]
    /// Names among ``featureNames`` that count something (corners, loops): training bounds
    /// them by whole numbers and never widens them by a margin; none by default.
    static var countFeatureNames: Set<String> { get }
    /// Names among ``featureNames`` that boxes trained by earlier versions may bound (and
    /// are read with) but training never bounds now; none by default.
    static var untrainedFeatureNames: Set<String> { get }
    /// A trained box as read from a file, brought up to what the measures mean today (a
    /// box written before a measure existed may need a bound on it to decide as it did);
    /// the box unchanged by default.
    static func upgradedBox(_ box: FeatureBox) -> FeatureBox
    /// The book's presets, the default one first; none by default.
    static var bookPresets: [BookPreset<Self>] { get }
    /// Whether the detector decides while the finger moves unless told otherwise (the
    /// book's CheckPlease does); `false` by default: it decides at touch end, so that the
    /// beginning of another symbol cannot fire it.
    static var decidesWhileMoving: Bool { get }
    /// How far a drawing of the shape may be turned or mirrored and still be the shape;
    /// training's augmentation stays within it. ``ShapeTolerance/slightTilt`` by default.
    static var tolerance: ShapeTolerance { get }
    /// The shape in plain words ("a check mark"), for explanations; `nil` (the default) for
    /// a detector trained for any label, which its thresholds' label names.
    static var shapeName: String? { get }
    /// The label a model folder trains this detector on unless told otherwise; `nil` (the
    /// default) for a detector that model folders train only when asked, per label.
    static var defaultLabel: String? { get }
}

extension ShapeDetector {
    /// The detector fed point by point.
    public typealias Stream = DetectorStream<Self>

    public static var referenceStrokes: [Stroke] { [] }
    public static func definitionLimits(settings: ShapeSettings) -> [String: ClosedRange<Double>] { [:] }
    public static var countFeatureNames: Set<String> { [] }
    public static var untrainedFeatureNames: Set<String> { [] }
    public static func upgradedBox(_ box: FeatureBox) -> FeatureBox { box }
    public static var bookPresets: [BookPreset<Self>] { [] }
    public static var decidesWhileMoving: Bool { false }
    public static var tolerance: ShapeTolerance { .slightTilt }
    public static var shapeName: String? { nil }
    public static var defaultLabel: String? { nil }

    /// `gesturelab.<id>/1`.
    public static var format: String { "gesturelab.\(id)/1" }

    /// Prepares `stroke` and measures it; `nil` for a degenerate stroke (non-finite, fewer
    /// than two distinct points, zero length) or one the detector cannot measure.
    /// - Complexity: O(n · granularity + resampleCount · cost of the measures).
    public static func featureVector(_ stroke: Stroke, settings: ShapeSettings = defaultSettings) -> [Double]? {
        guard settings.problem == nil,
              let p = StrokePreparation.prepared(stroke, count: settings.resampleCount,
                                                 granularity: settings.smoothingGranularity, jitterRadius: settings.jitterRadius,
                                                 jitterTurns: settings.jitterTurns)
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
    /// The rule's decision on the whole raw stroke in plain words, with the raw measures
    /// behind it (the recorder page shows them). By default the decision alone.
    func explain(_ stroke: Stroke) -> BookRuleExplanation
}

extension ShapeBookRule {
    public func explain(_ stroke: Stroke) -> BookRuleExplanation {
        let accepted = stroke.isFinite && accepts(stroke)
        return BookRuleExplanation(accepted: accepted, measurements: [:],
                                   why: "\(Self.ruleName) rule: \(accepted ? "accepted" : "rejected")")
    }
}

/// A book rule's decision on one stroke, explained.
public struct BookRuleExplanation: Hashable, Sendable {
    public var accepted: Bool
    /// The raw measures the rule decided on, by name.
    public var measurements: [String: Double]
    /// One sentence: the rule's constants and what the stroke measured against them.
    public var why: String

    public init(accepted: Bool, measurements: [String: Double], why: String) {
        self.accepted = accepted
        self.measurements = measurements
        self.why = why
    }

    /// A number for a sentence: two decimals at most, whole numbers without them; any
    /// finite value however large (scientific beyond 10¹²), ±∞ and NaN spelled out.
    public static func format(_ x: Double) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x > 0 ? "∞" : "−∞") }
        guard abs(x) < 1e12 else { return String(format: "%.3g", x) }
        let r = (x * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

/// A book rule under the names a user gives it.
public struct BookPreset<D: ShapeDetector>: Sendable {
    /// The name recognizer configurations use first (`checkPlease`), then other spellings
    /// the command line accepts (`checkplease`).
    public var names: [String]
    /// The rule's name in reports ("CheckPlease").
    public var title: String
    public var thresholds: DetectorThresholds<D>

    public init(names: [String], title: String, thresholds: DetectorThresholds<D>) {
        precondition(!names.isEmpty, "a preset needs a name")
        self.names = names
        self.title = title
        self.thresholds = thresholds
    }

    /// The configuration's name.
    public var name: String { names[0] }
}

/// How far a drawing may be varied and still be the same gesture.
public struct ShapeTolerance: Hashable, Sendable {
    /// Largest rotation either way, in degrees.
    public var rotationDegrees: Double
    /// Whether a mirrored stroke is still the gesture (a circle drawn the other way round
    /// is; a mirrored check mark is not).
    public var mirror: Bool

    public init(rotationDegrees: Double, mirror: Bool) {
        self.rotationDegrees = rotationDegrees
        self.mirror = mirror
    }

    /// Orientation often tells symbols apart (a `v` from a caret, a left from a right
    /// bracket): a slight tilt (±15°), never mirrored.
    public static let slightTilt = ShapeTolerance(rotationDegrees: 15, mirror: false)
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
