import Foundation
import GestureData
import GestureDetectors
import GestureGeometry
import GestureMatching

/// Reports progress of a multi-stage job: the stage's name and (done, total) within it.
public typealias StageProgress = @Sendable (_ stage: String, _ done: Int, _ total: Int) -> Void

/// What one training run produced. ``files()`` gives the output folder's content.
public struct TrainingResult: Sendable {
    public var library: TemplateLibrary
    public var rejection: RejectionThresholds
    /// The learned rejection verifier (absent when it could not be trained; the manifest says why).
    public var verifier: RejectionVerifier?
    /// Trained detector thresholds; a detector that could not be trained is absent and
    /// the manifest says why.
    public var detectors: [DetectorKind: AnyDetectorThresholds]
    /// Detectors trained for a label of the data (``GestureDetectors/DetectorKind/shape``) by
    /// label (``TrainingSettings/shapeLabels``).
    public var shapeDetectors: [String: AnyDetectorThresholds] = [:]
    public var manifest: TrainingManifest
    /// Figures on the training data itself (in-sample, so optimistic).
    public var report: EvaluationReport

    /// File names of the output folder.
    public static let templatesFile = GestureModel.templatesFile
    public static let rejectionFile = GestureModel.thresholdsFile
    public static let verifierFile = GestureModel.verifierFile
    public static let manifestFile = GestureModel.manifestFile
    public static func detectorFile(_ kind: DetectorKind) -> String { "\(kind.rawValue).json" }

    /// The output folder's files: templates, rejection thresholds, detector thresholds,
    /// and the manifest, which records the FNV-1a 64 hash of each of the others.
    public func files() throws -> [String: Data] { try output().files }

    /// The output folder's files and the manifest as written (with the files' hashes).
    public func output() throws -> (files: [String: Data], manifest: TrainingManifest) {
        var out: [String: Data] = [:]
        out[Self.templatesFile] = try library.encoded()
        out[Self.rejectionFile] = try rejection.encoded()
        if let verifier { out[Self.verifierFile] = try verifier.encoded() }
        for (kind, t) in detectors { out[Self.detectorFile(kind)] = try t.encoded() }
        for (label, t) in shapeDetectors { out[GestureModel.shapeDetectorFile(label)] = try t.encoded() }
        for k in Array(out.keys) where out[k]?.last != 0x0A { out[k]?.append(0x0A) }
        var manifest = self.manifest
        manifest.files = out.mapValues { d in var h = FNV1a64(); h.combine(d); return h.hex }
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var m = try e.encode(manifest)
        m.append(0x0A)
        out[Self.manifestFile] = m
        return (out, manifest)
    }
}

/// `gesturelab train` end to end: from labelled samples to a template library (K per
/// label, medoids), per-label rejection thresholds and check-mark / circle detector
/// thresholds, with a manifest.
///
/// What a small dataset can still train:
/// - a label with fewer than ``TrainingSettings/minimumSamplesPerLabel`` samples gets
///   stochastic-resampling variants (``StochasticResampling``) as extra positives, so one
///   sample per label still gives a rejection threshold;
/// - negatives always include random scribbles (``RandomScribble``), and splices of two
///   half gestures of different labels (``Splicing``) when there are two labels or more,
///   so one label alone still gets a threshold;
/// - a detector whose label is absent is not trained, and the manifest says so.
/// Unlabelled and degenerate samples are left out and counted in the notes.
///
/// Deterministic: every random choice derives from ``TrainingSettings/seed``.
public enum TrainingWorkflow {
    /// Synthetic labels; they never become templates.
    public static let scribbleLabel = "(scribble)"
    public static let spliceLabel = "(splice)"

