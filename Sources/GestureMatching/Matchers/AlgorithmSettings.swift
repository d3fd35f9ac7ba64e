import Foundation

/// A key of the settings JSON (`{"algorithm": "protractor", "points": 16, "rotation": …}`):
/// any field name a matcher's settings use.
public struct MatcherSettingsField: CodingKey, Hashable, Sendable {
    public let stringValue: String
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public var intValue: Int? { nil }
    public init?(intValue: Int) { nil }
}

/// A matcher's typed settings, carrying what generic code needs: the paper's defaults,
/// the point count, a description naming every field, the score's meaning and the JSON
/// coding of the fields beyond `algorithm` and `points` (``MatcherSettings`` writes those
/// two).
public protocol AlgorithmSettings: Hashable, Sendable {
    /// The paper's defaults.
    static var `default`: Self { get }
    /// Points after resampling (a combination of matchers reports its own convention).
    var points: Int { get }
    /// These settings with `points` points after resampling (unchanged where the matcher
    /// has no resampling count of its own).
    func with(points: Int) -> Self
    /// Whether `--points` applies (the combined recognizer's components resample their own way).
    static var hasPoints: Bool { get }
    /// Every setting after the algorithm, e.g. `16 points, rotation invariant`.
    var fieldsDescription: String { get }
    /// What the 0…1 score means, for people reading results, e.g. `$P+ score 1/(1 + d)`.
    static var scoreMeaning: String { get }
    /// Whether the combined recognizer may take the matcher as a component (with its
    /// default settings).
    static var isCombinable: Bool { get }
    /// Whether `--algorithm auto` considers the matcher.
    static var isAutoCandidate: Bool { get }
    /// The fewest examples per label the matcher is meant to learn from: 1 for a matcher
    /// that compares with each template; more for a statistical classifier (Rubine's
    /// estimates a covariance), which still runs with fewer, only less accurately.
    static var fewestExamplesPerClass: Int { get }
    /// Writes the fields beyond `algorithm` and `points`.
    func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws
    /// Reads the fields beyond `algorithm` and `points` (absent ones take the defaults);
    /// a `DecodingError` naming the field for a bad value.
    static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self
}

extension AlgorithmSettings {
    public static var hasPoints: Bool { true }
    public var fieldsDescription: String { "\(points) points" }
    public static var isCombinable: Bool { true }
    public static var isAutoCandidate: Bool { true }
    public static var fewestExamplesPerClass: Int { 1 }
    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws {}
    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        Self.default.with(points: points)
    }
}

/// Settings whose point count is a stored field: ``AlgorithmSettings/with(points:)`` sets it.
public protocol PointCountSettings: AlgorithmSettings {
    var points: Int { get set }
}

extension PointCountSettings {
    public func with(points: Int) -> Self { var s = self; s.points = points; return s }
}

extension KeyedDecodingContainer where Key == MatcherSettingsField {
    /// A finite number in `range`, `nil` when absent; an error naming the field otherwise.
    public func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        let key = MatcherSettingsField(name)
        guard let v = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard v.isFinite, range.contains(v) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "must be in \(range.lowerBound)…\(range.upperBound), found \(v)")
        }
        return v
    }

    /// A field naming a case of `E` by its raw value, `nil` when absent; an error listing
    /// the cases otherwise.
    public func choice<E: RawRepresentable & CaseIterable>(_ name: String, _: E.Type) throws -> E? where E.RawValue == String {
        guard let raw = try text(name) else { return nil }
        guard let v = E(rawValue: raw) else {
            throw bad(name, "must be \(E.allCases.map(\.rawValue).joined(separator: " or ")), found '\(raw)'")
        }
        return v
    }

    /// A string field, `nil` when absent.
    public func text(_ name: String) throws -> String? { try decodeIfPresent(String.self, forKey: MatcherSettingsField(name)) }

    /// A `DecodingError` about the field `name`.
    public func bad(_ name: String, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: MatcherSettingsField(name), in: self, debugDescription: message)
    }
}

extension KeyedEncodingContainer where Key == MatcherSettingsField {
    /// Writes `value` under the field `name`.
    public mutating func put<T: Encodable>(_ value: T, _ name: String) throws { try encode(value, forKey: MatcherSettingsField(name)) }
}

