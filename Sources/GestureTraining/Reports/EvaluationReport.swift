import GestureData
/// Everything an evaluation or training run reports, as written to `report.json`
/// (format `gesturelab.report/1`) and rendered to `report.md` and SVG plots by
/// ``ReportWriter``.
///
/// A report is a pure value: the same inputs and seed give the same report, and the
/// writer turns the same report into the same bytes.
public struct EvaluationReport: Hashable, Codable, Sendable {
    public static let formatTag = "gesturelab.report/1"

    public var format: String = Self.formatTag
    /// Headline, e.g. "gesturelab demo".
    public var title: String
    /// The seed every random choice of the run derived from.
    public var seed: UInt64
    /// The settings the run used, as text (command line options, protocol, sizes).
    public var settings: [String: SettingValue]
    /// The input data, when the run read a dataset.
    public var dataset: DatasetSummary?
    /// Yes/no decisions: detectors, matcher rejection.
    public var binary: [BinaryEvaluation]
    /// Multi-class decisions: matchers.
    public var classification: [ClassificationEvaluation]
    /// Free-form remarks (what could not be trained, caveats).
    public var notes: [String]

    public init(title: String, seed: UInt64, settings: [String: SettingValue] = [:], dataset: DatasetSummary? = nil,
                binary: [BinaryEvaluation] = [], classification: [ClassificationEvaluation] = [], notes: [String] = []) {
        self.title = title
        self.seed = seed
        self.settings = settings
        self.dataset = dataset
        self.binary = binary
        self.classification = classification
        self.notes = notes
    }
}

/// What data a run read.
public struct DatasetSummary: Hashable, Codable, Sendable {
    public var path: String
    public var samples: Int
    public var labels: [String: Int]
    public var subjects: Int
    /// ``DatasetFingerprint`` of the samples (FNV-1a 64, hex).
    public var fingerprint: String

    public init(path: String, samples: Int, labels: [String: Int], subjects: Int, fingerprint: String) {
        self.path = path
        self.samples = samples
        self.labels = labels
        self.subjects = subjects
        self.fingerprint = fingerprint
    }
}

/// An operating point with a name ("trained", "checkPlease preset", …).
public struct NamedOperatingPoint: Hashable, Codable, Sendable {
    public var name: String
    /// The threshold on the evaluation's score scale; `nil` for a rule that is not a
    /// threshold on that scale (a book preset with several conditions).
    public var threshold: Double?
    public var counts: BinaryCounts
    public var truePositiveRate: Double
    public var falsePositiveRate: Double

    public init(name: String, threshold: Double?, counts: BinaryCounts) {
        self.name = name
        self.threshold = threshold
        self.counts = counts
        truePositiveRate = counts.truePositiveRate
        falsePositiveRate = counts.falsePositiveRate
    }
}

/// Counts of positive and negative scores in equal-width bins.
public struct ScoreHistogram: Hashable, Codable, Sendable {
    /// `bins + 1` increasing edges.
    public var edges: [Double]
    public var positives: [Int]
    public var negatives: [Int]

    /// Bins both score sets over their common range; non-finite scores are left out.
    /// - Parameter bins: at least 1.
    public init(positives pos: [Double], negatives neg: [Double], bins: Int = 30, including extra: [Double] = []) {
        precondition(bins >= 1, "a histogram needs at least one bin")
        let all = (pos + neg + extra).filter(\.isFinite)
        let lo = all.min() ?? 0
        var hi = all.max() ?? 1
        if hi <= lo { hi = lo + 1 }
        let w = (hi - lo) / Double(bins)
        edges = (0...bins).map { lo + Double($0) * w }
        func count(_ v: [Double]) -> [Int] {
            var c = [Int](repeating: 0, count: bins)
            for x in v where x.isFinite { c[Swift.min(bins - 1, Swift.max(0, Int((x - lo) / w)))] += 1 }
            return c
        }
        positives = count(pos)
        negatives = count(neg)
    }
}