    /// - Parameters:
    ///   - input: every sample read.
    ///   - source: the dataset path, for messages and the manifest.
    ///   - skippedFiles: messages for input files that could not be read.
    /// - Throws: ``TrainingError`` when nothing at all can be trained.
    ///   - negatives: the user's own negatives (gestures that must never fire), for the verifier.
    public static func run(_ input: Dataset, source: String, skippedFiles: [String] = [], negatives: [Sample] = [],
                           settings: TrainingSettings, progress: StageProgress? = nil) throws -> TrainingResult {
        guard input.count > 0 else { throw TrainingError.noSamples(path: source, skippedFiles: skippedFiles.count) }
        var notes: [String] = [], notTrained: [String] = [], trained: [String] = []
        let labelled = input.samples.filter { !($0.label ?? "").isEmpty }
        guard !labelled.isEmpty else { throw TrainingError.noLabels(path: source, samples: input.count) }
        if labelled.count < input.count {
            notes.append("\(input.count - labelled.count) unlabelled sample(s) left out")
        }
        let usable = labelled.filter { isUsable($0.gesture) }
        guard !usable.isEmpty else { throw TrainingError.noUsableSamples(path: source, degenerate: labelled.count) }
        if usable.count < labelled.count {
            let bad = labelled.filter { !isUsable($0.gesture) }
            let shown = bad.prefix(5).map { $0.source ?? ($0.label ?? "?") }.joined(separator: ", ")
            notes.append("\(bad.count) degenerate sample(s) left out (one point, zero length or non-finite): \(shown)\(bad.count > 5 ? ", …" : "")")
        }
        let data = Dataset(usable)
        let labels = data.labels
        if labels.count == 1 {
            notes.append("only one label ('\(labels[0])'): the matcher can only accept or reject it; negatives are synthetic")
        }
        let summary = DatasetSummary(path: source, samples: input.count, labels: input.countsByLabel,
                                     subjects: input.subjects.count, fingerprint: try DatasetFingerprint.of(input))

        let synthetic = SyntheticSets.make(for: data, settings: settings, notes: &notes)

        // `auto`: the matcher chosen by inner validation on these samples, then trained as if asked for.
        let choice = AutoMatcher.resolve(settings.algorithm, data: data, settings: settings, progress: progress)
        let asked = settings
        var settings = settings
        settings.algorithm = .fixed(choice.settings)
        if let r = choice.report { trained.append("matcher chosen by inner validation: \(r.summary)") }
        progress?("templates", 0, 1)
        let prior = settings.rejectionRule == .verifier && settings.selection == .medoid
            ? settings.priorInUse(subjects: Set(data.samples.map { $0.subject ?? "" }).count) : nil
        let verifierPart = try prior.map { priorVerifier($0, data, synthetic: synthetic, userNegatives: negatives, settings: settings, notes: &notes) }
            ?? trainVerifier(data, negatives: negatives, settings: settings, notes: &notes, notTrained: &notTrained,
                             progress: progress)
        let matcherSettings = choice.settings
        func run<M: TemplateMatcher>(_ type: M.Type) -> MatcherPart {
            trainMatcher(type, matcherSettings.typed(for: type), data, synthetic, settings, verifierPart?.templates, progress)
        }
        var matcherPart = run(matcherSettings.matcherType)
        matcherPart.rejection.matcher = matcherSettings
        let perLabel = matcherPart.library.templates.reduce(into: [String: Int]()) { $0[$1.name, default: 0] += 1 }
        trained.append("templates: \(matcherPart.library.templates.count) for \(perLabel.count) label(s), up to \(settings.templatesPerClass) per label (\(settings.selection.rawValue))")
        for (l, n) in perLabel.sorted(by: { $0.key < $1.key }) where n < settings.templatesPerClass {
            notes.append("label '\(l)' has \(n) sample(s): \(n) template(s) instead of \(settings.templatesPerClass)")
        }
        trained.append("rejection thresholds (\(matcherSettings.algorithm.rawValue), \(TrainingSettings.describe(settings.rejection))): \(matcherPart.rejection.thresholds.count) label(s)")

        var detectors: [DetectorKind: AnyDetectorThresholds] = [:]
        var shapeDetectors: [String: AnyDetectorThresholds] = [:]
        var binary: [BinaryEvaluation] = []
        let wanted = settings.builtInDetectors.map { ($0.kind, $0.label, false) }
            + settings.shapeLabels(in: labels).map { (DetectorKind.shape, $0, true) }
        for (kind, label, perLabel) in wanted {
            let name = perLabel ? "\(kind.rawValue) detector for '\(label)'" : "\(kind.rawValue) detector"
            guard labels.contains(label) else {
                let missing = DetectorTrainingError.noPositives(label: label, labels: labels)
                notTrained.append(perLabel ? "\(name): \(missing)"
                                           : "\(name): \(missing); name the label with --detector-label \(kind.rawValue)=LABEL")
                continue
            }
            guard !perLabel || GestureModel.isFileSafe(label) else {
                notTrained.append("\(name): the label cannot name a file (letters, digits, _ - . only)")
                continue
            }
            // Copies of the recorded samples only (not of the synthetic ones), each keeping its subject.
            let copies = StrokeAugmentation.copies(of: data, copies: settings.detectorAugmentation,
                                                   tolerance: .of(kind, label: label), seed: settings.seed)
            let set = Dataset(data.samples + copies + synthetic.positives.filter { $0.label == label } + synthetic.negatives)
            let stage = perLabel ? "\(kind.rawValue) '\(label)'" : kind.rawValue
            let m = DetectorMeasurements.measure(kind, dataset: set) { progress?("\(stage) features", $0, $1) }
            let variants = m.settingsVariants(choosing: settings.detectorChooseSettings)
            // The recorded samples (the first rows of `set`) after each device shift, measured as each variant.
            let shifted = settings.detectorEveryDevice
                ? DetectorMeasurements.measure(kind, dataset: data).shifted(
                    by: StrokeAugmentation.deviceShifts(tolerance: .of(kind, label: label)), seed: settings.seed, as: variants)
                : []
            do {
                var trainer = BoxTrainer()
                trainer.release = settings.detectorRelease
                var r = try DetectorTrainer.train(variants, positive: label, target: .falsePositiveRate(settings.detectorTargetFPR),
                                                  seed: settings.seed, trainer: trainer, shifted: shifted) { progress?("\(stage) thresholds", $0, $1) }
                r.thresholds.provenance = "gesturelab train, target FPR \(settings.detectorTargetFPR), "
                    + (settings.detectorAugmentation > 0 ? "\(settings.detectorAugmentation) transformed copies of each sample, " : "")
                    + (settings.detectorChooseSettings ? "settings chosen on inner folds, " : "")
                    + (settings.detectorEveryDevice ? "chosen by the worst device shift, " : "")
                    + (settings.detectorRelease > 0 ? "bounds released by up to \(settings.detectorRelease) spreads, " : "")
                    + "seed \(settings.seed), data \(summary.fingerprint)"
                if perLabel {
                    shapeDetectors[label] = r.thresholds
                } else {
                    detectors[kind] = r.thresholds
                }
                trained.append(perLabel
                    ? "\(name): training TPR \(pct(r.training.truePositiveRate)), FPR \(pct(r.training.falsePositiveRate))"
                    : "\(name) for '\(label)': training TPR \(pct(r.training.truePositiveRate)), FPR \(pct(r.training.falsePositiveRate))")
                var tally = DetectorTally(kind: kind, positive: label)
                tally.add(m, trained: r.thresholds)
                binary.append(tally.evaluation())
            } catch {
                notTrained.append("\(name): \(error)")
            }
        }
        binary.append(matcherPart.rejectionEvaluation)
        if let verifierPart {
            binary.append(verifierPart.evaluation)
            let p = verifierPart.verifier.operatingPoint
            if let prior {
                trained.append("rejection verifier (\(verifierPart.verifier.matchers.map(\.algorithm.rawValue).joined(separator: " + ")), learned across people: \(prior.version)), personalised by your templates")
            } else {
                trained.append("rejection verifier (\(verifierPart.verifier.matchers.map(\.algorithm.rawValue).joined(separator: " + ")), \(settings.verifier.target)): on inner folds accepts \(pct(p.acceptance)) of in-vocabulary gestures correctly, FPR \(pct(p.falsePositiveRate)) [95% CI \(pct(p.falsePositiveInterval[0]))–\(pct(p.falsePositiveInterval[1]))] on \(p.negatives) negatives")
            }
            // The prior's remarks are in the notes already (priorVerifier): each once.
            for n in p.notes where !notes.contains(n) { notes.append(n) }
        }
        // The verifier's rule falls back to the thresholds when no verifier could be trained.
        let active = settings.rejectionRule == .verifier && verifierPart == nil ? .thresholds : settings.rejectionRule

        let report = EvaluationReport(
            title: "gesturelab train (figures on the training data, in-sample)", seed: settings.seed,
            settings: asked.described, dataset: summary, binary: binary,
            classification: [matcherPart.recognition], notes: notTrained + notes + skippedFiles.map { "skipped file: \($0)" })
        var manifest = TrainingManifest(matcher: matcherSettings, rejection: active.rawValue,
                                        operatingPoint: verifierPart?.verifier.operatingPoint, lookAlikes: verifierPart?.lookAlikes ?? [],
                                        seed: settings.seed, settings: asked.described, dataset: summary,
                                        trained: trained, notTrained: notTrained, skippedFiles: skippedFiles, notes: notes)
        manifest.matcherChoice = choice.report
        if let prior, verifierPart != nil { manifest.rejectionPrior = PriorReference(prior) }
        return TrainingResult(library: matcherPart.library, rejection: matcherPart.rejection, verifier: verifierPart?.verifier,
                              detectors: detectors, shapeDetectors: shapeDetectors,
                              manifest: manifest, report: report)
    }

