import GestureData
import GestureGeometry
import GestureMatching

/// Scores a trained model on separate data: what `gesturelab eval model` reports.
///
/// Every figure carries a Wilson 95% interval; a figure with nothing to count is absent
/// (never 0/0 printed as 0 %).
public enum ModelEvaluation {
    /// A proportion with its counts and interval.
    public typealias Rate = CountedRate<RateLayout>

    /// ``Rate``'s JSON: `value`, `count`, `total`, `interval`.
    public enum RateLayout: CountedRateLayout {
        public static let keys: [(field: CountedRateField, key: String)] =
            [(.value, "value"), (.count, "count"), (.total, "total"), (.interval, "interval")]
    }

    public struct LabelFigures: Hashable, Codable, Sendable {
        public var precision: Rate?
        public var recall: Rate
        public var f1: Double
    }

    public struct Report: Hashable, Codable, Sendable {
        public var model: String
        public var matcher: String
        public var rejection: String
        public var samples: Int
        /// Best label right, before rejection.
        public var topOneAccuracy: Rate
        /// Accepted and right.
        public var acceptedAndCorrect: Rate
        /// Rejected in-vocabulary samples.
        public var rejectionRate: Rate
        /// Accepted but wrong.
        public var acceptedWrong: Rate
        public var perLabel: [String: LabelFigures]
        /// Negatives accepted, by source (their label, or the file they came from).
        public var negatives: [String: Rate]
        /// Everyday-use sessions: strokes that fired, per minute of session.
        public var sessions: SessionFigures?
        /// Test samples whose label the model does not know (counted as negatives under `unknown label`).
        public var unknownLabels: [String]
        public var confusion: ConfusionMatrix
        /// The rejection rule's margin (≥ 0 accepted) over in-vocabulary samples (positive
        /// when accepted as the right label) against negatives and unknown-label samples:
        /// ROC and score histogram. `nil` without a rule, positives or negatives.
        public var rejectionCurve: BinaryEvaluation?
        /// Per input device (``GestureData/Sample/device``), for a study recorded on
        /// several: the same figures for the samples recorded on each. `nil` when no scored
        /// sample names a device; samples that name none are in no row.
        public var perDevice: [String: DeviceFigures]?
    }

    /// The figures for the samples recorded on one input device. A rate with nothing to
    /// count is absent: a device with only negatives has no acceptance, one with none has no FPR.
    public struct DeviceFigures: Hashable, Codable, Sendable {
        /// In-vocabulary samples recorded on it.
        public var samples: Int
        public var acceptedAndCorrect: Rate?
        public var rejectionRate: Rate?
        public var acceptedWrong: Rate?
        /// Its negatives and unknown-label samples, accepted as any label.
        public var falsePositiveRate: Rate?
    }

    /// Counts behind ``DeviceFigures``.
    struct DeviceTally {
        var samples = 0, correct = 0, rejected = 0, wrong = 0, negatives = 0, falsePositives = 0

        mutating func add(_ o: DeviceTally) {
            samples += o.samples; correct += o.correct; rejected += o.rejected; wrong += o.wrong
            negatives += o.negatives; falsePositives += o.falsePositives
        }

        var figures: DeviceFigures {
            func rate(_ n: Int, _ of: Int) -> Rate? { of > 0 ? Rate(n, of: of) : nil }
            return DeviceFigures(samples: samples, acceptedAndCorrect: rate(correct, samples), rejectionRate: rate(rejected, samples),
                                 acceptedWrong: rate(wrong, samples), falsePositiveRate: rate(falsePositives, negatives))
        }
    }

    public struct SessionFigures: Hashable, Codable, Sendable {
        public var sessions: Int
        public var strokes: Int
        public var minutes: Double
        public var activations: Int
        public var activationsPerMinute: Double
        /// 95% interval of the rate (Poisson, by the Wilson interval on activations per stroke scaled by strokes per minute).
        public var perMinuteInterval: [Double]
        public var byLabel: [String: Int]
    }

