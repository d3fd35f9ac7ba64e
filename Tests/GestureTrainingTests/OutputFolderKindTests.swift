import Foundation
import GestureData
import GestureTestSupport
import Testing
@testable import GestureTraining

/// An output replaces only a folder of its own kind that holds nothing else: a report once
/// replaced the model folder it was evaluating, and a model replaced a folder of the
/// user's files because it held a `report.json` of a GestureLab format.
struct OutputFolderKindTests {
    static let modelFiles: [String: Data] = [
        "manifest.json": Data(#"{"format": "gesturelab.model/1", "files": {"templates.json": "0"}}"#.utf8),
        "templates.json": Data("{}".utf8),
    ]

    static func contents(_ dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            out[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return out
    }

    @Test func theMarkerRecordsTheKind() throws {
        let tmp = try TemporaryDirectory("output-kind")
        defer { tmp.remove() }
        let model = tmp.url.appendingPathComponent("model")
        try OutputFolder.write(Self.modelFiles, to: model, kind: .model)
        let marker = try JSONSerialization.jsonObject(with: Data(contentsOf: model.appendingPathComponent(OutputFolder.markerFile))) as? [String: Any]
        #expect(marker?["kind"] as? String == "model")
        #expect(marker?["files"] as? [String] == ["manifest.json", "templates.json"])
        // The same kind replaces it.
        try OutputFolder.write(Self.modelFiles.merging(["rejection.json": Data("{}".utf8)]) { a, _ in a }, to: model, kind: .model)
        #expect(FileManager.default.fileExists(atPath: model.appendingPathComponent("rejection.json").path))
    }

    @Test func aReportNeverReplacesAModelFolder() throws {
        let tmp = try TemporaryDirectory("output-kind")
        defer { tmp.remove() }
        let model = tmp.url.appendingPathComponent("model")
        try OutputFolder.write(Self.modelFiles, to: model, kind: .model)
        let before = try Self.contents(model)
        do {
            try ReportWriter.write(ReportWriterTests.sampleReport(seed: 1), to: model)
            Issue.record("a report replaced a model folder")
        } catch {
            #expect("\(error)".contains("model folder") && "\(error)".contains("report"), "\(error)")
        }
        #expect(try Self.contents(model) == before)
        // Nor does a model replace a report.
        let report = tmp.url.appendingPathComponent("report")
        try ReportWriter.write(ReportWriterTests.sampleReport(seed: 1), to: report)
        #expect(throws: GestureDataError.self) { try OutputFolder.write(Self.modelFiles, to: report, kind: .model) }
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("report.json").path))
    }