    /// A sample the geometry can work with: finite, at least two points, some length.
    static func isUsable(_ g: Gesture) -> Bool {
        g.isFinite && g.pointCount >= 2 && g.pathLength > 0
    }

    static func pct(_ v: Double) -> String { String(format: "%.1f%%", v * 100) }

    struct MatcherPart {
        var library: TemplateLibrary
        var rejection: RejectionThresholds
        var recognition: ClassificationEvaluation
        var rejectionEvaluation: BinaryEvaluation
    }

    static func trainMatcher<M: TemplateMatcher>(_ type: M.Type, _ ms: M.Settings, _ data: Dataset, _ synthetic: SyntheticSets,
                                                 _ settings: TrainingSettings, _ chosen: [Template]?,
                                                 _ progress: StageProgress?) -> MatcherPart {
        var rng = SeededGenerator.derived(seed: settings.seed, stream: 4)
        // With a verifier, its templates (the same medoids, chosen from the same distances)
        // are the library's, so its statistics describe exactly these templates.
        let templates = chosen ?? TemplateSelector.select(from: data, perClass: settings.templatesPerClass, method: settings.selection,
                                                          matcher: M.self, settings: ms, using: &rng)
        let library = TemplateLibrary(templates: templates, settings: [
            "algorithm": .string(M.algorithm.rawValue), "selection": .string(settings.selection.rawValue),
            "templatesPerClass": SettingValue(settings.templatesPerClass), "seed": SettingValue(settings.seed),
        ])
        let rejectionSamples = data.samples + synthetic.positives + synthetic.negatives
        let trainedRejection = RejectionTrainer.train(
            library: library, matcher: M.self, settings: ms, samples: rejectionSamples, method: settings.rejection,
            spliceCount: 0, seed: settings.seed) { progress?("rejection thresholds", $0, $1) }
        let matcher = M(library: library, settings: ms)
        let recognition = MatcherScoring.recognition(matcher, samples: data.samples, name: "matcher",
                                                     method: "\(M.algorithm.rawValue), \(settings.templatesPerClass) \(settings.selection.rawValue) template(s) per label, in-sample")
        let rejectionEvaluation = MatcherScoring.rejection(matcher, thresholds: trainedRejection.thresholds,
                                                           positives: data.samples.map(\.gesture),
                                                           negatives: synthetic.negatives.map(\.gesture),
                                                           negativesName: "synthetic negatives")
        return MatcherPart(library: library, rejection: trainedRejection.thresholds, recognition: recognition,
                           rejectionEvaluation: rejectionEvaluation)
    }
}

