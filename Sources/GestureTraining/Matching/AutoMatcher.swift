import Foundation
import GestureData
import GestureGeometry
import GestureMatching

/// The matcher `train` uses: asked for with its full settings, or `auto`.
public enum MatcherChoice: Hashable, Sendable, CustomStringConvertible {
    /// Chosen by inner validation on the training data (``AutoMatcher``).
    case auto
    /// This matcher with these settings.
    case fixed(MatcherSettings)

    /// The settings of a fixed choice; `nil` for auto.
    public var fixed: MatcherSettings? {
        if case .fixed(let s) = self { return s }
        return nil
    }

    /// `auto`, or the settings' description.
    public var description: String { fixed?.description ?? "auto" }
}

extension MatcherChoice: Codable {
    /// `"auto"`, an algorithm id (its defaults), or a settings object.
    public init(from decoder: Decoder) throws {
        if let c = try? decoder.singleValueContainer(), let id = try? c.decode(String.self) {
            if id == "auto" { self = .auto; return }
            guard let a = MatcherAlgorithm(rawValue: id) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "unknown algorithm '\(id)' (known: auto, \(MatcherAlgorithm.idList))")
            }
            self = .fixed(a.defaultSettings)
            return
        }
        self = .fixed(try MatcherSettings(from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .auto:
            var c = encoder.singleValueContainer()
            try c.encode("auto")
        case .fixed(let s): try s.encode(to: encoder)
        }
    }
}

/// How `auto` chose: every candidate's inner-validation accuracy, the rule and the choice.
public struct AutoMatcherReport: Hashable, Codable, Sendable {
    /// The matcher chosen.
    public var chosen: MatcherSettings
    /// How the training data were split: over people or over examples, or no split.
    public var validation: String
    /// Inner recognitions each candidate made.
    public var recognitions: Int
    /// Share of samples drawn with more than one stroke (the tie-break prefers matchers
    /// blind to stroke order and direction when it is at least ``AutoMatcher/multistrokeShare``).
    public var multistrokeShare: Double
    /// Candidate description → inner accuracy, 0…1.
    public var candidates: [String: Double]
    /// Seconds the choice took (reported, not written: a model folder's bytes depend on
    /// its data and seed only).
    public var seconds: Double = 0

    enum CodingKeys: String, CodingKey { case chosen, validation, recognitions, multistrokeShare, candidates }

    /// One line for reports: the choice, its inner accuracy and the best three others.
    public var summary: String {
        let own = candidates[chosen.description].map { String(format: "%.2f%%", $0 * 100) } ?? "n/a"
        let others = candidates.filter { $0.key != chosen.description }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(3)
            .map { "\($0.key) \(String(format: "%.2f%%", $0.value * 100))" }
        return "\(chosen) \(own) on \(validation) (\(recognitions) recognitions)"
            + (others.isEmpty ? "" : "; next: " + others.joined(separator: ", "))
    }
}

/// `--algorithm auto`: the matcher, or the combination of two with equal weights, that
/// recognizes the training data best under inner validation — over people when there are
/// several (templates from the others, the held-out person's samples recognized), over
/// examples when there is one (templates from some examples, the rest recognized).
///
/// Candidates: every registered matcher whose settings are
/// ``GestureMatching/AlgorithmSettings/isAutoCandidate`` with its paper's defaults, and
/// every pair of combinable ones fused as ``GestureMatching/CombinedMatcher`` does. Each
/// gesture is prepared once per matcher and each pair distance computed once; a
/// combination is scored from its components' distances (no second preparation).
///
/// Choice: the highest inner accuracy; candidates within ``tolerance`` recognitions of it
/// are tied and the tie goes to the first in preference order, which depends on the data
/// alone: with multistroke gestures (at least ``multistrokeShare`` of the samples) the
/// matchers blind to stroke order and direction ($P+, $Q, $P) come first, otherwise
/// $P+ with Jackknife. With one example per label nothing can be held out, and the first
/// in preference order is taken.
public enum AutoMatcher {
    /// Share of multistroke samples from which stroke-order-blind matchers are preferred.
    public static let multistrokeShare = 0.1
    /// Recognitions by which a candidate may trail the best and still count as tied.
    public static let tolerance = 1
    /// Most inner folds over people.
    public static let maxFolds = 5
    /// Most recognitions per fold (a random subset beyond that).
    public static let maxTestsPerFold = 400
    /// Rounds over the examples of one person: at least 3, and as many as the largest
    /// label left out one example at a time has examples, up to 10.
    public static let minRounds = 3, maxRounds = 10

