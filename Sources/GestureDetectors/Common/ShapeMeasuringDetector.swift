import GestureGeometry

/// Named measures of one stroke's shape (``CheckmarkDetector/Shape``,
/// ``CircleDetector/Shape``): what a trained ``FeatureBox`` reads.
public protocol ShapeMeasures: Hashable, Sendable {
    /// The names of the values in ``vector``, in a fixed order.
    static var names: [String] { get }
    /// The measures that count something: bounded by whole numbers, never widened by a
    /// training margin.
    static var countNames: Set<String> { get }
    /// Measures still computed so that boxes trained by earlier versions decide as they
    /// did, but never bounded by training now (a measure replaced by a better one); none
    /// by default.
    static var legacyNames: Set<String> { get }
    /// The measures in the order of ``names``.
    var vector: [Double] { get }
}

extension ShapeMeasures {
    public static var legacyNames: Set<String> { [] }

    /// The measures by name, as a ``FeatureBox`` reads them.
    public var values: [String: Double] { Dictionary(uniqueKeysWithValues: zip(Self.names, vector)) }
}

/// A detector value holding its thresholds whose trained rule reads one ``ShapeMeasures``
/// type taken on the prepared stroke, beside the raw measures of its book rule
/// (``CheckmarkDetector``, ``CircleDetector``).
///
/// It supplies ``measure(_:settings:)`` (both rules' measures) and
/// ``shape(resampled:settings:)``; the feature names, the feature vector, the preparation
/// and the instance's ``measure(_:)`` come from here.
public protocol ShapeMeasuringDetector: ThresholdedShapeDetector {
    /// The shape measures the trained rule reads.
    associatedtype Shape: ShapeMeasures
    /// Everything the detector measures on one stroke, for both rules.
    associatedtype Features
    /// Measures `stroke` for both rules, the shape with `settings`.
    static func measure(_ stroke: Stroke, settings: ShapeSettings) -> Features
    /// Shape measures on equally spaced, smoothed points; `nil` when they cannot be taken.
    static func shape(resampled p: [Point], settings: ShapeSettings) -> Shape?
}

extension ShapeMeasuringDetector {
    public static var featureNames: [String] { Shape.names }
    public static var countFeatureNames: Set<String> { Shape.countNames }
    public static var untrainedFeatureNames: Set<String> { Shape.legacyNames }

    public static func features(ofResampled points: [Point], settings: ShapeSettings) -> [Double]? {
        shape(resampled: points, settings: settings)?.vector
    }

    /// Measures the stroke with the thresholds' settings.
    public func measure(_ stroke: Stroke) -> Features {
        Self.measure(stroke, settings: thresholds.settings)
    }

    /// Shape measures of `stroke` prepared by ``StrokePreparation`` (repeats dropped,
    /// smoothed, resampled to `settings.resampleCount` points), or `nil` for a degenerate
    /// stroke (non-finite, fewer than two distinct points, zero length) or settings that
    /// cannot measure (fewer than 3 points, granularity below 1).
    public static func shape(_ stroke: Stroke, settings: ShapeSettings = defaultSettings) -> Shape? {
        guard settings.resampleCount >= 3, settings.smoothingGranularity >= 1,
              let p = StrokePreparation.prepared(stroke, count: settings.resampleCount,
                                                 granularity: settings.smoothingGranularity, jitterRadius: settings.jitterRadius,
                                                 jitterTurns: settings.jitterTurns)
        else { return nil }
        return shape(resampled: p, settings: settings)
    }
}
