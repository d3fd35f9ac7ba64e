import GestureData
import Foundation
import GestureGeometry

/// Thresholds of any registered detector (``DetectorKind``), so that training, evaluation,
/// the engine configuration and the recorder are written once. Encodes as the detector's
/// own versioned JSON (`gesturelab.<id>/1`); decoding picks the detector by that `format`.
///
/// ```swift
/// let any = AnyDetectorThresholds(CheckmarkThresholds.checkPlease)
/// any.kind.rawValue                          // "checkmark"
/// any.typed(CheckmarkDetector.self) != nil   // true
/// ```
public struct AnyDetectorThresholds: Sendable {
    /// The thresholds themselves, whichever detector they are for.
    public private(set) var base: any AnyShapeThresholds

    public init<D: ShapeDetector>(_ thresholds: DetectorThresholds<D>) { base = thresholds }

    /// The detector the thresholds are for.
    public var kind: DetectorKind { base.kind }

    /// The registered detector these thresholds stand for: their own, or — for thresholds
    /// of the detector for any label trained for a label some detector is made for (`check`,
    /// `circle`) — that detector. `train detector checkmark --choose-detector` may find the
    /// general measures better for check marks; its file is then `gesturelab.shape/1` with
    /// label `check`, and it stands for the check-mark detector wherever one is loaded (a
    /// model folder's `checkmark.json`, `--thresholds default`, an engine configuration's
    /// `"type": "checkmark"`), deciding by its own measures.
    public var role: DetectorKind {
        guard kind.defaultLabel == nil, let label else { return kind }
        return DetectorKind.allCases.first { $0.defaultLabel == label } ?? kind
    }

    /// The thresholds at their own type, when they are `D`'s.
    public func typed<D: ShapeDetector>(_: D.Type) -> DetectorThresholds<D>? { base as? DetectorThresholds<D> }

    /// How these thresholds were made.
    public var provenance: String? {
        get { base.provenance }
        set { base.provenance = newValue }
    }

    /// The label the thresholds detect, when known.
    public var label: String? {
        get { base.label }
        set { base.label = newValue }
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

    /// Decodes thresholds that stand for `kind` (``role``) from JSON: `kind`'s own, or the
    /// detector for any label's trained for `kind`'s label (`DecodingError` naming the field,
    /// an unknown `format` version, another detector's format or another label included).
    public static func decode(_ data: Data, kind: DetectorKind) throws -> AnyDetectorThresholds {
        struct Format: Decodable { var format: String? }
        let general = DetectorKind.shape
        if kind.defaultLabel != nil, kind != general,
           (try? StrictJSON.decode(Format.self, from: data))?.format?.hasPrefix("gesturelab.\(general.rawValue)/") == true {
            let t = try StrictJSON.decode(Decoding.self, from: data, configuration: general).value
            guard t.role == kind else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription:
                    "field 'label': \(general.rawValue) thresholds for '\(t.label.map { shownValue($0) } ?? "(none)")' cannot stand for the \(kind.rawValue) detector, which detects '\(kind.defaultLabel ?? "")'"))
            }
            return t
        }
        return try StrictJSON.decode(Decoding.self, from: data, configuration: kind).value  // strict: a key twice is refused
    }

    /// Calls `visitor` with the thresholds at their own type.
    public func accept<V: DetectorThresholdsVisitor>(_ visitor: V) -> V.Result { base.accept(visitor) }

    /// Pretty, key-sorted JSON.
    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try e.encode(self)
    }

    private struct Decoding: DecodableWithConfiguration {
        let value: AnyDetectorThresholds
        init(from decoder: Decoder, configuration kind: DetectorKind) throws {
            value = try kind.decodeThresholds(from: decoder)
        }
    }
}

extension AnyDetectorThresholds: Hashable {
    public static func == (a: AnyDetectorThresholds, b: AnyDetectorThresholds) -> Bool {
        AnyHashable(a.base) == AnyHashable(b.base)
    }

    public func hash(into h: inout Hasher) { h.combine(AnyHashable(base)) }
}

extension AnyDetectorThresholds: Codable {
    /// Decodes by looking at `format` (`gesturelab.<id>/…`); see ``decode(_:kind:)``
    /// to insist on a kind.
    public init(from decoder: Decoder) throws {
        enum K: String, CodingKey { case format }
        let c = try decoder.container(keyedBy: K.self)
        let format = try c.decode(String.self, forKey: .format)
        guard let kind = DetectorKind.allCases.first(where: { format.hasPrefix("gesturelab.\($0.rawValue)/") }) else {
            let known = DetectorKind.allCases.map { "gesturelab.\($0.rawValue)/1" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(forKey: .format, in: c,
                                                   debugDescription: "unknown format '\(shownValue(format))'; known: \(known)")
        }
        self = try kind.decodeThresholds(from: decoder)
    }

    public func encode(to encoder: Encoder) throws { try base.encode(to: encoder) }
}
