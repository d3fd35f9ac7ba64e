/// The prepared templates of a matcher as they were given, with their names and the
/// matcher's settings: what every ``TemplateListMatcher`` keeps.
public struct TemplateList<Prepared: Sendable, Settings: AlgorithmSettings>: Sendable {
    /// The template names in library order.
    public let names: [String]
    /// The prepared templates; `templates[i]` is named `names[i]`.
    public let templates: [Prepared]
    public let settings: Settings

    /// A precondition: one name per template.
    public init(names: [String], templates: [Prepared], settings: Settings) {
        precondition(names.count == templates.count, "one name per template")
        self.names = names
        self.templates = templates
        self.settings = settings
    }
}

/// A ``TemplateMatcher`` that keeps its prepared templates in a ``TemplateList``.
///
/// The list gives the matcher its `init(names:templates:settings:)`, `names` and
/// `settings`, and a default ``recognize(prepared:limit:)`` that takes
/// ``TemplateMatcher/distance(_:_:settings:)`` to every template in library order and
/// ranks them (ties to the earlier template) with ``scoreForDistance(_:)``. A matcher
/// whose ranking does more (bounds shared across templates, a trained classifier)
/// implements `recognize(prepared:limit:)` itself.
///
/// The default is generic over `Self`, so each matcher's copy is specialized: the
/// distance is a direct static call, with no existential or closure in the per-point loops.
public protocol TemplateListMatcher: TemplateMatcher {
    /// The templates, names and settings.
    var list: TemplateList<Prepared, Settings> { get }
    /// A matcher over `list` (a matcher that trains on its templates does so here).
    init(list: TemplateList<Prepared, Settings>)
    /// The 0…1 score of a distance under these settings; by default
    /// ``TemplateMatcher/score(forDistance:)`` (override where the settings change the scale).
    func scoreForDistance(_ d: Double) -> Double
}

extension TemplateListMatcher {
    public init(names: [String], templates: [Prepared], settings: Settings = .default) {
        self.init(list: TemplateList(names: names, templates: templates, settings: settings))
    }

    public var names: [String] { list.names }
    public var settings: Settings { list.settings }
    var templates: [Prepared] { list.templates }

    public func scoreForDistance(_ d: Double) -> Double { Self.score(forDistance: d) }

    public func recognize(prepared candidate: Prepared, limit: Int? = nil) -> [Match] {
        let settings = list.settings
        let distances = list.templates.map { Self.distance(candidate, $0, settings: settings) }
        return Ranking.ranked(distances, names: list.names, limit: limit, score: scoreForDistance)
    }
}

/// A normalized gesture's points as two columns, `xs[i]` and `ys[i]` the i-th point: the
/// prepared form of $1 (a resampled path) and $P (a point cloud).
public struct PointColumns: Hashable, Sendable {
    var xs: [Double]
    var ys: [Double]
}
