import Foundation

/// The registry of rule-based detectors that can be trained, evaluated, configured in the
/// engine and shown on the recorder page: each one a ``ShapeDetector`` type, known by its
/// `id` (the raw value). Everything about a detector — its presets, when it decides, how
/// far training may vary its examples, the label a model folder trains it on — comes from
/// its type, so a new detector is its folder in GestureDetectors and one line in
/// ``allCases``.
public struct DetectorKind: Sendable, CaseIterable, RawRepresentable, Codable, CustomStringConvertible {
    /// Every registered detector, in the order lists and help texts show them.
    public static let allCases: [DetectorKind] = [.checkmark, .circle, .shape]

    /// The detector type: its measures, default settings, presets and reference strokes.
    public let detector: any ShapeDetector.Type

    public init<D: ShapeDetector>(_ detector: D.Type) { self.detector = detector }

    /// The registered detector whose id is `rawValue`; `nil` for an unknown id.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// The detector's id: the CLI argument, the engine configuration's `type`, the file format's name.
    public var rawValue: String { detector.id }
    public var description: String { rawValue }

    /// The detectors every model folder holds (a file named after the id), each trained on
    /// its default label: those that have one.
    public static var builtIn: [DetectorKind] { allCases.filter { $0.defaultLabel != nil } }

    /// The check mark detector.
    public static let checkmark = DetectorKind(CheckmarkDetector.self)
    /// The circle detector.
    public static let circle = DetectorKind(CircleDetector.self)
    /// The general shape detector: the one trained for any label (`train detector --label L`,
    /// `shape-L.json` in a model folder).
    public static let shape = DetectorKind(GeneralShapeDetector.self)

    /// The detector trained for any label: ``shape`` under its former second name.
    @available(*, deprecated, renamed: "shape")
    public static var forAnyLabel: DetectorKind { shape }

    /// The label a model folder trains it on by default (`check`, `circle`); `nil` for the
    /// detector trained per label.
    public var defaultLabel: String? { detector.defaultLabel }

    /// The shape in plain words ("a check mark"); `nil` for the detector trained per label.
    public var shapeName: String? { detector.shapeName }

    /// Whether it decides while the finger moves unless a configuration says otherwise.
    public var decidesWhileMoving: Bool { detector.decidesWhileMoving }

    /// How far training may turn or mirror its examples.
    public var tolerance: ShapeTolerance { detector.tolerance }

    /// How far training may turn or mirror examples of `label`: the tolerance of the
    /// registered detector made for that label, if any (a circle may be drawn either way
    /// round whichever detector learns it), else this detector's.
    public func tolerance(forLabel label: String) -> ShapeTolerance {
        Self.allCases.first { $0.defaultLabel == label }?.tolerance ?? tolerance
    }

    /// The book's presets, the default first.
    public var bookPresets: [AnyBookPreset] { detector.anyBookPresets }

    /// Book presets by the name a recognizer configuration gives them.
    public var presets: [String: AnyDetectorThresholds] {
        Dictionary(bookPresets.map { ($0.name, $0.thresholds) }, uniquingKeysWith: { a, _ in a })
    }

    /// The preset called `name` (in any case) in a configuration or on the command line.
    public func preset(named name: String) -> AnyBookPreset? {
        let n = name.lowercased()
        return bookPresets.first { $0.names.contains { $0.lowercased() == n } }
    }

    /// The thresholds used when a configuration names none; `nil` when they are required
    /// (a detector without a book rule).
    public var defaultPreset: AnyDetectorThresholds? { bookPresets.first?.thresholds }

    /// Thresholds of this detector read from JSON (a `DecodingError` naming the field; a
    /// `format` of another detector or version is one).
    public func decodeThresholds(from decoder: Decoder) throws -> AnyDetectorThresholds {
        try detector.decodeAnyThresholds(from: decoder)
    }

    /// Trained thresholds: a box over the detector's measures taken with `settings`.
    public func trained(settings: ShapeSettings, box: FeatureBox, label: String?) -> AnyDetectorThresholds {
        detector.anyTrained(settings: settings, box: box, label: label)
    }
}

extension DetectorKind: Hashable {
    public static func == (a: DetectorKind, b: DetectorKind) -> Bool { a.rawValue == b.rawValue }
    public func hash(into h: inout Hasher) { h.combine(rawValue) }
}

/// A ``BookPreset`` of any detector.
public struct AnyBookPreset: Hashable, Sendable {
    public var names: [String]
    public var title: String
    public var thresholds: AnyDetectorThresholds
    /// The configuration's name.
    public var name: String { names[0] }
}

extension ShapeDetector {
    static var anyBookPresets: [AnyBookPreset] {
        bookPresets.map { AnyBookPreset(names: $0.names, title: $0.title, thresholds: AnyDetectorThresholds($0.thresholds)) }
    }

    static func decodeAnyThresholds(from decoder: Decoder) throws -> AnyDetectorThresholds {
        AnyDetectorThresholds(try DetectorThresholds<Self>(from: decoder))
    }

    static func anyTrained(settings: ShapeSettings, box: FeatureBox, label: String?) -> AnyDetectorThresholds {
        AnyDetectorThresholds(DetectorThresholds<Self>(rule: .trained(settings: settings, box: box), label: label))
    }
}
