import GestureData
import GestureGeometry
import GestureMatching

/// How well rejection keeps an unseen gesture out: for each label X, the vocabulary is
/// the other labels; for each tested subject, templates (K random per label) and
/// per-label thresholds come from the *other* subjects, each threshold the smallest
/// distance keeping ≥ `acceptFraction` of the training positives accepted. The tested
/// subject's X samples are then out-of-vocabulary: the FPR is the share of them accepted
/// as some label.
///
/// A second operating point reads the target literally on the tested data: per-label
/// thresholds chosen on the tested subject's own in-vocabulary samples, each keeping
/// ≥ `acceptFraction` of them accepted (an oracle calibration no deployed system has, but
/// the FPR "at the threshold that keeps 95 % of in-vocabulary samples accepted").
public enum LeaveOneLabelOutStudy {
    public struct Row: Codable, Sendable {
        /// The label left out of the vocabulary.
        public var label: String
        /// X samples accepted / X samples tested.
        public var falsePositiveRate: Double
        public var falsePositives: Int
        public var negatives: Int
        /// In-vocabulary test samples accepted (whatever label) / tested.
        public var inVocabularyAccepted: Double
        /// In-vocabulary test samples accepted with the right label / tested.
        public var inVocabularyCorrect: Double
        public var inVocabularySamples: Int
        /// FPR with thresholds calibrated on the tested subjects' in-vocabulary samples.
        public var falsePositiveRateAtTestCalibration: Double
        /// In-vocabulary test samples accepted at that calibration (≥ `acceptFraction`).
        public var inVocabularyAcceptedAtTestCalibration: Double
    }

    public struct Report: Codable, Sendable {
        public var algorithm: String
        public var evaluationProtocol = "leave-one-label-out"
        public var seed: UInt64
        public var templatesPerClass: Int
        public var acceptFraction: Double
        public var rows: [Row]
        /// Mean of the rows' FPR.
        public var meanFalsePositiveRate: Double
        public var meanInVocabularyAccepted: Double
        /// Mean of the rows' FPR at test calibration.
        public var meanFalsePositiveRateAtTestCalibration: Double

        enum CodingKeys: String, CodingKey {
            case algorithm, evaluationProtocol = "protocol", seed, templatesPerClass, acceptFraction, rows,
                 meanFalsePositiveRate, meanInVocabularyAccepted, meanFalsePositiveRateAtTestCalibration
        }
    }

    struct Fold: Sendable { var fp = 0, neg = 0, acc = 0, correct = 0, inVocab = 0, oracleFP = 0, oracleAcc = 0 }

