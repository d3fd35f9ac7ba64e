import Foundation

/// One matcher's algorithm and its settings, as a typed value: what a model folder stores
/// so that whatever reads its templates, rejection thresholds or verifier uses the
/// settings they were trained with.
///
/// Stored as JSON with the algorithm and its fields, e.g.
/// `{"algorithm": "protractor", "points": 16, "rotation": "invariant"}` or
/// `{"algorithm": "pplus", "points": 32}`.
///
/// Two settings are the same matcher exactly when they are `==`; ``description`` names
/// every field, so an error about a mismatch can show both sides.
public enum MatcherSettings: Hashable, Sendable, CustomStringConvertible {
    case protractor(ProtractorSettings)
    case dollarOne(DollarOneSettings)
    case pDollar(PDollarSettings)
    case pPlus(PPlusSettings)
    case qDollar(QDollarSettings)
    case pennyPincher(PennyPincherSettings)
    case jackknife(JackknifeSettings)
    case combined(CombinedSettings)

    /// The paper's defaults for `algorithm`.
    public static func defaults(for algorithm: MatcherAlgorithm) -> MatcherSettings {
        switch algorithm {
        case .protractor: return .protractor(.default)
        case .dollarOne: return .dollarOne(.default)
        case .pDollar: return .pDollar(.default)
        case .pPlus: return .pPlus(.default)
        case .qDollar: return .qDollar(.default)
        case .pennyPincher: return .pennyPincher(.default)
        case .jackknife: return .jackknife(.default)
        case .combined: return .combined(.default)
        }
    }

    public var algorithm: MatcherAlgorithm {
        switch self {
        case .protractor: return .protractor
        case .dollarOne: return .dollarOne
        case .pDollar: return .pDollar
        case .pPlus: return .pPlus
        case .qDollar: return .qDollar
        case .pennyPincher: return .pennyPincher
        case .jackknife: return .jackknife
        case .combined: return .combined
        }
    }

    /// Points after resampling.
    public var points: Int {
        switch self {
        case .protractor(let s): return s.points
        case .dollarOne(let s): return s.points
        case .pDollar(let s): return s.points
        case .pPlus(let s): return s.points
        case .qDollar(let s): return s.points
        case .pennyPincher(let s): return s.points
        case .jackknife(let s): return s.points
        case .combined: return PPlusSettings.default.points
        }
    }

    /// Every setting, e.g. `protractor (16 points, rotation invariant)`.
    public var description: String {
        switch self {
        case .protractor(let s):
            let r: String
            switch s.rotation {
            case .invariant: r = "rotation invariant"
            case .sensitive: r = "rotation sensitive"
            case .bounded(let m): r = "rotation bounded ±\(Self.number(m * 180 / .pi))°"
            }
            return "protractor (\(s.points) points, \(r))"
        case .dollarOne(let s):
            return "dollar1 (\(s.points) points, square \(Self.number(s.squareSize)), search ±\(Self.number(s.angleRange * 180 / .pi))° to \(Self.number(s.anglePrecision * 180 / .pi))°)"
        case .pDollar(let s):
            return "pdollar (\(s.points) points, epsilon \(Self.number(s.epsilon)))"
        case .pPlus(let s):
            return "pplus (\(s.points) points)"
        case .qDollar(let s):
            return "qdollar (\(s.points) points)"
        case .pennyPincher(let s):
            return "pennypincher (\(s.points) points)"
        case .jackknife(let s):
            return "jackknife (\(s.points) points, \(s.measure.rawValue), band \(Self.number(s.bandFraction * 100))%)"
        case .combined(let s):
            return "combined (weights \(Self.weightsText(s)))"
        }
    }

    /// The 0…1 score of a native distance (each matcher documents its formula).
    public func score(forDistance d: Double) -> Double { matcherType.score(forDistance: d) }

