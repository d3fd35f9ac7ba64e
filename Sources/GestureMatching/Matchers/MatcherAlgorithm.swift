/// A registered template-matching algorithm: a ``TemplateMatcher`` type known by its id
/// (the raw value: `--algorithm`, the settings file's `algorithm`, the engine
/// configuration's `algorithm`).
///
/// Everything generic code needs about a matcher — its settings type with their JSON
/// fields, point count, description and score meaning (``AlgorithmSettings``), how to
/// prepare and rank — comes from its type, so command-line parsing, model folders, the
/// engine, the recorder, training, the combined recognizer, the fuzz targets and the
/// generic tests iterate ``allCases`` (the registry, in `MatcherRegistry.swift`) and never
/// list the algorithms themselves.
public struct MatcherAlgorithm: Sendable, RawRepresentable, CustomStringConvertible {
    /// The id: lowercase letters and digits, as the command line and files spell it.
    public let rawValue: String
    /// The matcher type: preparation, ranking, distance and score.
    public let matcher: any TemplateMatcher.Type

    /// Registers `matcher` under `id`.
    public init<M: TemplateMatcher>(_ id: String, _ matcher: M.Type) {
        self.rawValue = id
        self.matcher = matcher
    }

    /// The registered algorithm whose id is `rawValue`; `nil` for an unknown id.
    public init?(rawValue: String) {
        guard let a = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = a
    }

    public var description: String { rawValue }

    /// The settings type of the matcher.
    public var settingsType: any AlgorithmSettings.Type { matcher.settingsType }

    /// The paper's defaults.
    public var defaultSettings: MatcherSettings { MatcherSettings(algorithm: self, value: settingsType.default) }

    /// Whether the combined recognizer may take it as a component.
    public var isCombinable: Bool { settingsType.isCombinable }

    /// The fewest examples per label it is meant to learn from (``AlgorithmSettings/fewestExamplesPerClass``).
    public var fewestExamplesPerClass: Int { settingsType.fewestExamplesPerClass }

    /// The ids of every registered algorithm, as help texts and errors list them
    /// (`protractor, dollar1, …`).
    public static var idList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The registered algorithm of matcher type `M` (a precondition: `M` is registered).
    public static func of<M: TemplateMatcher>(_: M.Type) -> MatcherAlgorithm {
        guard let a = allCases.first(where: { ObjectIdentifier($0.matcher) == ObjectIdentifier(M.self) }) else {
            preconditionFailure("\(M.self) is not in MatcherAlgorithm.allCases")
        }
        return a
    }
}

extension MatcherAlgorithm: Hashable {
    public static func == (a: MatcherAlgorithm, b: MatcherAlgorithm) -> Bool { a.rawValue == b.rawValue }
    public func hash(into h: inout Hasher) { h.combine(rawValue) }
}

extension MatcherAlgorithm: Codable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let id = try c.decode(String.self)
        guard let a = MatcherAlgorithm(rawValue: id) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "unknown algorithm '\(id)' (known: \(Self.idList))")
        }
        self = a
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

extension MatcherAlgorithm {
    /// Protractor (Li, CHI 2010): closed-form rotation, cosine (angular) distance.
    public static let protractor = MatcherAlgorithm("protractor", ProtractorMatcher.self)
    /// $1 (Wobbrock, Wilson, Li, UIST 2007): golden-section search over rotation.
    public static let dollarOne = MatcherAlgorithm("dollar1", DollarOneMatcher.self)
    /// $P (Vatavu, Anthony, Wobbrock, ICMI 2012): point clouds, multistroke.
    public static let pDollar = MatcherAlgorithm("pdollar", PDollarMatcher.self)
    /// $P+ (Vatavu, CHI 2017): $P's cloud with the turning angle as a third coordinate,
    /// one-to-many matching in both directions.
    public static let pPlus = MatcherAlgorithm("pplus", PPlusMatcher.self)
    /// $Q (Vatavu, Anthony, Wobbrock, MobileHCI 2018): $P with a look-up table, lower
    /// bounds and early abandoning.
    public static let qDollar = MatcherAlgorithm("qdollar", QDollarMatcher.self)
    /// Penny Pincher (Taranta & LaViola, GI 2015): sum of dot products of between-point
    /// unit vectors.
    public static let pennyPincher = MatcherAlgorithm("pennypincher", PennyPincherMatcher.self)
    /// Jackknife (Taranta et al., CHI 2017): DTW over direction vectors with correction
    /// factors.
    public static let jackknife = MatcherAlgorithm("jackknife", JackknifeMatcher.self)
    /// Several matchers' distances fused (``CombinedMatcher``).
    public static let combined = MatcherAlgorithm("combined", CombinedMatcher.self)
}