    /// Scores `model` on labelled `test` samples, optional `negatives` (gestures that
    /// should be rejected) and optional everyday-use touch sessions.
    /// - Throws: ``ModelEvaluationError/nothingToScore(_:)`` when `test` and `negatives`
    ///   hold no usable sample.
    public static func run(_ model: GestureModel, modelPath: String, test: Dataset, negatives: [Sample] = [],
                           sessions: [(name: String, events: [TouchSessionEvent])] = []) throws -> Report {
        let known = Set(model.library.names)
        let usable = test.samples.filter { TrainingWorkflow.isUsable($0.gesture) && !($0.label ?? "").isEmpty }
        let inVocab = usable.filter { known.contains($0.label ?? "") }
        let unknown = usable.filter { !known.contains($0.label ?? "") }
        let negativeSamples = negatives.filter { TrainingWorkflow.isUsable($0.gesture) }
        guard !inVocab.isEmpty || !negativeSamples.isEmpty || !unknown.isEmpty || !sessions.isEmpty else {
            throw ModelEvaluationError.nothingToScore("no usable sample (labelled, at least two points, some length) in the test data or the negatives")
        }
        let recognizer = model.recognizer
        let results = ParallelUnits.map(count: inVocab.count, progress: nil) { recognizer.recognize(inVocab[$0].gesture, top: 1) }
        var top = 0, ok = 0, wrong = 0, rejected = 0
        var confusion = ConfusionMatrix()
        var truePos: [String: Int] = [:], predicted: [String: Int] = [:], actual: [String: Int] = [:]
        var devices: [String: DeviceTally] = [:]
        for (s, r) in zip(inVocab, results) {
            let truth = s.label ?? ""
            actual[truth, default: 0] += 1
            if r.nearest == truth { top += 1 }
            confusion.record(truth: truth, predicted: r.label)
            if let l = r.label {
                predicted[l, default: 0] += 1
                if l == truth { ok += 1; truePos[truth, default: 0] += 1 } else { wrong += 1 }
            } else {
                rejected += 1
            }
            if let device = s.device {
                devices[device, default: DeviceTally()].add(DeviceTally(samples: 1, correct: r.label == truth ? 1 : 0, rejected: r.label == nil ? 1 : 0,
                                                                        wrong: r.label != nil && r.label != truth ? 1 : 0))
            }
        }
        var perLabel: [String: LabelFigures] = [:]
        for label in actual.keys {
            let tp = truePos[label] ?? 0, pred = predicted[label] ?? 0, n = actual[label] ?? 0
            let precision = pred > 0 ? Rate(tp, of: pred) : nil
            let recall = Rate(tp, of: n)
            let p = precision?.value ?? 0
            perLabel[label] = LabelFigures(precision: precision, recall: recall,
                                           f1: p + recall.value > 0 ? 2 * p * recall.value / (p + recall.value) : 0)
        }
        let positiveMargins: [Double?] = zip(inVocab, results).map { s, r in r.nearest == s.label ? r.margin : nil }
        var negativeMargins: [Double?] = []
        var bySource: [String: (Int, Int)] = [:]
        let negResults = ParallelUnits.map(count: negativeSamples.count, progress: nil) { recognizer.recognize(negativeSamples[$0].gesture, top: 1) }
        let unknownResults = ParallelUnits.map(count: unknown.count, progress: nil) { recognizer.recognize(unknown[$0].gesture, top: 1) }
        // The negatives given, by their label, then the test samples of labels the model does not know.
        let scoredNegatives = zip(negativeSamples, negResults).map { (sample: $0, result: $1, source: $0.label.map { "negatives: \($0)" } ?? "negatives") }
            + zip(unknown, unknownResults).map { (sample: $0, result: $1, source: "unknown label") }
        for n in scoredNegatives {
            var c = bySource[n.source] ?? (0, 0)
            if n.result.accepted { c.0 += 1 }
            c.1 += 1
            bySource[n.source] = c
            negativeMargins.append(n.result.margin)
            if let device = n.sample.device {
                devices[device, default: DeviceTally()].add(DeviceTally(negatives: 1, falsePositives: n.result.accepted ? 1 : 0))
            }
        }
        var curve: BinaryEvaluation?
        if model.manifest.rejection != "none", !positiveMargins.isEmpty, !negativeMargins.isEmpty,
           (positiveMargins + negativeMargins).contains(where: { $0 != nil }) {
            curve = BinaryEvaluation(margins: "rejection", positive: "in-vocabulary samples, accepted as their label",
                                     scoreName: "\(model.manifest.rejection) margin (≥ 0 accepted)",
                                     positives: positiveMargins, negatives: negativeMargins)
        }
        return Report(model: modelPath, matcher: model.manifest.matcher.description, rejection: model.manifest.rejection,
                      samples: inVocab.count, topOneAccuracy: Rate(top, of: inVocab.count),
                      acceptedAndCorrect: Rate(ok, of: inVocab.count), rejectionRate: Rate(rejected, of: inVocab.count),
                      acceptedWrong: Rate(wrong, of: inVocab.count), perLabel: perLabel,
                      negatives: bySource.mapValues { Rate($0.0, of: $0.1) },
                      sessions: sessions.isEmpty ? nil : sessionFigures(recognizer, sessions),
                      unknownLabels: Array(Set(unknown.compactMap(\.label))).sorted(), confusion: confusion,
                      rejectionCurve: curve, perDevice: devices.isEmpty ? nil : devices.mapValues(\.figures))
    }