    /// The matcher type of these settings, for generic code: pass it to a function
    /// generic over `M: TemplateMatcher` (the type is opened there) and get the typed
    /// settings with ``typed(for:)``.
    ///
    /// ```swift
    /// func run<M: TemplateMatcher>(_ m: M.Type) -> Int { M(library: lib, settings: settings.typed(for: m)).names.count }
    /// run(settings.matcherType)
    /// ```
    public var matcherType: any TemplateMatcher.Type {
        switch self {
        case .protractor: return ProtractorMatcher.self
        case .dollarOne: return DollarOneMatcher.self
        case .pDollar: return PDollarMatcher.self
        case .pPlus: return PPlusMatcher.self
        case .qDollar: return QDollarMatcher.self
        case .pennyPincher: return PennyPincherMatcher.self
        case .jackknife: return JackknifeMatcher.self
        case .combined: return CombinedMatcher.self
        }
    }

    /// The typed settings for `M`, which must be ``matcherType`` (a precondition).
    public func typed<M: TemplateMatcher>(for _: M.Type) -> M.Settings {
        let payload: any Sendable
        switch self {
        case .protractor(let s): payload = s
        case .dollarOne(let s): payload = s
        case .pDollar(let s): payload = s
        case .pPlus(let s): payload = s
        case .qDollar(let s): payload = s
        case .pennyPincher(let s): payload = s
        case .jackknife(let s): payload = s
        case .combined(let s): payload = s
        }
        guard let s = payload as? M.Settings else { preconditionFailure("\(M.self) asked for the settings of \(self)") }
        return s
    }

    /// What the 0…1 score means, for people reading results.
    public var scoreMeaning: String {
        switch self {
        case .protractor: return "Protractor score 1 − θ/π"
        case .dollarOne: return "$1 score 1 − d/(½√2·250)"
        case .pDollar: return "$P score 1/(1 + d)"
        case .pPlus: return "$P+ score 1/(1 + d)"
        case .qDollar: return "$Q score 1/(1 + d)"
        case .pennyPincher: return "Penny Pincher score 1 − d/2 (mean cosine mapped to 0…1)"
        case .jackknife: return "Jackknife score 1/(1 + d)"
        case .combined: return "combined score 1/(1 + d), d the weighted mean of scaled distances"
        }
    }

    /// A matcher over `library` with these settings.
    public func matcher(library: TemplateLibrary) -> AnyTemplateMatcher {
        func build<M: TemplateMatcher>(_ m: M.Type) -> AnyTemplateMatcher {
            AnyTemplateMatcher(M(library: library, settings: typed(for: m)), settings: self)
        }
        return build(matcherType)
    }

    /// `pplus 1, protractor 1`: the components with a weight above 0.
    static func weightsText(_ s: CombinedSettings) -> String {
        zip(CombinedSettings.componentNames, s.weights).filter { $0.1 > 0 }.map { "\($0.0) \(number($0.1))" }.joined(separator: ", ")
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%g", v)
    }
}

extension MatcherSettings: Codable {
    /// Largest resampling count a settings file may ask for (every template and candidate
    /// is resampled to it; the CLI's `--points` has the same bound).
    public static let maxPoints = 4096

