import GestureDetectors
import ArgumentParser
import Foundation
import GestureData
import GestureTraining

/// `gesturelab train detector [DETECTOR] --label L …`
struct TrainDetector: ParsableCommand, WritesOutputs, ChoosesDetector {
    static let configuration = CommandConfiguration(
        commandName: "detector",
        abstract: "Train a detector's thresholds on labelled samples: a registered detector, or the general shape detector for any label (--label L; negatives: all other labels).")

    @OptionGroup var which: DetectorChoiceOptions

    @OptionGroup var target: DetectorTargetOptions
    @OptionGroup var openWorld: OpenWorldOptions
    @OptionGroup var datasetOptions: DatasetOptions

    @Option(help: "Where to write the thresholds JSON (written atomically).")
    var out: String

    @Flag(help: "Write the thresholds even when their inner-fold estimate is meaningless (nothing measured, or TPR 0%).")
    var force = false

    @OptionGroup var output: OutputOptions

    /// Why the inner-fold figures of `v` estimate nothing for new strokes (empty: they do),
    /// and remarks that only warn.
    static func estimateProblems(_ v: BinaryCounts, subjects: Int, label: String) -> (refuse: [String], warn: [String]) {
        var refuse: [String] = [], warn: [String] = []
        if v.positives == 0 { refuse.append("no '\(label)' sample was held out on the inner folds: the true-positive rate cannot be estimated") }
        if v.negatives == 0 { refuse.append("no other sample was held out on the inner folds: the false-positive rate cannot be estimated") }
        if v.positives > 0 && v.truePositives == 0 {
            refuse.append("the thresholds accepted none of the \(v.positives) held-out '\(label)' samples (TPR 0% on the inner folds): they would reject the next ones too")
        }
        if subjects < 2 {
            warn.append("one subject only: the inner folds hold out samples of the same person, so the figures say nothing about other people; samples of at least 2 more people would")
        }
        if v.positives > 0 && v.positives < 10 {
            warn.append("only \(v.positives) '\(label)' sample(s) held out: the TPR is a rough guess (record about \(Swift.max(10, 2 * v.positives)) examples)")
        }
        return (refuse, warn)
    }

    struct Report: Codable {
        var out: String
        var samples, positives, negatives: Int
        var seed: UInt64
        var target: BoxTrainer.Target
        var chosenStrictness, chosenMargin: Double
        var validationTruePositiveRate, validationFalsePositiveRate: Double
        var trainingTruePositiveRate, trainingFalsePositiveRate: Double
        /// With `--every-device`: the chosen box's lowest TPR and highest FPR over the device
        /// shifts (and the unshifted samples) on the inner folds.
        var worstDeviceTruePositiveRate: Double?
        var worstDeviceFalsePositiveRate: Double?
        /// With open-world negatives: the chosen box's FPR per negative family on the inner
        /// folds (the choice went by the worst); with a held-out dataset, its labels too.
        var familyFalsePositiveRates: [String: Double]?
        /// With `--held-out-dataset`: the chosen box (fitted on all training samples) on it.
        var heldOutTruePositiveRate, heldOutFalsePositiveRate: Double?
        var thresholds: AnyDetectorThresholds
    }

    func validate() throws {
        if out.isEmpty { throw ValidationError("--out must name a file") }
    }

    var outputPaths: [OutputPaths.Named] { named("--out", out) }
    var inputPaths: [OutputPaths.Named] {
        named("--dataset", dataset) + openWorld.negatives.flatMap { named("--negatives", $0) } + named("--held-out-dataset", target.heldOutDataset)
    }

