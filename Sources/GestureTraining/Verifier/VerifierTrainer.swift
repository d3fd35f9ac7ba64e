import GestureData
import GestureGeometry
import GestureMatching

/// Refused verifier training.
public enum VerifierTrainingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An FPR target that the negatives cannot measure (fewer than 3 / target of them).
    case weakNegatives(target: Double, negatives: Int, needed: Int)
    /// Not enough labelled data for inner folds.
    case tooFewSamples(String)

    public var description: String {
        switch self {
        case .weakNegatives(let t, let n, let needed):
            return "a false-positive target of \(t) needs at least \(needed) negatives (3 / target) to be measured, and training has \(n); add negatives (--negatives), raise the target, or pass --allow-weak-negatives"
        case .tooFewSamples(let why): return "too few samples for a verifier: \(why)"
        }
    }
}

/// Trains a ``RejectionVerifier`` from distance matrices with inner folds.
///
/// 1. The training samples are split into folds by subject (by sample, round robin per
///    label, when there is one subject). For each fold, templates (medoids) come from the
///    other folds.
/// 2. Rows: every in-fold sample matched against the full vocabulary (a positive when the
///    primary matcher's label is right, a negative when it is wrong), every in-fold
///    negative (splices, scribbles, the user's), and, for each label X in turn, X's
///    in-fold samples matched against the vocabulary *without* X — honest negatives for
///    "a gesture the model has never seen" — beside a share of the in-vocabulary samples
///    matched against that smaller vocabulary.
/// 3. Cross-fitting: each fold's rows are scored by trees trained on the other folds'
///    rows; one global threshold is chosen on those scores for the target.
/// 4. The final trees are trained on every row.
package enum VerifierTrainer {
    package struct Row: Sendable {
        var values: [Double]
        var positive: Bool
        var fold: Int
        /// `misrecognized`, `unseen label`, `splice`, `scribble` or `user` for negatives.
        var source: String
        /// True for rows that match the deployed situation (full vocabulary, real sample).
        var inVocabulary: Bool
        var trueLabel, chosen: Int
        /// The left-out label for `unseen label` rows, else -1.
        var leftOut: Int
    }

    package struct Trained: Sendable {
        var model: GradientBoostedTrees
        var threshold: Double
        var operatingPoint: VerifierOperatingPoint
        var rows: [Row]
        /// Cross-fitted scores of `rows` under the chosen candidate.
        var scores: [Double]
        /// The configuration inner cross-validation chose.
        var chosen: VerifierCandidate
        /// Every candidate's inner-fold operating point, in settings order.
        var selection: [(candidate: VerifierCandidate, point: VerifierOperatingPoint)]
    }

    /// Label index → up to `k` medoid sample indices among `candidates` under the primary matcher.
    package static func medoids(_ corpus: DistanceCorpus, candidates: [Int], k: Int) -> [Int: [Int]] {
        var byLabel: [Int: [Int]] = [:]
        for i in candidates { byLabel[corpus.items[i].label, default: []].append(i) }
        var out: [Int: [Int]] = [:]
        for (label, idx) in byLabel {
            var totals = [Double](repeating: 0, count: idx.count)
            for (a, i) in idx.enumerated() {
                for j in idx where j != i { totals[a] += corpus.distance(0, i, j) }
            }
            let order = idx.indices.sorted { (totals[$0], idx[$0]) < (totals[$1], idx[$1]) }
            out[label] = order.prefix(k).map { idx[$0] }.sorted()
        }
        return out
    }

    /// Vocabulary statistics of templates (sample indices) under every matcher.
    package static func statistics(_ corpus: DistanceCorpus, templates: [Int]) -> VocabularyStatistics {
        VocabularyStatistics.of(labels: corpus.labels, templateLabels: templates.map { corpus.items[$0].label },
                                matchers: corpus.matchers.count,
                                distance: { m, a, b in corpus.distance(m, templates[a], templates[b]) },
                                descriptors: templates.map { corpus.descriptors[$0] })
    }

    /// The feature row of `item` against templates (sample indices) of the allowed labels.
    package static func features(_ corpus: DistanceCorpus, item: Int, templates: [Int], statistics: VocabularyStatistics)
        -> (label: Int, values: [Double])? {
        let distances = (0..<corpus.matchers.count).map { m in templates.map { corpus.distance(m, item, $0) } }
        return VerifierFeatures.row(distances: distances, templateLabels: templates.map { corpus.items[$0].label },
                                    descriptor: corpus.descriptors[item], statistics: statistics)
    }

    /// Folds of `samples` (and `negatives`), seeded.
    static func folds(_ corpus: DistanceCorpus, samples: [Int], negatives: [Int], count: Int, seed: UInt64)
        throws -> (sample: [Int: Int], negative: [Int: Int], k: Int) {
        var rng = SeededGenerator.derived(seed: seed, stream: 71)
        let subjects = Array(Set(samples.map { corpus.items[$0].subject })).sorted()
        var sampleFold: [Int: Int] = [:]
        let k: Int
        if subjects.count >= 2 {
            k = Swift.min(count, subjects.count)
            let order = subjects.shuffled(using: &rng)
            var subjectFold: [Int: Int] = [:]
            for (i, s) in order.enumerated() { subjectFold[s] = i % k }
            for i in samples { sampleFold[i] = subjectFold[corpus.items[i].subject] }
        } else {
            var byLabel: [Int: [Int]] = [:]
            for i in samples { byLabel[corpus.items[i].label, default: []].append(i) }
            let smallest = byLabel.values.map(\.count).min() ?? 0
            k = Swift.min(count, Swift.max(2, smallest))
            guard smallest >= 2 else {
                throw VerifierTrainingError.tooFewSamples("with one person, every label needs at least 2 samples (one label has \(smallest))")
            }
            var offset = 0
            for label in byLabel.keys.sorted() {
                for (j, i) in byLabel[label, default: []].shuffled(using: &rng).enumerated() { sampleFold[i] = (j + offset) % k }
                offset += 1
            }
        }
        var negativeFold: [Int: Int] = [:]
        for (j, i) in negatives.shuffled(using: &rng).enumerated() { negativeFold[i] = j % k }
        return (sampleFold, negativeFold, k)
    }

    /// Builds the rows of every fold.
    static func rows(_ corpus: DistanceCorpus, samples: [Int], negatives: [Int], settings: VerifierSettings) throws -> [Row] {
        let (sampleFold, negativeFold, k) = try folds(corpus, samples: samples, negatives: negatives, count: settings.folds,
                                                      seed: settings.seed)
        let perFold = ParallelUnits.map(count: k, progress: nil) { g -> [Row] in
            var rng = SeededGenerator.derived(seed: settings.seed, stream: 200 + UInt64(g))
            let trainPart = samples.filter { sampleFold[$0] != g }
            let inFold = samples.filter { sampleFold[$0] == g }
            let chosen = medoids(corpus, candidates: trainPart, k: settings.templatesPerClass)
            let allTemplates = chosen.keys.sorted().flatMap { chosen[$0] ?? [] }
            let stats = statistics(corpus, templates: allTemplates)
            let vocabulary = Set(chosen.keys)
            var out: [Row] = []
            func add(_ item: Int, templates: [Int], source: String?, inVocabulary: Bool, leftOut: Int) {
                guard let f = features(corpus, item: item, templates: templates, statistics: stats) else { return }
                let truth = corpus.items[item].label
                let positive = source == nil && f.label == truth
                out.append(Row(values: f.values, positive: positive, fold: g,
                               source: positive ? "" : (source ?? "misrecognized"), inVocabulary: inVocabulary,
                               trueLabel: truth, chosen: f.label, leftOut: leftOut))
            }
            for i in inFold where vocabulary.contains(corpus.items[i].label) {
                add(i, templates: allTemplates, source: nil, inVocabulary: true, leftOut: -1)
            }
            for i in negatives where negativeFold[i] == g {
                add(i, templates: allTemplates, source: corpus.items[i].kind.rawValue, inVocabulary: false, leftOut: -1)
            }
            guard vocabulary.count >= 2 else { return out }
            let share = 1 / Double(vocabulary.count)
            for x in vocabulary.sorted() {
                let templates = allTemplates.filter { corpus.items[$0].label != x }
                for i in inFold {
                    let label = corpus.items[i].label
                    if label == x {
                        add(i, templates: templates, source: "unseen label", inVocabulary: false, leftOut: x)
                    } else if vocabulary.contains(label) && Double.random(in: 0..<1, using: &rng) < share {
                        add(i, templates: templates, source: nil, inVocabulary: false, leftOut: -1)
                    }
                }
            }
            return out
        }
        return perFold.flatMap { $0 }
    }

    /// Class-balanced weights: positives and negatives carry equal total weight.
    static func weights(_ rows: [Row]) -> [Double] {
        let p = rows.filter(\.positive).count, n = rows.count - p
        let wp = p > 0 ? Double(rows.count) / (2 * Double(p)) : 1
        let wn = n > 0 ? Double(rows.count) / (2 * Double(n)) : 1
        return rows.map { $0.positive ? wp : wn }
    }

    package static func train(_ corpus: DistanceCorpus, samples: [Int], negatives: [Int], settings: VerifierSettings,
                              progress: StageProgress? = nil) throws -> Trained {
        progress?("verifier rows", 0, 1)
        let rows = try rows(corpus, samples: samples, negatives: negatives, settings: settings)
        guard rows.contains(where: \.positive) else {
            throw VerifierTrainingError.tooFewSamples("no in-vocabulary sample was recognized correctly on inner folds")
        }
        let w = weights(rows)
        let folds = Set(rows.map(\.fold)).sorted()
        let candidates = settings.candidates.isEmpty
            ? [VerifierCandidate(name: "all features", booster: settings.booster)] : settings.candidates
        let matchers = corpus.matchers.count
        // Cross-fitted scores of every candidate: each fold judged by trees that never saw
        // its people. A left-out feature group is zeroed, so trees never split on it and
        // scoring the full row is the same as scoring the masked one.
        let units = candidates.count * folds.count
        let fitted = ParallelUnits.map(count: units, progress: nil) { u -> [Double]? in
            let c = candidates[u / folds.count], fold = folds[u % folds.count]
            let trainRows = rows.indices.filter { rows[$0].fold != fold }
            guard Set(trainRows.map { rows[$0].positive }).count == 2 else { return nil }
            let model = GradientBoostedTrees.train(rows: trainRows.map { c.masked(rows[$0].values, matchers: matchers) },
                                                   labels: trainRows.map { rows[$0].positive },
                                                   weights: trainRows.map { w[$0] }, settings: c.booster)
            return rows.indices.filter { rows[$0].fold == fold }.map { model.margin(rows[$0].values) }
        }
        var selection: [(candidate: VerifierCandidate, point: VerifierOperatingPoint, threshold: Double, scores: [Double])] = []
        for (ci, c) in candidates.enumerated() {
            var scores = [Double](repeating: -.infinity, count: rows.count)
            for (f, fold) in folds.enumerated() {
                guard let part = fitted[ci * folds.count + f] else { continue }
                for (k, i) in rows.indices.filter({ rows[$0].fold == fold }).enumerated() { scores[i] = part[k] }
            }
            let (threshold, point) = try operatingPoint(rows: rows, scores: scores, settings: settings)
            selection.append((c, point, threshold, scores))
        }
        var best = 0
        for k in selection.indices.dropFirst() where better(selection[k].point, than: selection[best].point, target: settings.target) {
            best = k
        }
        let chosen = selection[best]
        let finalRows = Array(rows.indices)
        guard Set(finalRows.map { rows[$0].positive }).count == 2 else {
            throw VerifierTrainingError.tooFewSamples("training rows hold only one class")
        }
        let final = GradientBoostedTrees.train(rows: finalRows.map { chosen.candidate.masked(rows[$0].values, matchers: matchers) },
                                               labels: finalRows.map { rows[$0].positive }, weights: w,
                                               settings: chosen.candidate.booster)
        var point = chosen.point
        if candidates.count > 1 {
            func pct(_ v: Double) -> String { String(format: "%.1f%%", v * 100) }
            let figures = selection.map { "\($0.candidate.name) (acceptance \(pct($0.point.acceptance)), FPR \(pct($0.point.falsePositiveRate)))" }
            point.notes.append("configuration chosen by inner cross-validation over subjects: \(chosen.candidate.name), among "
                               + figures.joined(separator: ", "))
        }
        progress?("verifier rows", 1, 1)
        return Trained(model: final, threshold: chosen.threshold, operatingPoint: point, rows: rows, scores: chosen.scores,
                       chosen: chosen.candidate, selection: selection.map { ($0.candidate, $0.point) })
    }

    /// Whether inner-fold point `a` beats `b` for `target`: for an acceptance target,
    /// the smaller shortfall from the target, then the lower FPR; for an FPR target, the
    /// higher acceptance, then the lower FPR. Ties keep the earlier candidate.
    static func better(_ a: VerifierOperatingPoint, than b: VerifierOperatingPoint, target: VerifierTarget) -> Bool {
        switch target {
        case .acceptance(let t):
            let sa = Swift.max(0, t - a.acceptance), sb = Swift.max(0, t - b.acceptance)
            if sa != sb { return sa < sb }
            return a.falsePositiveRate < b.falsePositiveRate
        case .falsePositiveRate:
            if a.acceptance != b.acceptance { return a.acceptance > b.acceptance }
            return a.falsePositiveRate < b.falsePositiveRate
        }
    }

    /// Picks the threshold on cross-fitted scores and measures it there.
    static func operatingPoint(rows: [Row], scores: [Double], settings: VerifierSettings) throws -> (Double, VerifierOperatingPoint) {
        let inVocab = rows.indices.filter { rows[$0].inVocabulary }
        let positives = inVocab.filter { rows[$0].positive }.map { scores[$0] }.sorted(by: >)
        // Misrecognized in-vocabulary gestures count against acceptance already; the
        // false-positive rate is over gestures that are none of the vocabulary.
        let misrecognized = "misrecognized"
        let negatives = rows.indices.filter { !rows[$0].positive && rows[$0].source != misrecognized }
        let negativeScores = negatives.map { scores[$0] }.sorted(by: >)
        var notes: [String] = []
        let threshold: Double
        let targetName: String, requested: Double
        switch settings.target {
        case .acceptance(let a):
            targetName = "acceptance"; requested = a
            let needed = Int((a * Double(inVocab.count)).rounded(.up))
            if needed > positives.count || needed < 1 {
                threshold = positives.last ?? 0
                notes.append("the matcher alone recognizes \(positives.count) of \(inVocab.count) in-vocabulary samples correctly on inner folds (\(String(format: "%.1f%%", 100 * Double(positives.count) / Double(Swift.max(1, inVocab.count))))), below the requested acceptance \(a): the verifier accepts every correct one it can")
            } else {
                // The target point is the needed-th best positive; every threshold down to
                // the next negative below it keeps the same inner-fold false positives, so
                // take the middle of that gap: the widest margin for people the folds did
                // not contain, at no measured cost.
                let target = positives[needed - 1]
                let below = negativeScores.first { $0 < target } ?? ((scores.filter(\.isFinite).min() ?? target) - 1)
                threshold = (target + below) / 2
            }
        case .falsePositiveRate(let f):
            targetName = "false-positive-rate"; requested = f
            let needed = f > 0 ? Int((3 / f).rounded(.up)) : Int.max
            if negativeScores.count < needed {
                if !settings.allowWeakNegatives {
                    throw VerifierTrainingError.weakNegatives(target: f, negatives: negativeScores.count, needed: needed)
                }
                notes.append("weak negatives: \(negativeScores.count) negatives cannot measure a false-positive rate of \(f) (3 / target = \(needed) needed); trained anyway (--allow-weak-negatives)")
            }
            let allowed = Int((f * Double(negativeScores.count)).rounded(.down))
            threshold = allowed < negativeScores.count ? negativeScores[allowed].nextUp : (negativeScores.last ?? 0)
        }
        let accepted = positives.filter { $0 >= threshold }.count
        let fp = negativeScores.filter { $0 >= threshold }.count
        var bySource: [String: [Int]] = [:]
        for i in rows.indices where !rows[i].positive {
            var c = bySource[rows[i].source] ?? [0, 0]
            if scores[i] >= threshold { c[0] += 1 }
            c[1] += 1
            bySource[rows[i].source] = c
        }
        let point = VerifierOperatingPoint(target: targetName, requested: requested,
                                   acceptance: Double(accepted) / Double(Swift.max(1, inVocab.count)), inVocabulary: inVocab.count,
                                   falsePositiveRate: Double(fp) / Double(Swift.max(1, negativeScores.count)),
                                   falsePositiveInterval: WilsonInterval(successes: fp, trials: negativeScores.count).array,
                                   negatives: negativeScores.count, negativesBySource: bySource, notes: notes)
        return (threshold, point)
    }
}

