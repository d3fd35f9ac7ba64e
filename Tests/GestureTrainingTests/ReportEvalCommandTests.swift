import Foundation
import GestureData
import GestureTestSupport
import Testing
@testable import GestureTraining

/// `--report DIR` on the evaluation commands, run as a user runs them.
struct ReportEvalCommandTests {
    @Test func evalDetectorWritesAReportWithTheBookPresetMarked() throws {
        let tmp = try TemporaryDirectory("report-eval")
        defer { tmp.remove() }
        try JSONLines.encode(WorkflowFixtures.samples(perLabel: 4)).write(to: tmp.url.appendingPathComponent("d.jsonl"))
        let args = ["eval", "detector", "checkmark", "--dataset", tmp.path("d.jsonl"), "--positive", "check",
                    "--thresholds", "train", "--report", tmp.path("report"), "--format", "json"]
        let r = try CLIRunner.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        // The printed JSON is unchanged by --report: no per-sample details without --details.
        #expect(!r.stdout.contains("\"samples\""))
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.path("report")).filter { $0 != OutputFolder.markerFile }.sorted()
        #expect(names == ["checkmark-roc.svg", "checkmark-scores.svg", "report.json", "report.md"])
        let roc = try String(contentsOf: tmp.url.appendingPathComponent("report/checkmark-roc.svg"), encoding: .utf8)
        #expect(roc.contains("book preset (CheckPlease)"))
        let report = try JSONDecoder().decode(EvaluationReport.self,
                                              from: Data(contentsOf: tmp.url.appendingPathComponent("report/report.json")))
        #expect(report.binary.first?.chosen.counts.positives == 12)
        #expect(report.binary.first?.roc.isEmpty == false)
        // Same arguments, same bytes.
        _ = try CLIRunner.run(args.map { $0 == tmp.path("report") ? tmp.path("report2") : $0 })
        for n in names {
            #expect(try Data(contentsOf: tmp.url.appendingPathComponent("report/\(n)"))
                    == Data(contentsOf: tmp.url.appendingPathComponent("report2/\(n)")), "\(n) differs")
        }
    }

    @Test func evalMatcherWritesConfusionAndAccuracyPlots() throws {
        let tmp = try TemporaryDirectory("report-eval")
        defer { tmp.remove() }
        try JSONLines.encode(WorkflowFixtures.samples(perLabel: 4)).write(to: tmp.url.appendingPathComponent("d.jsonl"))
        let r = try CLIRunner.run(["eval", "matcher", "--dataset", tmp.path("d.jsonl"), "--templates-per-class", "1,2",
                                   "--trials", "3", "--report", tmp.path("report")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("report: "))
        #expect(r.stderr.isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.path("report")).filter { $0 != OutputFolder.markerFile }.sorted()
        // One confusion per templates-per-class condition, never pooled; the accuracy curve once.
        #expect(names == ["matcher-T1-confusion.svg", "matcher-T2-confusion.svg", "matcher-accuracy.svg",
                          "report.json", "report.md"])
        let report = try JSONDecoder().decode(EvaluationReport.self,
                                              from: Data(contentsOf: tmp.url.appendingPathComponent("report/report.json")))
        #expect(report.classification.map(\.name) == ["matcher-T1", "matcher-T2"])
        // Each condition's confusion counts that condition's recognitions only: per trial one
        // candidate per label and subject, whatever T (3 trials × 3 labels × 3 subjects).
        let totals = report.classification.map(\.confusion.total)
        #expect(totals == [27, 27], "\(totals)")
        #expect(report.classification[0].accuracyByTemplates.map(\.templatesPerClass) == [1, 2])
        #expect(report.classification[0].accuracyByTemplates.allSatisfy { !$0.byLabel.isEmpty }, "per-label accuracy at each T")
        #expect(report.seed == 1)
    }
}