    /// A folder written before markers, holding a `report.json` of a GestureLab format
    /// beside the user's own `.json` and `.md` files: nothing in it may be deleted.
    @Test func aLegacyReportBesideOtherFilesIsNeverReplaced() throws {
        let tmp = try TemporaryDirectory("output-kind")
        defer { tmp.remove() }
        let f = tmp.url.appendingPathComponent("F")
        try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true)
        try Data(#"{"format": "gesturelab.report/1"}"#.utf8).write(to: f.appendingPathComponent("report.json"))
        try Data(#"{"mine": true}"#.utf8).write(to: f.appendingPathComponent("precious.json"))
        try Data("# notes".utf8).write(to: f.appendingPathComponent("notes.md"))
        let before = try Self.contents(f)
        #expect(throws: GestureDataError.self) { try OutputFolder.write(Self.modelFiles, to: f, kind: .model) }
        #expect(throws: GestureDataError.self) { try ReportWriter.write(ReportWriterTests.sampleReport(seed: 1), to: f) }
        #expect(try Self.contents(f) == before)
        // Even a real report's files beside one more file of the user's.
        let g = tmp.url.appendingPathComponent("G")
        try FileManager.default.createDirectory(at: g, withIntermediateDirectories: true)
        for (name, data) in try ReportWriter.files(for: ReportWriterTests.sampleReport(seed: 1)) {
            try data.write(to: g.appendingPathComponent(name))
        }
        try Data("{}".utf8).write(to: g.appendingPathComponent("precious.json"))
        #expect(throws: GestureDataError.self) { try ReportWriter.write(ReportWriterTests.sampleReport(seed: 2), to: g) }
        #expect(FileManager.default.fileExists(atPath: g.appendingPathComponent("precious.json").path))
    }

    /// A folder written before markers that holds exactly one output's own files is still
    /// replaced by an output of that kind.
    @Test func aLegacyFolderOfExactlyItsOwnFilesIsReplacedByItsKind() throws {
        let tmp = try TemporaryDirectory("output-kind")
        defer { tmp.remove() }
        let report = tmp.url.appendingPathComponent("report")
        try ReportWriter.write(ReportWriterTests.sampleReport(seed: 1), to: report)
        try FileManager.default.removeItem(at: report.appendingPathComponent(OutputFolder.markerFile))
        #expect(throws: GestureDataError.self) { try OutputFolder.write(Self.modelFiles, to: report, kind: .model) }
        try ReportWriter.write(ReportWriterTests.sampleReport(seed: 2), to: report)
        let model = tmp.url.appendingPathComponent("model")
        try OutputFolder.write(Self.modelFiles, to: model, kind: .model)
        try FileManager.default.removeItem(at: model.appendingPathComponent(OutputFolder.markerFile))
        #expect(throws: GestureDataError.self) { try ReportWriter.write(ReportWriterTests.sampleReport(seed: 1), to: model) }
        try OutputFolder.write(Self.modelFiles, to: model, kind: .model)
        // A manifest listing a file no model holds licenses nothing.
        try FileManager.default.removeItem(at: model.appendingPathComponent(OutputFolder.markerFile))
        try Data(#"{"format": "gesturelab.model/1", "files": {"templates.json": "0", "thesis.txt": "0"}}"#.utf8)
            .write(to: model.appendingPathComponent("manifest.json"))
        try Data("mine".utf8).write(to: model.appendingPathComponent("thesis.txt"))
        #expect(throws: GestureDataError.self) { try OutputFolder.write(Self.modelFiles, to: model, kind: .model) }
        #expect(FileManager.default.fileExists(atPath: model.appendingPathComponent("thesis.txt").path))
    }

    /// Markers written before they named the kind: the kind is that of the files listed.
    @Test func aFirstVersionMarkerIsOfTheKindOfItsFiles() throws {
        let tmp = try TemporaryDirectory("output-kind")
        defer { tmp.remove() }
        let model = tmp.url.appendingPathComponent("model")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        for (name, data) in Self.modelFiles { try data.write(to: model.appendingPathComponent(name)) }
        try Data(#"{"files": ["manifest.json", "templates.json"], "format": "gesturelab.output/1"}"#.utf8)
            .write(to: model.appendingPathComponent(OutputFolder.markerFile))
        #expect(throws: GestureDataError.self) { try ReportWriter.write(ReportWriterTests.sampleReport(seed: 1), to: model) }
        #expect(FileManager.default.fileExists(atPath: model.appendingPathComponent("templates.json").path))
        try OutputFolder.write(Self.modelFiles, to: model, kind: .model)
        // A first-version marker listing files that make no known output licenses nothing.
        let other = tmp.url.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: other.appendingPathComponent("precious.json"))
        try Data(#"{"files": ["precious.json"], "format": "gesturelab.output/1"}"#.utf8)
            .write(to: other.appendingPathComponent(OutputFolder.markerFile))
        #expect(throws: GestureDataError.self) { try OutputFolder.write(Self.modelFiles, to: other, kind: .model) }
        #expect(FileManager.default.fileExists(atPath: other.appendingPathComponent("precious.json").path))
    }

    /// Files in subfolders count: a listed nested file is the output's, another is not.
    @Test func nestedFilesAreCheckedOneByOne() throws {
        let tmp = try TemporaryDirectory("output-kind")
        defer { tmp.remove() }
        let out = tmp.url.appendingPathComponent("out")
        try OutputFolder.write(["a.json": Data("1".utf8), "sub/b.txt": Data("2".utf8)], to: out, kind: .files)
        try OutputFolder.write(["a.json": Data("3".utf8), "sub/b.txt": Data("4".utf8)], to: out, kind: .files)
        try Data("mine".utf8).write(to: out.appendingPathComponent("sub/mine.txt"))
        #expect(throws: GestureDataError.self) { try OutputFolder.write(["a.json": Data()], to: out, kind: .files) }
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("sub/mine.txt").path))
    }
}

/// An output of a command is never one of its inputs, never holds one and never lies
/// inside one; two outputs never overlap.
struct OutputPathsTests {
    @Test func overlapsAreRefusedNamingBothOptions() throws {
        let tmp = try TemporaryDirectory("output-paths")
        defer { tmp.remove() }
        let model = tmp.path("model")
        try FileManager.default.createDirectory(atPath: model, withIntermediateDirectories: true)
        try Data("d".utf8).write(to: tmp.url.appendingPathComponent("d.jsonl"))
        let cases: [(out: String, input: String, relation: OutputPaths.Relation)] = [
            (model, model, .same),
            (model + "/", model, .same),
            (tmp.path("x/../model"), model, .same),
            (model + "/report", model, .inside),
            (tmp.path(""), model, .contains),
            (tmp.path(""), tmp.path("d.jsonl"), .contains),
            (tmp.path("d.jsonl"), tmp.path("d.jsonl"), .same),
        ]
        for c in cases {
            do {
                try OutputPaths.check(outputs: [.init("--report", c.out)], inputs: [.init("--dataset", tmp.path("d.jsonl")), .init("--model", c.input)])
                Issue.record("\(c) was allowed")
            } catch let e as OutputPathsError {
                #expect(e.relation == c.relation, "\(c): \(e)")
                #expect(e.description.contains("--report") && e.description.contains(e.input.option), "\(e)")
            }
        }
        // Separate paths pass; so does an output file inside an input folder when allowed.
        try OutputPaths.check(outputs: [.init("--report", tmp.path("report"))], inputs: [.init("--model", model)])
        try OutputPaths.check(outputs: [.init("--to", model + "/all.jsonl")], inputs: [.init("PATH", model)], outputsMayLieInInputs: true)
        // Standard input is no path.
        try OutputPaths.check(outputs: [.init("--out", "-x")], inputs: [.init("--dataset", "-")])
    }

