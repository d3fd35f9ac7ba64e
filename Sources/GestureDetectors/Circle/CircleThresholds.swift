/// The decision half of ``CircleDetector``. Stored as JSON with
/// `"format": "gesturelab.circle/1"` and `"rule": "sadun"` (with `"sadun": {…}`) or
/// `"rule": "trained"` (with `"settings"` and `"box"`), plus an optional `"provenance"`.
public struct CircleThresholds: Hashable, Sendable {
    public static let format = "gesturelab.circle/1"

    public enum Rule: Hashable, Sendable {
        case sadun(SadunRule)
        case trained(settings: CircleDetector.ShapeSettings, box: FeatureBox)
    }

    /// Sadun's constants (iOS 6/7 cookbook).
    public struct SadunRule: Hashable, Codable, Sendable {
        /// Longest gesture, seconds (2); `nil` turns the test off. Skipped when the stroke
        /// has no times.
        public var maxDuration: Double?
        /// Most inflections allowed (5); `nil` turns the test off.
        public var maxInflections: Int?
        /// Largest start–end distance: a third of the view width (320 / 3 points).
        public var maxClosureDistance: Double
        /// The band on transit − 2π: [−π/4, +π].
        public var minExcess: Double
        public var maxExcess: Double

        public init(maxDuration: Double? = 2, maxInflections: Int? = 5, maxClosureDistance: Double = 320.0 / 3,
                    minExcess: Double = -Double.pi / 4, maxExcess: Double = Double.pi) {
            self.maxDuration = maxDuration
            self.maxInflections = maxInflections
            self.maxClosureDistance = maxClosureDistance
            self.minExcess = minExcess
            self.maxExcess = maxExcess
        }

        /// Sadun's test, in her order.
        public func accepts(_ m: CircleDetector.SadunMeasures) -> Bool {
            if m.pointCount < 2 { return false }
            if let limit = maxDuration, let d = m.duration, d > limit { return false }
            if let limit = maxInflections, m.inflections > limit { return false }
            if m.closureDistance > maxClosureDistance { return false }
            let excess = m.transit - 2 * .pi
            return excess >= minExcess && excess <= maxExcess
        }
    }

    public var rule: Rule
    public var provenance: String?

    public init(rule: Rule, provenance: String? = nil) {
        self.rule = rule
        self.provenance = provenance
    }

    public var shapeSettings: CircleDetector.ShapeSettings {
        if case .trained(let s, _) = rule { return s }
        return CircleDetector.defaultSettings
    }

    /// The decision, from measured features only.
    public func accepts(_ features: CircleDetector.Features) -> Bool {
        switch rule {
        case .sadun(let r):
            guard let m = features.sadun else { return false }
            return r.accepts(m)
        case .trained(_, let box):
            guard let shape = features.shape else { return false }
            return box.accepts(shape.values)
        }
    }

    /// A decision value for ROC curves, `>= 0` exactly when accepted: the box margin for a
    /// trained rule, ±1 for Sadun's; `-infinity` for degenerate strokes.
    public func score(_ features: CircleDetector.Features) -> Double {
        switch rule {
        case .sadun:
            return accepts(features) ? 1 : -1
        case .trained(_, let box):
            guard let shape = features.shape else { return -.infinity }
            return box.margin(shape.values)
        }
    }
}

extension CircleThresholds: Codable {
    enum CodingKeys: String, CodingKey { case format, rule, sadun, settings, box, provenance }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try ThresholdsFormat.check(try c.decode(String.self, forKey: .format), expected: Self.format,
                                   key: .format, in: c)
        provenance = try c.decodeIfPresent(String.self, forKey: .provenance)
        switch try c.decode(String.self, forKey: .rule) {
        case "sadun":
            rule = .sadun(try c.decode(SadunRule.self, forKey: .sadun))
        case "trained":
            let (settings, box) = try TrainedRuleDecoding.decode(CircleDetector.self, from: c, boxKey: .box, settingsKey: .settings)
            rule = .trained(settings: settings, box: box)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .rule, in: c, debugDescription: "unknown rule '\(other)'; expected 'sadun' or 'trained'")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.format, forKey: .format)
        switch rule {
        case .sadun(let r):
            try c.encode("sadun", forKey: .rule)
            try c.encode(r, forKey: .sadun)
        case .trained(let s, let box):
            try c.encode("trained", forKey: .rule)
            try c.encode(s, forKey: .settings)
            try c.encode(box, forKey: .box)
        }
        try c.encodeIfPresent(provenance, forKey: .provenance)
    }
}
