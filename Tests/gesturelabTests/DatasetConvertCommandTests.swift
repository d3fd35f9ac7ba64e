import Foundation
import Testing
import GestureData
import GestureTestSupport

struct DatasetConvertCommandTests {
    @Test func convertsEverySupportedInputToJSONL() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let out = dir.path("out/all.jsonl")
        let r = try CLIRunner.run(["dataset", "convert", dir.path("data"), "--to", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote 5 samples"))
        let original = try DatasetLoader.load(dir.path("data"))
        let converted = try DatasetLoader.load(out)
        #expect(converted.samples.map(\.gesture) == original.samples.map(\.gesture))
        #expect(converted.samples.map(\.label) == original.samples.map(\.label))
        #expect(converted.samples.map(\.subject) == original.samples.map(\.subject))
        #expect(listing(dir.url.appendingPathComponent("out")) == ["all.jsonl"])
    }

    @Test func rerunningIntoTheInputFolderDoesNotReadThePreviousOutput() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let out = dir.path("data/all.jsonl")
        for _ in 0..<2 {
            let r = try CLIRunner.run(["dataset", "convert", dir.path("data"), "--to", out])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("wrote 5 samples"), "\(r.stdout)")
        }
    }

    @Test func convertsOneXMLLogToOneSampleFile() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let out = dir.path("arrow.json")
        let r = try CLIRunner.run(["dataset", "convert", dir.path("data/s03/arrowhead01.xml"), "--to", out])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try DatasetLoader.load(out).samples
        #expect(s.count == 1 && s[0].gesture.strokes.count == 2 && s[0].label == "arrowhead")
    }

    @Test func severalSamplesIntoOneJSONFileIsRefused() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let r = try CLIRunner.run(["dataset", "convert", dir.path("data"), "--to", dir.path("x.json")])
        #expect(r.status != 0)
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.json")))
    }

    @Test func otherOutputExtensionsAreRefused() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let r = try CLIRunner.run(["dataset", "convert", dir.path("data"), "--to", dir.path("x.csv")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--to"))
    }

    @Test(arguments: DataFixtures.badInputs)
    func badInputLeavesNoOutputAndNoTemporaryFile(input: DataFixtures.BadInput) throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let bad = dir.path("data/s02/\(input.fileName)")
        try Data(input.contents.utf8).write(to: URL(fileURLWithPath: bad))
        let outDir = dir.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
        let r = try CLIRunner.run(["dataset", "convert", dir.path("data"), "--to", dir.path("out/all.jsonl")])
        #expect(r.status != 0)
        #expect(r.stderr.contains(bad) && r.stderr.contains(input.location) && r.stderr.contains(input.field), "\(r.stderr)")
        #expect(listing(outDir).isEmpty, "left behind: \(listing(outDir))")
    }

    @Test func failedConvertLeavesAnExistingOutputUntouched() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let out = dir.path("all.jsonl")
        try Data("previous\n".utf8).write(to: URL(fileURLWithPath: out))
        let bad = DataFixtures.badInputs[0]
        try Data(bad.contents.utf8).write(to: dir.url.appendingPathComponent("data/s02/\(bad.fileName)"))
        let r = try CLIRunner.run(["dataset", "convert", dir.path("data"), "--to", out])
        #expect(r.status != 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous\n")
        #expect(listing(dir.url).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func skipInvalidConvertsTheGoodSamplesAndListsTheRest() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        for input in DataFixtures.badInputs.prefix(3) {
            try Data(input.contents.utf8).write(to: dir.url.appendingPathComponent("data/s02/\(input.fileName)"))
        }
        let out = dir.path("all.jsonl")
        let r = try CLIRunner.run(["dataset", "convert", dir.path("data"), "--to", out, "--skip-invalid"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("skipped 3 invalid samples"))
        #expect(try DatasetLoader.load(out).count == 5)
    }
}
