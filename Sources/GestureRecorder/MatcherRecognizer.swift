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
    public let algorithm: MatcherAlgorithm
    public let rejection: RejectionThresholds?
    public let source: String
    public let templateCount: Int
    private let rank: @Sendable (Gesture) -> [Match]

    /// How many runner-up templates the detail line names.
    public static let shown = 3

    /// - Parameters:
    ///   - rejection: per-label distance limits for `algorithm` (`gesturelab train rejection`);
    ///     `nil` makes no accept/reject decision.
    ///   - source: the library's path, shown on the page.
    public init(library: TemplateLibrary, algorithm: MatcherAlgorithm = .protractor,
                protractor: ProtractorSettings = .default, dollarOne: DollarOneSettings = .default,
                pDollar: PDollarSettings = .default, rejection: RejectionThresholds? = nil, source: String) {
        self.algorithm = algorithm
        self.rejection = rejection
        self.source = source
        self.templateCount = library.templates.count
        let n = Self.shown
        switch algorithm {
        case .protractor:
            let m = ProtractorMatcher(library: library, settings: protractor)
            rank = { m.recognize($0, limit: n) }
        case .dollarOne:
            let m = DollarOneMatcher(library: library, settings: dollarOne)
            rank = { m.recognize($0, limit: n) }
        case .pDollar:
            let m = PDollarMatcher(library: library, settings: pDollar)
            rank = { m.recognize($0, limit: n) }
        case .pPlus:
            let m = PPlusMatcher(library: library, settings: .default)
            rank = { m.recognize($0, limit: n) }
        }
    }

    public var name: String { "\(algorithm.rawValue) matcher" }

    public var scoreMeaning: String {
        switch algorithm {
        case .protractor: "Protractor score 1 − θ/π"
        case .dollarOne: "$1 score 1 − d/(½√2·250)"
        case .pDollar: "$P score 1/(1 + d)"
        case .pPlus: "$P+ score 1/(1 + d)"
        }
    }

    public func recognize(_ gesture: Gesture) -> [RecognitionResult] {
        let matches = rank(gesture)
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
