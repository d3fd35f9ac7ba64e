import GestureData
import GestureDetectors

extension EvaluationReport {
    /// The report of `gesturelab eval detector … --report DIR`.
    ///
    /// - Parameters:
    ///   - e: an evaluation from ``DetectorEvaluator`` (its tally's decision values make the
    ///     ROC curve and histograms; an evaluation read back from JSON has them only with
    ///     per-sample details); the book preset, when compared, is marked beside the
    ///     evaluated thresholds.
    ///   - seed: the run's seed (training folds); stated even when nothing was random.
    public static func detector(_ e: DetectorEvaluation, dataset: DatasetSummary?,
                                seed: UInt64, settings: [String: SettingValue] = [:]) -> EvaluationReport {
        let clamp = DetectorTally.marginClamp
        let tally = e.tally ?? e.samples.map { samples in
            var t = DetectorTally(kind: e.detector, positive: e.positiveLabel)
            for s in samples { t.record(label: s.label, subject: s.subject, accepted: s.detected, margin: s.margin) }
            return t
        }
        var notes: [String] = []
        if tally == nil { notes.append("no per-sample scores: the ROC curve and histograms are empty") }
        if !e.falseDetections.isEmpty {
            let list = e.falseDetections.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }
            notes.append("false detections by label: " + list.joined(separator: ", "))
        }
        // A book rule's (or the stream's) yes/no reads as ±1; an unmeasurable stroke as −1.
        var binary = BinaryEvaluation(
            name: e.detector.rawValue, positive: "label '\(e.positiveLabel)'",
            scoreName: e.mode == "streaming" ? "fired by the end of the stroke (+1) or not (−1)"
                                             : "decision value (box margin clamped to ±\(Int(clamp)); ±1 for book rules; ≥ 0 is detected)",
            positives: tally?.positiveValues ?? [], negatives: tally?.negativeValues ?? [], orientation: .higherIsPositive,
            chosenName: e.thresholdsSource, threshold: 0, comparisons: e.bookPreset.map { [$0] } ?? [],
            acceptedByLabel: e.perLabel)
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
