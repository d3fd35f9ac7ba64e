import GestureData
import GestureGeometry
import GestureMatching

/// Leave-one-label-out × leave-one-subject-out: how well each rejection method keeps out a
/// gesture the model has never seen, compared at matched acceptance.
///
/// For every label X and every subject s, everything is trained without X and without s:
/// templates (medoids), per-label distance thresholds (the baseline, keeping the target
/// share of training positives), and the verifier (inner folds over the remaining people,
/// splices made without X or s, scribbles). Subject s's samples are then tested: X's are
/// out of vocabulary, the rest in vocabulary. "Accepted" means accepted *and* correctly
/// recognized.
///
/// Two readings per label X, over all tested subjects pooled:
/// - at matched acceptance: the threshold on each method's score that accepts a given
///   share (90, 92.5, 95 %) of in-vocabulary samples, and the FPR on X there (a common
///   footing for methods whose scores mean different things);
/// - at the trained operating point: each method's own threshold, chosen without the
///   tested subject, and the acceptance and FPR it reaches.
public enum RejectionStudy {
    public struct Settings: Hashable, Codable, Sendable {
        public var verifier: VerifierSettings
        public var acceptanceLevels: [Double] = [0.9, 0.925, 0.95]
        /// Splices in the pool (each fold keeps those made without its label and subject).
        public var splices: Int = 3000
        public var scribbles: Int = 500
        public init(verifier: VerifierSettings) { self.verifier = verifier }
    }

    public struct MethodFigures: Hashable, Codable, Sendable {
        /// Acceptance level ("0.9") → FPR on the left-out label at that matched acceptance.
        public var falsePositiveRateAtAcceptance: [String: Double]
        /// Acceptance and FPR at the method's trained operating point.
        public var trainedAcceptance: Double
        public var trainedFalsePositiveRate: Double
    }

    public struct LabelRow: Hashable, Codable, Sendable {
        public var label: String
        public var negatives: Int
        public var inVocabulary: Int
        /// In-vocabulary samples recognized correctly before any rejection.
        public var recognizerAccuracy: Double
        public var verifier: MethodFigures
        public var thresholds: MethodFigures
    }

    public struct Report: Hashable, Codable, Sendable {
        public var evaluationProtocol = "leave-one-label-out x leave-one-subject-out"
        public var matchers: [String]
        public var templatesPerClass: Int
        public var target: String
        public var seed: UInt64
        public var folds: Int
        public var rows: [LabelRow]
        public var mean: LabelRow
        /// Labels whose verifier FPR at 90 % acceptance is above 10 %.
        public var worst: [String]
        /// How many folds' inner cross-validation chose each verifier configuration.
        public var chosenConfigurations: [String: Int]
        enum CodingKeys: String, CodingKey {
            case evaluationProtocol = "protocol", matchers, templatesPerClass, target, seed, folds, rows, mean, worst, chosenConfigurations
        }
    }

    struct Tested: Sendable {
        var unseen: Bool
        var correct: Bool
        var verifierScore: Double
        var verifierAccepted: Bool
        /// The baseline's score: −(best distance / its label's threshold); accepted at ≥ −1.
        var thresholdScore: Double
    }

    /// - Throws: ``VerifierTrainingError`` or ``TrainingError`` when the data cannot hold
    ///   the protocol (fewer than 3 labels or 2 subjects).
    public static func run(_ dataset: Dataset, settings: Settings, progress: StageProgress? = nil) throws -> Report {
        let samples = dataset.samples.filter { TrainingWorkflow.isUsable($0.gesture) && !($0.label ?? "").isEmpty }
        let labels = Set(samples.compactMap(\.label)), subjects = Set(samples.map { $0.subject ?? "" })
        guard labels.count >= 3 else {
            throw RejectionStudyError.protocolNeedsMore("needs samples of at least 3 labels (found \(labels.count)): leaving one out must leave a vocabulary of two")
        }
        guard subjects.count >= 2 else {
            throw RejectionStudyError.protocolNeedsMore("needs samples of at least 2 subjects (found \(subjects.count)): each fold is tested on a person it never saw")
        }
        let v = settings.verifier
        let labelList = labels.sorted(), subjectList = subjects.sorted()
        let pool = NegativePool.make(samples: samples, labels: labelList, subjects: subjectList, splices: settings.splices,
                                     scribbles: settings.scribbles, user: [], seed: v.seed)
        let corpus = DistanceCorpus(samples: samples, negatives: pool, matchers: v.matchers, descriptorPoints: v.descriptorPoints,
                                    progress: progress)
        let folds = corpus.labels.indices.flatMap { x in corpus.subjects.indices.map { (x, $0) } }
        let target: Double
        if case .acceptance(let a) = v.target { target = a } else { target = 0.9 }
        var foldProgress: ProgressHandler? = nil
        if let progress { foldProgress = { done, total in progress("folds", done, total) } }
        let results = ParallelUnits.map(count: folds.count, progress: foldProgress) { f -> (tested: [Tested], chosen: String)? in
            let (x, s) = folds[f]
            var foldSettings = v
            foldSettings.seed = v.seed &+ UInt64(f) &* 7919
            let train = (0..<corpus.sampleCount).filter { corpus.items[$0].label != x && corpus.items[$0].subject != s }
            let negatives = (corpus.sampleCount..<corpus.items.count).filter {
                !corpus.items[$0].sourceLabels.contains(x) && !corpus.items[$0].sourceSubjects.contains(s)
            }
            guard let trained = try? VerifierTrainer.train(corpus, samples: train, negatives: negatives, settings: foldSettings) else {
                return nil
            }
            let chosen = VerifierTrainer.medoids(corpus, candidates: train, k: v.templatesPerClass)
            let templates = chosen.keys.sorted().flatMap { chosen[$0] ?? [] }
            let stats = VerifierTrainer.statistics(corpus, templates: templates)
            // Baseline: per-label thresholds keeping `target` of the training positives.
            let templateSet = Set(templates)
            var positives: [Int: [Double]] = [:]
            for i in train where !templateSet.contains(i) {
                let own = templates.filter { corpus.items[$0].label == corpus.items[i].label }.map { corpus.distance(0, i, $0) }.min()
                if let own { positives[corpus.items[i].label, default: []].append(own) }
            }
            var limits: [Int: Double] = [:]
            for (l, d) in positives {
                limits[l] = RejectionTrainer.threshold(positives: d, negatives: [], method: .acceptFraction(target))
            }
            var out: [Tested] = []
            for i in 0..<corpus.sampleCount where corpus.items[i].subject == s {
                guard let row = VerifierTrainer.features(corpus, item: i, templates: templates, statistics: stats) else { continue }
                let score = trained.model.margin(row.values)
                let best = row.values[0]
                let limit = limits[row.label] ?? 0
                out.append(Tested(unseen: corpus.items[i].label == x, correct: row.label == corpus.items[i].label,
                                  verifierScore: score, verifierAccepted: score >= trained.threshold,
                                  thresholdScore: -(best / Swift.max(limit, 1e-12))))
            }
            return (out, trained.chosen.name)
        }
        var rows: [LabelRow] = []
        for (x, label) in corpus.labels.enumerated() {
            let tested = folds.indices.filter { folds[$0].0 == x }.flatMap { results[$0]?.tested ?? [] }
            rows.append(row(label: label, tested, levels: settings.acceptanceLevels))
        }
        let failed = results.filter { $0 == nil }.count
        guard failed == 0 else {
            throw RejectionStudyError.protocolNeedsMore("\(failed) of \(folds.count) folds could not train a verifier")
        }
        return Report(matchers: v.matchers.map(\.description), templatesPerClass: v.templatesPerClass, target: v.target.description,
                      seed: v.seed, folds: folds.count, rows: rows, mean: mean(rows, levels: settings.acceptanceLevels),
                      worst: rows.filter { ($0.verifier.falsePositiveRateAtAcceptance[key(0.9)] ?? 0) > 0.1 }.map(\.label),
                      chosenConfigurations: results.reduce(into: [:]) { counts, r in if let r { counts[r.chosen, default: 0] += 1 } })
    }