    /// The single matchers considered.
    public static var singles: [MatcherSettings] {
        MatcherAlgorithm.allCases.filter { $0.settingsType.isAutoCandidate }.map(\.defaultSettings)
    }

    /// Every candidate in preference order for data with or without multistroke gestures.
    public static func candidates(multistroke: Bool) -> [MatcherSettings] {
        let invariant: [MatcherAlgorithm] = [.pPlus, .qDollar, .pDollar]
        let components = CombinedSettings.componentAlgorithms
        var pairs: [MatcherSettings] = []
        for (i, a) in components.enumerated() { for b in components[(i + 1)...] { pairs.append(.combined(CombinedSettings([a: 1, b: 1]))) } }
        let first: [MatcherSettings] = multistroke
            ? invariant.map(\.defaultSettings)
            : [.combined(.default)] + [MatcherAlgorithm.pPlus.defaultSettings]
        var out: [MatcherSettings] = []
        for s in first + singles + pairs where !out.contains(s) { out.append(s) }
        return out
    }

    /// The settings to train with: `choice`'s when fixed, otherwise the auto choice on
    /// `data` with its report.
    public static func resolve(_ choice: MatcherChoice, data: Dataset, settings: TrainingSettings,
                               progress: StageProgress?) -> (settings: MatcherSettings, report: AutoMatcherReport?) {
        if let s = choice.fixed { return (s, nil) }
        let r = choose(data.samples, templatesPerClass: settings.templatesPerClass, seed: settings.seed) { progress?("choosing the matcher", $0, $1) }
        return (r.chosen, r)
    }

    /// One inner split: template samples and the samples recognized against them.
    struct Episode: Sendable { var templates: [Int]; var tests: [Int] }

    /// The auto choice on `samples` (labelled; unlabelled ones are ignored).
    public static func choose(_ samples: [Sample], templatesPerClass k: Int, seed: UInt64,
                              progress: ProgressHandler? = nil) -> AutoMatcherReport {
        let samples = samples.filter { !($0.label ?? "").isEmpty }
        let gestures = samples.map(\.gesture)
        return choose(labels: samples.map { $0.label ?? "" }, subjects: samples.map { $0.subject ?? "" },
                      strokes: gestures.map(\.strokes.count), sharp: gestures.map(CombinedMatcher.cornerSharpness),
                      templatesPerClass: k, seed: seed) { algorithms, episodes in
            // Each gesture prepared once per matcher; the pairs of each episode on all cores.
            let forms = algorithms.map { PairDistances.make($0, gestures: gestures) }
            let flat = ParallelUnits.map(count: episodes.count * algorithms.count, progress: progress) { w in
                table(episodes[w / algorithms.count], labels: samples.map { $0.label ?? "" }, distance: forms[w % algorithms.count].distance)
            }
            return (0..<episodes.count).map { e in Array(flat[(e * algorithms.count)..<((e + 1) * algorithms.count)]) }
        }
    }

    /// One episode's distances under one matcher: tests × templates, and the scale the
    /// combined recognizer would give the templates.
    struct Table: Sendable { var matrix: [Double]; var scale: Double }

