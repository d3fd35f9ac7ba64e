import Foundation
import GestureData
import GestureTestSupport
import Testing
@testable import GestureTraining

/// `gesturelab train` and `gesturelab demo` run as a user runs them.
struct WorkflowTrainCommandTests {
    static let small = ["--templates-per-class", "2", "--scribbles", "40", "--splices", "40"]

    static func folder(_ samples: [Sample]) throws -> TemporaryDirectory {
        let tmp = try TemporaryDirectory("workflow-cli")
        try WorkflowFixtures.writeFolder(samples, to: tmp.url.appendingPathComponent("data"))
        return tmp
    }

    /// The folder's files, without the marker that says GestureLab wrote it.
    static func entries(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0 != ".gesturelab-output" }.sorted()
    }

    @Test func trainWithoutSubcommandWritesOneCompleteFolder() throws {
        let tmp = try Self.folder(WorkflowFixtures.samples(perLabel: 3))
        defer { tmp.remove() }
        let r = try CLIRunner.run(["train", "--dataset", tmp.path("data"), "--out", tmp.path("model")] + Self.small)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.entries(tmp.url.appendingPathComponent("model")) ==
                ["checkmark.json", "circle.json", "manifest.json", "rejection.json", "templates.json", "verifier.json"])
        #expect(r.stdout.contains("✓ templates"))
        // Not a terminal: no progress bar on stderr.
        #expect(r.stderr.isEmpty)
        #expect(Self.entries(tmp.url) == ["data", "model"])
    }

    @Test func unreadableFileStopsWithItsNameAndWritesNothing() throws {
        let tmp = try Self.folder(WorkflowFixtures.samples(perLabel: 2))
        defer { tmp.remove() }
        try Data("<Gesture Name=\"check01\"><Point X=\"abc\"".utf8).write(to: tmp.url.appendingPathComponent("data/s1/bad.xml"))
        let r = try CLIRunner.run(["train", "--dataset", tmp.path("data"), "--out", tmp.path("model")] + Self.small)
        #expect(r.status != 0)
        #expect(r.stderr.contains("bad.xml"))
        #expect(r.stderr.contains("--skip-invalid"))
        #expect(Self.entries(tmp.url) == ["data"])
    }

    @Test func skipUnreadableTrainsTheRestAndListsWhatWasSkipped() throws {
        let tmp = try Self.folder(WorkflowFixtures.samples(perLabel: 2))
        defer { tmp.remove() }
        try Data("not json".utf8).write(to: tmp.url.appendingPathComponent("data/s2/bad.json"))
        let r = try CLIRunner.run(["train", "--dataset", tmp.path("data"), "--out", tmp.path("model"), "--skip-invalid",
                                   "--format", "json"] + Self.small)
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try JSONDecoder().decode(TrainingManifest.self,
                                                from: Data(contentsOf: tmp.url.appendingPathComponent("model/manifest.json")))
        #expect(manifest.skippedFiles.count == 1)
        #expect(manifest.skippedFiles.first?.contains("bad.json") == true)
        #expect(r.stdout.contains("\"skippedFiles\""))
    }

    @Test func oneLabelSaysWhatWasNotTrained() throws {
        let tmp = try Self.folder(WorkflowFixtures.samples(labels: ["zigzag"], perLabel: 2))
        defer { tmp.remove() }
        let r = try CLIRunner.run(["train", "--dataset", tmp.path("data"), "--out", tmp.path("model")] + Self.small)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("not trained: checkmark detector"))
        #expect(r.stdout.contains("not trained: circle detector"))
        #expect(Self.entries(tmp.url.appendingPathComponent("model")) == ["manifest.json", "rejection.json", "templates.json", "verifier.json"])
    }

    @Test func oneSamplePerLabelTrains() throws {
        let tmp = try Self.folder(WorkflowFixtures.samples(subjects: ["s1"], perLabel: 1))
        defer { tmp.remove() }
        let r = try CLIRunner.run(["train", "--dataset", tmp.path("data"), "--out", tmp.path("model")] + Self.small)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("synthetic variant"))
    }

    @Test func emptyFolderIsAClearErrorAndWritesNothing() throws {
        let tmp = try TemporaryDirectory("workflow-cli")
        defer { tmp.remove() }
        try FileManager.default.createDirectory(at: tmp.url.appendingPathComponent("data"), withIntermediateDirectories: true)
        let r = try CLIRunner.run(["train", "--dataset", tmp.path("data"), "--out", tmp.path("model")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("no samples found"))
        #expect(Self.entries(tmp.url) == ["data"])
    }

    @Test func sameSeedWritesIdenticalReports() throws {
        let tmp = try Self.folder(WorkflowFixtures.samples(perLabel: 3))
        defer { tmp.remove() }
        for run in ["a", "b"] {
            let r = try CLIRunner.run(["train", "--dataset", tmp.path("data"), "--out", tmp.path("model-\(run)"),
                                       "--report", tmp.path("report-\(run)"), "--seed", "9"] + Self.small)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let names = Self.entries(tmp.url.appendingPathComponent("report-a"))
        #expect(names.contains("report.json") && names.contains("checkmark-roc.svg") && names.contains("matcher-confusion.svg"))
        #expect(names == Self.entries(tmp.url.appendingPathComponent("report-b")))
        for n in names {
            let a = try Data(contentsOf: tmp.url.appendingPathComponent("report-a/\(n)"))
            let b = try Data(contentsOf: tmp.url.appendingPathComponent("report-b/\(n)"))
            #expect(a == b, "\(n) differs between two runs with the same seed")
        }
        for n in Self.entries(tmp.url.appendingPathComponent("model-a")) {
            let a = try Data(contentsOf: tmp.url.appendingPathComponent("model-a/\(n)"))
            let b = try Data(contentsOf: tmp.url.appendingPathComponent("model-b/\(n)"))
            #expect(a == b, "\(n) differs between two runs with the same seed")
        }
    }

    @Test func demoPrintsTheComparisonTableAndTheReportPath() throws {
        let tmp = try TemporaryDirectory("workflow-demo")
        defer { tmp.remove() }
        let samples = WorkflowFixtures.samples(labels: ["check", "circle", "zigzag"], subjects: ["1", "2", "3"], perLabel: 3)
        try JSONLines.encode(samples).write(to: tmp.url.appendingPathComponent("demo.jsonl"))
        let r = try CLIRunner.run(["demo", "--samples", tmp.path("demo.jsonl"), "--out", tmp.path("out"),
                                   "--templates-per-class", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        for text in ["book preset (CheckPlease)", "book preset (Sadun)", "trained", "accuracy", "FPR", "report:"] {
            #expect(r.stdout.contains(text), "missing '\(text)' in:\n\(r.stdout)")
        }
        #expect(FileManager.default.fileExists(atPath: tmp.path("out/report/report.md")))
        #expect(FileManager.default.fileExists(atPath: tmp.path("out/report/checkmark-roc.svg")))
        #expect(FileManager.default.fileExists(atPath: tmp.path("out/model/templates.json")))
    }
}