    private enum Key: String, CodingKey {
        case algorithm, points, rotation, maxRotationDegrees, squareSize, angleRangeDegrees, anglePrecisionDegrees, epsilon
        case measure, bandFraction, weights
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let name = try c.decode(String.self, forKey: .algorithm)
        guard let algorithm = MatcherAlgorithm(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .algorithm, in: c, debugDescription:
                "unknown algorithm '\(name)' (known: \(MatcherAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var settings = Self.defaults(for: algorithm)
        let points = try c.decodeIfPresent(Int.self, forKey: .points) ?? settings.points
        guard points >= 2 && points <= Self.maxPoints else {
            throw DecodingError.dataCorruptedError(forKey: .points, in: c, debugDescription: "must be 2…\(Self.maxPoints), found \(points)")
        }
        func finite(_ key: Key, _ range: ClosedRange<Double>) throws -> Double? {
            guard let v = try c.decodeIfPresent(Double.self, forKey: key) else { return nil }
            guard v.isFinite, range.contains(v) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be in \(range.lowerBound)…\(range.upperBound), found \(v)")
            }
            return v
        }
        switch algorithm {
        case .protractor:
            var s = ProtractorSettings(points: points)
            switch try c.decodeIfPresent(String.self, forKey: .rotation) ?? "invariant" {
            case "invariant": s.rotation = .invariant
            case "sensitive": s.rotation = .sensitive
            case "bounded":
                guard let m = try finite(.maxRotationDegrees, 0...180) else {
                    throw DecodingError.dataCorruptedError(forKey: .maxRotationDegrees, in: c, debugDescription: "bounded rotation needs maxRotationDegrees")
                }
                s.rotation = .bounded(maxRadians: m * .pi / 180)
            case let other:
                throw DecodingError.dataCorruptedError(forKey: .rotation, in: c, debugDescription: "must be invariant, bounded or sensitive, found '\(other)'")
            }
            settings = .protractor(s)
        case .dollarOne:
            var s = DollarOneSettings()
            s.points = points
            if let v = try finite(.squareSize, 1e-6...1e6) { s.squareSize = v }
            if let v = try finite(.angleRangeDegrees, 0...180) { s.angleRange = v * .pi / 180 }
            if let v = try finite(.anglePrecisionDegrees, 0.01...180) { s.anglePrecision = v * .pi / 180 }
            settings = .dollarOne(s)
        case .pDollar:
            var s = PDollarSettings()
            s.points = points
            if let v = try finite(.epsilon, 0...1) { s.epsilon = v }
            settings = .pDollar(s)
        case .pPlus:
            settings = .pPlus(PPlusSettings(points: points))
        case .qDollar:
            settings = .qDollar(QDollarSettings(points: points))
        case .pennyPincher:
            settings = .pennyPincher(PennyPincherSettings(points: points))
        case .jackknife:
            var s = JackknifeSettings(points: points)
            if let m = try c.decodeIfPresent(String.self, forKey: .measure) {
                guard let measure = JackknifeSettings.Measure(rawValue: m) else {
                    throw DecodingError.dataCorruptedError(forKey: .measure, in: c, debugDescription:
                        "must be \(JackknifeSettings.Measure.allCases.map(\.rawValue).joined(separator: " or ")), found '\(m)'")
                }
                s.measure = measure
            }
            if let v = try finite(.bandFraction, 0...1) { s.bandFraction = v }
            settings = .jackknife(s)
        case .combined:
            var s = CombinedSettings(pPlus: 0, protractor: 0, pennyPincher: 0, jackknife: 0)
            let weights = try c.decodeIfPresent([String: Double].self, forKey: .weights) ?? [:]
            for (name, w) in weights {
                guard w.isFinite, w >= 0, w <= 1000 else {
                    throw DecodingError.dataCorruptedError(forKey: .weights, in: c, debugDescription: "weight of '\(name)' must be in 0…1000, found \(w)")
                }
                guard s.setWeight(w, of: name) else {
                    throw DecodingError.dataCorruptedError(forKey: .weights, in: c, debugDescription:
                        "unknown component '\(name)' (known: \(CombinedSettings.componentNames.joined(separator: ", ")))")
                }
            }
            if weights.isEmpty { s = .default }
            guard s.weights.contains(where: { $0 > 0 }) else {
                throw DecodingError.dataCorruptedError(forKey: .weights, in: c, debugDescription: "at least one weight must be above 0")
            }
            settings = .combined(s)
        }
        self = settings
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(algorithm.rawValue, forKey: .algorithm)
        try c.encode(points, forKey: .points)
        switch self {
        case .protractor(let s):
            switch s.rotation {
            case .invariant: try c.encode("invariant", forKey: .rotation)
            case .sensitive: try c.encode("sensitive", forKey: .rotation)
            case .bounded(let m):
                try c.encode("bounded", forKey: .rotation)
                try c.encode(m * 180 / .pi, forKey: .maxRotationDegrees)
            }
        case .dollarOne(let s):
            try c.encode(s.squareSize, forKey: .squareSize)
            try c.encode(s.angleRange * 180 / .pi, forKey: .angleRangeDegrees)
            try c.encode(s.anglePrecision * 180 / .pi, forKey: .anglePrecisionDegrees)
        case .pDollar(let s):
            try c.encode(s.epsilon, forKey: .epsilon)
        case .jackknife(let s):
            try c.encode(s.measure.rawValue, forKey: .measure)
            try c.encode(s.bandFraction, forKey: .bandFraction)
        case .combined(let s):
            try c.encode(Dictionary(uniqueKeysWithValues: zip(CombinedSettings.componentNames, s.weights).filter { $0.1 > 0 }), forKey: .weights)
        case .pPlus, .qDollar, .pennyPincher:
            break
        }
    }
}
