import ArgumentParser
import Foundation
import GestureData
import GestureMatching
import GestureDetectors
import GestureTraining

/// The main job: train on the $1 samples shipped in `templates/samples/`, test on other
/// subjects, and compare the book presets with the trained detectors.
struct Demo: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Train and evaluate on the shipped samples: book presets vs trained detectors, matcher accuracy and rejection.",
        discussion: """
        Splits the shipped samples by subject (the first half of the subjects, in numeric order, \
        train; the rest test), runs `gesturelab train` on the training half, and measures on the \
        test half: the model folder's detectors (\(DetectorKind.builtIn.map(\.rawValue).joined(separator: ", ")); \
        book preset and trained: TPR, FPR), the \
        matcher's accuracy, and both rejection rules (the learned verifier the model uses, and the \
        per-label thresholds baseline): acceptance of in-vocabulary samples and false-positive \
        rate on synthetic negatives. Writes the trained folder and the report under --out.
        """)

    @Option(help: "The samples to use (native .jsonl or any dataset path).")
    var samples = DemoData.samplesFile

    @Option(help: "Where to write the trained folder (OUT/model) and the report (OUT/report).")
    var out = "out/demo"

    @Option(help: "Templates per label (K).")
    var templatesPerClass = 5

    @OptionGroup var seedOption: SeedOption
    var seed: UInt64 { seedOption.seed }

    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Rebuild the shipped samples from the $1 logs at this path.", visibility: .hidden))
    var prepareData: String?

    func validate() throws {
        guard templatesPerClass >= 1 else { throw ValidationError("--templates-per-class must be at least 1") }
    }

    struct Output: Encodable {
        var samples, subjects: Int
        var summary: SubjectCrossValidation.Summary
        var model, report: String
        var seconds: Double
    }

    /// The trained folder and the report, both under --out.
    var outputPaths: [OutputPaths.Named] {
        let o = URL(fileURLWithPath: out)
        return named("--out", o.appendingPathComponent("model").path) + named("--out", o.appendingPathComponent("report").path)
    }
    var inputPaths: [OutputPaths.Named] { named("--samples", samples) }
    /// OUT/model is a model folder, OUT/report a report folder.
    func outputFolderKind(_ output: OutputPaths.Named) -> OutputFolder.Kind? {
        URL(fileURLWithPath: output.path).lastPathComponent == "model" ? .model : .report
    }

    func run() throws {
        if let prepareData {
            try DemoData.prepare(from: prepareData, root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            return
        }
        guard FileManager.default.fileExists(atPath: samples) else {
            throw ValidationError("\(samples) not found: run from the repository root (tools/demo does) or pass --samples PATH")
        }
        try checkOutputPaths()
        let start = Date()
        let data = try DatasetLoader.load(samples)
        guard data.subjects.count >= 2 else {
            throw ValidationError("\(samples): the demo tests on held-out subjects and needs at least two; found \(data.subjects.count)")
        }
        let settings = TrainingSettings(templatesPerClass: templatesPerClass, seed: seed)
        let bar = ProgressBar(output: output)
        let evaluation = try SubjectCrossValidation.run(data, source: samples, settings: settings, progress: bar.stageHandler)
        // The model shipped from the demo is trained on every subject.
        let result = try TrainingWorkflow.run(data, source: samples, settings: settings, progress: bar.stageHandler)
        bar.finish()

        let outURL = URL(fileURLWithPath: out)
        let modelURL = outURL.appendingPathComponent("model"), reportURL = outURL.appendingPathComponent("report")
        try OutputFolder.write(try result.files(), to: modelURL, kind: .model)
        try ReportWriter.write(evaluation.report, to: reportURL)
        let reportPath = reportURL.appendingPathComponent("report.md").path
        let seconds = Date().timeIntervalSince(start)

        switch output.format {
        case .json:
            Console.out(try Console.json(Output(samples: data.count, subjects: data.subjects.count, summary: evaluation.summary,
                                                model: modelURL.path, report: reportPath, seconds: seconds)))
        case .text:
            printTable(evaluation.summary, samples: data.count)
            Console.out("")
            Console.out("trained model (all subjects): \(modelURL.path)/")
            Console.out("report: \(reportPath) (plots beside it)")
            Console.out(String(format: "time: %.1f s", seconds))
        }
    }

    private func printTable(_ s: SubjectCrossValidation.Summary, samples: Int) {
        func pct(_ v: Double) -> String { String(format: "%5.1f%%", v * 100) }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        Console.out("GestureLab demo: \(samples) samples of the $1 logs (Wobbrock, Wilson, Li, UIST 2007), medium speed, seed \(seed)")
        Console.out("leave-one-subject-out: \(s.folds) folds; each trains on \(s.folds - 1) subjects and tests on the one left out")
        Console.out("")
        Console.out("\(pad("detector", 11))\(pad("thresholds", 27))   TPR     FPR   (positives / negatives)")
        for r in s.detectors {
            Console.out("\(pad(r.detector, 11))\(pad(r.thresholds, 27)) \(pct(r.truePositiveRate))  \(pct(r.falsePositiveRate))   (\(r.positives) / \(r.negatives))")
        }
        Console.out("")
        let t = { (v: Double) in pct(v).trimmingCharacters(in: .whitespaces) }
        Console.out("matcher    \(s.matcherAlgorithm), \(s.templatesPerClass) medoid templates per label: accuracy \(t(s.matcherAccuracy)) on \(s.recognitions) held-out samples")
        if let v = s.verifier {
            Console.out("rejection  learned verifier (the model's rule): accept \(t(v.acceptance)) of held-out in-vocabulary samples (accepted and correct); FPR \(t(v.falsePositiveRate)) on \(v.negatives) synthetic negatives (scribbles \(t(v.falsePositiveRateOnScribbles)), splices \(t(v.falsePositiveRateOnSplices)))")
        }
        Console.out("rejection  baseline per-label thresholds: accept \(t(s.rejectionAcceptance)) of held-out in-vocabulary samples; FPR \(t(s.rejectionFalsePositiveRate)) on \(s.rejectionNegatives) synthetic negatives (scribbles \(t(s.rejectionFalsePositiveRateOnScribbles)), splices \(t(s.rejectionFalsePositiveRateOnSplices)))")
        for n in s.notTrained { Console.out("note: in some fold, not trained: \(n)") }
    }
}