    static func table(_ e: Episode, labels: [String], distance: (Int, Int) -> Double) -> Table {
        var m = [Double](repeating: .infinity, count: e.tests.count * e.templates.count)
        for (i, c) in e.tests.enumerated() { for (j, t) in e.templates.enumerated() { m[i * e.templates.count + j] = distance(c, t) } }
        let names = e.templates.map { labels[$0] }
        let scale = CombinedMatcher.scale(CombinedMatcher.scalePairs(names: names).map { distance(e.templates[$0.0], e.templates[$0.1]) })
        return Table(matrix: m, scale: scale)
    }

    /// The algorithms whose distances the candidates need, in a fixed order.
    static func components(of candidates: [MatcherSettings]) -> [MatcherAlgorithm] {
        Array(Set(candidates.flatMap { c -> [MatcherAlgorithm] in
            c.algorithm == .combined ? c.typed(for: CombinedMatcher.self).components.map(\.algorithm) : [c.algorithm]
        })).sorted { $0.rawValue < $1.rawValue }
    }

    /// The auto choice on items known by label, subject, stroke count and sharpest turn
    /// (``GestureMatching/CombinedMatcher/cornerSharpness(_:)``, for candidates with the
    /// corner term); `tables` gives each episode's ``Table`` per algorithm of ``components(of:)``.
    static func choose(labels: [String], subjects: [String], strokes: [Int], sharp: [Double], templatesPerClass k: Int, seed: UInt64,
                       tables: ([MatcherAlgorithm], [Episode]) -> [[Table]]) -> AutoMatcherReport {
        let clock = ContinuousClock(), start = clock.now
        let multi = labels.isEmpty ? 0 : Double(strokes.filter { $0 > 1 }.count) / Double(labels.count)
        let order = candidates(multistroke: multi >= multistrokeShare)
        var rng = SeededGenerator.derived(seed: seed, stream: 41)
        let (episodes, validation) = self.episodes(labels: labels, subjects: subjects, k: Swift.max(1, k), using: &rng)
        let n = episodes.reduce(0) { $0 + $1.tests.count }
        var correct = [Int](repeating: 0, count: order.count)
        if n > 0 {
            let algorithms = components(of: order)
            correct = score(order, algorithms: algorithms, labels: labels, sharp: sharp, episodes: episodes, tables: tables(algorithms, episodes))
        }
        var chosen = order[0]
        if n > 0, let best = correct.max() {
            chosen = order[correct.firstIndex { $0 >= best - tolerance }!]
        }
        var figures: [String: Double] = [:]
        if n > 0 { for (c, s) in zip(correct, order) { figures[s.description] = Double(c) / Double(n) } }
        return AutoMatcherReport(chosen: chosen, validation: n > 0 ? validation : "no inner validation (one example per label): first in preference order",
                                 recognitions: n, multistrokeShare: multi, candidates: figures,
                                 seconds: (clock.now - start).inSeconds)
    }

