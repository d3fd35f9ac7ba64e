import ArgumentParser
import Foundation
import GestureData
import GestureGeometry
import GestureTraining

/// `gesturelab eval matcher --protocol new-user`: the everyday case, one person with a few
/// examples of a few gestures, trained with `gesturelab train`'s own defaults.
extension EvalMatcher {
    /// `gesturelab train`'s settings with every option at its default: parsed from the
    /// command itself, so the protocol trains exactly what a user's `train` run would.
    static func trainDefaults() throws -> TrainingSettings {
        try TrainAll.parse(["--dataset", "unused", "--out", "unused"]).settings
    }

    /// A sample's identity for the overlap check: label, subject and its points.
    static func sampleKey(_ s: Sample) -> String {
        let pts = s.gesture.strokes.flatMap(\.points)
        return "\(s.label ?? "")|\(s.subject ?? "")|\(pts.count)|\(pts.prefix(4).map { "\($0.x),\($0.y)" }.joined(separator: ";"))"
    }

    func runNewUser() throws {
        let ks = try MatcherCLI.parseIntList(templatesPerClass, name: "--templates-per-class")
        guard labelsPerUser >= 1 else { throw ValidationError("--labels-per-user must be at least 1, got \(labelsPerUser)") }
        guard syntheticNegatives >= 0 else { throw ValidationError("--synthetic-negatives must be >= 0") }
        let seedList: [UInt64] = try seeds.map { text in
            try text.split(separator: ",").map { part -> UInt64 in
                guard let v = UInt64(part.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("--seeds: '\(shownValue(String(part)))' is not a seed (e.g. 1,2)")
                }
                return v
            }
        } ?? [seed]
        guard !seedList.isEmpty else { throw ValidationError("--seeds: give at least one seed, e.g. 1,2") }
        let data = try datasetOptions.load(dataset, speed: speed, console: output.console)
        if perDevice && data.countsByDevice.isEmpty {
            throw FileError(file: dataset, message: "--per-device: its samples name no input device (a native sample's meta.device, a collection file's key under paths, a multistroke log's InputType)")
        }
        let negativeSamples = try negatives.map(MatcherCLI.loadNegatives) ?? []
        var training = try Self.trainDefaults()
        var extra: [String: SettingValue] = [:]
        if let trainDataset {
            // Whatever the model learns across people comes from here, never from the people scored.
            let paths = trainDataset.split(separator: ",").map(String.init)
            let scored = Set(data.samples.map(Self.sampleKey))
            let prior = try TrainPrior.prior(paths: paths, negatives: [], version: "learned from \(paths.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))",
                                             seed: seed, load: { path in
                let people = try datasetOptions.load(path, everyDevice: true, console: output.console)
                let overlap = people.samples.filter { scored.contains(Self.sampleKey($0)) }.count
                if overlap > 0 {
                    throw FileError(file: path, message: "shares \(overlap) sample(s) with --dataset: the people scored must not train what is learned across people")
                }
                return people
            })
            extra["trainDataset"] = .string(trainDataset)
            training.prior = prior
        }
        if let priorFile {
            guard trainDataset == nil else { throw ValidationError("give --prior or --train-dataset, not both") }
            do {
                training.prior = try RejectionPrior.decode(try Data(contentsOf: URL(fileURLWithPath: priorFile)))
            } catch {
                throw FileError(file: priorFile, message: "not a rejection prior: \(error)")
            }
            extra["prior"] = .string("\(priorFile) (\(training.prior?.version ?? ""); \(training.prior?.provenance ?? ""))")
        }
        var synthetic: [Sample] = []
        if syntheticNegatives > 0 {
            synthetic = OpenWorld.synthetic(count: syntheticNegatives, seed: 0x5EED_0E7E)
        }
        let settings = NewUserStudy.Settings(labelsPerUser: labelsPerUser, templatesPerClass: ks, seeds: seedList, training: training,
                                             subjects: onlySubjects.map { $0.split(separator: ",").map(String.init) }, perDevice: perDevice)
        let clock = ContinuousClock(), start = clock.now
        let bar = ProgressBar("eval new-user", output: output, lines: progress)
        let handler = bar.handler
        let report: NewUserStudy.Report
        do {
            report = try NewUserStudy.run(data, negatives: negativeSamples, synthetic: synthetic, settings: settings, progress: handler)
        } catch let e as NewUserStudy.StudyError {
            throw FileError(file: dataset, message: "\(e)")
        }
        bar.finish()
        if let negatives { extra["negatives"] = .string(negatives) }
        extra["syntheticNegatives"] = SettingValue(syntheticNegatives)
        if let dir = reportOptions.reportDirectory {
            let files = try report.files(dataset: try DatasetSummary(data, path: dataset), seed: seedList[0], settings: extra)
            try OutputFolder.write(files, to: URL(fileURLWithPath: dir), kind: .report)
        }
        if output.format == .json {
            Console.out(try Console.json(report))
            return
        }
        let elapsed = clock.now - start
        let secs = elapsed.inSeconds
        Console.out("new-user: \(report.subjects.count) \(perDevice ? "people (a subject on one device)" : "subjects"), \(labelsPerUser) labels each, seeds \(seedList.map(String.init).joined(separator: ",")), `gesturelab train` defaults\(trainDataset.map { ", learned across people from \($0)" } ?? "")\(training.prior.map { ", prior '\($0.version)'" } ?? "") (\(String(format: "%.1f", secs)) s)")
        func pct(_ r: NewUserStudy.Rate?) -> String {
            guard let r, r.total > 0 else { return "     n/a      " }
            return String(format: "%5.1f%% [%4.1f–%4.1f]", r.value * 100, r.interval[0] * 100, r.interval[1] * 100)
        }
        func table(_ rows: [NewUserStudy.Row], indent: String = "") {
            Console.out(indent + "K    models  accepted+correct      rejected              accepted-wrong        FPR other gestures    FPR negatives")
            for r in rows {
                Console.out(indent + String(r.templatesPerClass).padding(toLength: 5, withPad: " ", startingAt: 0)
                            + String(r.models).padding(toLength: 8, withPad: " ", startingAt: 0)
                            + [r.acceptedAndCorrect, r.rejected, r.acceptedWrong, r.otherGestures].map { pct($0) + "  " }.joined()
                            + pct(r.negativesOverall))
            }
        }
        table(report.rows)
        for (d, rows) in (report.perDevice ?? [:]).sorted(by: { $0.key < $1.key }) {
            Console.out("on \(d):")
            table(rows, indent: "  ")
        }
        let sources = Array(Set(report.rows.flatMap(\.negatives.keys))).sorted()
        if !sources.isEmpty {
            Console.out("FPR by source: " + report.rows.map { "K=\($0.templatesPerClass)" }.joined(separator: " | "))
            for s in sources {
                Console.out("  \(s): " + report.rows.map { r in r.negatives[s].map { String(format: "%.2f%% (%d/%d)", $0.value * 100, $0.count, $0.total) } ?? "n/a" }.joined(separator: " | "))
            }
        }
        for r in report.rows where !r.topFalseAccepts.isEmpty {
            Console.out("K=\(r.templatesPerClass) other gestures accepted most: " + r.topFalseAccepts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                        + "; rules: " + r.rules.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            if let pairs = r.topFalseAcceptPairs, !pairs.isEmpty {
                Console.out("K=\(r.templatesPerClass) taken as the user's label: " + pairs.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
        }
        for n in report.notes { Console.out("note: \(n)") }
        if let dir = reportOptions.reportDirectory { Console.out("report: \(dir)/report.md, \(dir)/new-user.svg") }
    }
}
