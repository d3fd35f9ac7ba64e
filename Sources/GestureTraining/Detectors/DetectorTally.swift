import GestureDetectors

/// The one tally of a detector's decisions on labelled samples, shared by `train`, `demo`
/// (through ``TrainingWorkflow`` and ``SubjectCrossValidation``) and `eval detector`
/// (``DetectorEvaluator``): counts overall, per label, per subject, false detections by
/// label, the decision values for ROC curves and histograms, and the book preset's counts
/// on the same samples beside them.
///
/// A tally can pool several folds, each with its own trained thresholds: margins share the
/// scale "≥ 0 is detected" whatever box produced them.
public struct DetectorTally: Sendable {
    /// Margins are in units of the positives' spread; beyond ±3 they only say "far
    /// inside" or "far outside", so they are clamped there to keep histograms readable
    /// (and degenerate strokes, scored −∞, on the scale). The decision at 0 is unchanged.
    public static let marginClamp = 3.0

    public let kind: DetectorKind
    public let positive: String
    /// The decisions tallied.
    public private(set) var counts = BinaryCounts()
    /// Per label: detected / total.
    public private(set) var perLabel: [String: DetectorEvaluation.Rate] = [:]
    /// Per subject.
    public private(set) var perSubject: [String: BinaryCounts] = [:]
    /// Per input device, for samples that name one (``GestureData/Sample/device``).
    public private(set) var perDevice: [String: BinaryCounts] = [:]
    /// Negative label → samples falsely detected.
    public private(set) var falseDetections: [String: Int] = [:]
    /// Decision values (margins clamped to ±``marginClamp``; ±1 for a yes/no decision) of
    /// the positives and of the negatives.
    public private(set) var positiveValues: [Double] = []
    public private(set) var negativeValues: [Double] = []
    /// The book preset compared on the same samples (``AnyBookPreset/title``) and its counts.
    public private(set) var book: (title: String, counts: BinaryCounts)?

    public init(kind: DetectorKind, positive: String) {
        self.kind = kind
        self.positive = positive
    }

    /// Records one sample: its decision, its margin (`nil` for a yes/no decision) and,
    /// when a book preset is compared, the preset's decision.
    public mutating func record(label: String?, subject: String?, device: String? = nil, accepted: Bool, margin: Double?,
                                book bookDecision: (title: String, accepted: Bool)? = nil) {
        let isPositive = label == positive
        counts.record(isPositive: isPositive, accepted: accepted)
        perSubject[subject ?? "(none)", default: BinaryCounts()].record(isPositive: isPositive, accepted: accepted)
        if let device { perDevice[device, default: BinaryCounts()].record(isPositive: isPositive, accepted: accepted) }
        let l = label ?? "(none)"
        perLabel[l, default: .init(detected: 0, total: 0)].total += 1
        if accepted { perLabel[l, default: .init(detected: 0, total: 0)].detected += 1 }
        if !isPositive && accepted { falseDetections[l, default: 0] += 1 }
        let v = Swift.min(Self.marginClamp, Swift.max(-Self.marginClamp, margin ?? (accepted ? 1 : -1)))
        if isPositive { positiveValues.append(v) } else { negativeValues.append(v) }
        if let bookDecision {
            var c = book?.counts ?? BinaryCounts()
            c.record(isPositive: isPositive, accepted: bookDecision.accepted)
            book = (bookDecision.title, c)
        }
    }

    /// Adds the samples at `indices` (all when `nil`) of `m`, decided on the whole stroke by
    /// `thresholds`, with the detector's default book preset beside them when it has one.
    public mutating func add(_ m: DetectorMeasurements, trained thresholds: AnyDetectorThresholds, indices: [Int]? = nil) {
        let preset = kind.bookPresets.first
        let book = preset.map { m.decider($0.thresholds) }
        let decide = m.decider(thresholds)
        for i in indices ?? Array(0..<m.count) {
            let (accepted, margin) = decide(i)
            record(label: m.labels[i], subject: m.subjects[i], device: m.devices[i], accepted: accepted, margin: margin,
                   book: preset.flatMap { p in book.map { (p.title, $0(i).accepted) } })
        }
    }

    /// The per-label detected fractions.
    public var acceptedByLabel: [String: Double] { perLabel.mapValues(\.fraction) }

    /// The book preset's operating point, when one was compared.
    public var bookOperatingPoint: NamedOperatingPoint? {
        book.map { NamedOperatingPoint(name: "book preset (\($0.title))", threshold: nil, counts: $0.counts) }
    }

    /// The tally as a report's ``BinaryEvaluation``: the decision values swept into a ROC
    /// curve, the tallied decisions as the chosen operating point, the book preset beside it.
    public func evaluation(name: String? = nil, chosenName: String = "trained",
                           scoreName: String = "box margin (clamped to ±3; ≥ 0 is detected)") -> BinaryEvaluation {
        var e = BinaryEvaluation(
            name: name ?? (kind.defaultLabel == nil ? "\(kind.rawValue)-\(positive)" : kind.rawValue),
            positive: "label '\(positive)'", scoreName: scoreName,
            positives: positiveValues, negatives: negativeValues, orientation: .higherIsPositive, chosenName: chosenName,
            threshold: 0, comparisons: bookOperatingPoint.map { [$0] } ?? [], acceptedByLabel: acceptedByLabel)
        // The counts of record are the tallied decisions (identical to the swept values at 0).
        e.chosen = NamedOperatingPoint(name: chosenName, threshold: 0, counts: counts)
        return e
    }
}
