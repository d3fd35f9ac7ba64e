import Foundation

/// The registry of rule-based detectors that can be trained and evaluated on samples:
/// each case names a ``GestureDetectors/ShapeDetector`` (its `id` is the raw value). A new
/// detector is its folder in GestureDetectors and one case here.
public enum DetectorKind: String, CaseIterable, Codable, Sendable {
    case checkmark, circle
    /// The general shape detector, trained for any label (`train detector --label L`).
    case shape

    /// The detector type: its measures, default settings and reference strokes.
    public var detector: any ShapeDetector.Type {
        switch self {
        case .checkmark: CheckmarkDetector.self
        case .circle: CircleDetector.self
        case .shape: GeneralShapeDetector.self
        }
    }

    /// The detectors every model folder holds one of (a file named after the kind),
    /// trained for a label of their own (`check`, `circle` by default).
    public static let builtIn: [DetectorKind] = [.checkmark, .circle]

    /// Book presets by the name a recognizer configuration gives them.
    public var presets: [String: AnyDetectorThresholds] {
        switch self {
        case .checkmark: ["checkPlease": .checkmark(.checkPlease)]
        case .circle: ["sadun": .circle(.sadun), "sadunWithoutInflectionTest": .circle(.sadunWithoutInflectionTest),
                       "sadunShapeOnly": .circle(.sadunShapeOnly)]
        case .shape: [:]
        }
    }

    /// The thresholds used when a configuration names none; `nil` when they are required
    /// (the general shape detector has no book rule).
    public var defaultPreset: AnyDetectorThresholds? {
        switch self {
        case .checkmark: .checkmark(.checkPlease)
        case .circle: .circle(.sadun)
        case .shape: nil
        }
    }

    /// Whether the detector decides while the finger moves by default: the book's
    /// CheckPlease does; Sadun's circle test runs at touch end, and the general shape
    /// detector too (a prefix of another symbol must not fire it).
    public var decidesWhileMoving: Bool { self == .checkmark }
}
