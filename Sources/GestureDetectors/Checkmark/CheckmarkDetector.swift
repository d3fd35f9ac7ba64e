import GestureGeometry

/// Detects a check mark (✓) drawn as one stroke.
///
/// Two rules share the type, chosen by ``CheckmarkThresholds/rule``:
/// - ``CheckmarkThresholds/checkPlease``: the book's CheckPlease recognizer, faithfully —
///   it fires on the first raw move whose angle to the previous raw move is 50°–135° once
///   more than 10 points have been drawn. It checks neither direction nor leg lengths, so
///   it fires on most strokes with a corner (README, Detectors).
/// - a trained rule: a ``FeatureBox`` over ``Shape`` measures taken on the smoothed,
///   resampled stroke (leg ratio, leg directions, corner angle and position, straightness,
///   corner count), trained by `gesturelab train detector checkmark`.
///
/// ```swift
/// let detector = CheckmarkDetector(thresholds: .checkPlease)
/// detector.detects(stroke)              // whole stroke
/// var stream = CheckmarkDetector.Stream(thresholds: .checkPlease)
/// for p in stroke.points where stream.add(p) { break }   // point by point
/// ```
/// Edge cases: empty, one-point, all-equal and non-finite strokes are never detected.
/// - SeeAlso: Mark, LaMarche, *Beginning iPhone Development*, "Taps, Touches, and Gestures".
public struct CheckmarkDetector: Hashable, Sendable {
    public var thresholds: CheckmarkThresholds

    public init(thresholds: CheckmarkThresholds = .checkPlease) { self.thresholds = thresholds }
}

extension CheckmarkDetector: ShapeMeasuringDetector {
    public typealias BookRule = CheckPleaseRule
    public static let id = "checkmark"
    /// 32 points (two legs need fewer than a circle), a resting pen's or finger's jitter at
    /// the ends and along the stroke dropped before measuring (along the stroke only where
    /// it turns through a whole turn, so that the corner is kept). Hooks are not dropped
    /// by default (a file may ask for it: `dropsHooks`, at the lift only).
    public static let defaultSettings = ShapeSettings(resampleCount: 32, restingRadius: 0.02, jitterRadius: 0.02, jitterTurns: 1)
    public static var bookPresets: [BookPreset<Self>] {
        [BookPreset(names: ["checkPlease", "checkplease"], title: "CheckPlease", thresholds: .checkPlease)]
    }
    /// The book's CheckPlease fires mid-stroke.
    public static let decidesWhileMoving = true
    /// Tilted by how the device is held (±20°), never mirrored.
    public static let tolerance = ShapeTolerance(rotationDegrees: 20, mirror: false)
    public static let shapeName: String? = "a check mark"
    public static let defaultLabel: String? = "check"
}
