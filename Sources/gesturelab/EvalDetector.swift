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

    @Option(name: .customLong("protocol"), help: "all | leave-one-subject-out.")
    var evaluationProtocol: DetectorEvaluator.EvaluationProtocol = .all

    @Option(help: "whole (decide on the whole stroke) | streaming (fired by the end, point by point).")
    var mode: DetectorEvaluator.Mode = .whole

    @Flag(help: "Add each sample's decision and score (for ROC curves) and the per-fold thresholds to the JSON.")
    var details = false

    @OptionGroup var target: DetectorTargetOptions
    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if positive.isEmpty { throw ValidationError("--positive must name a label") }
        if thresholds.lowercased() != "train" && (target.targetFPR != nil || target.targetTPR != nil) {
            throw ValidationError("--target-fpr/--target-tpr apply only with --thresholds train")
        }
    }

    func run() throws {
        let choice = try DetectorCLI.thresholds(thresholds, kind: detector, target: target.target, seed: target.seed)
        let data = try DatasetLoader.load(dataset).excludingSubjects(datasetOptions.excludedSubjects)
        var settingsFrom: DetectorThresholds?
        if case .fixed(let t, _) = choice { settingsFrom = t }
        let m = DetectorMeasurements.measure(detector, dataset: data, settingsFrom: settingsFrom)
        let e: DetectorEvaluation
        do {
            e = try DetectorEvaluator.evaluate(m, positive: positive, thresholds: choice, protocol: evaluationProtocol,
                                               mode: mode, includeDetails: details)
        } catch let error as DetectorTrainingError {
            // No positives / negatives, or a fold without them: name the dataset.
            if case .badThresholds = error { throw error }
            throw FileError(file: dataset, message: error.description)
        }
        switch output.format {
        case .json: Console.out(try Console.json(e))
        case .text: DetectorCLI.printText(e)
        }
    }
}