    static func key(_ level: Double) -> String { String(level) }

    static func row(label: String, _ tested: [Tested], levels: [Double]) -> LabelRow {
        let inVocab = tested.filter { !$0.unseen }, unseen = tested.filter(\.unseen)
        func matched(_ score: (Tested) -> Double) -> [String: Double] {
            var out: [String: Double] = [:]
            let correct = inVocab.filter(\.correct).map(score).sorted(by: >)
            for a in levels {
                let needed = Int((a * Double(inVocab.count)).rounded(.up))
                // Unreachable acceptance (the recognizer is wrong too often): accept every correct one.
                let t = needed >= 1 && needed <= correct.count ? correct[needed - 1] : (correct.last ?? -.infinity)
                out[key(a)] = fraction(unseen.filter { score($0) >= t }.count, unseen.count)
            }
            return out
        }
        let verifier = MethodFigures(
            falsePositiveRateAtAcceptance: matched(\.verifierScore),
            trainedAcceptance: fraction(inVocab.filter { $0.correct && $0.verifierAccepted }.count, inVocab.count),
            trainedFalsePositiveRate: fraction(unseen.filter(\.verifierAccepted).count, unseen.count))
        let thresholds = MethodFigures(
            falsePositiveRateAtAcceptance: matched(\.thresholdScore),
            trainedAcceptance: fraction(inVocab.filter { $0.correct && $0.thresholdScore >= -1 }.count, inVocab.count),
            trainedFalsePositiveRate: fraction(unseen.filter { $0.thresholdScore >= -1 }.count, unseen.count))
        return LabelRow(label: label, negatives: unseen.count, inVocabulary: inVocab.count,
                        recognizerAccuracy: fraction(inVocab.filter(\.correct).count, inVocab.count),
                        verifier: verifier, thresholds: thresholds)
    }

    static func mean(_ rows: [LabelRow], levels: [Double]) -> LabelRow {
        let n = Double(Swift.max(1, rows.count))
        func avg(_ f: (LabelRow) -> Double) -> Double { rows.reduce(0) { $0 + f($1) } / n }
        func figures(_ pick: @escaping (LabelRow) -> MethodFigures) -> MethodFigures {
            var at: [String: Double] = [:]
            for a in levels { at[key(a)] = avg { pick($0).falsePositiveRateAtAcceptance[key(a)] ?? 0 } }
            return MethodFigures(falsePositiveRateAtAcceptance: at, trainedAcceptance: avg { pick($0).trainedAcceptance },
                                 trainedFalsePositiveRate: avg { pick($0).trainedFalsePositiveRate })
        }
        return LabelRow(label: "mean", negatives: rows.reduce(0) { $0 + $1.negatives },
                        inVocabulary: rows.reduce(0) { $0 + $1.inVocabulary }, recognizerAccuracy: avg(\.recognizerAccuracy),
                        verifier: figures(\.verifier), thresholds: figures(\.thresholds))
    }

    static func fraction(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
}

/// A protocol the data cannot hold.
public enum RejectionStudyError: Error, Hashable, Sendable, CustomStringConvertible {
    case protocolNeedsMore(String)
    public var description: String {
        switch self { case .protocolNeedsMore(let why): return "leave-one-label-out: \(why)" }
    }
}
