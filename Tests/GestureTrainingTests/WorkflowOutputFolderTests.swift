import Foundation
import GestureData
import GestureGeometry
import GestureTestSupport
import Testing
@testable import GestureTraining

struct WorkflowOutputFolderTests {
    @Test func writesNestedFilesAtOnce() throws {
        let tmp = try TemporaryDirectory("output-folder")
        defer { tmp.remove() }
        let out = tmp.url.appendingPathComponent("out")
        try OutputFolder.write(["a.json": Data("1".utf8), "sub/b.txt": Data("2".utf8)], to: out)
        #expect(try String(contentsOf: out.appendingPathComponent("sub/b.txt"), encoding: .utf8) == "2")
    }

    @Test func badNameLeavesNothingBehind() throws {
        let tmp = try TemporaryDirectory("output-folder")
        defer { tmp.remove() }
        let out = tmp.url.appendingPathComponent("out")
        #expect(throws: GestureDataError.self) {
            try OutputFolder.write(["ok.txt": Data(), "../escape.txt": Data()], to: out)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.url.path).isEmpty)
    }

    @Test func existingFileAtDestinationIsAnErrorAndKept() throws {
        let tmp = try TemporaryDirectory("output-folder")
        defer { tmp.remove() }
        let out = tmp.url.appendingPathComponent("out")
        try Data("keep".utf8).write(to: out)
        #expect(throws: GestureDataError.self) { try OutputFolder.write(["a": Data()], to: out) }
        #expect(try String(contentsOf: out, encoding: .utf8) == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.url.path) == ["out"])
    }

    @Test func aFolderLeftByAKilledWriterIsRemovedOnTheNextWrite() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let dest = dir.url.appendingPathComponent("model")
        let stale = dir.url.appendingPathComponent(".model.tmp-1073741824-5")  // pid above pid_max: dead
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: stale.appendingPathComponent("templates.json"))
        try OutputFolder.write(["a.json": Data("1".utf8)], to: dest)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["model"])
    }
}

struct WorkflowDatasetFingerprintTests {
    static func sample(_ label: String, _ x: Double) -> Sample {
        Sample(gesture: Gesture(points: [Point(x: x, y: 0), Point(x: x + 10, y: 5)]), label: label, subject: "s1")
    }

    @Test func knownFNV1aVectors() {
        var h = FNV1a64()
        #expect(h.hex == "cbf29ce484222325")
        h.combine(Array("a".utf8))
        #expect(h.hex == "af63dc4c8601ec8c")
        var f = FNV1a64()
        f.combine(Array("foobar".utf8))
        #expect(f.hex == "85944171f73967e8")
    }

    @Test func orderAndFolderDoNotMatterContentDoes() throws {
        let a = Self.sample("a", 0), b = Self.sample("b", 1)
        var bInFolder = b
        bInFolder.meta["folder"] = "s1"
        #expect(try DatasetFingerprint.of(Dataset([a, b])) == DatasetFingerprint.of(Dataset([bInFolder, a])))
        #expect(try DatasetFingerprint.of(Dataset([a, b])) != DatasetFingerprint.of(Dataset([a, Self.sample("b", 2)])))
    }
}
