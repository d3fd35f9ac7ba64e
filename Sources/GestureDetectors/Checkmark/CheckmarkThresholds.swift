/// The decision half of ``CheckmarkDetector``: which rule, with which constants.
/// Stored as JSON with `"format": "gesturelab.checkmark/1"`.
///
/// ```json
/// {"format": "gesturelab.checkmark/1", "rule": "checkPlease",
///  "checkPlease": {"minAngle": 50, "maxAngle": 135, "minLength": 10}}
/// ```
/// A trained file has `"rule": "trained"`, `"settings"` (``CheckmarkDetector/ShapeSettings``)
/// and `"box"` (``FeatureBox`` over ``CheckmarkDetector/Shape/names``), plus an optional
/// `"provenance"` saying how it was made.
public struct CheckmarkThresholds: Hashable, Sendable {
    public static let format = "gesturelab.checkmark/1"

    public enum Rule: Hashable, Sendable {
        /// The book's rule on consecutive raw segments.
        case checkPlease(CheckPleaseRule)
        /// A box over shape measures.
        case trained(settings: CheckmarkDetector.ShapeSettings, box: FeatureBox)
    }

    /// The book's constants (CheckPlease: 50°, 135°, 10 points).
    public struct CheckPleaseRule: Hashable, Codable, Sendable {
        public var minAngle: Double
        public var maxAngle: Double
        public var minLength: Double
        public init(minAngle: Double = 50, maxAngle: Double = 135, minLength: Double = 10) {
            self.minAngle = minAngle
            self.maxAngle = maxAngle
            self.minLength = minLength
        }

        /// The book's test on one move: angle in range (inclusive) and more than
        /// `minLength` drawn before it.
        public func fires(_ turn: CheckmarkDetector.RawTurn) -> Bool {
            guard let a = turn.angle else { return false }
            return a >= minAngle && a <= maxAngle && turn.lengthSoFar > minLength
        }
    }

    public var rule: Rule
    /// How these thresholds were made (command, seed, data); free text.
    public var provenance: String?

    public init(rule: Rule, provenance: String? = nil) {
        self.rule = rule
        self.provenance = provenance
    }

    /// Settings for the shape measures (the default ones for the book rule, which does
    /// not use them).
    public var shapeSettings: CheckmarkDetector.ShapeSettings {
        if case .trained(let s, _) = rule { return s }
        return CheckmarkDetector.defaultSettings
    }

    /// The decision, from measured features only.
    public func accepts(_ features: CheckmarkDetector.Features) -> Bool {
        switch rule {
        case .checkPlease(let r):
            return features.rawTurns.contains(where: r.fires)
        case .trained(_, let box):
            guard let shape = features.shape else { return false }
            return box.accepts(shape.values)
        }
    }

    /// A decision value for ROC curves, `>= 0` exactly when accepted. For a trained rule,
    /// the box margin (``FeatureBox/margin(_:)``); for the book rule, +1 or −1.
    /// Degenerate strokes get `-infinity`.
    public func score(_ features: CheckmarkDetector.Features) -> Double {
        switch rule {
        case .checkPlease:
            return accepts(features) ? 1 : -1
        case .trained(_, let box):
            guard let shape = features.shape else { return -.infinity }
            return box.margin(shape.values)
        }
    }
}

extension CheckmarkThresholds: Codable {
    enum CodingKeys: String, CodingKey { case format, rule, checkPlease, settings, box, provenance }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try ThresholdsFormat.check(try c.decode(String.self, forKey: .format), expected: Self.format,
                                   key: .format, in: c)
        provenance = try c.decodeIfPresent(String.self, forKey: .provenance)
        switch try c.decode(String.self, forKey: .rule) {
        case "checkPlease":
            rule = .checkPlease(try c.decode(CheckPleaseRule.self, forKey: .checkPlease))
        case "trained":
            let (settings, box) = try TrainedRuleDecoding.decode(CheckmarkDetector.self, from: c, boxKey: .box, settingsKey: .settings)
            rule = .trained(settings: settings, box: box)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .rule, in: c, debugDescription: "unknown rule '\(other)'; expected 'checkPlease' or 'trained'")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.format, forKey: .format)
        switch rule {
        case .checkPlease(let r):
            try c.encode("checkPlease", forKey: .rule)
            try c.encode(r, forKey: .checkPlease)
        case .trained(let s, let box):
            try c.encode("trained", forKey: .rule)
            try c.encode(s, forKey: .settings)
            try c.encode(box, forKey: .box)
        }
        try c.encodeIfPresent(provenance, forKey: .provenance)
    }
}
