import ArgumentParser
import Foundation
import GestureData
import GestureTraining

struct EvalModel: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Score a trained model folder on separate data: accuracy, per-label precision / recall / F1, rejection, FPR on negatives, false activations per minute on sessions, each with a 95% interval; per input device when the data names devices.")

    @Option(help: "A model folder written by `gesturelab train --out`.")
    var model: String

    @Option(help: "Labelled test samples (a folder, sample file or .jsonl); samples of labels the model does not know count as negatives.")
    var dataset: String?

    @Option(help: "Gestures that must be rejected, reported by label: samples (a folder, sample file or .jsonl) or touch sessions (every touch's path one stroke).")
    var negatives: String?

    @Option(help: "A folder of everyday-use touch sessions (.jsonl), where every activation is a false one.")
    var sessions: String?

    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if dataset == nil && negatives == nil && sessions == nil {
            throw ValidationError("give --dataset, --negatives or --sessions")
        }
    }

    var outputPaths: [OutputPaths.Named] { named("--report", reportOptions.reportDirectory) }
    var inputPaths: [OutputPaths.Named] {
        named("--model", model) + named("--dataset", dataset) + named("--negatives", negatives) + named("--sessions", sessions)
    }

    func run() throws {
        try checkOutputPaths()
        let m = try ModelCLI.load(model)
        let test = try dataset.map { try datasetOptions.load($0, console: output.console) } ?? Dataset([])
        let negs = try negatives.map(MatcherCLI.loadNegatives) ?? []
        var sessionList: [(name: String, events: [TouchSessionEvent])] = []
        if let sessions {
            let files = (try? FileManager.default.subpathsOfDirectory(atPath: sessions)) ?? []
            for f in files.sorted() where f.hasSuffix(".jsonl") {
                let path = (sessions as NSString).appendingPathComponent(f)
                sessionList.append((f, try TouchSessionReader.read(path)))
            }
            if sessionList.isEmpty { throw FileError(file: sessions, message: "no .jsonl touch session in this folder") }
        }
        let report: ModelEvaluation.Report
        do {
            report = try ModelEvaluation.run(m, modelPath: model, test: test, negatives: negs, sessions: sessionList)
        } catch let e as ModelEvaluationError {
            throw FileError(file: dataset ?? negatives ?? sessions ?? model, message: "\(e)")
        }
        if dataset != nil && report.samples == 0 {
            throw FileError(file: dataset ?? "", message: "no sample of a label the model knows (\(shownValue(m.library.names.joined(separator: ", "), limit: 200))): accuracy cannot be measured")
        }
        let written = try reportOptions.write(EvaluationReport.model(report, seed: m.manifest.seed, dataset: try DatasetSummary(test, path: dataset ?? "")))
        try output.print(report) {
            func rate(_ r: ModelEvaluation.Rate) -> String {
                String(format: "%.2f%% (%d/%d, 95%% CI %.2f–%.2f%%)", r.value * 100, r.count, r.total, r.interval[0] * 100, r.interval[1] * 100)
            }
            Console.out("model \(model): \(report.matcher), rejection \(report.rejection)")
            if report.samples > 0 {
                Console.out("in-vocabulary samples: \(report.samples)")
                Console.out("  top-1 accuracy (before rejection): \(rate(report.topOneAccuracy))")
                Console.out("  accepted and correct:             \(rate(report.acceptedAndCorrect))")
                Console.out("  rejected:                         \(rate(report.rejectionRate))")
                Console.out("  accepted but wrong:               \(rate(report.acceptedWrong))")
                Console.out("label              precision   recall     F1")
                for (label, f) in report.perLabel.sorted(by: { $0.key < $1.key }) {
                    let p = f.precision.map { String(format: "%8.2f%%", $0.value * 100) } ?? "     n/a "
                    Console.out(label.padding(toLength: 18, withPad: " ", startingAt: 0) + p
                                + String(format: "  %7.2f%%  %6.3f", f.recall.value * 100, f.f1))
                }
            }
            for (source, r) in report.negatives.sorted(by: { $0.key < $1.key }) { Console.out("FPR on \(source): \(rate(r))") }
            if let devices = report.perDevice {
                // A rate with nothing to count is "–", not 0 %.
                func short(_ r: ModelEvaluation.Rate?) -> String { r.map { String(format: "%.2f%% (%d/%d)", $0.value * 100, $0.count, $0.total) } ?? "–" }
                Console.out("per device (accepted and correct, accepted but wrong, FPR on negatives and unknown labels):")
                for (d, f) in devices.sorted(by: { $0.key < $1.key }) {
                    Console.out("  \(d): \(short(f.acceptedAndCorrect)), \(short(f.acceptedWrong)), \(short(f.falsePositiveRate))")
                }
            }
            if let s = report.sessions {
                Console.out(String(format: "sessions: %d (%.1f min, %d strokes): %d false activations, %.2f per minute (95%% CI %.2f–%.2f)",
                                   s.sessions, s.minutes, s.strokes, s.activations, s.activationsPerMinute, s.perMinuteInterval[0], s.perMinuteInterval[1]))
            }
            if let written { Console.out("report: \(written)") }
        }
    }
}