/// The synthetic samples a training run adds: positives for labels with few samples,
/// negatives (scribbles and splices) for everyone.
struct SyntheticSets: Sendable {
    var positives: [Sample]
    var negatives: [Sample]

    static func make(for data: Dataset, settings: TrainingSettings, notes: inout [String]) -> SyntheticSets {
        var positives: [Sample] = []
        var rng = SeededGenerator.derived(seed: settings.seed, stream: 1)
        for (label, samples) in data.byLabel.sorted(by: { $0.key < $1.key })
        where samples.count < settings.minimumSamplesPerLabel && settings.syntheticPositivesPerSample > 0 {
            var made = 0
            for s in samples {
                let v = StochasticResampling().variants(of: s, count: settings.syntheticPositivesPerSample, using: &rng)
                positives += v
                made += v.count
            }
            notes.append("label '\(label)' has \(samples.count) sample(s), fewer than \(settings.minimumSamplesPerLabel): \(made) synthetic variant(s) (stochastic resampling) added as positives for its thresholds")
        }
        // Scribbles the size of the user's gestures: the detectors measure lengths in points.
        let sizes = data.samples.compactMap { $0.gesture.boundingBox?.longerSide }.filter { $0 > 0 }.sorted()
        let size = sizes.isEmpty ? 200 : sizes[sizes.count / 2]
        var scribbleRNG = SeededGenerator.derived(seed: settings.seed, stream: 2)
        var negatives = RandomScribble(size: size, label: TrainingWorkflow.scribbleLabel)
            .samples(count: settings.syntheticNegatives, using: &scribbleRNG)
        if data.labels.count >= 2 && settings.splicedNegatives > 0 {
            var spliceRNG = SeededGenerator.derived(seed: settings.seed, stream: 3)
            let spliced = Splicing.negatives(from: data.samples.map(\.gesture), labels: data.samples.map { $0.label ?? "" },
                                             count: settings.splicedNegatives, using: &spliceRNG)
            negatives += spliced.enumerated().map { i, g in
                Sample(gesture: g, label: TrainingWorkflow.spliceLabel, meta: ["synthetic": "splice"], source: "synthetic splice \(i)")
            }
        } else if settings.splicedNegatives > 0 {
            notes.append("one label only: no splices (half of one sample joined to half of another of the same label looks like that label); negatives are random scribbles")
        }
        return SyntheticSets(positives: positives, negatives: negatives)
    }
}