    /// Inner splits over people (several subjects) or over examples (one).
    static func episodes(labels: [String], subjects allSubjects: [String], k: Int, using rng: inout SeededGenerator) -> ([Episode], String) {
        let subjects = Array(Set(allSubjects)).sorted()
        let byLabel = Dictionary(grouping: labels.indices) { labels[$0] }.sorted { $0.key < $1.key }
        if subjects.count >= 2 {
            let folds = Swift.min(maxFolds, subjects.count)
            let foldOf = Dictionary(uniqueKeysWithValues: subjects.enumerated().map { ($1, $0 % folds) })
            var out: [Episode] = []
            for f in 0..<folds {
                var templates: [Int] = []
                for (_, idx) in byLabel {
                    let pool = idx.filter { foldOf[allSubjects[$0]] != f }
                    templates += pool.randomSample(count: Swift.min(k, pool.count), using: &rng)
                }
                var tests = labels.indices.filter { foldOf[allSubjects[$0]] == f }
                if tests.count > maxTestsPerFold { tests = tests.randomSample(count: maxTestsPerFold, using: &rng).sorted() }
                out.append(Episode(templates: templates.sorted(), tests: tests))
            }
            return (out, "\(folds) folds over \(subjects.count) people")
        }
        // A label with at most K + 1 examples (the usual case: K recorded, K kept) is left
        // out one example at a time, so each of its examples is recognized exactly once
        // against its other examples; a label with more is split at random each round,
        // K templates and the rest recognized.
        let orders = byLabel.map { $0.value.randomSample(count: $0.value.count, using: &rng) }
        let leaveOneOut = orders.filter { $0.count >= 2 && $0.count <= k + 1 }.map(\.count).max() ?? 0
        let rounds = Swift.min(maxRounds, Swift.max(minRounds, leaveOneOut))
        var out: [Episode] = []
        for r in 0..<rounds {
            var e = Episode(templates: [], tests: [])
            for order in orders {
                guard order.count >= 2 else { e.templates += order; continue }
                if order.count <= k + 1 {
                    // Round r tests example r; rounds past the label's examples keep it as templates only.
                    let held = r < order.count ? r : -1
                    e.templates += order.indices.filter { $0 != held }.prefix(order.count - 1).map { order[$0] }
                    if held >= 0 { e.tests.append(order[held]) }
                } else {
                    let shuffled = order.randomSample(count: order.count, using: &rng)
                    e.templates += shuffled[..<k]
                    e.tests += shuffled[k...]
                }
            }
            if e.tests.count > maxTestsPerFold { e.tests = e.tests.randomSample(count: maxTestsPerFold, using: &rng) }
            e.templates.sort(); e.tests.sort()
            out.append(e)
        }
        return (out, "\(rounds) rounds over the examples of one person (each example left out once where a label has at most K + 1)")
    }

    /// Correct inner recognitions of each candidate, from the episodes' tables.
    static func score(_ candidates: [MatcherSettings], algorithms: [MatcherAlgorithm], labels: [String], sharp: [Double],
                      episodes: [Episode], tables: [[Table]]) -> [Int] {
        let slot = Dictionary(uniqueKeysWithValues: algorithms.enumerated().map { ($1, $0) })
        var correct = [Int](repeating: 0, count: candidates.count)
        for (ei, e) in episodes.enumerated() where !e.templates.isEmpty {
            let width = e.templates.count
            for (ci, c) in candidates.enumerated() {
                let combined = c.algorithm == .combined ? c.typed(for: CombinedMatcher.self) : nil
                let parts: [(Int, Double)] = combined.map { $0.components.map { (slot[$0.algorithm]!, $0.weight) } }
                    ?? [(slot[c.algorithm]!, 1)]
                let corner = combined?.corner ?? 0
                let total = combined?.totalWeight ?? 1
                for (i, test) in e.tests.enumerated() {
                    var best = -1, bestD = 0.0
                    for j in 0..<width {
                        var d = 0.0
                        for (s, w) in parts {
                            let t = tables[ei][s]
                            d += parts.count == 1 && corner == 0 ? t.matrix[i * width + j] : w * t.matrix[i * width + j] / t.scale / total
                        }
                        if corner > 0 { d += corner * CombinedMatcher.cornerDistance(sharp[test], sharp[e.templates[j]]) / total }
                        if best < 0 || d < bestD { best = j; bestD = d }
                    }
                    if best >= 0 && labels[e.templates[best]] == labels[test] { correct[ci] += 1 }
                }
            }
        }
        return correct
    }
}

/// One matcher's prepared forms of a set of gestures (each prepared once, with the
/// matcher's default settings) and the distance between two of them.
struct PairDistances: Sendable {
    let distance: @Sendable (Int, Int) -> Double

    static func make(_ algorithm: MatcherAlgorithm, gestures: [Gesture]) -> PairDistances {
        func build<M: TemplateMatcher>(_: M.Type) -> PairDistances {
            let prepared = ParallelUnits.map(count: gestures.count, progress: nil) { M.prepare(gestures[$0], settings: .default) }
            return PairDistances { i, j in
                guard let a = prepared[i], let b = prepared[j] else { return .infinity }
                return M.distance(a, b, settings: .default)
            }
        }
        return build(algorithm.matcher)
    }
}