/// A yes/no evaluation: a score per sample, a threshold sweep, the chosen operating
/// point and any others to compare with (book presets).
public struct BinaryEvaluation: Hashable, Codable, Sendable {
    /// Short name, also the stem of its plot files, e.g. `checkmark`.
    public var name: String
    /// What counts as positive, e.g. `label check`.
    public var positive: String
    /// What the score is, e.g. "check-mark margin (higher = more check-like)".
    public var scoreName: String
    public var orientation: ScoreOrientation
    /// The ROC curve (decimated for plotting), accept-all first.
    public var roc: [OperatingPoint]
    public var areaUnderCurve: Double?
    /// The operating point in use (trained threshold).
    public var chosen: NamedOperatingPoint
    /// Other operating points measured on the same samples.
    public var comparisons: [NamedOperatingPoint]
    public var histogram: ScoreHistogram
    /// Fraction of each label's samples accepted at the chosen point.
    public var acceptedByLabel: [String: Double]

    public init(name: String, positive: String, scoreName: String, positives: [Double], negatives: [Double],
                orientation: ScoreOrientation, chosenName: String = "trained", threshold: Double,
                comparisons: [NamedOperatingPoint] = [], acceptedByLabel: [String: Double] = [:],
                maxCurvePoints: Int = 200) {
        let sweep = ThresholdSweep(positives: positives, negatives: negatives, orientation: orientation)
        let counts = ThresholdSweep.counts(positives: positives, negatives: negatives, threshold: threshold,
                                           orientation: orientation)
        self.name = name
        self.positive = positive
        self.scoreName = scoreName
        self.orientation = orientation
        roc = sweep.decimated(maxPoints: maxCurvePoints)
        areaUnderCurve = sweep.areaUnderCurve
        chosen = NamedOperatingPoint(name: chosenName, threshold: threshold, counts: counts)
        self.comparisons = comparisons
        histogram = ScoreHistogram(positives: positives, negatives: negatives, including: [threshold])
        self.acceptedByLabel = acceptedByLabel
    }
}

/// Accuracy measured at one number of templates per class.
public struct AccuracyAtTemplates: Hashable, Codable, Sendable {
    public var templatesPerClass: Int
    /// Overall accuracy, 0…1.
    public var accuracy: Double
    /// Per-label accuracy (recall), 0…1.
    public var byLabel: [String: Double]

    public init(templatesPerClass: Int, accuracy: Double, byLabel: [String: Double]) {
        self.templatesPerClass = templatesPerClass
        self.accuracy = accuracy
        self.byLabel = byLabel
    }
}

/// A multi-class evaluation: accuracy, confusion, and accuracy against templates per class.
public struct ClassificationEvaluation: Hashable, Codable, Sendable {
    /// Short name, also the stem of its plot files, e.g. `matcher`.
    public var name: String
    /// Algorithm and protocol in words.
    public var method: String
    public var accuracy: Double
    public var confusion: ConfusionMatrix
    /// One entry per templates-per-class value tried, ascending.
    public var accuracyByTemplates: [AccuracyAtTemplates]
    /// The stem of the accuracy plot's file and what it holds, when the curve covers more
    /// than this evaluation's own condition (`eval matcher`'s curve over every T is
    /// `matcher-accuracy.svg`, not `matcher-T1-accuracy.svg`); `nil`: `name` and `method`.
    public var curveName: String?
    public var curveMethod: String?

    public init(name: String, method: String, confusion: ConfusionMatrix, accuracyByTemplates: [AccuracyAtTemplates] = []) {
        self.name = name
        self.method = method
        accuracy = confusion.accuracy
        self.confusion = confusion
        self.accuracyByTemplates = accuracyByTemplates.sorted { $0.templatesPerClass < $1.templatesPerClass }
    }
}

extension BinaryEvaluation {
    /// An evaluation of acceptance margins (accepted at ≥ 0, higher is more positive),
    /// where `nil` marks a sample that could never be accepted (wrong label, nothing to
    /// match). Those sit just below every measured margin, so they count in the rates and
    /// the curve (a non-finite score would drop them).
    public init(margins name: String, positive: String, scoreName: String, positives: [Double?], negatives: [Double?]) {
        let floor = ((positives + negatives).compactMap { $0 }.min() ?? 0) - 1
        self.init(name: name, positive: positive, scoreName: scoreName, positives: positives.map { $0 ?? floor },
                  negatives: negatives.map { $0 ?? floor }, orientation: .higherIsPositive, threshold: 0)
    }
}
