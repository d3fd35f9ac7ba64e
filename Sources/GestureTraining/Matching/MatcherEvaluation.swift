import GestureData
import GestureGeometry
import GestureMatching

/// Options shared by the accuracy protocols.
public struct MatcherProtocolOptions: Sendable {
    /// Templates per class to evaluate. 1…9: the $1 paper's curve.
    public var templatesPerClass: [Int] = Array(1...9)
    /// Random repetitions per (subject, speed, T). 100: the $1 paper.
    public var trials: Int = 100
    public var seed: UInt64 = 1
    /// Synthetic variants added beside each template.
    public var variants: TemplateVariants = .none

    public init(templatesPerClass: [Int] = Array(1...9), trials: Int = 100, seed: UInt64 = 1,
                variants: TemplateVariants = .none) {
        self.templatesPerClass = templatesPerClass
        self.trials = trials
        self.seed = seed
        self.variants = variants
    }
}

/// The accuracy protocols of the $1 paper (Wobbrock, Wilson, Li, UIST 2007, §"Evaluation").
public enum MatcherEvaluation {
    /// One trial's draw: per label, `t` templates and one other sample of it as the
    /// candidate; with `pool` (another dataset's or other people's samples by label) the
    /// templates come from the pool and the candidate from the label's own samples. A
    /// label with too few samples is left out of the trial.
    static func drawTrial(_ byLabel: [(key: String, value: [Int])], pool: [String: [Int]]?, t: Int,
                          using rng: inout SeededGenerator) -> (templates: [Int], candidates: [Int]) {
        var templates: [Int] = [], candidates: [Int] = []
        for (label, idx) in byLabel {
            if let pool {
                guard let own = pool[label], own.count >= t, !idx.isEmpty else { continue }
                templates += own.randomSample(count: t, using: &rng)
                candidates.append(idx[Int.random(in: 0..<idx.count, using: &rng)])
                continue
            }
            guard idx.count > t else { continue }
            let picked = idx.randomSample(count: t + 1, using: &rng)
            templates += picked[0..<t]
            candidates.append(picked[t])
        }
        return (templates, candidates)
    }

    /// User-dependent: for each subject and speed, for each T, `trials` times: T random
    /// templates per label and one other random sample per label as the candidate, all
    /// from that subject at that speed. A label with ≤ T samples in a group is skipped
    /// for that T.
    ///
    /// - Complexity: subjects × speeds × |T| × trials × labels recognitions; units
    ///   (subject, speed) run in parallel, each with its own derived generator.
    public static func userDependent<M: TemplateMatcher>(
        _ corpus: PreparedCorpus<M>, settings: M.Settings, options: MatcherProtocolOptions,
        progress: ProgressHandler? = nil
    ) -> MatcherEvaluationReport {
        accuracyProtocol(corpus, settings: settings, options: options, progress: progress, userDependent: true)
    }

    /// User-independent: for each subject and speed, for each T, `trials` times: T random
    /// templates per label drawn from the *other* subjects at that speed, and one random
    /// sample per label of the tested subject as the candidate.
    public static func userIndependent<M: TemplateMatcher>(
        _ corpus: PreparedCorpus<M>, settings: M.Settings, options: MatcherProtocolOptions,
        progress: ProgressHandler? = nil
    ) -> MatcherEvaluationReport {
        accuracyProtocol(corpus, settings: settings, options: options, progress: progress, userDependent: false)
    }

    /// A fixed combination without template variants takes the fused path
    /// (``combined(_:settings:userDependent:options:progress:)``: the same draws and
    /// recognitions, each component's pair distances computed once per unit); every other
    /// matcher is built from each draw's templates.
    private static func accuracyProtocol<M: TemplateMatcher>(
        _ corpus: PreparedCorpus<M>, settings: M.Settings, options: MatcherProtocolOptions, progress: ProgressHandler?,
        userDependent: Bool
    ) -> MatcherEvaluationReport {
        if options.variants.isEmpty, let corpus = corpus as? PreparedCorpus<CombinedMatcher>, let settings = settings as? CombinedSettings {
            return combined(corpus, settings: settings, userDependent: userDependent, options: options, progress: progress)
        }
        return buildingMatchers(corpus, settings: settings, options: options, progress: progress, userDependent: userDependent)
    }

    /// Either protocol with a matcher built from each draw's templates, for every algorithm
    /// (a fixed combination included: the tests compare the fused path with it).
    static func buildingMatchers<M: TemplateMatcher>(
        _ corpus: PreparedCorpus<M>, settings: M.Settings, options: MatcherProtocolOptions, progress: ProgressHandler?,
        userDependent: Bool
    ) -> MatcherEvaluationReport {
        run(corpus, settings: settings, options: options, protocolName: userDependent ? "user-dependent" : "user-independent",
            progress: progress) { key, indices in
            if userDependent {
                // Dataset-independent: templates from the training dataset's writer of the same id.
                let crossPool = corpus.hasTrainingOnly ? corpus.samples.indices.filter {
                    corpus.samples[$0].isTrainingOnly && (corpus.samples[$0].subject ?? "") == key.subject
                } : nil
                return (corpus.indicesByLabel(indices).sorted { $0.key < $1.key }, crossPool.map { corpus.indicesByLabel($0) },
                        crossPool ?? indices)
            }
            // Dataset-independent: templates from every writer of the training dataset.
            let pool = corpus.hasTrainingOnly ? corpus.samples.indices.filter { corpus.samples[$0].isTrainingOnly }
                : corpus.samples.indices.filter {
                    corpus.samples[$0].subject != key.subject && (corpus.samples[$0].speed ?? "") == key.speed
                }
            return (corpus.indicesByLabel(indices).sorted { $0.key < $1.key }, corpus.indicesByLabel(pool), pool)
        }
    }