extension MatcherEvaluation {
    /// The accuracy protocols with `--algorithm auto`: the same draws as every fixed
    /// algorithm (same seed, same units, same order), each draw's matcher chosen by
    /// ``AutoMatcher`` on the draw's templates alone, then the draw's candidates
    /// recognized by it (``fused(_:userDependent:options:algorithms:progress:choose:)``).
    public static func auto(_ data: Dataset, train: Dataset?, userDependent: Bool, options: MatcherProtocolOptions,
                            progress: ProgressHandler? = nil) -> MatcherEvaluationReport {
        // The same corpus (and so the same samples left out) as a fixed matcher's.
        let corpus = PreparedCorpus<PPlusMatcher>(train.map { data.adding(training: $0) } ?? data, settings: .default)
        let chosen = ChoiceTally()
        let algorithms = AutoMatcher.components(of: AutoMatcher.candidates(multistroke: false) + AutoMatcher.candidates(multistroke: true))
        var report = fused(corpus, userDependent: userDependent, options: options, algorithms: algorithms, progress: progress) { draw in
            let report = AutoMatcher.choose(labels: draw.names, subjects: draw.templates.map { corpus.samples[$0].subject ?? "" },
                                            strokes: draw.templates.map { corpus.samples[$0].gesture.strokes.count },
                                            sharp: draw.templates.map { draw.sharp[$0] },
                                            templatesPerClass: Swift.max(1, draw.t - 1), seed: options.seed &+ UInt64(draw.unit * 100_003 + draw.trial)) { algs, episodes in
                episodes.map { e in algs.map { a in
                    let s = algorithms.firstIndex(of: a)!
                    return AutoMatcher.table(e, labels: draw.names) { draw.distance(s, draw.templates[$0], draw.templates[$1]) }
                } }
            }
            chosen.add(report.chosen.description)
            return report.chosen
        }
        report.algorithm = "auto"
        report.settings["autoChoices"] = .string(chosen.text)
        return report
    }

    /// The accuracy protocols for a fixed combination, its components' pair distances
    /// computed once per unit (``fused(_:userDependent:options:algorithms:progress:choose:)``)
    /// instead of a combined matcher built, and its scales measured, for every draw. The
    /// recognitions are the combined matcher's (the same fused distances, up to the last
    /// bits of Protractor's and Penny Pincher's batch products).
    public static func combined(_ corpus: PreparedCorpus<CombinedMatcher>, settings: CombinedSettings, userDependent: Bool,
                                options: MatcherProtocolOptions, progress: ProgressHandler? = nil) -> MatcherEvaluationReport {
        fused(corpus, userDependent: userDependent, options: options, algorithms: settings.components.map(\.algorithm),
              progress: progress) { _ in .combined(settings) }
    }

    /// One draw of a fused protocol: its unit, trial number and T, the templates (sample
    /// indices) with their labels, and the cached pair distance under algorithm `s`.
    struct FusedDraw {
        var unit: Int, trial: Int, t: Int
        var templates: [Int], names: [String]
        var distance: (_ s: Int, _ i: Int, _ j: Int) -> Double
        /// Each sample's sharpest turn (``CombinedMatcher/cornerSharpness(_:)``), by sample index.
        var sharp: [Double]
    }

