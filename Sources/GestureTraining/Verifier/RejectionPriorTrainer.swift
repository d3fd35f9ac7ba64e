import Foundation
import GestureData
import GestureGeometry
import GestureMatching

/// Trains a ``RejectionPrior`` from simulated new users across datasets.
///
/// For every dataset, subject and draw: a few of the subject's labels, K examples each
/// become the templates (as `gesturelab train` picks them); the subject's other examples
/// of those labels are positives when the matcher recognizes them; the subject's examples
/// of every other label, synthetic everyday strokes, splices of two of the user's
/// examples and the given negatives are negatives. Feature rows are ``VerifierFeatures``
/// against those templates. The thresholds (one per K) are chosen on cross-fitted scores
/// (two halves of the people, each scored by trees trained on the other) to keep the
/// false-positive rate on the person's other gestures at ``Settings/targetFPR``.
public enum RejectionPriorTrainer {
    public struct Settings: Sendable {
        public var matchers: [MatcherSettings]
        /// Templates kept per label (medoids beyond it), as `gesturelab train`.
        public var templatesPerClass: Int = 5
        public var ks: [Int] = [1, 2, 3, 5, 8]
        public var labelsPerUser: ClosedRange<Int> = 3...6
        public var drawsPerSubject = 2
        public var maxSubjectsPerDataset = 20
        /// Other-label examples of the subject scored per draw (at most).
        public var othersPerDraw = 120
        public var syntheticPerDraw = 30
        public var splicesPerDraw = 20
        /// Negatives (of the given negative sets) per draw.
        public var negativesPerDraw = 40
        public var targetFPR = 0.01
        /// Least acceptance a threshold keeps (on cross-fitted in-vocabulary strokes), whatever the FPR.
        public var minimumAcceptance = 0.8
        public var booster = BoosterSettings(trees: 150, depth: 3, learningRate: 0.1, bins: 32, minSamplesLeaf: 40, l2: 1.0,
                                             rowSubsample: 1.0, seed: 1)
        public var descriptorPoints = 64
        public var seed: UInt64 = 1
        public var version = "prior"

        public init(matchers: [MatcherSettings]) { self.matchers = matchers }
    }

    struct Row: Sendable {
        var values: [Double]
        var positive: Bool
        var k: Int
        var group: Int
        /// `in`, `misrecognized`, `other`, `synthetic`, `splice`, `negative`.
        var source: String
    }

    /// `k` medoid indices among `gestures` under distance table `d` (all when fewer).
    static func medoids(_ d: [[Double]], k: Int) -> [Int] {
        guard d.count > k else { return Array(d.indices) }
        let totals = d.indices.map { i in d[i].enumerated().reduce(0.0) { $0 + ($1.offset == i || !$1.element.isFinite ? 0 : $1.element) } }
        return d.indices.sorted { (totals[$0], $0) < (totals[$1], $1) }.prefix(k).sorted()
    }

    /// The templates `gesturelab train` keeps of `examples` (label, gesture): every one
    /// up to `perClass` a label, medoids under the primary matcher beyond.
    public static func templates(_ examples: [(String, Gesture)], primary: MatcherSettings, perClass: Int) -> [Template] {
        var out: [Template] = []
        var byLabel: [String: [Gesture]] = [:]
        for (l, g) in examples { byLabel[l, default: []].append(g) }
        for l in byLabel.keys.sorted() {
            let gs = byLabel[l] ?? []
            if gs.count <= perClass { out += gs.map { Template(name: l, gesture: $0) }; continue }
            let lib = TemplateLibrary(templates: gs.map { Template(name: l, gesture: $0) })
            let m = primary.matcher(library: lib)
            let d = gs.map { m.distances($0) ?? [Double](repeating: .infinity, count: gs.count) }
            out += medoids(d, k: perClass).map { Template(name: l, gesture: gs[$0]) }
        }
        return out
    }

