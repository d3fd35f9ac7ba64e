import GestureData
import GestureDetectors
import GestureGeometry
import GestureMatching

/// Evaluates `gesturelab train` on people it did not see: leave-one-subject-out. For each
/// subject, the whole training workflow runs on the other subjects' samples and its
/// outputs are tested on that subject's samples; the results are pooled over folds, so
/// every sample is tested exactly once, by a model that never saw its author.
///
/// Measured per fold and pooled: the check-mark and circle detectors (trained thresholds
/// and the book's preset on the same samples), the matcher's accuracy, accuracy against
/// templates per label, and both rejection rules — the learned verifier and the per-label
/// thresholds — on the held-out samples and on synthetic negatives (scribbles and
/// splices) made from them.
public enum SubjectCrossValidation {
    /// The headline figures, for a short table.
    public struct Summary: Hashable, Codable, Sendable {
        public struct DetectorRow: Hashable, Codable, Sendable {
            public var detector: String
            public var positiveLabel: String
            public var thresholds: String
            public var truePositiveRate: Double
            public var falsePositiveRate: Double
            public var positives: Int
            public var negatives: Int
        }
        public var folds: Int
        public var detectors: [DetectorRow]
        public var matcherAlgorithm: String
        public var templatesPerClass: Int
        public var matcherAccuracy: Double
        public var recognitions: Int
        /// Fraction of in-vocabulary held-out samples the rejection thresholds accept.
        public var rejectionAcceptance: Double
        /// Fraction of synthetic negatives accepted (false positives).
        public var rejectionFalsePositiveRate: Double
        public var rejectionNegatives: Int
        /// The same split by kind of negative: random scribbles, and splices of two half
        /// gestures (harder: each half is a real gesture's).
        public var rejectionFalsePositiveRateOnScribbles: Double
        public var rejectionFalsePositiveRateOnSplices: Double
        /// The learned verifier (the rule `train` uses by default), pooled over folds:
        /// the share of held-out in-vocabulary samples accepted *and* correctly recognized,
        /// and the share of the same synthetic negatives accepted; `nil` when no fold
        /// trained a verifier.
        public var verifier: VerifierFigures?
        /// What could not be trained in some fold, deduplicated.
        public var notTrained: [String]
    }

    /// The verifier's held-out figures.
    public struct VerifierFigures: Hashable, Codable, Sendable {
        public var acceptance: Double
        public var falsePositiveRate: Double
        public var falsePositiveRateOnScribbles: Double
        public var falsePositiveRateOnSplices: Double
        public var negatives: Int
    }

