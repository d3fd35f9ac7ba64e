import Foundation
import GestureGeometry

/// Thresholds of any registered detector (``DetectorKind``), so that training, evaluation,
/// the engine configuration and the recorder are written once. Encodes as the detector's own versioned JSON
/// (`gesturelab.checkmark/1`, `gesturelab.circle/1`, `gesturelab.shape/1`).
public enum AnyDetectorThresholds: Hashable, Sendable {
    case checkmark(CheckmarkThresholds)
    case circle(CircleThresholds)
    case shape(DetectorThresholds<GeneralShapeDetector>)

    public var kind: DetectorKind {
        switch self {
        case .checkmark: .checkmark
        case .circle: .circle
        case .shape: .shape
        }
    }

    /// Trained thresholds of `kind`: a box over its measures taken with `settings`.
    public static func trained(_ kind: DetectorKind, settings: ShapeSettings, box: FeatureBox,
                               label: String?) -> AnyDetectorThresholds {
        switch kind {
        case .checkmark: .checkmark(CheckmarkThresholds(rule: .trained(settings: settings, box: box)))
        case .circle: .circle(CircleThresholds(rule: .trained(settings: settings, box: box)))
        case .shape: .shape(DetectorThresholds(rule: .trained(settings: settings, box: box), label: label))
        }
    }

    /// The thresholds themselves, whichever detector they are for.
    public var base: any AnyShapeThresholds {
        switch self {
        case .checkmark(let t): t
        case .circle(let t): t
        case .shape(let t): t
        }
    }

    /// How these thresholds were made.
    public var provenance: String? {
        get { base.provenance }
        set {
            switch self {
            case .checkmark(var t): t.provenance = newValue; self = .checkmark(t)
            case .circle(var t): t.provenance = newValue; self = .circle(t)
            case .shape(var t): t.provenance = newValue; self = .shape(t)
            }
        }
    }

    /// The trained rule's settings and box; `nil` for a book rule.
    public var trainedBox: (settings: ShapeSettings, box: FeatureBox)? { base.trainedBox }

    /// `true` for a trained box rule, `false` for a book rule.
    public var isTrained: Bool { trainedBox != nil }

    /// The settings the measures are taken with (the detector's defaults for a book rule).
    public var settings: ShapeSettings { trainedBox?.settings ?? kind.detector.defaultSettings }

    /// The whole-stroke decision.
    public func accepts(_ stroke: Stroke) -> Bool { base.accepts(stroke) }

    /// `true` when the point-by-point detector has fired by the end of `stroke`.
    public func streamFires(_ stroke: Stroke) -> Bool { base.streamFires(stroke) }

    /// Decodes thresholds of `kind` from JSON (`DecodingError` naming the field, an unknown
    /// `format` version included).
    public static func decode(_ data: Data, kind: DetectorKind) throws -> AnyDetectorThresholds {
        switch kind {
        case .checkmark: return .checkmark(try JSONDecoder().decode(CheckmarkThresholds.self, from: data))
        case .circle: return .circle(try JSONDecoder().decode(CircleThresholds.self, from: data))
        case .shape: return .shape(try JSONDecoder().decode(DetectorThresholds<GeneralShapeDetector>.self, from: data))
        }
    }

    /// Calls `visitor` with the thresholds at their own type.
    public func accept<V: DetectorThresholdsVisitor>(_ visitor: V) -> V.Result {
        switch self {
        case .checkmark(let t): visitor.visit(t)
        case .circle(let t): visitor.visit(t)
        case .shape(let t): visitor.visit(t)
        }
    }

    /// Pretty, key-sorted JSON.
    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try e.encode(self)
    }
}

extension AnyDetectorThresholds: Codable {
    /// Decodes by looking at `format` (`gesturelab.<id>/…`); see ``decode(_:kind:)``
    /// to insist on a kind.
    public init(from decoder: Decoder) throws {
        enum K: String, CodingKey { case format }
        let format = try decoder.container(keyedBy: K.self).decode(String.self, forKey: .format)
        // The registered detector whose format this is; the check mark's decoder names an
        // unknown one in its error.
        switch DetectorKind.allCases.first(where: { format.hasPrefix("gesturelab.\($0.rawValue)/") }) ?? .checkmark {
        case .checkmark: self = .checkmark(try CheckmarkThresholds(from: decoder))
        case .circle: self = .circle(try CircleThresholds(from: decoder))
        case .shape: self = .shape(try DetectorThresholds(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .checkmark(let t): try t.encode(to: encoder)
        case .circle(let t): try t.encode(to: encoder)
        case .shape(let t): try t.encode(to: encoder)
        }
    }
}

/// Code generic over the detector, run on ``AnyDetectorThresholds`` through
/// ``AnyDetectorThresholds/accept(_:)`` (the engine builds its stroke recognizer this way).
public protocol DetectorThresholdsVisitor {
    associatedtype Result
    func visit<D: ShapeDetector>(_ thresholds: DetectorThresholds<D>) -> Result
}
