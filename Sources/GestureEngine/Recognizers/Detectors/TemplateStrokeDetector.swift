import GestureGeometry
import GestureMatching

/// What a template recognizer matches with and when the best match stands.
public struct TemplateSpec: Hashable, Sendable {
    public var library: TemplateLibrary
    public var algorithm: MatcherAlgorithm
    public var acceptance: TemplateAcceptance
    /// Template names that fire the recognizer; empty = all.
    public var labels: [String]

    public init(library: TemplateLibrary, algorithm: MatcherAlgorithm = .protractor,
                acceptance: TemplateAcceptance, labels: [String] = []) {
        self.library = library
        self.algorithm = algorithm
        self.acceptance = acceptance
        self.labels = labels
    }

    /// A spec that recognizes with a trained model's matcher settings, templates and rejection rule.
    public init(model: ModelRecognizer, labels: [String] = []) {
        self.init(library: model.library, algorithm: model.matcher.algorithm, acceptance: .model(model), labels: labels)
    }

    /// The detector, with the algorithm's default settings (for `.model`, the model decides
    /// with its own settings).
    public func makeDetector() -> TemplateStrokeDetector {
        let matcher: any TemplateMatcher
        switch algorithm {
        case .protractor: matcher = ProtractorMatcher(library: library, settings: .default)
        case .dollarOne: matcher = DollarOneMatcher(library: library, settings: .default)
        case .pDollar: matcher = PDollarMatcher(library: library, settings: .default)
        case .pPlus: matcher = PPlusMatcher(library: library, settings: .default)
        }
        return TemplateStrokeDetector(matcher: matcher, acceptance: acceptance, labels: Set(labels))
    }
}

/// How a template recognizer decides whether the best match stands.
public enum TemplateAcceptance: Hashable, Sendable {
    /// The matcher's 0…1 score is at least this (see each matcher's score).
    case minimumScore(Double)
    /// Per-label limits on the native distance, trained by `gesturelab train rejection`.
    case rejection(RejectionThresholds)
    /// A trained model's own rule (verifier or thresholds); its recognizer's matcher
    /// settings and templates decide, not the spec's algorithm defaults.
    case model(ModelRecognizer)
}

/// A GestureMatching template matcher as a ``StrokeDetecting`` detector, deciding when
/// the finger lifts: the stroke is matched against the library, and the best match
/// fires the recognizer when its label is among `labels` (all when empty) and it passes
/// the acceptance test. The action reports the match's 0…1 `score` and its name.
///
/// ```swift
/// let symbols = StrokeRecognizer(name: "symbols", detector: TemplateStrokeDetector(
///     matcher: ProtractorMatcher(library: library, settings: .default), acceptance: .minimumScore(0.85)))
/// ```
/// Edge cases: a stroke of one point matches nothing and fails.
public struct TemplateStrokeDetector: StrokeDetecting {
    public let matcher: any TemplateMatcher
    public let acceptance: TemplateAcceptance
    public let labels: Set<String>
    private var points: [Point] = []

    public init(matcher: any TemplateMatcher, acceptance: TemplateAcceptance, labels: Set<String> = []) {
        self.matcher = matcher
        self.acceptance = acceptance
        self.labels = labels
    }

    public mutating func reset() { points.removeAll(keepingCapacity: true) }

    public mutating func add(_ point: Point) -> StrokeDecision {
        points.append(point)
        return .undecided
    }

    public mutating func finish() -> StrokeDecision {
        if case .model(let recognizer) = acceptance {
            guard points.count >= 2 else { return .failed }
            let r = recognizer.recognize(Gesture([Stroke(points)]), top: 1)
            guard let label = r.label, labels.isEmpty || labels.contains(label), let best = r.matches.first else { return .failed }
            return .recognized(score: best.score, match: label)
        }
        guard points.count >= 2, let best = matcher.recognize(Gesture([Stroke(points)]), limit: 1).first else {
            return .failed
        }
        guard labels.isEmpty || labels.contains(best.name) else { return .failed }
        let accepted: Bool
        switch acceptance {
        case .minimumScore(let s): accepted = best.score >= s
        case .rejection(let r): accepted = r.accepts(best)
        case .model: accepted = false  // decided above
        }
        return accepted ? .recognized(score: best.score, match: best.name) : .failed
    }
}