    /// Runs the study; one unit of progress per (label, subject) fold.
    public static func run<M: TemplateMatcher>(
        _ corpus: PreparedCorpus<M>, settings: M.Settings, templatesPerClass: Int, acceptFraction: Double = 0.95,
        seed: UInt64 = 1, progress: ProgressHandler? = nil
    ) -> Report {
        let labels = Set(corpus.samples.compactMap(\.label)).sorted()
        let subjects = Set(corpus.samples.map { $0.subject ?? "" }).sorted()
        let folds = labels.flatMap { l in subjects.map { (l, $0) } }
        // Every fold draws its templates from the whole corpus: one table of all pairs,
        // then each fold reads its rankings from it (the same as a matcher per fold).
        let table = CorpusDistanceTable(corpus, settings: settings)
        let results = ParallelUnits.map(count: folds.count, progress: progress) { f -> Fold in
            let (left, subject) = folds[f]
            var rng = SeededGenerator.derived(seed: seed, stream: UInt64(f))
            let train = corpus.samples.indices.filter { corpus.samples[$0].subject != subject && corpus.samples[$0].label != left }
            var templates: [Int] = []
            for (_, idx) in corpus.indicesByLabel(train).sorted(by: { $0.key < $1.key }) {
                templates += idx.randomSample(count: Swift.min(templatesPerClass, idx.count), using: &rng)
            }
            let matcher = table == nil ? corpus.matcher(templates: templates, settings: settings) : nil
            func ranked(_ i: Int) -> [Match] {
                table?.ranked(i, templates: templates) ?? matcher!.recognize(prepared: corpus.candidate[i], limit: nil)
            }
            let templateSet = Set(templates)
            var positives: [String: [Double]] = [:]
            for i in train where !templateSet.contains(i) {
                let label = corpus.samples[i].label ?? ""
                let own = ranked(i).first { $0.name == label }
                if let own { positives[label, default: []].append(own.distance) }
            }
            var thresholds: [String: Double] = [:]
            for (label, d) in positives {
                thresholds[label] = RejectionTrainer.threshold(positives: d, negatives: [], method: .acceptFraction(acceptFraction))
            }
            let rule = RejectionThresholds(algorithm: M.algorithm, method: "accept-fraction", thresholds: thresholds)
            var fold = Fold()
            var tested: [(best: Match, outOfVocabulary: Bool)] = []
            var testPositives: [String: [Double]] = [:]
            for i in corpus.samples.indices where corpus.samples[i].subject == subject {
                let ranking = ranked(i)
                guard let best = ranking.first else { continue }
                let label = corpus.samples[i].label ?? ""
                tested.append((best, label == left))
                if label != left, let own = ranking.first(where: { $0.name == label }) {
                    testPositives[label, default: []].append(own.distance)
                }
                let accepted = rule.accepts(best)
                if label == left {
                    fold.neg += 1
                    if accepted { fold.fp += 1 }
                } else {
                    fold.inVocab += 1
                    if accepted { fold.acc += 1; if best.name == label { fold.correct += 1 } }
                }
            }
            var oracle: [String: Double] = [:]
            for (label, d) in testPositives {
                oracle[label] = RejectionTrainer.threshold(positives: d, negatives: [], method: .acceptFraction(acceptFraction))
            }
            let oracleRule = RejectionThresholds(algorithm: M.algorithm, method: "accept-fraction", thresholds: oracle)
            for t in tested where oracleRule.accepts(t.best) {
                if t.outOfVocabulary { fold.oracleFP += 1 } else { fold.oracleAcc += 1 }
            }
            return fold
        }
        var rows: [Row] = []
        for label in labels {
            var t = Fold()
            for (k, fold) in folds.enumerated() where fold.0 == label {
                let r = results[k]
                t.fp += r.fp; t.neg += r.neg; t.acc += r.acc; t.correct += r.correct; t.inVocab += r.inVocab
                t.oracleFP += r.oracleFP; t.oracleAcc += r.oracleAcc
            }
            func ratio(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
            rows.append(Row(label: label, falsePositiveRate: ratio(t.fp, t.neg), falsePositives: t.fp, negatives: t.neg,
                            inVocabularyAccepted: ratio(t.acc, t.inVocab), inVocabularyCorrect: ratio(t.correct, t.inVocab),
                            inVocabularySamples: t.inVocab,
                            falsePositiveRateAtTestCalibration: ratio(t.oracleFP, t.neg),
                            inVocabularyAcceptedAtTestCalibration: ratio(t.oracleAcc, t.inVocab)))
        }
        let n = Double(Swift.max(1, rows.count))
        return Report(algorithm: M.algorithm.rawValue, seed: seed, templatesPerClass: templatesPerClass,
                      acceptFraction: acceptFraction, rows: rows,
                      meanFalsePositiveRate: rows.reduce(0) { $0 + $1.falsePositiveRate } / n,
                      meanInVocabularyAccepted: rows.reduce(0) { $0 + $1.inVocabularyAccepted } / n,
                      meanFalsePositiveRateAtTestCalibration: rows.reduce(0) { $0 + $1.falsePositiveRateAtTestCalibration } / n)
    }
}
