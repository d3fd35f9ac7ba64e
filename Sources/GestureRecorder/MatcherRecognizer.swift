import GestureGeometry
import GestureMatching

/// A template matcher as a recorder hook: ranks the library's templates for the drawn
/// gesture (GestureMatching) and reports the best few.
///
/// ```swift
/// let lib = try TemplateLibrary.decode(Data(contentsOf: url))
/// let m = MatcherRecognizer(library: lib, algorithm: .protractor, source: url.path)
/// m.recognize(gesture).first?.match   // "circle"
/// ```
///
/// `score` is the algorithm's documented 0…1 score (not comparable across algorithms);
/// `measurements["distance"]` its native distance. Without rejection thresholds the
/// matcher always names a best template and makes no accept/reject decision
/// (`recognized == nil`); with them, `recognized` says whether the best match passes its
/// label's threshold.
public struct MatcherRecognizer: SampleRecognizer {
    public let settings: MatcherSettings
    public var algorithm: MatcherAlgorithm { settings.algorithm }
    public let rejection: RejectionThresholds?
    public let source: String
    public let templateCount: Int
    private let matcher: AnyTemplateMatcher

    /// How many runner-up templates the detail line names.
    public static let shown = 3

    /// - Parameters:
    ///   - settings: the matcher and its settings (points, rotation).
    ///   - rejection: per-label distance limits measured with `settings`
    ///     (`gesturelab train rejection`); `nil` makes no accept/reject decision.
    ///   - source: the library's path, shown on the page.
    public init(library: TemplateLibrary, settings: MatcherSettings, rejection: RejectionThresholds? = nil, source: String) {
        self.settings = settings
        self.rejection = rejection
        self.source = source
        self.templateCount = library.templates.count
        matcher = settings.matcher(library: library)
    }

    /// A matcher with `algorithm`'s settings from the arguments (the others ignored; the
    /// algorithms without an argument here take their defaults).
    public init(library: TemplateLibrary, algorithm: MatcherAlgorithm = .protractor,
                protractor: ProtractorSettings = .default, dollarOne: DollarOneSettings = .default,
                pDollar: PDollarSettings = .default, pPlus: PPlusSettings = .default,
                rejection: RejectionThresholds? = nil, source: String) {
        let given: [MatcherSettings] = [.protractor(protractor), .dollarOne(dollarOne), .pDollar(pDollar), .pPlus(pPlus)]
        let settings = given.first { $0.algorithm == algorithm } ?? algorithm.defaultSettings
        self.init(library: library, settings: settings, rejection: rejection, source: source)
    }

    public var name: String { "\(algorithm.rawValue) matcher" }

    public var scoreMeaning: String { settings.scoreMeaning }

    public func recognize(_ gesture: Gesture) -> [RecognitionResult] {
        let matches = matcher.recognize(gesture, limit: Self.shown)
        guard let best = matches.first else {
            return [RecognitionResult(name: name, kind: .matcher, recognized: false,
                                      detail: "nothing to match (no points or no templates) [\(source)]")]
        }
        let others = matches.dropFirst().map { "\($0.name) \(String(format: "%.3f", $0.score))" }
        let decision = rejection.map { $0.accepts(best) }
        var detail = "best of \(templateCount) templates"
        if !others.isEmpty { detail += "; next: " + others.joined(separator: ", ") }
        if let decision { detail += decision ? "; passes its rejection threshold" : "; rejected by its threshold" }
        return [RecognitionResult(name: name, kind: .matcher, recognized: decision, match: best.name, score: best.score,
                                  scoreMeaning: scoreMeaning, measurements: ["distance": best.distance],
                                  detail: detail + " [\(source)]")]
    }
}
