import Foundation
import Testing
import GestureTestSupport
import GestureData

/// Every JSON file GestureLab reads goes through one strict reader with one memory rule:
/// peak memory while reading at most 4 times the file plus a constant (a 63 MB template
/// library once took 1.78 GB, a 26 MB settings object 745 MB), and a key given twice is
/// refused, naming the key and the file. Peak RSS is measured on the `gesturelab` child.
@Suite(.serialized)
struct ReaderBudgetCLITests {
    static let sample = #"{"format":"gesturelab.sample/1","label":"a","strokes":[[[0,0,0],[3,5,0.1],[5,9,0.2]]]}"#

    /// Writes `text` to `name` in `dir`, returning its path and size.
    private func write(_ text: String, _ name: String, in dir: TemporaryDirectory) throws -> (path: String, bytes: Int) {
        let path = dir.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (path, text.utf8.count)
    }

    private func library(templates: Int, points: Int, point: (Int) -> String, settings: String = "{}") -> String {
        let stroke = "[" + (0..<points).map(point).joined(separator: ",") + "]"
        let list = (0..<templates).map { #"{"name":"t\#($0 % 16)","strokes":[\#(stroke)]}"# }.joined(separator: ",")
        return #"{"format":"gesturelab.templates/1","templates":[\#(list)],"settings":\#(settings)}"#
    }

    /// Peak RSS of `recognize` on a two-template library: the process's own baseline.
    private func baselineMegabytes(_ dir: TemporaryDirectory, sample: String) throws -> Double? {
        let small = try write(library(templates: 2, points: 3, point: { "[\($0),\($0 * 3)]" }), "small.json", in: dir)
        let r = try BadInputCLITests.run(["recognize", "--templates", small.path, sample])
        #expect(r.exitCode == 0, "\(r.stderr)")
        return r.maxRSSMegabytes
    }

    private func expectWithinBudget(_ r: BadInputCLITests.MeasuredRun, fileBytes: Int, baseline: Double?, _ what: String) {
        guard let rss = r.maxRSSMegabytes, let baseline else {
            Issue.record("no peak RSS measured: \(BadInputCLITests.notMeasured)")
            return
        }
        // The reader's own limit (ReadBudget: 4x the file plus its small constant) on top of
        // what the process holds before reading anything.
        let budget = Double(ReadBudget.factor * fileBytes + ReadBudget.constantBytes) / 1_048_576 + baseline
        print("\(what): \(fileBytes) bytes, peak RSS \(Int(rss)) MB (baseline \(Int(baseline)) MB, budget \(Int(budget)) MB), \(r.seconds) s")
        // The budget counts the bytes the reader holds; the allocator keeps some more (freed
        // blocks it has not returned), so RSS gets 15% of room. Before one reader with one
        // budget these files took 2 to 5 times the bound.
        #expect(rss <= budget * 1.15, "\(what): peak RSS \(rss) MB over 4 x \(fileBytes) bytes + 16 MiB + baseline \(baseline) MB, with 15% allocator slack")
    }

    @Test func aLargeLibraryOfTinyPointsStaysWithinFourTimesTheFile() throws {
        let dir = try TemporaryDirectory("reader-budget")
        defer { dir.remove() }
        let sample = try write(Self.sample, "sample.json", in: dir)
        let baseline = try baselineMegabytes(dir, sample: sample.path)
        // ~24 MB of "[1,2]," points: more points than 4x the file can hold.
        let lib = try write(library(templates: 2000, points: 2000, point: { "[\($0 % 10),\(($0 * 7) % 10)]" }), "tiny.json", in: dir)
        let r = try BadInputCLITests.run(["recognize", "--templates", lib.path, sample.path])
        #expect(r.exitCode != 0 && r.exitCode != nil)
        #expect(r.stderr.contains(lib.path) && r.stderr.contains("would hold more than"), "\(r.stderr.prefix(500))")
        expectWithinBudget(r, fileBytes: lib.bytes, baseline: baseline, "tiny-point library")
    }

    @Test func aLargeLibraryThatLoadsStaysWithinFourTimesTheFile() throws {
        let dir = try TemporaryDirectory("reader-budget")
        defer { dir.remove() }
        let sample = try write(Self.sample, "sample.json", in: dir)
        let baseline = try baselineMegabytes(dir, sample: sample.path)
        // ~17 MB of points written as a recorder does ("[123.25,456.5]").
        let lib = try write(library(templates: 800, points: 1500, point: { "[\(100 + $0 % 97).25,\(200 + ($0 * 7) % 89).5]" }),
                            "real.json", in: dir)
        let r = try BadInputCLITests.run(["recognize", "--templates", lib.path, sample.path])
        #expect(r.exitCode == 0, "\(r.stderr.prefix(500))")
        expectWithinBudget(r, fileBytes: lib.bytes, baseline: baseline, "library of 1.2 M points")
    }

    @Test func aSettingsObjectOfTwoMillionKeysStaysWithinFourTimesTheFile() throws {
        let dir = try TemporaryDirectory("reader-budget")
        defer { dir.remove() }
        let sample = try write(Self.sample, "sample.json", in: dir)
        let baseline = try baselineMegabytes(dir, sample: sample.path)
        let keys = "{" + (0..<2_000_000).map { #""k\#($0)":1"# }.joined(separator: ",") + "}"
        let lib = try write(library(templates: 1, points: 3, point: { "[\($0),\($0 * 3)]" }, settings: keys), "keys.json", in: dir)
        let r = try BadInputCLITests.run(["recognize", "--templates", lib.path, sample.path])
        #expect(r.exitCode != 0 && r.exitCode != nil)
        #expect(r.stderr.contains(lib.path) && r.stderr.contains("keys in one object"), "\(r.stderr.prefix(500))")
        expectWithinBudget(r, fileBytes: lib.bytes, baseline: baseline, "2 M settings keys")
    }

    @Test func aKeyGivenTwiceInALibraryOrThresholdsIsRefusedNamingTheKeyAndTheFile() throws {
        let dir = try TemporaryDirectory("reader-budget")
        defer { dir.remove() }
        let sample = try write(Self.sample, "sample.json", in: dir)
        let twice = try write(#"{"format":"gesturelab.templates/1","templates":[{"name":"a","strokes":[[[0,0],[5,9]]],"name":"b"}]}"#,
                              "twice.json", in: dir)
        let r = try BadInputCLITests.run(["recognize", "--templates", twice.path, sample.path])
        #expect(r.exitCode != 0)
        #expect(r.stderr.contains(twice.path) && r.stderr.contains("duplicate key 'name'"), "\(r.stderr)")

        let lib = try write(library(templates: 2, points: 3, point: { "[\($0),\($0 * 3)]" }), "lib.json", in: dir)
        let rejection = try write(#"{"format":"gesturelab.rejection/1","algorithm":"protractor","thresholds":{"t0":1,"t0":2}}"#,
                                  "rejection.json", in: dir)
        let r2 = try BadInputCLITests.run(["recognize", "--templates", lib.path, "--rejection", rejection.path, sample.path])
        #expect(r2.exitCode != 0)
        #expect(r2.stderr.contains(rejection.path) && r2.stderr.contains("duplicate key 't0'"), "\(r2.stderr)")

        let dupSample = try write(#"{"format":"gesturelab.sample/1","label":"a","label":"b","strokes":[[[0,0]]]}"#, "dup.json", in: dir)
        let r3 = try BadInputCLITests.run(["recognize", "--templates", lib.path, dupSample.path])
        #expect(r3.exitCode != 0)
        #expect(r3.stderr.contains(dupSample.path) && r3.stderr.contains("duplicate key 'label'"), "\(r3.stderr)")
    }

    @Test func aTwentyMegabyteTemplateNameIsShownCut() throws {
        let dir = try TemporaryDirectory("reader-budget")
        defer { dir.remove() }
        let sample = try write(Self.sample, "sample.json", in: dir)
        let name = String(repeating: "n", count: 20 << 20)
        let lib = try write(#"{"format":"gesturelab.templates/1","templates":[{"name":"\#(name)","strokes":[[[0,0],[5,9]]]}]}"#,
                            "name.json", in: dir)
        let r = try BadInputCLITests.run(["recognize", "--templates", lib.path, sample.path])
        #expect(r.exitCode != 0)
        #expect(r.stderr.utf8.count < 1000, "\(r.stderr.utf8.count) bytes of error")
        #expect(r.stderr.contains(lib.path) && r.stderr.contains("template 0"))
    }

    @Test func aTwentyMegabyteSampleFormatIsShownCutByDatasetInfo() throws {
        let dir = try TemporaryDirectory("reader-budget")
        defer { dir.remove() }
        let format = String(repeating: "f", count: 20 << 20)
        let s = try write(#"{"format":"\#(format)","strokes":[[[0,0],[5,9]]]}"#, "format.json", in: dir)
        let r = try BadInputCLITests.run(["dataset", "info", s.path])
        #expect(r.exitCode != 0)
        #expect(r.stderr.utf8.count < 1000, "\(r.stderr.utf8.count) bytes of error")
        #expect(r.stderr.contains(s.path))
    }
}
