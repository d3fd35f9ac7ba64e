import GestureDetectors

/// The outcome of evaluating a detector on labelled samples. Encodes to the JSON that
/// `gesturelab eval detector --format json` prints.
public struct DetectorEvaluation: Codable, Sendable {
    /// Detected / total for one label or subject.
    public struct Rate: Hashable, Codable, Sendable {
        public var detected: Int
        public var total: Int
        public var fraction: Double { total > 0 ? Double(detected) / Double(total) : 0 }
    }

    /// Rates for one subject (or one input device).
    public struct SubjectResult: Hashable, Codable, Sendable {
        public var truePositiveRate: Double
        public var falsePositiveRate: Double
        public var positives: Int
        public var negatives: Int
        public var falseDetections: Int
    }

    /// One sample's outcome, for ROC curves and error analysis.
    public struct SampleOutcome: Hashable, Codable, Sendable {
        public var index: Int
        public var label: String?
        public var subject: String?
        /// The input device it was recorded on, when the data names one.
        public var device: String? = nil
        public var source: String?
        public var positive: Bool
        public var detected: Bool
        /// The trained box's margin (in units of each feature's spread, `>= 0` exactly when
        /// detected) in the whole-stroke mode: the decision value for ROC curves. `nil` for a
        /// book rule (it decides yes or no), in the streaming mode, and for a stroke that
        /// could not be measured (never detected).
        public var margin: Double?
        /// The detector's measures of the stroke, by name (``DetectorMeasurements/featureNames``):
        /// what the box compares, for reading why a stroke was or was not detected. `nil` for a
        /// stroke that could not be measured.
        public var measures: [String: Double]?
    }

    public var detector: DetectorKind
    public var positiveLabel: String
    /// `all` or `leave-one-subject-out`.
    public var evaluationProtocol: String
    /// `whole` (decision on the whole stroke) or `streaming` (fired by the end, point by point).
    public var mode: String
    /// `checkplease`, `sadun`, `default`, `train`, or a file path.
    public var thresholdsSource: String
    public var truePositiveRate: Double
    public var falsePositiveRate: Double
    public var positives: Int
    public var negatives: Int
    public var counts: BinaryCounts
    /// Label → fraction of its samples detected.
    public var perLabel: [String: Double]
    public var perLabelCounts: [String: Rate]
    /// Negative label → number of its samples detected (false detections).
    public var falseDetections: [String: Int]
    public var perSubject: [String: SubjectResult]
    /// Per input device (``GestureData/Sample/device``: a native sample's `meta.device`, a
    /// collection file's key under `paths`, …) when any sample names one, so a study recorded
    /// on several devices is scored device by device in one run; `nil` otherwise. Samples
    /// that name no device (generated negatives among them) are in no row.
    public var perDevice: [String: SubjectResult]?
    /// The detector's default book preset on the same samples and mode, when the evaluated
    /// thresholds are not a book rule themselves.
    public var bookPreset: NamedOperatingPoint?
    /// The thresholds used; with `train` under leave-one-subject-out, the ones trained on
    /// all subjects (what you would ship); the per-fold ones are in ``foldThresholds``
    /// when details are asked for.
    public var thresholds: AnyDetectorThresholds
    public var foldThresholds: [String: AnyDetectorThresholds]?
    /// Training target and seed when thresholds were trained.
    public var trainingTarget: BoxTrainer.Target?
    public var seed: UInt64?
    /// Per-sample outcomes, only when details are asked for.
    public var samples: [SampleOutcome]?
    /// The tally the figures come from (its decision values make a report's ROC curve);
    /// not stored in the JSON.
    public var tally: DetectorTally?

    enum CodingKeys: String, CodingKey {
        case detector, positiveLabel, evaluationProtocol = "protocol", mode, thresholdsSource
        case truePositiveRate, falsePositiveRate, positives, negatives, counts, perLabel, perLabelCounts
        case falseDetections, perSubject, perDevice, bookPreset, thresholds, foldThresholds, trainingTarget, seed, samples
    }
}
