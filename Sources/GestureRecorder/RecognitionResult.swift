import GestureGeometry

/// One recognizer's verdict on a drawn sample, as the recorder page shows it.
///
/// Detectors (check mark, circle) report a decision from their thresholds; matchers report
/// the best template and its score. Scores from different recognizers are not comparable
/// (README, Template matching), so each result says what its `score` means in `scoreMeaning`.
public struct RecognitionResult: Hashable, Codable, Sendable {
    /// What produced the result.
    public enum Kind: String, Hashable, Codable, Sendable {
        /// A rule-based detector (GestureDetectors): measures features, thresholds decide.
        case detector
        /// A template matcher (GestureMatching): ranks templates.
        case matcher
    }

    /// The recognizer's display name, e.g. `"checkmark"` or `"$1 matcher"`.
    public var name: String
    public var kind: Kind
    /// Whether the recognizer fires on the sample: a detector's decision, or a matcher's
    /// best match passing its rejection threshold. `nil` when it makes no decision.
    public var recognized: Bool?
    /// For a matcher, the best template's name; for a detector, `nil`.
    public var match: String?
    /// The recognizer's own 0…1 score, when it has one.
    public var score: Double?
    /// What `score` means (e.g. "$1 score 1 − d/(½√2·250)").
    public var scoreMeaning: String?
    /// Named measurements behind the decision (angles, lengths, distances…).
    public var measurements: [String: Double]
    /// One line for people: why it fired or not.
    public var detail: String

    public init(name: String, kind: Kind, recognized: Bool?, match: String? = nil, score: Double? = nil,
                scoreMeaning: String? = nil, measurements: [String: Double] = [:], detail: String) {
        self.name = name
        self.kind = kind
        self.recognized = recognized
        self.match = match
        self.score = score
        self.scoreMeaning = scoreMeaning
        self.measurements = measurements.filter { $0.value.isFinite }
        self.detail = detail
    }
}

/// The hook the recorder calls with the last drawn sample: anything that turns a gesture
/// into named results (the detectors, the matcher). Implementations must not throw on
/// degenerate geometry (one point, zero length): they report "not recognized" instead.
public protocol SampleRecognizer: Sendable {
    /// The name shown on the page while no sample has been drawn yet.
    var name: String { get }
    /// The results for `gesture` (usually one).
    func recognize(_ gesture: Gesture) -> [RecognitionResult]
}

/// A recognizer made from a closure, for wiring and tests.
public struct ClosureRecognizer: SampleRecognizer {
    public let name: String
    private let body: @Sendable (Gesture) -> [RecognitionResult]

    public init(name: String, _ body: @escaping @Sendable (Gesture) -> [RecognitionResult]) {
        self.name = name
        self.body = body
    }

    public func recognize(_ gesture: Gesture) -> [RecognitionResult] { body(gesture) }
}