    /// Simulated-user feature rows of one dataset.
    static func rows(_ data: Dataset, datasetIndex: Int, negatives: [Sample], settings: Settings) -> [Row] {
        var bySubject: [String: [Sample]] = [:]
        for s in data.samples where TrainingWorkflow.isUsable(s.gesture) && !(s.label ?? "").isEmpty {
            bySubject[s.subject ?? "", default: []].append(s)
        }
        var rng = SeededGenerator.derived(seed: settings.seed, stream: 3100 &+ UInt64(datasetIndex))
        let subjects = Array(bySubject.keys.sorted().shuffled(using: &rng).prefix(settings.maxSubjectsPerDataset))
        struct Draw: Sendable { var subject: String; var draw: Int; var k: Int; var group: Int }
        var draws: [Draw] = []
        for (si, s) in subjects.enumerated() {
            for d in 0..<settings.drawsPerSubject { for k in settings.ks { draws.append(Draw(subject: s, draw: d, k: k, group: datasetIndex * 2 + si % 2)) } }
        }
        let allDraws = draws, groups = bySubject
        let out = ParallelUnits.map(count: allDraws.count, progress: nil) { u -> [Row] in
            let dr = allDraws[u]
            var r = SeededGenerator.derived(seed: settings.seed, stream: 3200 &+ UInt64(datasetIndex) &* 100_003 &+ UInt64(u))
            let samples = groups[dr.subject] ?? []
            var counts: [String: Int] = [:]
            for s in samples { counts[s.label ?? "", default: 0] += 1 }
            let eligible = counts.filter { $0.value > dr.k }.keys.sorted()
            let l = Int.random(in: settings.labelsPerUser, using: &r)
            guard eligible.count >= 2 else { return [] }
            let chosen = Array(eligible.shuffled(using: &r).prefix(Swift.min(l, eligible.count)))
            var train: [(String, Gesture)] = [], test: [Sample] = []
            for c in chosen {
                let own = samples.filter { $0.label == c }.shuffled(using: &r)
                train += own.prefix(dr.k).map { (c, $0.gesture) }
                test += own.dropFirst(dr.k)
            }
            let templates = Self.templates(train, primary: settings.matchers[0], perClass: settings.templatesPerClass)
            let statistics = RejectionPrior.statistics(templates: templates, matchers: settings.matchers,
                                                       descriptorPoints: settings.descriptorPoints)
            let library = TemplateLibrary(templates: templates)
            let labels = library.names
            let index = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
            let templateLabels = templates.map { index[$0.name] ?? 0 }
            let ms = settings.matchers.map { $0.matcher(library: library) }
            var rows: [Row] = []
            func add(_ g: Gesture, truth: String?, source: String) {
                guard let primary = ms[0].distances(g) else { return }
                var all = [primary]
                for m in ms.dropFirst() { all.append(m.distances(g) ?? [Double](repeating: .infinity, count: primary.count)) }
                guard let f = VerifierFeatures.row(distances: all, templateLabels: templateLabels,
                                                   descriptor: ShapeDescriptor(g, points: settings.descriptorPoints)?.values,
                                                   statistics: statistics) else { return }
                let ok = truth != nil && labels[f.label] == truth
                rows.append(Row(values: f.values, positive: ok, k: dr.k, group: dr.group,
                                source: truth == nil ? source : (ok ? "in" : "misrecognized")))
            }
            for s in test { add(s.gesture, truth: s.label, source: "in") }
            let chosenSet = Set(chosen)
            for s in samples.filter({ !chosenSet.contains($0.label ?? "") }).shuffled(using: &r).prefix(settings.othersPerDraw) {
                add(s.gesture, truth: nil, source: "other")
            }
            let size = train.compactMap { $0.1.boundingBox?.longerSide }.sorted().dropFirst(train.count / 2).first ?? 200
            for s in OpenWorld.synthetic(count: settings.syntheticPerDraw, seed: settings.seed &+ UInt64(u) &* 7919, size: size) {
                add(s.gesture, truth: nil, source: "synthetic")
            }
            if train.count >= 2 && chosen.count >= 2 {
                var made = 0, tries = 0
                while made < settings.splicesPerDraw && tries < settings.splicesPerDraw * 10 {
                    tries += 1
                    let a = train[Int.random(in: 0..<train.count, using: &r)], b = train[Int.random(in: 0..<train.count, using: &r)]
                    guard a.0 != b.0, let g = Splicing.splice(a.1, b.1), TrainingWorkflow.isUsable(g) else { continue }
                    add(g, truth: nil, source: "splice")
                    made += 1
                }
            }
            if !negatives.isEmpty {
                for _ in 0..<Swift.min(settings.negativesPerDraw, negatives.count) {
                    add(negatives[Int.random(in: 0..<negatives.count, using: &r)].gesture, truth: nil, source: "negative")
                }
            }
            return rows
        }
        return out.flatMap { $0 }
    }