extension TrainingWorkflow {
    /// The verifier made from a rejection learned across people: its trees, the statistics
    /// of the user's templates (medoids as ever) and the threshold for their fewest
    /// templates per label. What one person's few examples cannot estimate is said in `notes`.
    ///
    /// The user's own negatives (`--negatives`, the recorder's never-fire bin) personalise the
    /// threshold: it is raised just above the highest score any of them gets, so that none
    /// is accepted, and the model's operating point counts them as the `user` source.
    static func priorVerifier(_ prior: RejectionPrior, _ data: Dataset, synthetic: SyntheticSets, userNegatives: [Sample] = [],
                              settings: TrainingSettings, notes: inout [String]) -> VerifierPart {
        let templates = RejectionPriorTrainer.templates(data.samples.map { ($0.label ?? "", $0.gesture) }, primary: prior.matchers[0],
                                                        perClass: settings.templatesPerClass)
        let counts = data.byLabel.mapValues(\.count)
        let fewest = counts.values.min() ?? 0
        var remarks: [String] = []
        if let f = prior.figures[String(Swift.min(fewest, prior.thresholds.keys.compactMap(Int.init).max() ?? fewest))],
           let a = f["acceptance"] {
            let better = prior.figures.compactMap { k, v -> (Int, Double)? in
                guard let n = Int(k), let acc = v["acceptance"], n > fewest else { return nil }
                return (n, acc)
            }.sorted { $0.0 < $1.0 }
            let thin = counts.filter { $0.value == fewest }.keys.sorted().joined(separator: ", ")
            // Each study's figure when the prior has them: the worst alone (a multistroke
            // study of music symbols, say) reads as if it were the user's.
            let studies = f.filter { $0.key.hasPrefix("dataset") && $0.key.hasSuffix(".acceptance") }.map(\.value)
            let range = studies.count >= 2 && studies.min() != studies.max()
                ? "between \(pct(studies.min() ?? a)) and \(pct(studies.max() ?? a)) of their next strokes accepted, by study (\(studies.count) studies)"
                : "about \(pct(a)) of their next strokes accepted"
            var sentence = "with \(fewest) example(s) of '\(thin)', people like you (simulated across datasets, not your strokes) had \(range)"
            if let next = better.first(where: { $0.1 >= 0.95 }) ?? better.last {
                sentence += "; about \(next.0) examples per label gave at least \(pct(next.1))"
            }
            remarks.append(sentence + ". In-sample figures on your own examples are not estimates.")
        }
        notes += remarks
        var verifier = prior.verifier(templates: templates, notes: remarks)
        var recognizer = try? ModelRecognizer(library: TemplateLibrary(templates: templates), matcher: prior.matchers[0],
                                              rejection: .verifier(verifier))
        if !userNegatives.isEmpty {
            let scores = userNegatives.compactMap { recognizer?.recognize($0.gesture, top: 1).decisionValue }.filter(\.isFinite)
            let accepted = scores.filter { $0 >= verifier.threshold }
            if let highest = accepted.max() {
                let raised = highest + Swift.max(1e-6, abs(highest) * 1e-6)
                let line = "your \(userNegatives.count) never-fire stroke(s) or --negatives: \(accepted.count) scored at or above the threshold learned across people (\(String(format: "%.3f", verifier.threshold))); raised to \(String(format: "%.3f", raised)) so that none is accepted"
                verifier.threshold = raised
                verifier.operatingPoint.notes.append(line)
                notes.append(line)
                recognizer = try? ModelRecognizer(library: TemplateLibrary(templates: templates), matcher: prior.matchers[0],
                                                  rejection: .verifier(verifier))
            }
            let stillAccepted = userNegatives.filter { recognizer?.recognize($0.gesture, top: 1).label != nil }.count
            verifier.operatingPoint.negativesBySource["user"] = [stillAccepted, userNegatives.count]
        }
        let positives = data.samples.compactMap { s -> Double? in
            guard let r = recognizer?.recognize(s.gesture, top: 1), r.nearest == s.label else { return nil }
            return r.decisionValue
        }
        let negatives = synthetic.negatives.compactMap { recognizer?.recognize($0.gesture, top: 1).decisionValue }
        let evaluation = BinaryEvaluation(
            name: "rejection verifier", positive: "your samples recognized correctly (in-sample, optimistic) vs synthetic negatives",
            scoreName: "verifier score (log-odds of accept; ≥ threshold is accepted)", positives: positives, negatives: negatives,
            orientation: .higherIsPositive, chosenName: "threshold learned across people", threshold: verifier.threshold)
        return VerifierPart(verifier: verifier, templates: templates, evaluation: evaluation, lookAlikes: [])
    }

