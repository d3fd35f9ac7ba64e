import Foundation
import Testing
import GestureTestSupport

struct ShowCommandTests {
    @Test(arguments: ["data/s02/check01.xml", "data/s03/arrowhead01.xml"])
    func drawsAnXMLLog(file: String) throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let svg = dir.path("out.svg")
        let r = try CLIRunner.run(["show", dir.path(file), "--svg", svg])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("<svg") && text.contains("<polyline") && text.contains("class=\"start\""))
    }

    @Test func indexPicksTheSampleOfAJSONLDataset() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let svg = dir.path("out.svg")
        let r = try CLIRunner.run(["show", dir.path("data/s02/more.jsonl"), "--svg", svg, "--index", "2", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(jsonObject(r.stdout)?["label"] as? String == "circle")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("label: circle"))
    }

    @Test(arguments: [["--index", "3"], ["--index", "0"]])
    func indexOutOfRangeFailsAndWritesNothing(extra: [String]) throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let r = try CLIRunner.run(["show", dir.path("data/s02/more.jsonl"), "--svg", dir.path("o.svg")] + extra)
        #expect(r.status != 0)
        #expect(r.stderr.contains("--index"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("o.svg")))
    }

    @Test(arguments: DataFixtures.badInputs)
    func badInputFailsAndWritesNothing(input: DataFixtures.BadInput) throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let bad = dir.path(input.fileName)
        try Data(input.contents.utf8).write(to: URL(fileURLWithPath: bad))
        let r = try CLIRunner.run(["show", bad, "--svg", dir.path("o.svg")])
        #expect(r.status != 0)
        #expect(r.stderr.contains(bad) && r.stderr.contains(input.field), "\(r.stderr)")
        #expect(!listing(dir.url).contains { $0.hasSuffix(".svg") || $0.contains(".tmp-") })
    }

    @Test func folderIsRefused() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let r = try CLIRunner.run(["show", dir.path("data"), "--svg", dir.path("o.svg")])
        #expect(r.status != 0)
    }
}
