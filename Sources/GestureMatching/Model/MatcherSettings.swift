import Foundation

/// One matcher's algorithm and its settings, as a typed value: what a model folder stores
/// so that whatever reads its templates, rejection thresholds or verifier uses the
/// settings they were trained with.
///
/// Stored as JSON with the algorithm and its fields, e.g.
/// `{"algorithm": "protractor", "points": 16, "rotation": "invariant"}` or
/// `{"algorithm": "pplus", "points": 32}`: `algorithm` and `points` here, the other
/// fields by the algorithm's settings type (``AlgorithmSettings``).
///
/// Two settings are the same matcher exactly when they are `==`; ``description`` names
/// every field, so an error about a mismatch can show both sides.
public struct MatcherSettings: Hashable, Sendable, CustomStringConvertible {
    /// The registered algorithm.
    public let algorithm: MatcherAlgorithm
    /// Its typed settings (of type `algorithm.settingsType`).
    public let value: any AlgorithmSettings

    init(algorithm: MatcherAlgorithm, value: any AlgorithmSettings) {
        self.algorithm = algorithm
        self.value = value
    }

    /// `settings` of matcher type `M`.
    public init<M: TemplateMatcher>(_: M.Type, _ settings: M.Settings) {
        self.init(algorithm: M.algorithm, value: settings)
    }

    /// Typed settings of the registered algorithm whose settings type is `S` (a
    /// precondition: exactly one matcher uses it).
    public init<S: AlgorithmSettings>(_ settings: S) {
        guard let a = MatcherAlgorithm.allCases.first(where: { ObjectIdentifier($0.settingsType) == ObjectIdentifier(S.self) }) else {
            preconditionFailure("no registered matcher has settings of type \(S.self)")
        }
        self.init(algorithm: a, value: settings)
    }

    public static func == (a: MatcherSettings, b: MatcherSettings) -> Bool {
        a.algorithm == b.algorithm && AnyHashable(a.value) == AnyHashable(b.value)
    }

    public func hash(into h: inout Hasher) {
        h.combine(algorithm)
        h.combine(AnyHashable(value))
    }

    /// The paper's defaults for `algorithm`.
    public static func defaults(for algorithm: MatcherAlgorithm) -> MatcherSettings { algorithm.defaultSettings }

    public static func protractor(_ s: ProtractorSettings) -> MatcherSettings { MatcherSettings(ProtractorMatcher.self, s) }
    public static func dollarOne(_ s: DollarOneSettings) -> MatcherSettings { MatcherSettings(DollarOneMatcher.self, s) }
    public static func pDollar(_ s: PDollarSettings) -> MatcherSettings { MatcherSettings(PDollarMatcher.self, s) }
    public static func pPlus(_ s: PPlusSettings) -> MatcherSettings { MatcherSettings(PPlusMatcher.self, s) }
    public static func qDollar(_ s: QDollarSettings) -> MatcherSettings { MatcherSettings(QDollarMatcher.self, s) }
    public static func pennyPincher(_ s: PennyPincherSettings) -> MatcherSettings { MatcherSettings(PennyPincherMatcher.self, s) }
    public static func jackknife(_ s: JackknifeSettings) -> MatcherSettings { MatcherSettings(JackknifeMatcher.self, s) }
    public static func combined(_ s: CombinedSettings) -> MatcherSettings { MatcherSettings(CombinedMatcher.self, s) }

    /// Points after resampling.
    public var points: Int { value.points }

    /// These settings with `points` points after resampling.
    public func with(points: Int) -> MatcherSettings { MatcherSettings(algorithm: algorithm, value: value.with(points: points)) }

    /// Every setting, e.g. `protractor (16 points, rotation invariant)`.
    public var description: String { "\(algorithm.rawValue) (\(value.fieldsDescription))" }

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
    public var matcherType: any TemplateMatcher.Type { algorithm.matcher }

    /// The typed settings for `M`, which must be ``matcherType`` (a precondition).
    public func typed<M: TemplateMatcher>(for _: M.Type) -> M.Settings {
        guard let s = value as? M.Settings else { preconditionFailure("\(M.self) asked for the settings of \(self)") }
        return s
    }

    /// What the 0…1 score means, for people reading results.
    public var scoreMeaning: String { algorithm.settingsType.scoreMeaning }

    /// A matcher over `library` with these settings.
    public func matcher(library: TemplateLibrary) -> AnyTemplateMatcher {
        func build<M: TemplateMatcher>(_ m: M.Type) -> AnyTemplateMatcher {
            AnyTemplateMatcher(M(library: library, settings: typed(for: m)), settings: self)
        }
        return build(matcherType)
    }

    static func number(_ v: Double) -> String { settingsNumber(v) }
}

extension MatcherSettings: Codable {
    /// Largest resampling count a settings file may ask for (every template and candidate
    /// is resampled to it; the CLI's `--points` has the same bound).
    public static let maxPoints = 4096

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: MatcherSettingsField.self)
        let key = MatcherSettingsField("algorithm")
        let name = try c.decode(String.self, forKey: key)
        guard let algorithm = MatcherAlgorithm(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                "unknown algorithm '\(name)' (known: \(MatcherAlgorithm.idList))")
        }
        let type = algorithm.settingsType
        let points = try c.decodeIfPresent(Int.self, forKey: MatcherSettingsField("points")) ?? type.default.points
        guard points >= 2 && points <= Self.maxPoints else {
            throw c.bad("points", "must be 2…\(Self.maxPoints), found \(points)")
        }
        self.init(algorithm: algorithm, value: try type.decodeFields(from: c, points: points))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: MatcherSettingsField.self)
        try c.put(algorithm.rawValue, "algorithm")
        try c.put(points, "points")
        try value.encodeFields(to: &c)
    }
}
