import GestureDetectors
import ArgumentParser
import Foundation
import GestureData
import GestureTraining

/// `gesturelab eval detector [DETECTOR] --label L …`
struct EvalDetector: ParsableCommand, WritesOutputs, ChoosesDetector {
    static let configuration = CommandConfiguration(
        commandName: "detector",
        abstract: "Measure a detector's TPR and FPR on labelled samples (a registered detector, or the general shape detector for --label L).")

    @OptionGroup var which: DetectorChoiceOptions

    @Option(help: ArgumentHelp("A book preset (\(DetectorKind.allCases.flatMap { $0.bookPresets.map { $0.names.last ?? $0.name } }.joined(separator: " | "))) | default (templates/) | train | a thresholds FILE."))
    var thresholds: String = "default"

    @Option(help: "A model folder (`gesturelab train --out`): evaluate the detector thresholds trained into it (instead of --thresholds).")
    var model: String?

    @Option(name: .customLong("protocol"), help: "all | leave-one-subject-out.")
    var evaluationProtocol: DetectorEvaluator.EvaluationProtocol = .all

    @Option(help: "whole (decide on the whole stroke) | streaming (fired by the end, point by point).")
    var mode: DetectorEvaluator.Mode = .whole

    @Flag(help: "Add each sample's decision, score (for ROC curves) and measures (what the box compares), and the per-fold thresholds to the JSON.")
    var details = false

    @Flag(name: .customLong("device-shift"), help: ArgumentHelp(
        "Also measure TPR and FPR with the samples transformed as if from other devices (sampling rate, size, tilt, aspect, timing and sensor noise, resampling, a finger resting at the ends or once along the stroke; then a small stroke on a whole-pixel grid, a slow wobble and a flick at the lift), one transform at a time; each sample decided by the thresholds that decided it (with leave-one-subject-out, its fold's)."))
    var deviceShift = false

    @Flag(name: .customLong("negatives-only"), help: ArgumentHelp(
        "With fixed thresholds, score data that has no positives (check marks on another vocabulary): detections per label are then false positives per label."))
    var negativesOnly = false

    @Option(name: .customLong("redrawn-loops"), help: ArgumentHelp(
        "With given thresholds, also score each positive redrawn as one stroke going round 2…N times, every loop following the recorded circle's shape, a little larger or smaller and off-centre from loop to loop (subject loops-<k>): how the detector holds when people circle repeatedly, on any study's circles.",
        valueName: "N"))
    var redrawnLoops: Int = 0

    @Option(name: .customLong("loop-size-spread"), help: ArgumentHelp(
        "With --redrawn-loops: each loop's size differs from the one before by a log-normal factor of this spread (0…0.5; 0.08 is about 8 %). Giving any --loop-* option replaces the default loop-to-loop change (up to 10 % in size and 10 % of the radius in centre) by normal draws; the others default to no change.",
        valueName: "SIGMA"))
    var loopSizeSpread: Double?

    @Option(name: .customLong("loop-centre-step"), help: ArgumentHelp(
        "With --redrawn-loops: each loop's centre steps from the one before by a normal draw of this spread along each axis, in mean radii (0…1).",
        valueName: "D"))
    var loopCentreStep: Double?

    @Option(name: .customLong("loop-size-trend"), help: ArgumentHelp(
        "With --redrawn-loops: each loop is this many times the size of the one before on average (0.5…2; 0.92 shrinks 8 % a loop).",
        valueName: "FACTOR"))
    var loopSizeTrend: Double?

    /// The loop-to-loop change asked for by the `--loop-*` options, or `nil` for the default.
    var loopChange: LoopedCircles.LoopChange? {
        guard loopSizeSpread != nil || loopCentreStep != nil || loopSizeTrend != nil else { return nil }
        return LoopedCircles.LoopChange(sizeSpread: loopSizeSpread ?? 0, centreStep: loopCentreStep ?? 0, sizeTrend: loopSizeTrend ?? 1)
    }