    /// - Parameters:
    ///   - data: labelled samples of at least two subjects.
    ///   - templateCounts: templates per label for the accuracy curve.
    /// - Throws: ``TrainingError`` from a fold that cannot train at all.
    public static func run(_ data: Dataset, source: String, settings: TrainingSettings, templateCounts: [Int] = [1, 2, 3, 5],
                           progress: StageProgress? = nil) throws -> (report: EvaluationReport, summary: Summary) {
        let subjects = data.subjects.sorted { (Int($0) ?? Int.max, $0) < (Int($1) ?? Int.max, $1) }
        var tallies: [DetectorKind: DetectorTally] = [:]
        var confusion = ConfusionMatrix()
        var curve: [Int: ConfusionMatrix] = [:]
        var rejectionPositives: [Double] = [], rejectionNegatives: [Double] = []
        var scribbleCounts = BinaryCounts(), spliceCounts = BinaryCounts()
        var notTrained: [String] = []
        // Verifier scores relative to each fold's own threshold (accepted at ≥ 0); `nil`
        // for a sample the matcher got wrong or could not match (never accepted).
        var verifierPositives: [Double?] = [], verifierNegatives: [Double?] = []
        var verifierScribbles = BinaryCounts(), verifierSplices = BinaryCounts(), verifierFolds = 0
        let ks = Array(Set(templateCounts + [settings.templatesPerClass])).sorted()
        for (f, subject) in subjects.enumerated() {
            progress?("cross-validation folds", f, subjects.count)
            let (test, train) = data.split(leavingOut: subject)
            var foldSettings = settings
            var seedRNG = SeededGenerator.derived(seed: settings.seed, stream: 100 + UInt64(f))
            foldSettings.seed = seedRNG.next()
            let result = try TrainingWorkflow.run(train, source: source, settings: foldSettings)
            for n in result.manifest.notTrained where !notTrained.contains(n) { notTrained.append(n) }
            let testSamples = test.samples.filter { TrainingWorkflow.isUsable($0.gesture) && !($0.label ?? "").isEmpty }
            let testSet = Dataset(testSamples)
            for (kind, label) in settings.builtInDetectors {
                guard let trained = result.detectors[kind] else { continue }
                let m = DetectorMeasurements.measure(kind, dataset: testSet)
                tallies[kind, default: DetectorTally(kind: kind, positive: label)].add(m, trained: trained)
            }
            var rng = SeededGenerator.derived(seed: foldSettings.seed, stream: 10)
            let (scribbles, splices) = heldOutNegatives(testSamples, settings: settings, using: &rng)
            let matcherSettings = result.manifest.matcher
            func run<M: TemplateMatcher>(_ type: M.Type) -> FoldFigures {
                matcherFold(type, matcherSettings.typed(for: type), result, train, testSamples, scribbles, splices, foldSettings, ks)
            }
            let fold = run(matcherSettings.matcherType)
            if let v = result.verifier,
               let recognizer = try? ModelRecognizer(library: result.library, matcher: result.manifest.matcher, rejection: .verifier(v)) {
                verifierFolds += 1
                func relative(_ g: Gesture, truth: String?) -> Double? {
                    let r = recognizer.recognize(g, top: 1)
                    return truth == nil || r.nearest == truth ? r.margin : nil
                }
                for s in testSamples { verifierPositives.append(relative(s.gesture, truth: s.label)) }
                for g in scribbles {
                    let x = relative(g, truth: nil)
                    verifierNegatives.append(x)
                    verifierScribbles.record(isPositive: false, accepted: (x ?? -1) >= 0)
                }
                for g in splices {
                    let x = relative(g, truth: nil)
                    verifierNegatives.append(x)
                    verifierSplices.record(isPositive: false, accepted: (x ?? -1) >= 0)
                }
            }
            confusion.merge(fold.confusion)
            for (k, c) in fold.curve { curve[k, default: ConfusionMatrix()].merge(c) }
            rejectionPositives += fold.rejectionPositives
            rejectionNegatives += fold.scribbleRatios + fold.spliceRatios
            for v in fold.scribbleRatios { scribbleCounts.record(isPositive: false, accepted: v <= 1) }
            for v in fold.spliceRatios { spliceCounts.record(isPositive: false, accepted: v <= 1) }
        }
        progress?("cross-validation folds", subjects.count, subjects.count)

        var binary: [BinaryEvaluation] = []
        var rows: [Summary.DetectorRow] = []
        for kind in DetectorKind.builtIn {
            guard let t = tallies[kind] else { continue }
            let e = t.evaluation()
            binary.append(e)
            for p in e.comparisons + [e.chosen] {
                rows.append(.init(detector: kind.rawValue, positiveLabel: t.positive, thresholds: p.name,
                                  truePositiveRate: p.truePositiveRate, falsePositiveRate: p.falsePositiveRate,
                                  positives: p.counts.positives, negatives: p.counts.negatives))
            }
        }
        let rejection = MatcherScoring.rejectionEvaluation(
            positives: rejectionPositives, negatives: rejectionNegatives,
            negativesName: "synthetic negatives (scribbles and splices of held-out samples)")
        binary.append(rejection)
        var verifierFigures: VerifierFigures?
        if verifierFolds > 0 {
            let e = BinaryEvaluation(
                margins: "verifier", positive: "held-out in-vocabulary samples, accepted and correctly recognized",
                scoreName: "verifier score minus the fold's threshold (accepted at ≥ 0)",
                positives: verifierPositives, negatives: verifierNegatives)
            binary.append(e)
            verifierFigures = VerifierFigures(acceptance: e.chosen.truePositiveRate, falsePositiveRate: e.chosen.falsePositiveRate,
                                              falsePositiveRateOnScribbles: verifierScribbles.falsePositiveRate,
                                              falsePositiveRateOnSplices: verifierSplices.falsePositiveRate,
                                              negatives: e.chosen.counts.negatives)
        }
        let accuracyCurve = ks.compactMap { k in
            curve[k].map { c in AccuracyAtTemplates(templatesPerClass: k, accuracy: c.accuracy,
                                                    byLabel: Dictionary(uniqueKeysWithValues: c.counts.keys.map { ($0, c.recall(of: $0)) })) }
        }
        let recognition = ClassificationEvaluation(
            name: "matcher",
            method: "\(settings.algorithm.description), \(settings.templatesPerClass) \(settings.selection.rawValue) template(s) per label from the other subjects",
            confusion: confusion, accuracyByTemplates: accuracyCurve)
        var settingsText = settings.described
        settingsText["protocol"] = .string("leave-one-subject-out over \(subjects.count) subjects; each fold's seed derived from the seed")
        settingsText["rejectionNegatives"] = .string("per fold, \(settings.syntheticNegatives) scribbles + \(settings.splicedNegatives) splices of the held-out subject's samples")
        let summary = Summary(
            folds: subjects.count, detectors: rows, matcherAlgorithm: settings.algorithm.description,
            templatesPerClass: settings.templatesPerClass, matcherAccuracy: confusion.accuracy, recognitions: confusion.total,
            rejectionAcceptance: rejection.chosen.truePositiveRate, rejectionFalsePositiveRate: rejection.chosen.falsePositiveRate,
            rejectionNegatives: rejection.chosen.counts.negatives,
            rejectionFalsePositiveRateOnScribbles: scribbleCounts.falsePositiveRate,
            rejectionFalsePositiveRateOnSplices: spliceCounts.falsePositiveRate, verifier: verifierFigures, notTrained: notTrained)
        let dataSummary = DatasetSummary(path: source, samples: data.count, labels: data.countsByLabel,
                                         subjects: subjects.count, fingerprint: try DatasetFingerprint.of(data))
        let report = EvaluationReport(
            title: "gesturelab: train and test on held-out subjects (leave-one-subject-out)", seed: settings.seed,
            settings: settingsText, dataset: dataSummary, binary: binary, classification: [recognition],
            notes: notTrained.map { "in some fold, not trained: \($0)" })
        return (report, summary)
    }