    @Test func linksAndOutputPairsAreSeenThrough() throws {
        let tmp = try TemporaryDirectory("output-paths")
        defer { tmp.remove() }
        let model = tmp.path("model")
        try FileManager.default.createDirectory(atPath: model, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tmp.path("link"), withDestinationPath: model)
        #expect(throws: OutputPathsError.self) {
            try OutputPaths.check(outputs: [.init("--report", tmp.path("link"))], inputs: [.init("--model", model)])
        }
        #expect(throws: OutputPathsError.self) {
            try OutputPaths.check(outputs: [.init("--report", tmp.path("link/r"))], inputs: [.init("--model", model)])
        }
        try Data("t".utf8).write(to: tmp.url.appendingPathComponent("t.json"))
        try FileManager.default.linkItem(atPath: tmp.path("t.json"), toPath: tmp.path("hard.json"))
        #expect(throws: OutputPathsError.self) {
            try OutputPaths.check(outputs: [.init("--out", tmp.path("hard.json"))], inputs: [.init("--templates", tmp.path("t.json"))])
        }
        do {
            try OutputPaths.check(outputs: [.init("--out", tmp.path("m")), .init("--report", tmp.path("m"))], inputs: [])
            Issue.record("two outputs at one path were allowed")
        } catch let e as OutputPathsError {
            #expect(e.bothOutputs && e.description.contains("--out") && e.description.contains("--report"), "\(e)")
        }
    }
}
