import Foundation
import GestureData
import GestureGeometry

/// The decision half of a ``ShapeDetector`` `D`: its book rule, or a trained
/// ``FeatureBox`` over `D`'s measures with the ``ShapeSettings`` they were taken with.
/// Stored as JSON with `"format": "gesturelab.<id>/1"`:
///
/// ```json
/// {"format": "gesturelab.shape/1", "rule": "trained", "label": "zig_zag",
///  "settings": {"resampleCount": 64, "smoothingGranularity": 4, "cornerWindow": 3, "cornerDegrees": 45},
///  "box": {"intervals": {"cornerCount": {"lower": 3, "upper": 6, "scale": 1}}},
///  "provenance": "gesturelab train detector --label zig_zag …"}
/// ```
/// A book rule is `"rule": "<ruleName>"` with its constants under that key. `label`
/// (optional) is the label the thresholds were trained to detect.
///
/// ```swift
/// let file = URL(fileURLWithPath: "zig_zag.json")
/// let t = try JSONDecoder().decode(DetectorThresholds<GeneralShapeDetector>.self, from: Data(contentsOf: file))
/// if t.accepts(stroke) { print("a zig-zag") }
/// ```
public struct DetectorThresholds<D: ShapeDetector>: Hashable, Sendable, AnyShapeThresholds {
    public enum Rule: Hashable, Sendable {
        /// The book's rule.
        case book(D.BookRule)
        /// A box over `D`'s measures taken with `settings`.
        case trained(settings: ShapeSettings, box: FeatureBox)
    }

    public let rule: Rule
    /// The label these thresholds detect (the training's positive label), when known.
    public var label: String?
    /// How these thresholds were made (command, seed, data); free text.
    public var provenance: String?
    /// The box compiled against `D.featureNames` (trained rule only).
    public let compiledBox: CompiledFeatureBox?

    public init(rule: Rule, label: String? = nil, provenance: String? = nil) {
        self.rule = rule
        self.label = label
        self.provenance = provenance
        if case .trained(_, let box) = rule {
            compiledBox = CompiledFeatureBox(box, names: D.featureNames)
        } else {
            compiledBox = nil
        }
    }

    /// The preparation of the measures: the trained rule's, or `D.defaultSettings`.
    public var settings: ShapeSettings {
        if case .trained(let s, _) = rule { return s }
        return D.defaultSettings
    }

    /// `true` for a trained box, `false` for a book rule.
    public var isTrained: Bool { compiledBox != nil }

    /// The trained rule's settings and box; `nil` for a book rule.
    public var trainedBox: (settings: ShapeSettings, box: FeatureBox)? {
        if case .trained(let s, let b) = rule { return (s, b) }
        return nil
    }

    /// `true` when ``DetectorStream`` fed the stroke point by point has fired by its end.
    public func streamFires(_ stroke: Stroke) -> Bool {
        var s = DetectorStream(thresholds: self)
        return stroke.points.contains { s.add($0) }
    }

    /// The whole-stroke decision.
    public func accepts(_ stroke: Stroke) -> Bool {
        switch rule {
        case .book(let r): return stroke.isFinite && r.accepts(stroke)
        case .trained(let s, _): return accepts(vector: D.featureVector(stroke, settings: s))
        }
    }

    /// The trained box's decision on measures taken with ``settings`` (`nil`: degenerate,
    /// rejected). A book rule does not decide on measures and returns `false`.
    public func accepts(vector: [Double]?) -> Bool {
        guard let compiledBox, let vector else { return false }
        return compiledBox.accepts(vector)
    }

    /// How far inside the trained box the measures lie, in units of each feature's spread
    /// (≥ 0 exactly when accepted; −∞ for a degenerate stroke). `nil` for a book rule,
    /// which has no margin.
    public func margin(vector: [Double]?) -> Double? {
        guard let compiledBox else { return nil }
        guard let vector else { return -.infinity }
        return compiledBox.margin(vector)
    }

    /// ``margin(vector:)`` of the whole stroke.
    public func margin(_ stroke: Stroke) -> Double? {
        guard compiledBox != nil else { return nil }
        return margin(vector: D.featureVector(stroke, settings: settings))
    }
}

extension DetectorThresholds: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        try ThresholdsFormat.check(try c.decode(String.self, forKey: Key("format")), expected: D.format, key: Key("format"), in: c)
        let label = try c.decodeIfPresent(String.self, forKey: Key("label"))
        let provenance = try c.decodeIfPresent(String.self, forKey: Key("provenance"))
        let name = try c.decode(String.self, forKey: Key("rule"))
        let rule: Rule
        if name == "trained" {
            let (settings, box) = try TrainedRuleDecoding.decode(D.self, from: c, boxKey: Key("box"), settingsKey: Key("settings"))
            rule = .trained(settings: settings, box: box)
        } else if name == D.BookRule.ruleName, D.BookRule.self != NoBookRule.self {
            rule = .book(try c.decode(D.BookRule.self, forKey: Key(name)))
        } else {
            let expected = D.BookRule.self == NoBookRule.self ? "'trained'" : "'\(D.BookRule.ruleName)' or 'trained'"
            throw DecodingError.dataCorruptedError(forKey: Key("rule"), in: c,
                                                   debugDescription: "unknown rule '\(shownValue(name))'; expected \(expected)")
        }
        self.init(rule: rule, label: label, provenance: provenance)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(D.format, forKey: Key("format"))
        switch rule {
        case .book(let r):
            try c.encode(D.BookRule.ruleName, forKey: Key("rule"))
            try c.encode(r, forKey: Key(D.BookRule.ruleName))
        case .trained(let s, let box):
            try c.encode("trained", forKey: Key("rule"))
            try c.encode(s, forKey: Key("settings"))
            try c.encode(box, forKey: Key("box"))
        }
        try c.encodeIfPresent(label, forKey: Key("label"))
        try c.encodeIfPresent(provenance, forKey: Key("provenance"))
    }
}

