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

    /// A touch session is drawn with the activations of the recognizers it is replayed through.
    @Test func aTouchSessionIsDrawnWithItsRecognizersActivations() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-show-session")
        defer { dir.remove() }
        let session = dir.path("s.jsonl"), config = dir.path("r.json"), svg = dir.path("s.svg")
        try """
        {"t": 0, "phase": "began", "touches": [{"id": 1, "x": 10, "y": 10}]}
        {"t": 0.05, "phase": "ended", "touches": [{"id": 1, "x": 10, "y": 10}]}
        {"t": 1, "phase": "began", "touches": [{"id": 7, "x": 40, "y": 40}, {"id": 8, "x": 80, "y": 40}]}
        {"t": 1.1, "phase": "ended", "touches": [{"id": 7, "x": 40, "y": 40}, {"id": 8, "x": 80, "y": 40}]}

        """.write(toFile: session, atomically: true, encoding: .utf8)
        try #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "tap", "type": "tap"}]}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["show", session, "--recognizers", config, "--svg", svg, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(summary["events"] as? Int == 4 && summary["touches"] as? Int == 3)
        #expect((summary["activations"] as? [String: Int])?["tap"] == 1)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains(">finger 2<") && text.contains(">tap</text>"))
        // --recognizers belongs to sessions: on a sample file it is an error.
        let samples = try SyntheticDatasetFixture.write(to: dir)
        let bad = try CLIRunner.run(["show", samples, "--recognizers", config, "--svg", dir.path("x.svg")])
        #expect(bad.status != 0 && bad.stderr.contains("touch sessions"), "\(bad.stderr)")
    }
}