    func run() throws {
        try checkOutputPaths()
        let loaded = try datasetOptions.load(dataset, console: output.console)
        // One draw of the training data: the loaded samples with the generated negatives,
        // copies and device shifts of `seed`, measured by each detector in each preparation.
        // The requested detector first (a tie keeps it), then any other --choose-detector tries.
        func draw(seed: UInt64) throws -> (data: Dataset, variants: [DetectorMeasurements], shifted: [[DetectorMeasurements]]) {
            let data = try openWorld.extended(loaded, positive: positiveLabel, seed: seed,
                                              loading: { try datasetOptions.load($0, everyDevice: true, console: output.console) })
            var variants: [DetectorMeasurements] = [], shifted: [[DetectorMeasurements]] = []
            let shifts = target.choosingShifts(detector, label: positiveLabel)
            for kind in [detector] + which.otherDetectors {
                let (recorded, copies) = target.measurements(kind, of: data, label: positiveLabel, seed: seed)
                let vs = (copies.map { recorded.appending($0) } ?? recorded).settingsVariants(choosing: target.chooseSettings)
                variants += vs
                shifted += recorded.shifted(by: shifts, seed: seed, as: vs)
            }
            return (data, variants, shifted)
        }
        let (data, variants, shifted) = try draw(seed: target.seed)
        let heldOut = try target.heldOut(label: positiveLabel) { try datasetOptions.load($0, filtered: false, console: output.console) }
            .map { DetectorTrainer.HeldOutDataset($0.dataset, positives: $0.positives, like: variants) }
        var result: DetectorTrainer.Result
        do {
            result = try DetectorTrainer.train(variants, positive: positiveLabel, target: target.target, seed: target.seed,
                                               trainer: target.trainer, shifted: shifted, heldOut: heldOut)
            // --bag K: the other draws trained like the first, and the median of the boxes.
            var members = [result.thresholds]
            for seed in target.bagSeeds.dropFirst() {
                let d = try draw(seed: seed)
                members.append(try DetectorTrainer.trainLike(result.thresholds, d.variants, positive: positiveLabel,
                                                             target: target.target, seed: seed, trainer: target.trainer, shifted: d.shifted,
                                                             heldOut: heldOut).thresholds)
            }
            if members.count > 1 {
                result.thresholds = DetectorTrainer.median(members)
                result.training = BinaryCounts()
                let m = variants.first { $0.kind == result.thresholds.kind && $0.settings == result.thresholds.settings } ?? variants[0]
                for i in 0..<m.count { result.training.record(isPositive: m.labels[i] == positiveLabel, accepted: m.accepts(result.thresholds, at: i)) }
            }
        } catch let e as DetectorTrainingError {
            // No positives / no negatives: say which dataset they were looked for in.
            if case .badThresholds = e { throw e }
            throw FileError(file: dataset, message: e.description)
        }
        var thresholds = result.thresholds
        let excluded = datasetOptions.excludedSubjects.map { " --exclude-subject '\($0)'" }.joined()
            + datasetOptions.devices.map { " --device '\($0)'" }.joined()
        let v = result.chosen.validation
        let worst = result.chosen.shiftValidation == nil ? nil : result.chosen.decisive
        let worstNote = worst.map { "; worst device shift TPR \(DetectorCLI.percent($0.truePositiveRate)), FPR \(DetectorCLI.percent($0.falsePositiveRate))" } ?? ""
        let heldOutNote = result.chosen.heldOutDataset.map { h in
            "; held-out dataset " + (h.positives > 0 ? "TPR \(DetectorCLI.percent(h.truePositiveRate)) (\(h.truePositives)/\(h.positives)), " : "")
                + "FPR \(DetectorCLI.percent(h.falsePositiveRate)) (\(h.falsePositives)/\(h.negatives))"
        } ?? ""
        let familyNote = result.chosen.worstFamily.map { "; worst negative family \($0.family), FPR \(DetectorCLI.percent($0.falsePositiveRate))" } ?? ""
        thresholds.provenance = """
            gesturelab train detector \(detector.rawValue) --dataset \(dataset) --positive \(positiveLabel) \
            \(target.commandLine)\(openWorld.commandLine)\(which.chooseDetector ? " --choose-detector" : "")\(excluded);\(result.thresholds.kind == detector ? "" : " the \(result.thresholds.kind.rawValue) detector did better on the inner folds;") \(data.count) samples\(target.augment > 0 ? " and \(target.augment) transformed copies of each" : "") \
            (\(result.training.positives) positives, \(result.training.negatives) negatives) from \(data.subjects.count) subjects; margin \(result.chosen.margin), \
            strictness \(result.chosen.strictness)\(target.bag > 1 ? "; the median box of \(target.bag) draws (seeds \(target.bagSeeds.map(String.init).joined(separator: ", "))), the figures that follow the first draw's" : ""); inner leave-one-subject-out TPR \(DetectorCLI.percent(v.truePositiveRate)), \
            FPR \(DetectorCLI.percent(v.falsePositiveRate))\(worstNote)\(familyNote)\(heldOutNote)
            """
        let problems = Self.estimateProblems(v, subjects: data.subjects.count, label: positiveLabel)
        for w in problems.warn { output.console.err("warning: \(w)") }
        if !problems.refuse.isEmpty {
            guard force else {
                throw FileError(file: dataset, message: "not writing \(out): " + problems.refuse.joined(separator: "; ")
                                + ". Record more examples of '\(shownValue(positiveLabel))' (5 or more, from 2 or more people) or pass --force to write it anyway")
            }
            for p in problems.refuse { output.console.err("warning (--force): \(p)") }
        }
        try DetectorThresholdsFile.write(thresholds, to: out)
        let report = Report(out: out, samples: data.count, positives: result.training.positives,
                            negatives: result.training.negatives, seed: target.seed, target: target.target,
                            chosenStrictness: result.chosen.strictness, chosenMargin: result.chosen.margin,
                            validationTruePositiveRate: v.truePositiveRate, validationFalsePositiveRate: v.falsePositiveRate,
                            trainingTruePositiveRate: result.training.truePositiveRate,
                            trainingFalsePositiveRate: result.training.falsePositiveRate,
                            worstDeviceTruePositiveRate: worst?.truePositiveRate, worstDeviceFalsePositiveRate: worst?.falsePositiveRate,
                            familyFalsePositiveRates: result.chosen.familyValidation?.mapValues(\.falsePositiveRate),
                            heldOutTruePositiveRate: result.chosen.heldOutDataset.flatMap { $0.positives > 0 ? $0.truePositiveRate : nil },
                            heldOutFalsePositiveRate: result.chosen.heldOutDataset?.falsePositiveRate,
                            thresholds: thresholds)
        try output.print(report) {
            Console.out("wrote \(out)")
            Console.out("\(data.count) samples: \(report.positives) '\(shownValue(positiveLabel))', \(report.negatives) others; seed \(target.seed); target \(target.target)")
            Console.out("chosen margin \(result.chosen.margin), strictness \(result.chosen.strictness)")
            Console.out("inner leave-one-subject-out: TPR \(DetectorCLI.percent(v.truePositiveRate)), FPR \(DetectorCLI.percent(v.falsePositiveRate))\(worstNote)\(familyNote)")
            if !heldOutNote.isEmpty { Console.out("held out whole (\(target.heldOutDataset ?? "")):" + heldOutNote.dropFirst("; held-out dataset".count)) }
            for (family, c) in (result.chosen.familyValidation ?? [:]).sorted(by: { $0.key < $1.key }) {
                Console.out("  negative family \(family): FPR \(DetectorCLI.percent(c.falsePositiveRate)) (\(c.falsePositives)/\(c.negatives))")
            }
            Console.out("on the training data: TPR \(DetectorCLI.percent(result.training.truePositiveRate)), FPR \(DetectorCLI.percent(result.training.falsePositiveRate))")
        }
    }
}
