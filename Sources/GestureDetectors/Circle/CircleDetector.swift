import GestureGeometry

/// Detects a circle drawn as one stroke.
///
/// Two rules share the type, chosen by ``CircleThresholds/rule``:
/// - ``CircleThresholds/sadun``: Erica Sadun's cookbook test at touch end — at most 2 s,
///   at most 5 direction inflections, end within a third of a 320-point view from the
///   start, and the angle swept around the bounding-box centre within [2π − π/4, 2π + π].
///   Jittery real input has many inflections, so it misses most real circles (§4).
/// - a trained rule: a ``FeatureBox`` over roundness measures around the centroid
///   (radius deviation, closure relative to size, signed turning, winding, aspect
///   ratio, corners), trained by `gesturelab train detector circle`.
///
/// ```swift
/// CircleDetector(thresholds: .sadun).detects(stroke)
/// ```
/// Edge cases: empty, one-point, all-equal and non-finite strokes are never detected.
/// - SeeAlso: Sadun, *The iOS Developer's Cookbook*, "Detecting Circles".
public struct CircleDetector: Hashable, Sendable {
    public var thresholds: CircleThresholds

    public init(thresholds: CircleThresholds = .sadun) { self.thresholds = thresholds }
}

extension CircleDetector: ShapeMeasuringDetector {
    public typealias BookRule = SadunRule
    public static let id = "circle"
    /// 64 points ($1's N), a resting pen's or finger's jitter and the hooks at the ends
    /// dropped before measuring.
    public static let defaultSettings = ShapeSettings(resampleCount: 64, dropsHooks: true, restingRadius: 0.02, jitterRadius: 0.02)
    public static var bookPresets: [BookPreset<Self>] {
        [BookPreset(names: ["sadun"], title: "Sadun", thresholds: .sadun),
         BookPreset(names: ["sadunWithoutInflectionTest", "sadun-no-inflections"], title: "Sadun without the inflection test",
                    thresholds: .sadunWithoutInflectionTest),
         BookPreset(names: ["sadunShapeOnly", "sadun-shape-only"], title: "Sadun, closure and transit only",
                    thresholds: .sadunShapeOnly)]
    }
    /// Any starting angle, either direction.
    public static let tolerance = ShapeTolerance(rotationDegrees: 180, mirror: true)
    public static let shapeName: String? = "a circle"
    public static let defaultLabel: String? = "circle"
}