    /// Every touch's path (began → ended) in each session is one stroke for the model;
    /// an accepted one is a false activation, since everyday use holds no intended gesture.
    static func sessionFigures(_ recognizer: ModelRecognizer, _ sessions: [(name: String, events: [TouchSessionEvent])]) -> SessionFigures {
        var strokes = 0, fired = 0, minutes = 0.0
        var byLabel: [String: Int] = [:]
        for (_, events) in sessions {
            guard let first = events.first, let last = events.last else { continue }
            minutes += Swift.max(0, last.t - first.t) / 60
            for stroke in TouchSessionStrokes.strokes(events) {
                strokes += 1
                let g = Gesture([stroke])
                if TrainingWorkflow.isUsable(g), let l = recognizer.recognize(g, top: 1).label {
                    fired += 1
                    byLabel[l, default: 0] += 1
                }
            }
        }
        let perStroke = WilsonInterval(successes: fired, trials: strokes)
        let strokesPerMinute = minutes > 0 ? Double(strokes) / minutes : 0
        return SessionFigures(sessions: sessions.count, strokes: strokes, minutes: minutes, activations: fired,
                              activationsPerMinute: minutes > 0 ? Double(fired) / minutes : 0,
                              perMinuteInterval: [perStroke.lower * strokesPerMinute, perStroke.upper * strokesPerMinute],
                              byLabel: byLabel)
    }
}

public enum ModelEvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    case nothingToScore(String)
    public var description: String {
        switch self { case .nothingToScore(let why): return "nothing to score: \(why)" }
    }
}

extension EvaluationReport {
    /// The report of `gesturelab eval model --report DIR`: the confusion (with a
    /// `(rejected)` column) and every figure with its interval as notes.
    public static func model(_ r: ModelEvaluation.Report, seed: UInt64, dataset: DatasetSummary?) -> EvaluationReport {
        func rate(_ name: String, _ x: ModelEvaluation.Rate) -> String {
            String(format: "%@: %.2f%% (%d/%d, Wilson 95%% CI %.2f–%.2f%%)", name, x.value * 100, x.count, x.total, x.interval[0] * 100, x.interval[1] * 100)
        }
        var notes: [String] = []
        if r.samples > 0 {
            notes += [rate("top-1 accuracy before rejection", r.topOneAccuracy), rate("accepted and correct", r.acceptedAndCorrect),
                      rate("rejected", r.rejectionRate), rate("accepted but wrong", r.acceptedWrong)]
        }
        for (s, x) in r.negatives.sorted(by: { $0.key < $1.key }) { notes.append(rate("false-positive rate on \(s)", x)) }
        for (d, f) in (r.perDevice ?? [:]).sorted(by: { $0.key < $1.key }) {
            let figures = [f.acceptedAndCorrect.map { rate("accepted and correct", $0) }, f.acceptedWrong.map { rate("accepted but wrong", $0) },
                           f.falsePositiveRate.map { rate("false-positive rate on negatives and unknown labels", $0) }].compactMap { $0 }
            notes.append("device \(d): " + figures.joined(separator: "; "))
        }
        if let s = r.sessions {
            notes.append(String(format: "sessions: %d, %.1f min, %d strokes, %d false activations (%.2f per minute, 95%% CI %.2f–%.2f)",
                                s.sessions, s.minutes, s.strokes, s.activations, s.activationsPerMinute, s.perMinuteInterval[0], s.perMinuteInterval[1]))
        }
        let classification = r.samples > 0
            ? [ClassificationEvaluation(name: "model", method: "\(r.matcher), rejection \(r.rejection)", confusion: r.confusion)] : []
        return EvaluationReport(title: "gesturelab eval model (\(r.model))", seed: seed,
                                settings: ["model": .string(r.model), "matcher": .string(r.matcher), "rejection": .string(r.rejection)], dataset: dataset,
                                binary: r.rejectionCurve.map { [$0] } ?? [], classification: classification, notes: notes)
    }
}