extension VerifierTrainer {
    /// Share of a label's samples within another label's distance range above which the
    /// pair is reported (nearly a third of them would pass as the other by distance alone).
    static let lookAlikeDistanceShare = 0.3
    /// Verifier acceptances of a left-out label above which the pair is reported.
    static let lookAlikeVerifierShare = 0.1
    /// Misrecognitions with the full vocabulary above which the pair is reported.
    static let lookAlikeMisrecognizedShare = 0.05

    /// Label pairs that look alike, from the rows and cross-fitted scores of a training.
    package static func lookAlikes(_ t: Trained, labels: [String]) -> [LookAlike] {
        var radius: [Int: Double] = [:]
        var own: [Int: [Double]] = [:]
        for r in t.rows where r.positive && r.inVocabulary { own[r.chosen, default: []].append(r.values[0]) }
        for (l, d) in own {
            let s = d.sorted()
            radius[l] = s[Swift.min(s.count - 1, Int((0.95 * Double(s.count)).rounded(.up)) - 1)]
        }
        var unseenTotal: [Int: Int] = [:], within: [Int: [Int: Int]] = [:], accepted: [Int: [Int: Int]] = [:]
        var inVocabTotal: [Int: Int] = [:], confused: [Int: [Int: Int]] = [:]
        for (i, r) in t.rows.enumerated() {
            if r.source == "unseen label" && r.leftOut >= 0 {
                unseenTotal[r.leftOut, default: 0] += 1
                if let rad = radius[r.chosen], r.values[0] <= rad { within[r.leftOut, default: [:]][r.chosen, default: 0] += 1 }
                if t.scores[i] >= t.threshold { accepted[r.leftOut, default: [:]][r.chosen, default: 0] += 1 }
            } else if r.inVocabulary && r.trueLabel >= 0 {
                inVocabTotal[r.trueLabel, default: 0] += 1
                if r.chosen != r.trueLabel { confused[r.trueLabel, default: [:]][r.chosen, default: 0] += 1 }
            }
        }
        var out: [LookAlike] = []
        for x in labels.indices {
            for y in labels.indices where y != x {
                let n = unseenTotal[x] ?? 0, m = inVocabTotal[x] ?? 0
                let w = n > 0 ? Double(within[x]?[y] ?? 0) / Double(n) : 0
                let a = n > 0 ? Double(accepted[x]?[y] ?? 0) / Double(n) : 0
                let c = m > 0 ? Double(confused[x]?[y] ?? 0) / Double(m) : 0
                if w >= lookAlikeDistanceShare || a >= lookAlikeVerifierShare || c >= lookAlikeMisrecognizedShare {
                    out.append(LookAlike(label: labels[x], closeTo: labels[y], withinDistance: w, verifierAccepts: a, misrecognized: c))
                }
            }
        }
        func weight(_ l: LookAlike) -> Double { l.withinDistance + l.verifierAccepts + l.misrecognized }
        return out.sorted { a, b in
            let wa = weight(a), wb = weight(b)
            if wa != wb { return wa > wb }
            return (a.label, a.closeTo) < (b.label, b.closeTo)
        }
    }
}
