import ArgumentParser
import Foundation
import GestureData
import GestureTraining

/// `gesturelab eval detector checkmark|circle …`
struct EvalDetector: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detector",
        abstract: "Measure a check-mark or circle detector's TPR and FPR on labelled samples.")

    @Argument(help: "checkmark or circle.")
    var detector: DetectorKind

    @Option(help: "A dataset folder, sample file or .jsonl dataset.")
    var dataset: String

    @Option(help: "The label of the positive samples; all others are negatives.")
    var positive: String

    @Option(help: "checkplease | sadun | sadun-no-inflections | sadun-shape-only | default (templates/) | train | a thresholds FILE.")
    var thresholds: String = "default"

    @Option(help: "A model folder (`gesturelab train --out`): evaluate the detector thresholds trained into it (instead of --thresholds).")
    var model: String?

    @Option(name: .customLong("protocol"), help: "all | leave-one-subject-out.")
    var evaluationProtocol: DetectorEvaluator.EvaluationProtocol = .all

    @Option(help: "whole (decide on the whole stroke) | streaming (fired by the end, point by point).")
    var mode: DetectorEvaluator.Mode = .whole

    @Flag(help: "Add each sample's decision and score (for ROC curves) and the per-fold thresholds to the JSON.")
    var details = false

    @OptionGroup var target: DetectorTargetOptions
    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if positive.isEmpty { throw ValidationError("--positive must name a label") }
        if model != nil && thresholds != "default" { throw ValidationError("give --model or --thresholds, not both") }
        if thresholds.lowercased() != "train" && (target.targetFPR != nil || target.targetTPR != nil) {
            throw ValidationError("--target-fpr/--target-tpr apply only with --thresholds train")
        }
    }

    func run() throws {
        let choice: DetectorEvaluator.Thresholds
        if let model {
            guard let t = try ModelCLI.load(model).detectors[detector] else {
                throw FileError(file: model, message: "the model holds no \(detector.rawValue) thresholds (\(GestureModel.detectorFile(detector)) is trained only when the training data has the detector's label)")
            }
            choice = .fixed(t, name: "model \(model)")
        } else {
            choice = try DetectorCLI.thresholds(thresholds, kind: detector, target: target.target, seed: target.seed)
        }
        let data = try datasetOptions.load(dataset)
        var settingsFrom: DetectorThresholds?
        if case .fixed(let t, _) = choice { settingsFrom = t }
        let bar = StageProgressBar(format: output.format)
        let m = DetectorMeasurements.measure(detector, dataset: data, settingsFrom: settingsFrom) {
            bar.update(stage: "measuring \(detector.rawValue) features", done: $0, total: $1)
        }
        // A report needs the per-sample scores; they reach the JSON only with --details.
        var e: DetectorEvaluation
        do {
            e = try DetectorEvaluator.evaluate(m, positive: positive, thresholds: choice, protocol: evaluationProtocol,
                                               mode: mode, includeDetails: details || reportOptions.reportDirectory != nil) {
                bar.update(stage: "evaluating", done: $0, total: $1)
            }
        } catch let error as DetectorTrainingError {
            // No positives / negatives, or a fold without them: name the dataset.
            if case .badThresholds = error { throw error }
            throw FileError(file: dataset, message: error.description)
        }
        bar.finish()
        var reportPath: String?
        if reportOptions.reportDirectory != nil {
            let report = EvaluationReport.detector(e, dataset: try DatasetSummary(data, path: dataset), book: bookComparison(m),
                                                   seed: target.seed)
            reportPath = try reportOptions.write(report)
        }
        if !details {
            e.samples = nil
            e.foldThresholds = nil
        }
        switch output.format {
        case .json: Console.out(try Console.json(e))
        case .text:
            DetectorCLI.printText(e)
            if let reportPath { Console.out("report: \(reportPath)") }
        }
    }

    /// The book's rule on the same samples and mode, to mark beside the evaluated
    /// thresholds in a report; `nil` when a book rule is what is being evaluated.
    private func bookComparison(_ m: DetectorMeasurements) -> NamedOperatingPoint? {
        let books = ["checkplease", "sadun", "sadun-no-inflections", "sadun-shape-only"]
        guard !books.contains(thresholds.lowercased()) else { return nil }
        let preset = DetectorTally.bookPreset(detector)
        var counts = BinaryCounts()
        for i in 0..<m.count {
            let fired = mode == .streaming ? m.streamFires(preset.thresholds, at: i) : m.accepts(preset.thresholds, at: i)
            counts.record(isPositive: m.labels[i] == positive, accepted: fired)
        }
        return NamedOperatingPoint(name: preset.name, threshold: nil, counts: counts)
    }
}