    /// Trains a prior from `datasets` (each a population of people) and out-of-vocabulary `negatives`.
    public static func train(_ datasets: [Dataset], negatives: [Sample] = [], settings: Settings,
                             provenance: String, progress: StageProgress? = nil) throws -> RejectionPrior {
        progress?("prior rows", 0, datasets.count)
        var rows: [Row] = []
        for (i, d) in datasets.enumerated() {
            rows += Self.rows(d, datasetIndex: i, negatives: negatives, settings: settings)
            progress?("prior rows", i + 1, datasets.count)
        }
        guard rows.contains(where: \.positive), rows.contains(where: { !$0.positive }) else {
            throw VerifierTrainingError.tooFewSamples("the simulated users gave no positive or no negative row")
        }
        let p = rows.filter(\.positive).count, n = rows.count - p
        let w = rows.map { $0.positive ? Double(rows.count) / (2 * Double(p)) : Double(rows.count) / (2 * Double(n)) }
        // Cross-fitted scores: odd groups scored by trees of even groups and the reverse.
        progress?("prior trees", 0, 3)
        var scores = [Double](repeating: 0, count: rows.count)
        let allRows = rows
        let halves = ParallelUnits.map(count: 2, progress: nil) { h -> [Double] in
            let rows = allRows
            let train = rows.indices.filter { rows[$0].group % 2 != h }
            let m = GradientBoostedTrees.train(rows: train.map { rows[$0].values }, labels: train.map { rows[$0].positive },
                                               weights: train.map { w[$0] }, settings: settings.booster)
            return rows.indices.filter { rows[$0].group % 2 == h }.map { m.margin(rows[$0].values) }
        }
        for h in 0..<2 {
            for (j, i) in rows.indices.filter({ rows[$0].group % 2 == h }).enumerated() { scores[i] = halves[h][j] }
        }
        progress?("prior trees", 2, 3)
        var thresholds: [String: Double] = [:], figures: [String: [String: Double]] = [:]
        for k in settings.ks {
            let idx = rows.indices.filter { rows[$0].k == k }
            let inVocab = idx.filter { rows[$0].source == "in" || rows[$0].source == "misrecognized" }
            let pos = idx.filter { rows[$0].positive }.map { scores[$0] }.sorted(by: >)
            let others = idx.filter { rows[$0].source == "other" }.map { scores[$0] }.sorted(by: >)
            guard !pos.isEmpty, !inVocab.isEmpty else { continue }
            // The lowest threshold whose FPR on the people's other gestures is within target,
            // but never one that keeps less than the minimum acceptance.
            let allowed = Int((settings.targetFPR * Double(others.count)).rounded(.down))
            var t = allowed < others.count ? others[allowed].nextUp : (pos.last ?? 0)
            let floorIndex = Swift.min(pos.count - 1, Swift.max(0, Int((settings.minimumAcceptance * Double(inVocab.count)).rounded(.up)) - 1))
            t = Swift.min(t, pos[floorIndex])
            thresholds[String(k)] = t
            let accepted = pos.filter { $0 >= t }.count
            var f: [String: Double] = ["acceptance": Double(accepted) / Double(inVocab.count),
                                       "fpr": Double(others.filter { $0 >= t }.count) / Double(Swift.max(1, others.count))]
            for src in ["synthetic", "splice", "negative"] {
                let s = idx.filter { rows[$0].source == src }
                if !s.isEmpty { f["fpr." + src] = Double(s.filter { scores[$0] >= t }.count) / Double(s.count) }
            }
            figures[String(k)] = f
        }
        let final = GradientBoostedTrees.train(rows: rows.map(\.values), labels: rows.map(\.positive), weights: w, settings: settings.booster)
        progress?("prior trees", 3, 3)
        return RejectionPrior(version: settings.version, matchers: settings.matchers, featureNames: VerifierFeatures.names(matchers: settings.matchers),
                              descriptorPoints: settings.descriptorPoints, model: final, thresholds: thresholds,
                              provenance: provenance + "; \(rows.count) rows (\(p) positive), thresholds for FPR \(settings.targetFPR) on the people's other gestures on cross-fitted halves",
                              figures: figures)
    }
}