    /// The user-dependent or user-independent protocol with the draws of every fixed
    /// algorithm (same seed, units and order). Every gesture is prepared once per algorithm
    /// of `algorithms` and every pair distance computed at most once per unit; `choose`
    /// names each draw's matcher (one of `algorithms`, or a combination of them), and a
    /// combination fuses its components' distances as ``CombinedMatcher`` does.
    static func fused<M: TemplateMatcher>(_ corpus: PreparedCorpus<M>, userDependent: Bool, options: MatcherProtocolOptions,
                      algorithms: [MatcherAlgorithm], progress: ProgressHandler?,
                      choose: @Sendable (FusedDraw) -> MatcherSettings) -> MatcherEvaluationReport {
        let units = self.units(of: corpus)
        let gestures = corpus.samples.map(\.gesture)
        let forms = algorithms.map { PairDistances.make($0, gestures: gestures) }
        let sharp = ParallelUnits.map(count: gestures.count, progress: nil) { CombinedMatcher.cornerSharpness(gestures[$0]) }
        let labels = corpus.samples.map { $0.label ?? "" }
        let tallies = ParallelUnits.map(count: units.count, progress: progress) { u -> AccuracyTally in
            var rng = SeededGenerator.derived(seed: options.seed, stream: UInt64(u))
            let key = units[u].key
            let byLabel = corpus.indicesByLabel(units[u].value).sorted { $0.key < $1.key }
            let crossPool: [Int]? = corpus.hasTrainingOnly ? corpus.samples.indices.filter {
                corpus.samples[$0].isTrainingOnly && (!userDependent || (corpus.samples[$0].subject ?? "") == key.subject)
            } : (userDependent ? nil : corpus.samples.indices.filter {
                corpus.samples[$0].subject != key.subject && (corpus.samples[$0].speed ?? "") == key.speed
            })
            let poolByLabel = crossPool.map { corpus.indicesByLabel($0) }
            var cache = [[Int: Double]](repeating: [:], count: algorithms.count)
            func distance(_ s: Int, _ i: Int, _ j: Int) -> Double {
                let k = i << 32 | j
                if let d = cache[s][k] { return d }
                let d = forms[s].distance(i, j)
                cache[s][k] = d
                return d
            }
            var tally = AccuracyTally()
            var trial = 0
            for t in options.templatesPerClass {
                for _ in 0..<options.trials {
                    let (templates, candidates) = MatcherEvaluation.drawTrial(byLabel, pool: poolByLabel, t: t, using: &rng)
                    trial += 1
                    guard !templates.isEmpty else { continue }
                    let names = templates.map { labels[$0] }
                    let chosen = choose(FusedDraw(unit: u, trial: trial, t: t, templates: templates, names: names, distance: distance, sharp: sharp))
                    let combined = chosen.algorithm == .combined ? chosen.typed(for: CombinedMatcher.self) : nil
                    let parts: [(Int, Double)] = combined.map { $0.components.map { (algorithms.firstIndex(of: $0.algorithm)!, $0.weight) } }
                        ?? [(algorithms.firstIndex(of: chosen.algorithm)!, 1)]
                    let corner = combined?.corner ?? 0
                    let total = combined?.totalWeight ?? 1
                    let single = parts.count == 1 && corner == 0
                    let pairs = single ? [] : CombinedMatcher.scalePairs(names: names)
                    let scales = parts.map { p in single ? 1 : CombinedMatcher.scale(pairs.map { distance(p.0, templates[$0.0], templates[$0.1]) }) }
                    for c in candidates {
                        var best = -1, bestD = 0.0
                        for (j, tpl) in templates.enumerated() {
                            var d = 0.0
                            for (k, p) in parts.enumerated() {
                                d += single ? distance(p.0, c, tpl) : p.1 * distance(p.0, c, tpl) / scales[k] / total
                            }
                            if corner > 0 { d += corner * CombinedMatcher.cornerDistance(sharp[c], sharp[tpl]) / total }
                            if best < 0 || d < bestD { best = j; bestD = d }
                        }
                        tally.record(t: t, speed: key.speed, truth: labels[c], predicted: best < 0 ? nil : names[best])
                    }
                }
            }
            return tally
        }
        return self.report(merging: tallies, algorithm: .combined, protocolName: userDependent ? "user-dependent" : "user-independent",
                           units: units, options: options)
    }

    /// How often each matcher was chosen, across threads.
    final class ChoiceTally: @unchecked Sendable {
        private var counts: [String: Int] = [:]
        private let lock = NSLock()
        func add(_ s: String) { lock.lock(); counts[s, default: 0] += 1; lock.unlock() }
        var text: String {
            lock.lock(); defer { lock.unlock() }
            return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) ×\($0.value)" }.joined(separator: "; ")
        }
    }
}
