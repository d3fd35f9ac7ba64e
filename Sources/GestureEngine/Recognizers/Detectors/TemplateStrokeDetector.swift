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
    /// - Parameter folder: where the model was read from, written back when the
    ///   configuration is encoded.
    public init(model: ModelRecognizer, folder: String, labels: [String] = []) {
        self.init(library: model.library, algorithm: model.matcher.algorithm, acceptance: .model(model, folder: folder),
                  labels: labels)
    }

    /// The detector: the algorithm with its default settings, or for `.model` the
    /// model's recognizer with its own matcher settings.
    public func makeDetector() -> TemplateStrokeDetector {
        if case .model = acceptance {
            // The model's recognizer matches and decides (see `finish()`).
            return TemplateStrokeDetector(best: { _ in nil }, acceptance: acceptance, labels: Set(labels))
        }
        let matcher = MatcherSettings.defaults(for: algorithm).matcher(library: library)
        return TemplateStrokeDetector(matcher: matcher, acceptance: acceptance, labels: Set(labels))
    }
}

extension TemplateStrokeDetector {
    /// A detector over a matcher chosen at run time from its settings.
    public init(matcher: AnyTemplateMatcher, acceptance: TemplateAcceptance, labels: Set<String> = []) {
        self.init(best: { matcher.recognize($0, limit: 1).first }, acceptance: acceptance, labels: labels)
    }
}

/// How a template recognizer decides whether the best match stands.
public enum TemplateAcceptance: Hashable, Sendable {
    /// The matcher's 0…1 score is at least this (see each matcher's score).
    case minimumScore(Double)
    /// Per-label limits on the native distance, trained by `gesturelab train rejection`.
    case rejection(RejectionThresholds)
    /// A trained model's own rule (verifier or thresholds); its recognizer's matcher
    /// settings and templates decide, not the spec's algorithm defaults. `folder` is where
    /// the model folder was read from.
    case model(ModelRecognizer, folder: String)
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
    public let acceptance: TemplateAcceptance
    public let labels: Set<String>
    private let best: @Sendable (Gesture) -> Match?
    private var points: [Point] = []

    public init(matcher: some TemplateMatcher, acceptance: TemplateAcceptance, labels: Set<String> = []) {
        self.init(best: { matcher.recognize($0, limit: 1).first }, acceptance: acceptance, labels: labels)
    }

    init(best: @escaping @Sendable (Gesture) -> Match?, acceptance: TemplateAcceptance, labels: Set<String>) {
        self.best = best
        self.acceptance = acceptance
        self.labels = labels
    }

    public mutating func reset() { points.removeAll(keepingCapacity: true) }

    /// 10 points, the movement a tap may make (``TapRecognizer/Settings/maximumMovement``):
    /// a matcher compares shapes scaled to one size, so the few points of a tap can match
    /// any template.
    public var minimumMovement: Double { TapRecognizer.Settings().maximumMovement }

    public mutating func add(_ point: Point) -> StrokeDecision {
        points.append(point)
        return .undecided
    }

    public mutating func finish() -> StrokeDecision {
        if case .model(let recognizer, _) = acceptance {
            guard points.count >= 2 else { return .failed }
            let r = recognizer.recognize(Gesture([Stroke(points)]), top: 1)
            guard let label = r.label, labels.isEmpty || labels.contains(label), let best = r.matches.first else { return .failed }
            return .recognized(score: best.score, match: label)
        }
        guard points.count >= 2, let best = best(Gesture([Stroke(points)])) else {
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