/// `16` for whole numbers, `%g` otherwise: how settings descriptions show numbers.
func settingsNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%g", v)
}

// MARK: - The built-in matchers' settings

extension ProtractorSettings: PointCountSettings {
    public static var scoreMeaning: String { "Protractor score 1 − θ/π" }
    public var fieldsDescription: String {
        let r: String
        switch rotation {
        case .invariant: r = "rotation invariant"
        case .sensitive: r = "rotation sensitive"
        case .bounded(let m): r = "rotation bounded ±\(settingsNumber(m * 180 / .pi))°"
        }
        return "\(points) points, \(r)"
    }
    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws {
        switch rotation {
        case .invariant: try c.put("invariant", "rotation")
        case .sensitive: try c.put("sensitive", "rotation")
        case .bounded(let m):
            try c.put("bounded", "rotation")
            try c.put(m * 180 / .pi, "maxRotationDegrees")
        }
    }
    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        var s = ProtractorSettings(points: points)
        switch try c.text("rotation") ?? "invariant" {
        case "invariant": s.rotation = .invariant
        case "sensitive": s.rotation = .sensitive
        case "bounded":
            guard let m = try c.number("maxRotationDegrees", in: 0...180) else { throw c.bad("maxRotationDegrees", "bounded rotation needs maxRotationDegrees") }
            s.rotation = .bounded(maxRadians: m * .pi / 180)
        case let other:
            throw c.bad("rotation", "must be invariant, bounded or sensitive, found '\(other)'")
        }
        return s
    }
}

extension DollarOneSettings: PointCountSettings {
    public static var scoreMeaning: String { "$1 score 1 − d/(½√2·250)" }
    public var fieldsDescription: String {
        "\(points) points, square \(settingsNumber(squareSize)), search ±\(settingsNumber(angleRange * 180 / .pi))° to \(settingsNumber(anglePrecision * 180 / .pi))°"
    }
    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws {
        try c.put(squareSize, "squareSize")
        try c.put(angleRange * 180 / .pi, "angleRangeDegrees")
        try c.put(anglePrecision * 180 / .pi, "anglePrecisionDegrees")
    }
    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        var s = DollarOneSettings.default.with(points: points)
        if let v = try c.number("squareSize", in: 1e-6...1e6) { s.squareSize = v }
        if let v = try c.number("angleRangeDegrees", in: 0...180) { s.angleRange = v * .pi / 180 }
        if let v = try c.number("anglePrecisionDegrees", in: 0.01...180) { s.anglePrecision = v * .pi / 180 }
        return s
    }
}

extension PDollarSettings: PointCountSettings {
    public static var scoreMeaning: String { "$P score 1/(1 + d)" }
    public var fieldsDescription: String { "\(points) points, epsilon \(settingsNumber(epsilon))" }
    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws { try c.put(epsilon, "epsilon") }
    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        var s = PDollarSettings.default.with(points: points)
        if let v = try c.number("epsilon", in: 0...1) { s.epsilon = v }
        return s
    }
}

extension PPlusSettings: PointCountSettings {
    public static var scoreMeaning: String { "$P+ score 1/(1 + d)" }
}

extension QDollarSettings: PointCountSettings {
    public static var scoreMeaning: String { "$Q score 1/(1 + d)" }
}

extension PennyPincherSettings: PointCountSettings {
    public static var scoreMeaning: String { "Penny Pincher score 1 − d/2 (mean cosine mapped to 0…1)" }
}

extension JackknifeSettings: PointCountSettings {
    public static var scoreMeaning: String { "Jackknife score 1/(1 + d)" }
    public var fieldsDescription: String { "\(points) points, \(measure.rawValue), band \(settingsNumber(bandFraction * 100))%" }
    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws {
        try c.put(measure.rawValue, "measure")
        try c.put(bandFraction, "bandFraction")
    }
    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        var s = JackknifeSettings(points: points)
        if let v = try c.choice("measure", Measure.self) { s.measure = v }
        if let v = try c.number("bandFraction", in: 0...1) { s.bandFraction = v }
        return s
    }
}
