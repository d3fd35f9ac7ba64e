import ArgumentParser
import Foundation
import GestureData
import GestureDetectors
import GestureMatching
import GestureTraining

/// `gesturelab train --dataset DIR --out OUTDIR`: everything from a folder of samples.
struct TrainAll: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Train a template library, rejection thresholds and detector thresholds into one folder (the default).",
        discussion: """
        Reads every sample under --dataset (native .json/.jsonl, $1 or multistroke XML), picks \
        K templates per label (medoids by default), trains a rejection verifier on inner folds \
        (labels left out of the vocabulary, splices, scribbles, --negatives), per-label rejection \
        thresholds (the baseline) and the thresholds of the model folder's detectors \
        (\(DetectorKind.builtIn.map(\.rawValue).joined(separator: ", "))), and writes \
        the model folder (gesturelab.model/1) --out: templates.json, verifier.json, rejection.json, \
        one DETECTOR.json per detector and manifest.json (typed matcher settings, the rejection in \
        use and its operating point, look-alike labels, seed, FNV-1a 64 fingerprint of the data, \
        file hashes, what could not be trained and why). The folder is written whole or \
        not at all. Labels with few samples get synthetic positives (stochastic resampling); \
        negatives include random scribbles and splices of two half gestures.
        """)

    @Option(help: "A dataset folder or file (.xml, .json, .jsonl).") var dataset: String

    @Option(help: "The output folder (a previous model folder there is replaced as a whole; any other folder, or an input, is refused).")
    var out: String

    @Option(help: "Templates per label (K).") var templatesPerClass = 5

    @Option(help: "Template selection: medoid or random.") var select: TemplateSelection = .medoid

    @OptionGroup var matcher: MatcherOptions

    @Option(help: "Rejection: verifier (a learned verifier; per-label f1 thresholds kept as the baseline), or per-label thresholds only: f1, sigma or target-fpr.")
    var rejection: RejectionRuleOption = .verifier

    @Option(name: .customLong("accept"), help: "Verifier: share of in-vocabulary gestures to keep accepted and correctly recognized (the threshold is chosen on inner folds; default 0.95).")
    var acceptOption: Double?

    var accept: Double { acceptOption ?? 0.95 }

    @Option(help: "Verifier: choose the threshold for this false-positive rate on the negatives instead of --accept.")
    var targetFpr: Double?

    @Flag(help: "Train even when the negatives are too few to measure the false-positive target (fewer than 3 / target).")
    var allowWeakNegatives = false

    @Option(help: "Your own negatives (gestures that must never fire): samples (a dataset folder or file; their labels are ignored) or touch sessions (.jsonl of touch events; every touch's path is one negative).")
    var negatives: String?

    @Option(help: "Verifier inner folds (groups of subjects, or of samples with one subject).") var folds = 4

    @Option(help: "k for --rejection sigma (mean + k standard deviations).") var sigmaK = 3.0

    @Option(help: "Target false-positive rate for --rejection target-fpr.") var rejectionTargetFpr = 0.01

    @Option(help: "Target false-positive rate of the detectors on the training data.") var detectorTargetFpr = 0.01

    @Option(name: .customLong("augment"), help: ArgumentHelp(
        "Detectors: train on N randomly transformed copies of each sample as well (other sampling rates, sizes, tilts, aspects, timing and sensor noise), so that their thresholds hold on other devices.",
        valueName: "N"))
    var detectorAugmentation = 0

    @Flag(name: .customLong("choose-settings"), help: "Detectors: choose the stroke preparation on the inner folds too (as train detector --choose-settings).")
    var detectorChooseSettings = false

    @Flag(name: .customLong("every-device"), help: "Detectors: choose on the inner folds by the worst device shift, so the target holds on each (as train detector --every-device).")
    var detectorEveryDevice = false

    @Option(name: .customLong("release"), help: ArgumentHelp(
        "Detectors: move each bound outward halfway to the nearest training negative it alone refuses, by at most R spreads (as train detector --release). 0 (default): none.",
        valueName: "R"))
    var detectorRelease = 0.0

    @Option(name: .customLong("detector-label"), help: ArgumentHelp(
        "The label a model folder's detector is trained on, where the data names it otherwise (repeatable; defaults: \(DetectorKind.builtIn.map { "\($0.rawValue)=\($0.defaultLabel ?? "")" }.joined(separator: ", "))).",
        valueName: "DETECTOR=LABEL"))
    var detectorLabelOptions: [String] = []

    /// `--detector-label` as detector id → label.
    var detectorLabels: [String: String] {
        Dictionary(detectorLabelOptions.compactMap { o in
            o.firstIndex(of: "=").map { (String(o[..<$0]), String(o[o.index(after: $0)...])) }
        }, uniquingKeysWith: { _, last in last })
    }

    @Option(name: .customLong("shape-detector"), help: ArgumentHelp(
        "Also train the general shape detector for LABEL (repeatable; `all` for every label), written as shape-LABEL.json.",
        valueName: "LABEL"))
    var shapeDetectorLabels: [String] = []

    @Option(help: "Synthetic variants per sample for labels with fewer than --min-samples samples.") var syntheticPositives = 8

    @Option(help: "Labels with fewer samples than this get synthetic positives.") var minSamples = 5

    @Option(help: "Random scribbles added as negatives.") var scribbles = 200

    @Option(help: "Splices of two half gestures added as negatives (needs two labels).") var splices = 200

    @OptionGroup var seedOption: SeedOption
    var seed: UInt64 { seedOption.seed }

    @Flag(help: "Write the model even when a part's estimate is meaningless (a verifier that accepted nothing on its inner folds).")
    var force = false

    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    /// Parts whose estimate says nothing about new strokes: a verifier trained on the
    /// data's inner folds that measured no in-vocabulary stroke or accepted none.
    static func meaninglessEstimates(_ m: TrainingManifest) -> [String] {
        guard m.rejection == "verifier", m.rejectionPrior == nil, let p = m.operatingPoint else { return [] }
        if p.inVocabulary == 0 { return ["the rejection verifier's inner folds held out no in-vocabulary stroke: its operating point is not an estimate"] }
        if p.acceptance == 0 { return ["the rejection verifier accepted none of the \(p.inVocabulary) held-out strokes of your labels on its inner folds: it would reject the next ones too"] }
        return []
    }

    func validate() throws {
        try matcher.checkAgainstTrainedChoice(console: output.console)
        guard templatesPerClass >= 1 else { throw ValidationError("--templates-per-class must be at least 1") }
        guard detectorRelease >= 0 && detectorRelease <= 2 else {
            throw ValidationError("--release must be between 0 and 2 spreads, got \(detectorRelease)")
        }
        guard (0...20).contains(detectorAugmentation) else {
            throw ValidationError("--augment must be between 0 and 20 copies, got \(detectorAugmentation)")
        }
        guard accept > 0, accept <= 1 else { throw ValidationError("--accept must be in (0, 1]; got \(accept)") }
        if let targetFpr { guard targetFpr > 0, targetFpr < 1 else { throw ValidationError("--target-fpr must be in (0, 1); got \(targetFpr)") } }
        guard (2...20).contains(folds) else { throw ValidationError("--folds must be 2…20; got \(folds)") }
        for (name, v) in [("--rejection-target-fpr", rejectionTargetFpr), ("--detector-target-fpr", detectorTargetFpr)] {
            guard v.isFinite, v >= 0, v <= 1 else { throw ValidationError("\(name) must be between 0 and 1; got \(v)") }
        }
        guard sigmaK.isFinite, sigmaK >= 0 else { throw ValidationError("--sigma-k must be a finite number >= 0") }
        guard syntheticPositives >= 0, minSamples >= 0, scribbles >= 0, splices >= 0 else {
            throw ValidationError("--synthetic-positives, --min-samples, --scribbles and --splices must be >= 0")
        }
        guard !out.isEmpty else { throw ValidationError("--out must name a folder") }
        for o in detectorLabelOptions {
            guard let eq = o.firstIndex(of: "="), !o[o.index(after: eq)...].isEmpty else {
                throw ValidationError("--detector-label '\(shownValue(o))': give DETECTOR=LABEL, e.g. \(DetectorKind.builtIn.first.map { "\($0.rawValue)=\($0.defaultLabel ?? "")" } ?? "")")
            }
            let id = String(o[..<eq])
            guard DetectorKind.builtIn.contains(where: { $0.rawValue == id }) else {
                throw ValidationError("--detector-label '\(shownValue(o))': '\(shownValue(id))' is not a model folder's detector (\(DetectorKind.builtIn.map(\.rawValue).joined(separator: ", ")))")
            }
        }
        for l in shapeDetectorLabels where l != "all" && !GestureModel.isFileSafe(l) {
            throw ValidationError("--shape-detector '\(shownValue(l))': a label must be letters, digits, _ - or . to name a file")
        }
    }

    var settings: TrainingSettings {
        let method = rejection.thresholdMethod.method(sigmaK: sigmaK, targetFPR: rejectionTargetFpr)
        var s = TrainingSettings(
            templatesPerClass: templatesPerClass, selection: select,
            algorithm: matcher.fixedSettings.map { .fixed($0) } ?? .auto, rejection: method,
            syntheticPositivesPerSample: syntheticPositives, minimumSamplesPerLabel: minSamples,
            syntheticNegatives: scribbles, splicedNegatives: splices, detectorTargetFPR: detectorTargetFpr,
            detectorLabels: detectorLabels, seed: seed)
        s.rejectionRule = rejection == .verifier ? .verifier : .thresholds
        s.verifier.target = targetFpr.map { .falsePositiveRate($0) } ?? .acceptance(accept)
        s.verifier.allowWeakNegatives = allowWeakNegatives
        s.verifier.folds = folds
        s.detectorAugmentation = detectorAugmentation
        s.detectorChooseSettings = detectorChooseSettings
        s.detectorEveryDevice = detectorEveryDevice
        s.detectorRelease = detectorRelease
        s.shapeDetectorLabels = shapeDetectorLabels
        return s
    }

    struct Output: Encodable {
        var out: String
        var report: String?
        var manifest: TrainingManifest
    }

    var outputPaths: [OutputPaths.Named] { named("--out", out) + named("--report", reportOptions.reportDirectory) }
    func outputFolderKind(_ output: OutputPaths.Named) -> OutputFolder.Kind? {
        output.option == "--out" ? .model : output.option == "--report" ? .report : nil
    }
    var inputPaths: [OutputPaths.Named] { named("--dataset", dataset) + named("--negatives", negatives) }

    /// `--accept` / `--target-fpr` as given, when the model has no verifier trained on this
    /// data for them to set: a flag that changes nothing says so.
    func unusedOperatingPointOptions(_ m: TrainingManifest) -> [String] {
        guard m.rejection != "verifier" || m.rejectionPrior != nil else { return [] }
        return (acceptOption == nil ? [] : ["--accept"]) + (targetFpr == nil ? [] : ["--target-fpr"])
    }

    func run() throws {
        try checkOutputPaths()
        // Read tolerantly so that every bad file is named at once, not just the first.
        let loaded = try DatasetLoader.load(dataset, mode: .tolerant)
        let skipped = loaded.skipped.map(\.description)
        if !skipped.isEmpty && !datasetOptions.skipInvalid { throw TrainingError.unreadableFiles(skipped) }
        let data = try datasetOptions.kept(loaded.dataset, path: dataset)
        let devices = datasetOptions.devices
        let bar = ProgressBar(output: output)
        let excluded = datasetOptions.excludedSubjects
        let kept = (excluded.isEmpty ? [] : ["excluding subjects \(excluded.joined(separator: ", "))"])
            + (devices.isEmpty ? [] : ["device\(devices.count == 1 ? "" : "s") \(devices.joined(separator: ", ")) only"])
        let source = kept.isEmpty ? dataset : "\(dataset) (\(kept.joined(separator: "; ")))"
        let userNegatives = try negatives.map(MatcherCLI.loadNegatives) ?? []
        let result: TrainingResult
        do {
            result = try TrainingWorkflow.run(data, source: source, skippedFiles: skipped, negatives: userNegatives, settings: settings,
                                              progress: bar.stageHandler)
        } catch let e as VerifierTrainingError {
            bar.finish()
            throw ValidationError("\(e)")
        }
        bar.finish()
        let written = try result.output()
        let meaningless = Self.meaninglessEstimates(written.manifest)
        if !meaningless.isEmpty {
            guard force else {
                throw FileError(file: dataset, message: "not writing \(out): " + meaningless.joined(separator: "; ")
                                + ". Record more examples (5 or more per label) or pass --force to write it anyway")
            }
            for p in meaningless { output.console.err("warning (--force): \(p)") }
        }
        try OutputFolder.write(written.files, to: URL(fileURLWithPath: out), kind: .model)
        let reportPath = try reportOptions.write(result.report)
        try output.print(Output(out: out, report: reportPath, manifest: written.manifest)) {
            let m = written.manifest
            Console.out("trained from \(m.dataset.samples) samples (\(m.dataset.labels.count) labels, \(m.dataset.subjects) subjects), seed \(m.seed), data fingerprint \(m.dataset.fingerprint):")
            for t in m.trained { Console.out("  ✓ \(t)") }
            for t in m.notTrained { Console.out("  ✗ not trained: \(t)") }
            Console.out("  rejection in use: \(m.rejection), matcher \(m.matcher)")
            for l in m.lookAlikes { Console.out("  ! look-alike: \(l.sentence)") }
            for f in m.skippedFiles { Console.out("  ! skipped file: \(f)") }
            var shown = Set(m.lookAlikes.map(\.sentence))
            for n in m.notes where shown.insert(n).inserted { Console.out("  · \(n)") }
            for option in unusedOperatingPointOptions(m) {
                output.console.err("note: \(option) changed nothing: " + (m.rejection != "verifier"
                    ? "no verifier was trained (rejection in use: \(m.rejection))"
                    : "the verifier is the rejection learned across people, whose threshold is set for the number of examples per label"))
            }
            Console.out("wrote \(out)/: \(written.files.keys.sorted().joined(separator: ", "))")
            if let reportPath { Console.out("report: \(reportPath)") }
        }
    }
}
