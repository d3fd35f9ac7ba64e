import GestureData
import GestureDetectors

extension EvaluationReport {
    /// The report of `gesturelab eval detector … --report DIR`.
    ///
    /// - Parameters:
    ///   - e: an evaluation made with per-sample details (their scores make the ROC curve
    ///     and histograms); without them the report has the counts only.
    ///   - book: the book preset's counts on the same samples, marked beside the evaluated
    ///     thresholds (omit when the evaluated thresholds are the preset).
    ///   - seed: the run's seed (training folds); stated even when nothing was random.
    public static func detector(_ e: DetectorEvaluation, dataset: DatasetSummary?, book: NamedOperatingPoint?,
                                seed: UInt64, settings: [String: SettingValue] = [:]) -> EvaluationReport {
        let clamp = DetectorTally.marginClamp
        var pos: [Double] = [], neg: [Double] = []
        for s in e.samples ?? [] {
            // A book rule's (or the stream's) yes/no reads as ±1; an unmeasurable stroke as −1.
            let v = Swift.min(clamp, Swift.max(-clamp, s.margin ?? (s.detected ? 1 : -1)))
            if s.positive { pos.append(v) } else { neg.append(v) }
        }
        var notes: [String] = []
        if e.samples == nil { notes.append("no per-sample scores: the ROC curve and histograms are empty") }
        if !e.falseDetections.isEmpty {
            let list = e.falseDetections.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }
            notes.append("false detections by label: " + list.joined(separator: ", "))
        }
        var binary = BinaryEvaluation(
            name: e.detector.rawValue, positive: "label '\(e.positiveLabel)'",
            scoreName: e.mode == "streaming" ? "fired by the end of the stroke (+1) or not (−1)"
                                             : "decision value (box margin clamped to ±\(Int(clamp)); ±1 for book rules; ≥ 0 is detected)",
            positives: pos, negatives: neg, orientation: .higherIsPositive, chosenName: e.thresholdsSource,
            threshold: 0, comparisons: book.map { [$0] } ?? [], acceptedByLabel: e.perLabel)
        // The counts of record are the evaluation's own (identical when scores are present).
        binary.chosen = NamedOperatingPoint(name: e.thresholdsSource, threshold: 0, counts: e.counts)
        var s = settings
        s["detector"] = .string(e.detector.rawValue)
        s["positive"] = .string(e.positiveLabel)
        s["protocol"] = .string(e.evaluationProtocol)
        s["mode"] = .string(e.mode)
        s["thresholds"] = .string(e.thresholdsSource)
        if let t = e.trainingTarget { s["trainingTarget"] = .string(t.description) }
        return EvaluationReport(title: "gesturelab eval detector \(e.detector.rawValue)", seed: e.seed ?? seed, settings: s,
                                dataset: dataset, binary: [binary], notes: notes)
    }
}

extension DatasetSummary {
    /// The summary of a dataset as read from `path`, with its fingerprint.
    public init(_ dataset: Dataset, path: String) throws {
        self.init(path: path, samples: dataset.count, labels: dataset.countsByLabel, subjects: dataset.subjects.count,
                  fingerprint: try DatasetFingerprint.of(dataset))
    }
}