/// Decoding of a `"rule": "trained"` thresholds file's box and settings for detector `D`:
/// every feature the box names must be one of `D.featureNames`; settings default to
/// `D.defaultSettings` and are bounded by ``ShapeSettings/Limits``.
enum TrainedRuleDecoding {
    static func decode<D: ShapeDetector, K: CodingKey>(_: D.Type, from c: KeyedDecodingContainer<K>, boxKey: K,
                                                       settingsKey: K) throws -> (settings: ShapeSettings, box: FeatureBox) {
        let box = try c.decode(FeatureBox.self, forKey: boxKey)
        if let unknown = box.intervals.keys.sorted().first(where: { !D.featureNames.contains($0) }) {
            throw DecodingError.dataCorruptedError(
                forKey: boxKey, in: c,
                debugDescription: "unknown \(D.id) feature '\(shownValue(unknown))'; known: \(D.featureNames.joined(separator: ", "))")
        }
        try checkIntervals(box, at: c.codingPath + [boxKey])
        let settings = try c.decodeIfPresent(ShapeSettings.self, forKey: settingsKey) ?? D.defaultSettings
        return (settings, D.upgradedBox(box))
    }

    /// Refuses intervals no training makes: a lower bound above the upper one (the
    /// detector could never fire), non-finite bounds, or a negative or non-finite scale.
    /// - Throws: `DecodingError.dataCorrupted` whose coding path names the field
    ///   (`box.intervals.NAME.lower`).
    static func checkIntervals(_ box: FeatureBox, at path: [CodingKey]) throws {
        struct Field: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ s: String) { stringValue = s }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        func bad(_ name: String, _ field: String, _ reason: String) -> DecodingError {
            .dataCorrupted(.init(codingPath: path + [Field("intervals"), Field(name), Field(field)], debugDescription: reason))
        }
        for (name, i) in box.intervals.sorted(by: { $0.key < $1.key }) {
            if let l = i.lower, !l.isFinite { throw bad(name, "lower", "\(l) is not a finite bound") }
            if let u = i.upper, !u.isFinite { throw bad(name, "upper", "\(u) is not a finite bound") }
            if let l = i.lower, let u = i.upper, l > u {
                throw bad(name, "lower", "\(l) is above upper \(u): the interval is empty and the detector could never fire")
            }
            guard i.scale.isFinite, i.scale >= 0 else { throw bad(name, "scale", "\(i.scale) is not a finite spread ≥ 0") }
        }
    }
}

/// What code that holds thresholds of some detector can ask of them without knowing which
/// (``DetectorThresholds`` of any `D`); ``AnyDetectorThresholds`` wraps one.
public protocol AnyShapeThresholds: Hashable, Sendable, Encodable {
    /// The registered detector these thresholds are for.
    var kind: DetectorKind { get }
    var provenance: String? { get set }
    var label: String? { get set }
    var trainedBox: (settings: ShapeSettings, box: FeatureBox)? { get }
    func accepts(_ stroke: Stroke) -> Bool
    func accepts(vector: [Double]?) -> Bool
    func margin(vector: [Double]?) -> Double?
    func margin(_ stroke: Stroke) -> Double?
    func streamFires(_ stroke: Stroke) -> Bool
    /// The book rule's decision explained; `nil` for a trained box.
    func explainBookRule(_ stroke: Stroke) -> BookRuleExplanation?
    /// Calls `visitor` with the thresholds at their own type.
    func accept<V: DetectorThresholdsVisitor>(_ visitor: V) -> V.Result
}

extension DetectorThresholds {
    public var kind: DetectorKind { DetectorKind(D.self) }

    public func explainBookRule(_ stroke: Stroke) -> BookRuleExplanation? {
        guard case .book(let r) = rule else { return nil }
        return r.explain(stroke)
    }

    public func accept<V: DetectorThresholdsVisitor>(_ visitor: V) -> V.Result { visitor.visit(self) }
}

/// Code generic over the detector, run on ``AnyDetectorThresholds`` through
/// ``AnyDetectorThresholds/accept(_:)`` (the engine builds its stroke recognizer this way).
public protocol DetectorThresholdsVisitor {
    associatedtype Result
    func visit<D: ShapeDetector>(_ thresholds: DetectorThresholds<D>) -> Result
}