    /// Scribbles the size of the held-out gestures and splices of them.
    static func heldOutNegatives(_ samples: [Sample], settings: TrainingSettings,
                                 using rng: inout SeededGenerator) -> (scribbles: [Gesture], splices: [Gesture]) {
        let sizes = samples.compactMap { $0.gesture.boundingBox?.longerSide }.sorted()
        let scribbles = RandomScribble(size: sizes.isEmpty ? 200 : sizes[sizes.count / 2])
            .samples(count: settings.syntheticNegatives, using: &rng).map(\.gesture)
        let labels = samples.map { $0.label ?? "" }
        let splices = Set(labels).count >= 2
            ? Splicing.negatives(from: samples.map(\.gesture), labels: labels, count: settings.splicedNegatives, using: &rng)
            : []
        return (scribbles, splices)
    }

    struct FoldFigures {
        var confusion: ConfusionMatrix
        var curve: [Int: ConfusionMatrix]
        var rejectionPositives: [Double]
        var scribbleRatios: [Double]
        var spliceRatios: [Double]
    }

    static func matcherFold<M: TemplateMatcher>(
        _ type: M.Type, _ ms: M.Settings, _ result: TrainingResult, _ train: Dataset, _ test: [Sample], _ scribbles: [Gesture],
        _ splices: [Gesture], _ settings: TrainingSettings, _ ks: [Int]
    ) -> FoldFigures {
        let matcher = M(library: result.library, settings: ms)
        let trainUsable = Dataset(train.samples.filter { TrainingWorkflow.isUsable($0.gesture) && !($0.label ?? "").isEmpty })
        var curve: [Int: ConfusionMatrix] = [:]
        for k in ks {
            if k == settings.templatesPerClass { continue }
            var rng = SeededGenerator.derived(seed: settings.seed, stream: 20 + UInt64(k))
            let templates = TemplateSelector.select(from: trainUsable, perClass: k, method: settings.selection,
                                                    matcher: M.self, settings: ms, using: &rng)
            curve[k] = MatcherScoring.confusion(M(library: TemplateLibrary(templates: templates), settings: ms), samples: test)
        }
        let confusion = MatcherScoring.confusion(matcher, samples: test)
        curve[settings.templatesPerClass] = confusion
        let r = MatcherScoring.ratios(matcher, thresholds: result.rejection, positives: test.map(\.gesture), negatives: scribbles)
        let sp = MatcherScoring.ratios(matcher, thresholds: result.rejection, positives: [], negatives: splices)
        return FoldFigures(confusion: confusion, curve: curve, rejectionPositives: r.positives,
                           scribbleRatios: r.negatives, spliceRatios: sp.negatives)
    }
}