    /// Runs a protocol: every (subject, speed) unit in parallel, each with its own derived
    /// generator; for each T, `trials` draws (``drawTrial(_:pool:t:using:)``) from what
    /// `unit` gives for the unit — its candidates' indices by label, the templates' pool
    /// by label (`nil`: the candidates' own labels) and the pool of the distance table —
    /// recorded into the unit's tally; the tallies merged into one report.
    private static func run<M: TemplateMatcher>(
        _ corpus: PreparedCorpus<M>, settings: M.Settings, options: MatcherProtocolOptions, protocolName: String,
        progress: ProgressHandler?,
        unit: @Sendable (UnitKey, [Int]) -> (byLabel: [(key: String, value: [Int])], pool: [String: [Int]]?, tablePool: [Int])
    ) -> MatcherEvaluationReport {
        let units = self.units(of: corpus)
        let tallies = ParallelUnits.map(count: units.count, progress: progress) { u -> AccuracyTally in
            var rng = SeededGenerator.derived(seed: options.seed, stream: UInt64(u))
            let key = units[u].key
            let draw = unit(key, units[u].value)
            var table = M.ranksByPairDistance
                ? DistanceTable(corpus, settings: settings, candidates: units[u].value, pool: draw.tablePool) : nil
            var tally = AccuracyTally()
            for t in options.templatesPerClass {
                for _ in 0..<options.trials {
                    let (templates, candidates) = drawTrial(draw.byLabel, pool: draw.pool, t: t, using: &rng)
                    recordTrial(corpus, settings: settings, table: &table, into: &tally, templates: templates, candidates: candidates,
                                t: t, speed: key.speed)
                }
            }
            return tally
        }
        return report(merging: tallies, algorithm: M.algorithm, protocolName: protocolName, units: units, options: options)
    }

    /// The (subject, speed) units a protocol runs over, with their sample indices, in a
    /// fixed order (so unit `u` always gets the generator derived for stream `u`).
    static func units<M: TemplateMatcher>(of corpus: PreparedCorpus<M>) -> [(key: UnitKey, value: [Int])] {
        Dictionary(grouping: corpus.samples.indices.filter { !corpus.samples[$0].isTrainingOnly }) {
            UnitKey(subject: corpus.samples[$0].subject ?? "", speed: corpus.samples[$0].speed ?? "")
        }.sorted { ($0.key.subject, $0.key.speed) < ($1.key.subject, $1.key.speed) }
    }

    /// The units' tallies merged into one report.
    static func report(merging tallies: [AccuracyTally], algorithm: MatcherAlgorithm, protocolName: String,
                       units: [(key: UnitKey, value: [Int])], options: MatcherProtocolOptions) -> MatcherEvaluationReport {
        var total = AccuracyTally()
        for t in tallies { total.merge(t) }
        return total.report(algorithm: algorithm, protocolName: protocolName, seed: options.seed,
                            trials: options.trials, subjects: Set(units.map(\.key.subject)).sorted(),
                            ts: options.templatesPerClass, settings: ["variants": .string(describe(options.variants))])
    }

    /// One trial: each of `candidates` is matched against `templates`, and each best match
    /// (or none) is recorded in `tally` against the candidate's label. With a distance
    /// table the best match is read from it (the same winner, each pair computed once per
    /// unit); without one a matcher is built from the templates.
    static func recordTrial<M: TemplateMatcher>(
        _ corpus: PreparedCorpus<M>, settings: M.Settings, table: inout DistanceTable<M>?,
        into tally: inout AccuracyTally, templates: [Int], candidates: [Int], t: Int, speed: String
    ) {
        if table != nil {
            for c in candidates {
                tally.record(t: t, speed: speed, truth: corpus.samples[c].label ?? "",
                             predicted: table!.best(for: c, templates: templates))
            }
            return
        }
        let matcher = corpus.matcher(templates: templates, settings: settings)
        for c in candidates {
            let best = matcher.recognize(prepared: corpus.candidate[c], limit: 1).first
            tally.record(t: t, speed: speed, truth: corpus.samples[c].label ?? "", predicted: best?.name)
        }
    }

    static func describe(_ v: TemplateVariants) -> String {
        v.isEmpty ? "none" : "rotations \(v.rotationsDegrees) stretchesX \(v.stretchesX)"
    }

    struct UnitKey: Hashable, Sendable { var subject: String; var speed: String }
}

extension Sample {
    /// The meta key marking a sample of `eval matcher --train-dataset`: a template source, never scored.
    static let trainingOnlyKey = "gesturelab.trainingOnly"
    var isTrainingOnly: Bool { meta[Self.trainingOnlyKey] != nil }
}

extension Dataset {
    /// These samples followed by `training`'s, marked as templates only (the
    /// dataset-independent protocols: templates from one dataset, scoring on another).
    public func adding(training: Dataset) -> Dataset {
        Dataset(samples + training.samples.map { var s = $0; s.meta[Sample.trainingOnlyKey] = "1"; return s })
    }
}

extension PreparedCorpus {
    /// Whether some samples are templates only (`--train-dataset`).
    var hasTrainingOnly: Bool { samples.contains { $0.isTrainingOnly } }
}

extension Array {
    /// `count` distinct elements in random order (a partial Fisher–Yates shuffle).
    /// Precondition: `count <= self.count`.
    func randomSample(count k: Int, using rng: inout some RandomNumberGenerator) -> [Element] {
        precondition(k <= count, "cannot sample \(k) of \(count)")
        var a = self
        for i in 0..<k {
            let j = Int.random(in: i..<a.count, using: &rng)
            a.swapAt(i, j)
        }
        return Array(a[0..<k])
    }
}
