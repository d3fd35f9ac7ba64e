import ArgumentParser
import Foundation
import GestureData
import GestureMatching
import GestureTraining

struct EvalMatcher: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "matcher",
        abstract: "Evaluate a template matcher with the $1 paper's protocols, or the leave-one-label-out rejection study.",
        discussion: """
        user-dependent: for each subject and speed, T random templates per label and one other \
        sample per label tested, repeated --trials times (Wobbrock, Wilson, Li, UIST 2007). \
        user-independent: templates from the other subjects. leave-one-label-out: for each label X, \
        templates (first --templates-per-class value) of the other labels and thresholds keeping \
        --accept-fraction of in-vocabulary training samples, both from subjects other than the \
        tested one; reports the FPR on X's samples.
        """)

    enum ProtocolOption: String, ExpressibleByArgument {
        case userDependent = "user-dependent", userIndependent = "user-independent", leaveOneLabelOut = "leave-one-label-out"
        case newUser = "new-user"
    }

    @OptionGroup var datasetPath: DatasetPathOption
    var dataset: String { datasetPath.dataset }

    @Option(name: .customLong("protocol"), help: "user-dependent, user-independent, leave-one-label-out or new-user (one person, L labels, K examples each, `gesturelab train`'s defaults).")
    var evaluationProtocol: ProtocolOption = .userDependent

    @Option(name: .customLong("templates-per-class"), help: "Templates per class T, e.g. 1-9 or 1,3,5 (default 1-9; new-user: 1,3,5,10).")
    var templatesPerClassOption: String?

    var templatesPerClass: String { templatesPerClassOption ?? (evaluationProtocol == .newUser ? "1,3,5,10" : "1-9") }

    @Option(name: .customLong("labels-per-user"), help: "new-user: labels each user records (L), drawn per subject and seed.")
    var labelsPerUser = 4

    @Option(help: "new-user: seeds, one draw of labels and examples each, e.g. 1,2 (default: --seed).")
    var seeds: String?

    @Option(help: "new-user: out-of-vocabulary strokes that must be rejected, reported by label (samples or touch sessions).")
    var negatives: String?

    @Option(name: .customLong("synthetic-negatives"), help: "new-user: synthetic everyday strokes scored as their own FPR row (0 for none).")
    var syntheticNegatives = 400

    @Option(name: .customLong("subjects"), help: "new-user: only these subjects, e.g. s02,s03 (quick runs).")
    var onlySubjects: String?

    @Flag(name: .customLong("per-device"), help: "new-user: a subject's samples on each input device are a person of their own, who records and uses that device; the figures are also given per device.")
    var perDevice = false

    @Option(name: .customLong("prior"), help: "new-user: a rejection prior file (`gesturelab train prior --out`) used instead of the shipped one.")
    var priorFile: String?

    @Option(name: .customLong("train-dataset"), help: "Dataset-independent protocols: templates (or, for new-user, whatever is learned across people) from this dataset, scoring on --dataset (user-independent: any writer of it; user-dependent: the writer with the same subject id).")
    var trainDataset: String?

    @Option(help: "Repetitions per subject, speed and T.")
    var trials: Int = 100

    @OptionGroup var seedOption: SeedOption
    var seed: UInt64 { seedOption.seed }

    @Option(help: "Only this speed (slow, medium, fast); all speeds, reported apart, when absent.")
    var speed: String?

    @Option(name: .customLong("variant-rotations"), help: "Synthetic template variants: rotations in degrees, e.g. -10,10.")
    var variantRotations: String?

    @Option(name: .customLong("variant-stretches"), help: "Synthetic template variants: x stretch factors, e.g. 0.9,1.1.")
    var variantStretches: String?

    @Option(name: .customLong("accept-fraction"), help: "leave-one-label-out: in-vocabulary share the thresholds keep.")
    var acceptFraction: Double = 0.95

    @Option(help: "leave-one-label-out: verifier (the learned verifier beside per-label thresholds, at matched acceptance and at each one's trained operating point) or thresholds (per-label thresholds only).")
    var rejection: Rejection.Rule = .verifier

    @Option(help: "leave-one-label-out with the verifier: the acceptance its operating point is trained for on inner folds.")
    var accept: Double = 0.9

    @Flag(help: "Print progress to standard error.")
    var progress = false

    @Option(help: "A model folder (`gesturelab train --out`): evaluate its matcher settings (and, for leave-one-label-out, its verifier's matchers) under the protocol instead of --algorithm/--points/--rotation.")
    var model: String?

    @OptionGroup var matcher: MatcherOptions
    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    /// Most repetitions per subject, speed and T (the $1 paper used 100).
    static let maxTrials = 10_000

    func validate() throws {
        try matcher.checkAgainstTrainedChoice(console: output.console)
        _ = try MatcherCLI.parseIntList(templatesPerClass, name: "--templates-per-class")
        // Bounded: --trials 1000000000 ran without bound.
        guard (1...Self.maxTrials).contains(trials) else { throw ValidationError("--trials must be 1…\(Self.maxTrials), got \(trials)") }
        if !(acceptFraction > 0 && acceptFraction <= 1) { throw ValidationError("--accept-fraction must be in (0, 1]") }
        // Refused rather than ignored: the study learns only from the other subjects of --dataset.
        if evaluationProtocol == .leaveOneLabelOut, trainDataset != nil {
            throw ValidationError("--train-dataset does not apply to --protocol leave-one-label-out: its templates, thresholds and verifier come from the other subjects of --dataset")
        }
        if perDevice, evaluationProtocol != .newUser {
            throw ValidationError("--per-device applies to --protocol new-user; for one device of a study under \(evaluationProtocol.rawValue), give --device NAME")
        }
        if let speed, !["slow", "medium", "fast"].contains(speed) {
            throw ValidationError("--speed is slow, medium or fast, got '\(shownValue(speed))'")
        }
    }

    var outputPaths: [OutputPaths.Named] { named("--report", reportOptions.reportDirectory) }
    var inputPaths: [OutputPaths.Named] {
        named("--dataset", dataset) + named("--model", model) + named("--negatives", negatives) + named("--train-dataset", trainDataset) + named("--prior", priorFile)
    }

    func run() throws {
        try checkOutputPaths()
        if evaluationProtocol == .newUser { return try runNewUser() }
        let ts = try MatcherCLI.parseIntList(templatesPerClass, name: "--templates-per-class")
        let variants = TemplateVariants(
            rotationsDegrees: try variantRotations.map { try MatcherCLI.parseDoubleList($0, name: "--variant-rotations") } ?? [],
            stretchesX: try variantStretches.map { try MatcherCLI.parseDoubleList($0, name: "--variant-stretches") } ?? [])
        let loaded = try model.map(ModelCLI.load)
        let settings = try matcher.resolved(model: loaded, folder: model)
        let data = try datasetOptions.load(dataset, speed: speed, console: output.console)
        guard data.labels.count >= 2 else { throw FileError(file: dataset, message: "needs labelled samples of at least two labels") }
        if evaluationProtocol == .leaveOneLabelOut {
            // An empty protocol would print 0/0 as 0 %: say what is missing instead.
            guard data.labels.count >= 3 else {
                throw FileError(file: dataset, message: "leave-one-label-out needs samples of at least 3 labels (found \(data.labels.count)): leaving one out must leave a vocabulary of two")
            }
            guard data.subjects.count >= 2 else {
                throw FileError(file: dataset, message: "leave-one-label-out needs samples of at least 2 subjects (found \(data.subjects.count)): thresholds come from the other subjects")
            }
            if rejection == .verifier { return try study(data, primary: settings ?? .combined(.default), model: loaded) }
        }
        let options = MatcherProtocolOptions(templatesPerClass: ts, trials: trials, seed: seed, variants: variants)
        // --progress prints lines; otherwise a bar with an ETA when stderr is a terminal.
        let bar = ProgressBar("eval \(evaluationProtocol.rawValue)", output: output, lines: progress)
        let handler = bar.handler
        var summary: [String: SettingValue] = loaded == nil ? matcher.summary
            : ["algorithm": .string(settings?.algorithm.rawValue ?? "auto"), "matcher": .string(settings?.description ?? "auto")]
        if let model { summary["model"] = .string(model) }
        if let trainDataset { summary["trainDataset"] = .string(trainDataset) }
        let train = try trainDataset.map { try datasetOptions.load($0, speed: speed, console: output.console) }
        guard let settings else { return try evaluateAuto(data, train: train, options, handler, summary) }
        func run<M: TemplateMatcher>(_ type: M.Type) throws {
            try evaluate(type, settings.typed(for: type), data, train: train, options, handler, summary)
        }
        try run(settings.matcherType)
    }

    /// `--algorithm auto`: the matcher chosen per training draw on that draw alone.
    private func evaluateAuto(_ data: Dataset, train: Dataset?, _ options: MatcherProtocolOptions, _ handler: ProgressHandler?,
                              _ summary: [String: SettingValue]) throws {
        guard evaluationProtocol != .leaveOneLabelOut else {
            throw ValidationError("--protocol leave-one-label-out needs a fixed --algorithm (auto chooses per training draw of the accuracy protocols)")
        }
        let clock = ContinuousClock(), start = clock.now
        var report = MatcherEvaluation.auto(data, train: train, userDependent: evaluationProtocol == .userDependent, options: options, progress: handler)
        try finish(&report, data, summary, seconds: (clock.now - start).inSeconds)
    }

    /// Checks that something was measured, writes the report and prints it.
    private func finish(_ report: inout MatcherEvaluationReport, _ data: Dataset, _ summary: [String: SettingValue], seconds: Double) throws {
        guard report.recognitions > 0 else {
            // An empty report would read as "0 % accuracy"; say why nothing was measured.
            throw FileError(file: dataset, message: evaluationProtocol == .userDependent
                ? "no recognition was possible: user-dependent needs more than T samples of a label per subject and speed (T = \(templatesPerClass))"
                : "no recognition was possible: user-independent needs samples of at least two subjects, and at least T of a label among the others (T = \(templatesPerClass))")
        }
        for (k, v) in summary { report.settings[k] = v }
        if let speed { report.settings["speed"] = .string(speed) }
        let reportPath = try reportOptions.write(EvaluationReport.matcher(report, dataset: try DatasetSummary(data, path: dataset)))
        printReport(report, seconds: seconds)
        if output.format == .text {
            // Labels a T could not use are left out of that T's accuracy: say which and why.
            for line in EvaluationReport.matcherCoverage(report) { output.console.err("note: \(line)") }
            if let reportPath { Console.out("report: \(reportPath)") }
        }
    }

    private func evaluate<M: TemplateMatcher>(_ type: M.Type, _ settings: M.Settings, _ data: Dataset, train: Dataset?,
                                              _ options: MatcherProtocolOptions, _ handler: ProgressHandler?,
                                              _ summary: [String: SettingValue]) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let corpus = PreparedCorpus<M>(train.map { data.adding(training: $0) } ?? data, settings: settings, variants: options.variants)
        if corpus.skipped > 0 { output.console.err("note: \(corpus.skipped) samples without points or label were left out") }
        switch evaluationProtocol {
        case .newUser:
            return  // runNewUser() handles it before any matcher is prepared
        case .leaveOneLabelOut:
            let report = LeaveOneLabelOutStudy.run(corpus, settings: settings, templatesPerClass: options.templatesPerClass[0],
                                                   acceptFraction: acceptFraction, seed: seed, progress: handler)
            let reportPath = try reportOptions.write(EvaluationReport.leaveOneLabelOut(report, dataset: try DatasetSummary(data, path: dataset)))
            printStudy(report, seconds: (clock.now - start).inSeconds)
            if let reportPath, output.format == .text { Console.out("report: \(reportPath)") }
        case .userDependent, .userIndependent:
            var report = evaluationProtocol == .userDependent
                ? MatcherEvaluation.userDependent(corpus, settings: settings, options: options, progress: handler)
                : MatcherEvaluation.userIndependent(corpus, settings: settings, options: options, progress: handler)
            try finish(&report, data, summary, seconds: (clock.now - start).inSeconds)
        }
    }

    /// The verifier study: leave-one-label-out × leave-one-subject-out, both rejection methods.
    private func study(_ data: Dataset, primary: MatcherSettings, model: GestureModel?) throws -> Void {
        let clock = ContinuousClock(), start = clock.now
        var vs = VerifierSettings(templatesPerClass: try MatcherCLI.parseIntList(templatesPerClass, name: "--templates-per-class")[0],
                                  target: .acceptance(accept), seed: seed)
        if let v = model?.verifier {
            // The model's verifier decides from these matchers' distances: study the same.
            vs.matchers = v.matchers
            vs.descriptorPoints = v.descriptorPoints
        } else {
            vs.matchers = [primary] + vs.matchers.filter { $0 != primary }
        }
        let bar = ProgressBar(output: output, lines: progress)
        let report: RejectionStudy.Report
        do {
            report = try RejectionStudy.run(data, settings: RejectionStudy.Settings(verifier: vs), progress: bar.stageHandler)
        } catch let e as RejectionStudyError {
            bar.finish()
            throw FileError(file: dataset, message: "\(e)")
        }
        bar.finish()
        let reportPath = try reportOptions.write(EvaluationReport.rejectionStudy(report, dataset: try DatasetSummary(data, path: dataset)))
        try output.print(report) {
            printRejectionStudy(report, seconds: (clock.now - start).inSeconds)
            if let reportPath { Console.out("report: \(reportPath)") }
        }
    }

    private func printRejectionStudy(_ r: RejectionStudy.Report, seconds: Double) {
        Console.out("leave-one-label-out x leave-one-subject-out, \(r.folds) folds, \(r.templatesPerClass) medoid templates per label, seed \(r.seed) (\(String(format: "%.1f", seconds)) s)")
        Console.out("verifier: \(r.matchers.joined(separator: " + ")); operating point trained for \(r.target) on inner folds")
        Console.out("FPR on the left-out label at matched acceptance (accepted and correct), verifier | per-label thresholds; then each at its trained operating point (acceptance / FPR)")
        let levels = ["0.9", "0.925", "0.95"]
        Console.out("left out           recog.  " + levels.map { "@\($0)".padding(toLength: 16, withPad: " ", startingAt: 0) }.joined()
                    + "verifier trained   thresholds trained")
        func pct(_ v: Double?) -> String { v.map { String(format: "%5.1f%%", $0 * 100) } ?? "  n/a " }
        for row in r.rows + [r.mean] {
            var line = row.label.padding(toLength: 18, withPad: " ", startingAt: 0) + pct(row.recognizerAccuracy) + "  "
            for l in levels {
                line += (pct(row.verifier.falsePositiveRateAtAcceptance[l]) + " | " + pct(row.thresholds.falsePositiveRateAtAcceptance[l]))
                    .padding(toLength: 16, withPad: " ", startingAt: 0)
            }
            line += "\(pct(row.verifier.trainedAcceptance)) / \(pct(row.verifier.trainedFalsePositiveRate))   "
            line += "\(pct(row.thresholds.trainedAcceptance)) / \(pct(row.thresholds.trainedFalsePositiveRate))"
            Console.out(line)
        }
        if !r.worst.isEmpty { Console.out("left-out labels above 10% FPR at 90% acceptance (verifier): \(r.worst.joined(separator: ", "))") }
        let chosen = r.chosenConfigurations.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
        Console.out("verifier configuration chosen by inner cross-validation (folds): \(chosen.joined(separator: ", "))")
    }

    private func printReport(_ r: MatcherEvaluationReport, seconds: Double) {
        if output.format == .json {
            if let s = try? Console.json(r) { Console.out(s) }
            return
        }
        let settings = r.settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        Console.out("\(r.evaluationProtocol), \(settings); \(r.subjects.count) subjects, \(r.trials) trials, \(r.recognitions) recognitions, seed \(r.seed) (\(String(format: "%.1f", seconds)) s)")
        let speeds = r.accuracyBySpeed.keys.sorted()
        let header = "T    all     " + speeds.map { ($0.isEmpty ? "-" : $0).padding(toLength: 8, withPad: " ", startingAt: 0) }.joined()
        Console.out(header)
        for t in r.templatesPerClass {
            let k = String(t)
            var line = String(t).padding(toLength: 5, withPad: " ", startingAt: 0)
            // A T with no recognition (every label had ≤ T samples) is absent, not 0 %.
            func cell(_ a: Double?) -> String { a.map { String(format: "%6.2f%% ", $0 * 100) } ?? "    n/a " }
            line += cell(r.accuracy[k])
            for s in speeds { line += cell(r.accuracyBySpeed[s]?[k]) }
            Console.out(line)
        }
        let worst = r.perLabel.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(4).map { "\($0.key) \(MatcherCLI.percent($0.value))" }
        Console.out("hardest labels: " + worst.joined(separator: ", "))
        if r.templatesPerClass.contains(where: { r.accuracy[String($0)] == nil }) {
            Console.out("n/a: no label had more than T samples to draw T templates and a test sample from")
        }
    }

    private func printStudy(_ r: LeaveOneLabelOutStudy.Report, seconds: Double) {
        if output.format == .json {
            if let s = try? Console.json(r) { Console.out(s) }
            return
        }
        Console.out("leave-one-label-out, \(r.algorithm), \(r.templatesPerClass) templates per class, thresholds keep \(MatcherCLI.percent(r.acceptFraction)) of training positives, seed \(r.seed) (\(String(format: "%.1f", seconds)) s)")
        Console.out("left out            FPR      (FP/n)      in-vocab accepted  in-vocab correct   FPR at test calibration (in-vocab accepted)")
        for row in r.rows {
            Console.out(row.label.padding(toLength: 18, withPad: " ", startingAt: 0)
                + String(format: " %6.2f%%  ", row.falsePositiveRate * 100)
                + "(\(row.falsePositives)/\(row.negatives))".padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(format: "  %8.2f%%           %8.2f%%", row.inVocabularyAccepted * 100, row.inVocabularyCorrect * 100)
                + String(format: "          %6.2f%% (%.2f%%)", row.falsePositiveRateAtTestCalibration * 100,
                         row.inVocabularyAcceptedAtTestCalibration * 100))
        }
        Console.out(String(format: "mean               %6.2f%%               %8.2f%%                               %6.2f%%",
                           r.meanFalsePositiveRate * 100, r.meanInVocabularyAccepted * 100,
                           r.meanFalsePositiveRateAtTestCalibration * 100))
        Console.out("(FPR: thresholds from the other subjects; at test calibration: thresholds keeping \(MatcherCLI.percent(r.acceptFraction)) of the tested subject's in-vocabulary samples)")
    }
}
