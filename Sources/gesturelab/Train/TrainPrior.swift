import ArgumentParser
import Foundation
import GestureData
import GestureMatching
import GestureTraining

/// `gesturelab train prior`: the rejection learned across people, from simulated new users
/// of several datasets (the shipped one is made with this command; Sources/Documentation/everyday.md).
struct TrainPrior: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "prior",
        abstract: "Train the rejection learned across people (a rejection prior) from simulated new users of several datasets.",
        discussion: """
        For each --dataset (a population of people), each subject and draw: a few of their labels with K \
        examples each become templates as `gesturelab train` keeps them; the subject's other examples of \
        those labels are positives, their other gestures, synthetic everyday strokes, splices and \
        --negatives are negatives. Writes the prior as JSON (--out) and, with --swift-out, as the Swift \
        source GestureLab compiles in as its shipped prior.
        """)

    @Option(name: .customLong("dataset"), help: "A population of people (repeatable, or comma-separated paths).") var datasets: [String]

    @Option(help: "Out-of-vocabulary strokes used as negatives (samples or touch sessions).") var negatives: String?

    @Option(help: "Where to write the prior (JSON).") var out: String

    @Option(name: .customLong("swift-out"), help: "Also write it as the Swift source of the shipped prior.") var swiftOut: String?

    @Option(help: "A name for this prior, recorded by every model trained with it.") var version = "prior"

    @Option(help: "Subjects per dataset (at most).") var maxSubjects = 20

    @Option(help: "Draws per subject and K.") var draws = 2

    @Option(help: "Target false-positive rate on the simulated people's other gestures (held out: see --calibration).") var targetFpr = 0.01

    @Option(help: ArgumentHelp("How the thresholds' held-out scores are made: 'datasets' (each dataset scored by trees of the others, the threshold the worst dataset needs; halves with one dataset) or 'halves' (two halves of the people, the earlier way).",
                               valueName: "datasets|halves"))
    var calibration = "datasets"

    @Option(help: "Feature set of the rows (1: matchers and shape; 2: also orientation and drawing direction against the label's templates; 3: also the sharpest turn and the legs' bend against the closest template).")
    var featureSet = VerifierFeatures.latestSet

    @Option(name: .customLong("lower-target-fpr"), parsing: .upToNextOption,
            help: "Lower FPR targets to try per K: each K takes the lowest whose acceptance, on the held-out dataset the trees carry over to best, is within --acceptance-room of its acceptance at --target-fpr.")
    var lowerTargetFpr: [Double] = []

    @Option(help: "Acceptance a lower FPR target may cost (see --lower-target-fpr).") var acceptanceRoom = 0.015

    @Option(help: "Synthetic closed loops and partial circles per draw, as negatives.") var loops = 0

    @Option(help: "The user's own examples turned (a quarter or half turn) or drawn backwards per draw, as negatives.") var turned = 0

    @Option(help: "The user's own examples reshaped per draw, as negatives: a corner made round or a curve made into a corner (same start, farthest point and end).")
    var reshaped = 0

    @Option(name: .customLong("scores-out"), help: "Also write the held-out scores the thresholds were chosen from (CSV: dataset, k, source, positive, score).")
    var scoresOut: String?

    @OptionGroup var seedOption: SeedOption
    var seed: UInt64 { seedOption.seed }

    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    var outputPaths: [OutputPaths.Named] { named("--out", out) + named("--swift-out", swiftOut) + named("--scores-out", scoresOut) }
    var inputPaths: [OutputPaths.Named] { datasetPaths.flatMap { named("--dataset", $0) } + named("--negatives", negatives) }

    var datasetPaths: [String] { datasets.flatMap { $0.split(separator: ",").map(String.init) } }

    func validate() throws {
        guard !datasets.isEmpty else { throw ValidationError("give at least one --dataset") }
        guard maxSubjects >= 1, draws >= 1 else { throw ValidationError("--max-subjects and --draws must be at least 1") }
        guard targetFpr > 0, targetFpr < 1 else { throw ValidationError("--target-fpr must be in (0, 1)") }
        guard RejectionPriorTrainer.Calibration(rawValue: calibration) != nil else {
            throw ValidationError("--calibration must be one of \(RejectionPriorTrainer.Calibration.allCases.map(\.rawValue).joined(separator: ", ")), not '\(calibration)'")
        }
        guard VerifierFeatures.knownSets.contains(featureSet) else {
            throw ValidationError("--feature-set must be \(VerifierFeatures.knownSets.lowerBound)…\(VerifierFeatures.knownSets.upperBound), not \(featureSet)")
        }
        guard lowerTargetFpr.allSatisfy({ $0 > 0 && $0 < 1 }), acceptanceRoom >= 0, acceptanceRoom < 1 else {
            throw ValidationError("--lower-target-fpr values must be in (0, 1) and --acceptance-room in [0, 1)")
        }
        guard loops >= 0, turned >= 0, reshaped >= 0 else { throw ValidationError("--loops, --turned and --reshaped must be at least 0") }
    }

    /// Trains a prior for `gesturelab train`'s defaults from `paths`.
    static func prior(paths: [String], negatives: [Sample], version: String, maxSubjects: Int = 20, draws: Int = 2,
                      targetFPR: Double = 0.01, seed: UInt64 = 1, calibration: RejectionPriorTrainer.Calibration = .leaveOneDatasetOut,
                      featureSet: Int = VerifierFeatures.latestSet, loops: Int = 0, turned: Int = 0, reshaped: Int = 0, lowerTargets: [Double] = [], acceptanceRoom: Double = 0.015, load: (String) throws -> Dataset,
                      progress: StageProgress? = nil, heldOut: (([RejectionPriorTrainer.HeldOutScore]) -> Void)? = nil) throws -> RejectionPrior {
        let defaults = try EvalMatcher.trainDefaults()
        var s = RejectionPriorTrainer.Settings(matchers: defaults.verifierMatchersInUse)
        s.templatesPerClass = defaults.templatesPerClass
        s.maxSubjectsPerDataset = maxSubjects
        s.drawsPerSubject = draws
        s.targetFPR = targetFPR
        s.calibration = calibration
        s.featureSet = featureSet
        s.loopsPerDraw = loops
        s.turnedPerDraw = turned
        s.reshapedPerDraw = reshaped
        s.lowerTargets = lowerTargets
        s.acceptanceRoom = acceptanceRoom
        s.seed = seed
        s.version = version
        let sets = try paths.map(load)
        let names = paths.map { ($0 as NSString).lastPathComponent }
        return try RejectionPriorTrainer.train(sets, negatives: negatives, settings: s,
                                               provenance: "gesturelab train prior from \(names.joined(separator: ", "))\(negatives.isEmpty ? "" : " with \(negatives.count) out-of-vocabulary negatives"), \(maxSubjects) subjects per dataset, \(draws) draws, seed \(seed)",
                                               progress: progress, heldOut: heldOut)
    }

    func run() throws {
        try checkOutputPaths()
        let negs = try negatives.map(MatcherCLI.loadNegatives) ?? []
        let bar = ProgressBar(output: output)
        var held: [RejectionPriorTrainer.HeldOutScore] = []
        let p = try Self.prior(paths: datasetPaths, negatives: negs, version: version, maxSubjects: maxSubjects, draws: draws,
                               targetFPR: targetFpr, seed: seed, calibration: RejectionPriorTrainer.Calibration(rawValue: calibration) ?? .leaveOneDatasetOut,
                               featureSet: featureSet, loops: loops, turned: turned, reshaped: reshaped, lowerTargets: lowerTargetFpr, acceptanceRoom: acceptanceRoom, load: { try datasetOptions.load($0, console: output.console) }, progress: bar.stageHandler,
                               heldOut: { scores in held = scores })
        bar.finish()
        let data = try p.encoded()
        try AtomicFile.write(data, to: URL(fileURLWithPath: out))
        if let scoresOut {
            var csv = "dataset,k,source,positive,score\n"
            for h in held { csv += "\(h.dataset),\(h.k),\(h.source),\(h.positive ? 1 : 0),\(h.score)\n" }
            try AtomicFile.write(Data(csv.utf8), to: URL(fileURLWithPath: scoresOut))
        }
        if let swiftOut {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let source = """
            // Generated by `gesturelab train prior` (see Sources/Documentation/everyday.md); do not edit.
            /// The rejection prior shipped with GestureLab (``RejectionPrior``), as JSON compiled in.
            enum ShippedRejectionPrior {
                static let json = #\"\"\"
            \(text)
            \"\"\"#
            }

            """
            try AtomicFile.write(Data(source.utf8), to: URL(fileURLWithPath: swiftOut))
        }
        Console.out("prior \(p.version): \(p.provenance)")
        for k in p.thresholds.keys.compactMap(Int.init).sorted() {
            let f = p.figures[String(k)] ?? [:]
            let acrossDatasets = f.keys.contains { $0.hasPrefix("dataset") }
            Console.out(String(format: "  K=%d target FPR %.2f%%, threshold %.3f: accepted and correct %.1f%%, FPR other gestures %.2f%% (%@)%@", k,
                               (f["targetFPR"] ?? targetFpr) * 100, p.thresholds[String(k)] ?? 0, (f["acceptance"] ?? 0) * 100, (f["fpr"] ?? 0) * 100,
                               acrossDatasets ? "each dataset scored by trees of the others; the worst dataset" : "cross-fitted halves of the people",
                               f.keys.filter { $0.hasPrefix("fpr.") }.sorted().map { String(format: ", %@ %.2f%%", String($0.dropFirst(4)), (f[$0] ?? 0) * 100) }.joined()))
            let named = datasetPaths.enumerated().compactMap { i, path -> String? in
                guard let a = f["dataset\(i).acceptance"], let r = f["dataset\(i).fpr"] else { return nil }
                return String(format: "%@ %.1f%% / %.2f%%", (path as NSString).lastPathComponent, a * 100, r * 100)
            }
            if !named.isEmpty { Console.out("      by dataset left out (accepted / FPR other gestures): " + named.joined(separator: "; ")) }
        }
        Console.out("wrote \(out)\(swiftOut.map { " and \($0)" } ?? "")")
    }
}
