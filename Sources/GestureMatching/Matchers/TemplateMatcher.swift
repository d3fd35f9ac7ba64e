import GestureGeometry

/// A template matcher: normalizes gestures into a `Prepared` form once, then ranks the
/// templates for a candidate.
///
/// Preparing is split from matching so that evaluation protocols normalize each sample
/// once and build many small template sets from the prepared forms.
///
/// ```swift
/// let matcher = ProtractorMatcher(library: library, settings: .default)
/// let best = matcher.recognize(candidate, limit: 1).first   // name, distance, score
/// ```
public protocol TemplateMatcher: Sendable {
    /// The normalized form of one gesture.
    associatedtype Prepared: Sendable
    /// The algorithm's tunables, with their coding and description.
    associatedtype Settings: AlgorithmSettings

    /// The registered algorithm (``MatcherAlgorithm/allCases``); found there by type
    /// unless the matcher names it.
    static var algorithm: MatcherAlgorithm { get }

    /// Normalizes `gesture` for matching.
    /// - Returns: `nil` for a gesture with no shape to match: no points, zero path length
    ///   (a tap, or every point in one place), or a non-finite coordinate.
    static func prepare(_ gesture: Gesture, settings: Settings) -> Prepared?

    /// A matcher over already prepared templates. `names[i]` labels `templates[i]`.
    init(names: [String], templates: [Prepared], settings: Settings)

    var settings: Settings { get }
    /// The template names in library order.
    var names: [String] { get }

    /// The best `limit` matches (all when `nil`), closest first.
    /// Edge cases: an empty template set gives `[]`.
    func recognize(prepared candidate: Prepared, limit: Int?) -> [Match]

    /// Maps a native distance to the documented 0…1 score.
    static func score(forDistance d: Double) -> Double

    /// The native distance from one prepared candidate to one prepared template: the value
    /// `recognize(prepared:limit: nil)` reports for that template. Evaluation protocols
    /// keep these in distance tables computed once per unit.
    static func distance(_ candidate: Prepared, _ template: Prepared, settings: Settings) -> Double

    /// Whether `recognize(prepared:limit:)` picks its best match by
    /// ``distance(_:_:settings:)`` exactly, bit for bit, with ties going to the earlier
    /// template, so that a table of pair distances gives the same winner as the matcher.
    /// `false` where the batch arithmetic rounds differently from one pair on its own
    /// (Protractor's BLAS products).
    static var ranksByPairDistance: Bool { get }

    /// Whether ``distance(_:_:settings:)`` gives bit for bit the same value with the two
    /// gestures swapped, so a distance table may fill both entries from one computation.
    static var isSymmetric: Bool { get }
}

extension TemplateMatcher {
    public static var algorithm: MatcherAlgorithm { MatcherAlgorithm.of(Self.self) }

    /// The settings type, for code that holds the matcher type as `any TemplateMatcher.Type`.
    public static var settingsType: any AlgorithmSettings.Type { Settings.self }

    /// A one-template matcher's distance (override when a direct form is cheaper).
    public static func distance(_ candidate: Prepared, _ template: Prepared, settings: Settings) -> Double {
        Self(names: [""], templates: [template], settings: settings)
            .recognize(prepared: candidate, limit: nil).first?.distance ?? .infinity
    }

    public static var ranksByPairDistance: Bool { true }

    public static var isSymmetric: Bool { false }
}

extension TemplateMatcher {
    /// A matcher over a library's templates; templates with no shape (no points, zero
    /// length, non-finite) are impossible in a decoded library (the decoder rejects them)
    /// and are skipped otherwise.
    public init(library: TemplateLibrary, settings: Settings) {
        var names: [String] = [], prepared: [Prepared] = []
        for t in library.templates {
            if let p = Self.prepare(t.gesture, settings: settings) { names.append(t.name); prepared.append(p) }
        }
        self.init(names: names, templates: prepared, settings: settings)
    }

    /// Prepares `gesture` and ranks the templates for it.
    /// - Returns: the best `limit` matches, closest first; `[]` when the gesture has no
    ///   shape (no points, zero length such as a tap, or a non-finite coordinate).
    public func recognize(_ gesture: Gesture, limit: Int? = nil) -> [Match] {
        guard let p = Self.prepare(gesture, settings: settings) else { return [] }
        return recognize(prepared: p, limit: limit)
    }
}
