import ArgumentParser
import Foundation
import GestureData
import GestureMatching
import GestureTraining

struct TrainRejection: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "rejection",
        abstract: "Train per-label rejection thresholds (gesturelab.rejection/1) in the matcher's distance units.",
        discussion: """
        Positives: each label's samples' distances to their nearest template of that label \
        (samples identical to a template are left out). Negatives: every other label's samples; \
        when the dataset has fewer than two labels, synthetic splices (two half strokes joined).
        """)

    @Option(help: "A template library (gesturelab.templates/1).")
    var templates: String

    @Option(help: "Labelled samples to train on.")
    var dataset: String

    @Option(help: "sigma (mean + k·sd of positives), f1 (F1-optimal) or target-fpr.")
    var method: ThresholdMethodOption = .f1

    @Option(name: .customLong("target-fpr"), help: "The false-positive rate to stay under with --method target-fpr.")
    var targetFPR: Double?

    @Option(name: .customLong("sigma-k"), help: "k of --method sigma (GRT: 3).")
    var sigmaK: Double = 3

    @Option(help: "Synthetic splices used as negatives when the dataset has fewer than two labels.")
    var splices: Int = 500

    @Option(help: "Seed of the splices.")
    var seed: UInt64 = 1

    @Flag(help: "Train a --target-fpr rule even when the negatives are too few to measure it (fewer than 3 / target per label).")
    var allowWeakNegatives = false

    @Option(help: "Where to write the thresholds.")
    var out: String

    @OptionGroup var matcher: MatcherOptions
    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if method == .targetFPR {
            guard let x = targetFPR else { throw ValidationError("--method target-fpr needs --target-fpr X (0…1)") }
            guard x >= 0 && x <= 1 else { throw ValidationError("--target-fpr must be in 0…1, got \(x)") }
        } else if targetFPR != nil {
            throw ValidationError("--target-fpr only applies to --method target-fpr")
        }
        if !(sigmaK.isFinite && sigmaK >= 0) { throw ValidationError("--sigma-k must be ≥ 0") }
        if splices < 0 { throw ValidationError("--splices must be ≥ 0") }
    }

    struct LabelSummary: Codable {
        var threshold: Double
        var positives, negatives: Int
        var trainingTPR, trainingFPR: Double
    }

    var outputPaths: [OutputPaths.Named] { named("--out", out) }
    var inputPaths: [OutputPaths.Named] { named("--templates", templates) + named("--dataset", dataset) }

    func run() throws {
        try checkOutputPaths()
        let library = try MatcherCLI.loadLibrary(templates)
        let data = try datasetOptions.load(dataset, console: output.console)
        guard !data.samples.isEmpty else { throw FileError(file: dataset, message: "no samples") }
        let m = method.method(sigmaK: sigmaK, targetFPR: targetFPR ?? 0)
        // A bar on a terminal only: nothing written into a pipe or with --format json, whose readers want the output alone.
        let bar = ProgressBar("measuring distances", output: output)
        let progress = bar.handler
        let result: (thresholds: RejectionThresholds, distances: [String: RejectionTrainer.LabelDistances], splices: Int)
        let settings = matcher.settings
        func train<M: TemplateMatcher>(_ type: M.Type) -> (thresholds: RejectionThresholds, distances: [String: RejectionTrainer.LabelDistances], splices: Int) {
            RejectionTrainer.train(library: library, matcher: type, settings: settings.typed(for: type), samples: data.samples,
                                   method: m, spliceCount: splices, seed: seed, progress: progress)
        }
        result = train(settings.matcherType)
        bar.finish()
        if case .targetFPR(let target) = m, target > 0 {
            // A 1 % target measured on 16 negatives is a guess: at least 3 / target
            // negatives per label are needed for one false positive to be expected.
            let needed = Int((3 / target).rounded(.up))
            let weakest = result.distances.map { ($0.key, $0.value.negatives.count) }.min { ($0.1, $0.0) < ($1.1, $1.0) }
            if let weakest, weakest.1 < needed {
                let message = "label '\(shownValue(weakest.0))' has \(weakest.1) negatives; a false-positive target of \(target) needs at least \(needed) (3 / target) to be measured. Add negatives (more labels, or raise --splices), raise --target-fpr, or pass --allow-weak-negatives"
                guard allowWeakNegatives else { throw FileError(file: dataset, message: message) }
                output.console.err("warning: \(message)")
            }
        }
        var thresholds = result.thresholds
        thresholds.matcher = matcher.settings
        for (k, v) in matcher.summary { thresholds.settings[k] = v }
        thresholds.settings["templates"] = .string(URL(fileURLWithPath: templates).lastPathComponent)
        try MatcherCLI.write(try thresholds.encoded(), to: out)

        var summary: [String: LabelSummary] = [:]
        for (label, d) in result.distances {
            let t = thresholds.thresholds[label] ?? 0
            var c = BinaryCounts()
            for x in d.positives { c.record(isPositive: true, accepted: x <= t) }
            for x in d.negatives { c.record(isPositive: false, accepted: x <= t) }
            summary[label] = LabelSummary(threshold: t, positives: d.positives.count, negatives: d.negatives.count,
                                          trainingTPR: c.truePositiveRate, trainingFPR: c.falsePositiveRate)
        }
        switch output.format {
        case .json:
            struct Out: Codable { var out: String; var method: String; var seed: UInt64; var splices: Int; var labels: [String: LabelSummary] }
            Console.out(try Console.json(Out(out: out, method: m.name, seed: seed, splices: result.splices, labels: summary)))
        case .text:
            Console.out("method \(m.name), \(matcher.algorithm.rawValue), seed \(seed), splices \(result.splices); wrote \(out)")
            Console.out("label              threshold  positives  negatives  train TPR  train FPR")
            for (label, s) in summary.sorted(by: { $0.key < $1.key }) {
                Console.out(label.padding(toLength: 18, withPad: " ", startingAt: 0) + String(format: " %9.4f  %9d  %9d  %8.2f%%  %8.2f%%",
                                   s.threshold, s.positives, s.negatives, s.trainingTPR * 100, s.trainingFPR * 100))
            }
        }
    }
}