    struct VerifierPart {
        var verifier: RejectionVerifier
        var templates: [Template]
        var evaluation: BinaryEvaluation
        var lookAlikes: [LookAlike]
    }

    /// Trains the rejection verifier and picks its templates; `nil` (with the reason in
    /// `notTrained`) when the data cannot support one.
    /// - Throws: ``VerifierTrainingError/weakNegatives(target:negatives:needed:)`` when the
    ///   rule is the verifier and its FPR target cannot be measured.
    static func trainVerifier(_ data: Dataset, negatives: [Sample], settings: TrainingSettings, notes: inout [String],
                              notTrained: inout [String], progress: StageProgress?) throws -> VerifierPart? {
        guard settings.selection == .medoid else {
            notTrained.append("rejection verifier: needs --select medoid (its statistics describe medoid templates)")
            return nil
        }
        var vs = settings.verifier
        vs.matchers = settings.verifierMatchers
        vs.templatesPerClass = settings.templatesPerClass
        vs.seed = settings.seed
        let labels = data.labels, subjects = Array(Set(data.samples.map { $0.subject ?? "" })).sorted()
        let pool = NegativePool.make(samples: data.samples, labels: labels, subjects: subjects, splices: settings.splicedNegatives,
                                     scribbles: settings.syntheticNegatives, user: negatives, seed: settings.seed)
        let corpus = DistanceCorpus(samples: data.samples, negatives: pool, matchers: vs.matchers,
                                    descriptorPoints: vs.descriptorPoints, progress: progress)
        let trained: VerifierTrainer.Trained
        do {
            trained = try VerifierTrainer.train(corpus, samples: Array(0..<corpus.sampleCount),
                                                negatives: Array(corpus.sampleCount..<corpus.items.count), settings: vs, progress: progress)
        } catch let e as VerifierTrainingError {
            if case .weakNegatives = e, settings.rejectionRule == .verifier { throw e }
            notTrained.append("rejection verifier: \(e); the model rejects with per-label distance thresholds")
            return nil
        }
        let chosen = VerifierTrainer.medoids(corpus, candidates: Array(0..<corpus.sampleCount), k: vs.templatesPerClass)
        let templateIndices = chosen.keys.sorted().flatMap { chosen[$0] ?? [] }
        let templates = templateIndices.map { Template(name: corpus.labels[corpus.items[$0].label], gesture: corpus.items[$0].gesture) }
        let verifier = RejectionVerifier(matchers: vs.matchers, statistics: VerifierTrainer.statistics(corpus, templates: templateIndices),
                                         descriptorPoints: vs.descriptorPoints, model: trained.model, threshold: trained.threshold,
                                         operatingPoint: trained.operatingPoint)
        let positives = trained.rows.indices.filter { trained.rows[$0].inVocabulary && trained.rows[$0].positive }.map { trained.scores[$0] }
        let negativeScores = trained.rows.indices.filter { !trained.rows[$0].positive && trained.rows[$0].source != "misrecognized" }
            .map { trained.scores[$0] }
        let evaluation = BinaryEvaluation(
            name: "rejection verifier", positive: "in-vocabulary samples recognized correctly vs unseen labels, splices, scribbles and your negatives (cross-fitted inner folds)",
            scoreName: "verifier score (log-odds of accept; ≥ threshold is accepted)", positives: positives, negatives: negativeScores,
            orientation: .higherIsPositive, chosenName: "trained operating point", threshold: trained.threshold)
        let lookAlikes = VerifierTrainer.lookAlikes(trained, labels: corpus.labels)
        for l in lookAlikes { notes.append(l.sentence) }
        return VerifierPart(verifier: verifier, templates: templates, evaluation: evaluation, lookAlikes: lookAlikes)
    }
}