    @OptionGroup var target: DetectorTargetOptions
    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var openWorld: OpenWorldOptions
    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if model != nil && thresholds != "default" { throw ValidationError("give --model or --thresholds, not both") }
        if thresholds.lowercased() != "train"
            && (target.targetFPR != nil || target.targetTPR != nil || target.augment > 0 || target.chooseSettings
                || target.loops > 0 || target.everyDevice || which.chooseDetector || target.heldOutDataset != nil || target.bag > 1) {
            throw ValidationError("--target-fpr/--target-tpr/--augment/--choose-settings/--loops/--every-device/--choose-detector/--held-out-dataset/--bag apply only with --thresholds train")
        }
        if redrawnLoops != 0 && !(2...20).contains(redrawnLoops) {
            throw ValidationError("--redrawn-loops must be between 2 and 20, got \(redrawnLoops)")
        }
        if loopChange != nil && redrawnLoops == 0 {
            throw ValidationError("--loop-size-spread/--loop-centre-step/--loop-size-trend apply only with --redrawn-loops N")
        }
        for (option, value, range) in [("--loop-size-spread", loopSizeSpread, LoopedCircles.LoopChange.sizeSpreadRange),
                                       ("--loop-centre-step", loopCentreStep, LoopedCircles.LoopChange.centreStepRange),
                                       ("--loop-size-trend", loopSizeTrend, LoopedCircles.LoopChange.sizeTrendRange)] {
            if let value, !range.contains(value) {
                throw ValidationError("\(option) must be within \(range.lowerBound)…\(range.upperBound), got \(value)")
            }
        }
        if redrawnLoops != 0 && thresholds.lowercased() == "train" {
            throw ValidationError("--redrawn-loops scores given thresholds (a file, a preset, default or --model), not --thresholds train")
        }
    }

    var outputPaths: [OutputPaths.Named] { named("--report", reportOptions.reportDirectory) }
    var inputPaths: [OutputPaths.Named] {
        // --thresholds names a file unless it is a preset, `train` or `default` (the shipped file).
        let file: String?
        switch thresholds.lowercased() {
        case "train": file = nil
        case "default": file = DetectorCLI.defaultThresholdsPath(detector)
        default: file = DetectorKind.allCases.contains { $0.preset(named: thresholds) != nil } ? nil : thresholds
        }
        return named("--dataset", dataset) + named("--model", model) + named("--thresholds", file)
            + openWorld.negatives.flatMap { named("--negatives", $0) } + named("--held-out-dataset", target.heldOutDataset)
    }

    func run() throws {
        try checkOutputPaths()
        let choice: DetectorEvaluator.Thresholds
        if let model {
            let loaded = try ModelCLI.load(model)
            if detector == .shape {
                guard let t = loaded.shapeDetectors[positiveLabel] else {
                    throw FileError(file: model, message: "the model holds no \(detector.rawValue) detector for '\(shownValue(positiveLabel))' (\(shownValue(GestureModel.shapeDetectorFile(positiveLabel))); train it with gesturelab train --shape-detector \(shownValue(positiveLabel)))")
                }
                choice = .fixed(t, name: "model \(model)")
            } else {
                guard let t = loaded.detectors[detector] else {
                    throw FileError(file: model, message: "the model holds no \(detector.rawValue) thresholds (\(GestureModel.detectorFile(detector)) is trained only when the training data has the detector's label)")
                }
                choice = .fixed(t, name: "model \(model)")
            }
        } else {
            choice = try DetectorCLI.thresholds(thresholds, kind: detector, target: target.target, seed: target.seed)
        }
        let loaded = try datasetOptions.load(dataset, console: output.console)
        var data = try openWorld.extended(loaded, positive: positiveLabel, seed: target.seed,
                                          loading: { try datasetOptions.load($0, everyDevice: true, console: output.console) })
        if redrawnLoops >= 2 {
            let redrawn = LoopedCircles.redrawn(loaded.samples, label: positiveLabel, loops: 2...redrawnLoops,
                                                seed: openWorld.everydaySeed ?? target.seed, change: loopChange)
            let positives = loaded.samples.filter { $0.label == positiveLabel }.count
            let kept = redrawn.count / (redrawnLoops - 1)
            output.console.err("note: \(kept) of \(positives) '\(shownValue(positiveLabel))' samples redrawn with 2…\(redrawnLoops) loops"
                + (kept < positives ? "; \(positives - kept) \(positives - kept == 1 ? "is" : "are") not one stroke going at least three quarters round" : ""))
            data = Dataset(data.samples + redrawn)
        }
        var settingsFrom: AnyDetectorThresholds?
        if case .fixed(let t, _) = choice { settingsFrom = t }
        let bar = ProgressBar(output: output)
        let m = DetectorMeasurements.measure(detector, dataset: data, settingsFrom: settingsFrom) {
            bar.update(stage: "measuring \(detector.rawValue) features", done: $0, total: $1)
        }
        // A report needs the per-sample scores; they reach the JSON only with --details.
        var e: DetectorEvaluation
        do {
            // Augmented copies train only; every fold is tested on the recorded samples.
            let extra = target.copies(detector, of: data, label: positiveLabel)
            var others = which.otherDetectors.map { target.measurements($0, of: data, label: positiveLabel) }
            // Thresholds of another detector that stand for this one (a check-mark file
            // trained with --choose-detector) decide by their own measures.
            if let t = settingsFrom, t.kind != detector {
                others.append((DetectorMeasurements.measure(t.kind, dataset: data, settingsFrom: t), nil))
            }
            // --bag K: the other draws of the generated data, measured as the first.
            let bagging = try target.bagSeeds.dropFirst().map { seed in
                let d = try openWorld.extended(loaded, positive: positiveLabel, seed: seed,
                                               loading: { try datasetOptions.load($0, everyDevice: true, console: output.console) })
                return DetectorEvaluator.BagMember(
                    measured: DetectorMeasurements.measure(detector, dataset: d),
                    extra: target.copies(detector, of: d, label: positiveLabel, seed: seed),
                    otherDetectors: which.otherDetectors.map {
                        let o = target.measurements($0, of: d, label: positiveLabel, seed: seed)
                        return (measured: o.recorded, extra: o.copies)
                    },
                    seed: seed)
            }
            e = try DetectorEvaluator.evaluate(m, positive: positiveLabel, thresholds: choice, protocol: evaluationProtocol,
                                               mode: mode, includeDetails: details || deviceShift || reportOptions.reportDirectory != nil,
                                               trainingExtra: extra, chooseSettings: target.chooseSettings,
                                               otherDetectors: others.map { ($0.recorded, $0.copies) },
                                               deviceShifts: target.choosingShifts(detector, label: positiveLabel),
                                               heldOut: try target.heldOut(label: positiveLabel) {
                                                   try datasetOptions.load($0, filtered: false, console: output.console)
                                               },
                                               bagging: bagging,
                                               allowMissingPositives: negativesOnly, trainer: target.trainer) {
                bar.update(stage: "evaluating", done: $0, total: $1)
            }
        } catch let error as DetectorTrainingError {
            // No positives / negatives, or a fold without them: name the dataset.
            if case .badThresholds = error { throw error }
            throw FileError(file: dataset, message: error.description)
        }
        bar.finish()
        let shifts = deviceShift ? DeviceShiftEvaluation.run(data, evaluation: e, seed: target.seed) : []
        var reportPath: String?
        if reportOptions.reportDirectory != nil {
            let report = EvaluationReport.detector(e, dataset: try DatasetSummary(data, path: dataset), seed: target.seed)
            reportPath = try reportOptions.write(report)
        }
        if !details {
            e.samples = nil
            e.foldThresholds = nil
        }
        switch output.format {
        case .json:
            if deviceShift {
                struct WithShifts: Encodable { var evaluation: DetectorEvaluation; var deviceShift: [DeviceShiftEvaluation.Row] }
                Console.out(try Console.json(WithShifts(evaluation: e, deviceShift: shifts)))
            } else {
                Console.out(try Console.json(e))
            }
        case .text:
            DetectorCLI.printText(e)
            if deviceShift {
                Console.out("device shift (each sample decided by the thresholds that decided it above):")
                let width = Swift.max(34, (shifts.map(\.transform.count).max() ?? 0) + 1)
                Console.out("  " + "transform".padding(toLength: width, withPad: " ", startingAt: 0) + "  TPR      FPR")
                for r in shifts {
                    // A rate with no samples (no positives, or no negatives) is shown as –, not 0 %.
                    let tpr = r.counts.positives > 0 ? String(format: "%6.1f%%", r.truePositiveRate * 100) : "     –"
                    let fpr = r.counts.negatives > 0 ? String(format: "%6.2f%%", r.falsePositiveRate * 100) : "     –"
                    Console.out("  " + r.transform.padding(toLength: width, withPad: " ", startingAt: 0) + tpr + "  " + fpr)
                }
            }
            if let reportPath { Console.out("report: \(reportPath)") }
        }
    }
}
