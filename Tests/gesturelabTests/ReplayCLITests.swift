import Foundation
import Testing
import GestureTestSupport

/// `gesturelab replay` and `gesturelab eval engine`, run as a user would.
struct ReplayCLITests {
    static let config = """
    {"format": "gesturelab.recognizers/1",
     "recognizers": [{"name": "single", "type": "tap", "requireToFail": ["double"]},
                     {"name": "double", "type": "tap", "taps": 2},
                     {"name": "pan", "type": "pan"}]}
    """

    static let doubleTapThenPan = [
        #"{"t": 1.0, "phase": "began", "touches": [{"id": 1, "x": 100, "y": 100}]}"#,
        #"{"t": 1.08, "phase": "ended", "touches": [{"id": 1, "x": 100, "y": 100}]}"#,
        #"{"t": 1.25, "phase": "began", "touches": [{"id": 2, "x": 101, "y": 100}]}"#,
        #"{"t": 1.33, "phase": "ended", "touches": [{"id": 2, "x": 101, "y": 100}]}"#,
        #"{"t": 3.0, "phase": "began", "touches": [{"id": 3, "x": 100, "y": 100}]}"#,
        #"{"t": 3.1, "phase": "moved", "touches": [{"id": 3, "x": 120, "y": 100}]}"#,
        #"{"t": 3.2, "phase": "stationary", "touches": [{"id": 3, "x": 120, "y": 100}]}"#,
        #"{"t": 3.3, "phase": "ended", "touches": [{"id": 3, "x": 140, "y": 100}]}"#,
    ]

    func write(_ dir: TemporaryDirectory, _ name: String, _ text: String) throws -> String {
        let path = dir.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func replayPrintsRecognizedGesturesWithTimesAndStates() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let config = try write(dir, "config.json", Self.config)
        let session = try write(dir, "s.jsonl", Self.doubleTapThenPan.joined(separator: "\n") + "\n")
        let r = try CLIRunner.run(["replay", "--recognizers", config, session])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.contains("1.330") && $0.contains("double") && $0.contains("recognized") }, "\(r.stdout)")
        #expect(rows.contains { $0.contains("3.100") && $0.contains("pan") && $0.contains("began") })
        #expect(rows.contains { $0.contains("3.300") && $0.contains("pan") && $0.contains("ended") })
        #expect(!rows.contains { $0.contains("single") && $0.contains("recognized") })
        #expect(r.stdout.contains("double: 1") && r.stdout.contains("single: 0") && r.stdout.contains("pan: 1"))

        let json = try CLIRunner.run(["replay", "--recognizers", config, session, "--format", "json"])
        #expect(json.status == 0)
        let obj = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((obj?["counts"] as? [String: Int])?["double"] == 1)
        #expect((obj?["events"] as? Int) == 8)
    }

    @Test(arguments: [
        (1, #"{"t": 0.5, "phase": "began", "touches": [{"id": 9, "x": 1"#,
         "line 2: field 'touches[0]': column 58: unexpected end of input inside an object (truncated?)"),
        (1, #"{"t": 1.2, "phase": "hovered", "touches": [{"id": 1, "x": 1, "y": 1}]}"#, "line 2: field 'phase': unknown phase 'hovered'"),
        (0, #"{"t": 0.9, "phase": "moved", "touches": [{"id": 5, "x": 1, "y": 1}]}"#, "line 1: field 'touches[0].id': touch 5 is moved before it began"),
        (2, #"{"t": 0.2, "phase": "began", "touches": [{"id": 8, "x": 1, "y": 1}]}"#, "line 3: field 't': time goes backwards"),
    ])
    func badSessionsFailNamingTheLine(insertAt: Int, line: String, expected: String) throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let config = try write(dir, "config.json", Self.config)
        var lines = Self.doubleTapThenPan
        lines.insert(line, at: insertAt)
        let session = try write(dir, "bad.jsonl", lines.joined(separator: "\n"))
        let r = try CLIRunner.run(["replay", "--recognizers", config, session])
        #expect(r.status != 0)
        #expect(r.stderr.contains(session), "\(r.stderr)")
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func badConfigurationFailsNamingTheField() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let config = try write(dir, "config.json", #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "tap", "taps": -1}]}"#)
        let session = try write(dir, "s.jsonl", Self.doubleTapThenPan.joined(separator: "\n"))
        let r = try CLIRunner.run(["replay", "--recognizers", config, session])
        #expect(r.status != 0)
        #expect(r.stderr.contains("recognizers[0].taps"), "\(r.stderr)")
    }

    @Test func evalEngineCountsExpectedAndFalseActivationsOnWrittenSessions() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let gen = try CLIRunner.run(["eval", "engine", "--synthetic-minutes", "1", "--seed", "4", "--write", dir.path("out")])
        #expect(gen.status == 0, "\(gen.stderr)")
        #expect(gen.stdout.contains("seed 4"))
        let r = try CLIRunner.run(["eval", "engine", "--recognizers", dir.path("out/recognizers.json"),
                                   "--sessions", dir.path("out"), "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let total = try #require(obj?["total"] as? [String: Any])
        let expected = try #require(total["expected"] as? Int)
        #expect(expected > 20)
        #expect(total["detected"] as? Int == expected)
        #expect(total["falseActivations"] as? Int == 0)

        // A pan-only screen: every tap, swipe, pinch… label is missed and nothing else fires
        // except pans, and the two-finger gestures make no false pans.
        let panOnly = try write(dir, "pan.json", #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "pan", "type": "pan"}]}"#)
        let p = try CLIRunner.run(["eval", "engine", "--recognizers", panOnly, "--sessions", dir.path("out")])
        #expect(p.status == 0, "\(p.stderr)")
        #expect(p.stdout.contains("false activations:"))
        #expect(p.stdout.contains(" per hour)"), "the everyday-use measure: \(p.stdout)")
        #expect(p.stdout.contains("labels with no recognizer of that name"))
    }

    /// `bench engine` replays the standard recognizers with and without views side by side
    /// and reports the cost of an event beside the cost of reading it (figures are printed,
    /// never asserted: timing belongs in benchmarks).
    @Test func benchEngineReportsBothConfigurationsBesideTheReadingCost() throws {
        let r = try CLIRunner.run(["bench", "engine", "--minutes", "0.2", "--repeats", "1", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try #require(jsonObject(r.stdout))
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.map { $0["configuration"] as? String } == ["standard", "standard on three nested views"])
        // The views change who sees a touch, not what is recognized in this session.
        #expect(rows[0]["activations"] as? Int == rows[1]["activations"] as? Int)
        #expect(((rows[0]["activations"] as? Int) ?? 0) > 0)
        for key in ["nanosecondsPerTouchEvent", "nanosecondsPerLine", "replayOverRead", "touchEventsPerSecond"] {
            #expect(rows.allSatisfy { (($0[key] as? Double) ?? 0) > 0 }, "\(key)")
        }
        #expect(((report["readNanosecondsPerLine"] as? Double) ?? 0) > 0)
        let text = try CLIRunner.run(["bench", "engine", "--minutes", "0.2", "--repeats", "1", "--views"])
        #expect(text.status == 0 && text.stdout.contains("ns a touch event") && !text.stdout.contains("through standard ("), "\(text.stdout)")
    }

    @Test func evalEngineNeedsTheLabels() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let config = try write(dir, "config.json", Self.config)
        _ = try write(dir, "s.jsonl", Self.doubleTapThenPan.joined(separator: "\n"))
        let r = try CLIRunner.run(["eval", "engine", "--recognizers", config, "--sessions", dir.url.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("s.labels.json"), "\(r.stderr)")
    }
}

struct EngineShapesCLITests {
    @Test func evalEngineWithShapesUsesTheGivenThresholds() throws {
        let root = DatasetLocator.packageRoot
        let r = try CLIRunner.run(["eval", "engine", "--synthetic-minutes", "1", "--seed", "2", "--include-shapes",
                                   "--detector-thresholds", root.appendingPathComponent("templates/checkmark.json").path,
                                   "--detector-thresholds", root.appendingPathComponent("templates/circle.json").path,
                                   "--decide", "end", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let names = (obj?["counts"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains("checkmark") && names.contains("circle"))
        #expect(obj?["recognizers"] as? String == "(standard with shapes)")
    }

    @Test func replayReadsThresholdsFilesRelativeToTheConfiguration() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let thresholds = try Data(contentsOf: DatasetLocator.packageRoot.appendingPathComponent("templates/checkmark.json"))
        try thresholds.write(to: dir.url.appendingPathComponent("check.json"))
        let config = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "check", "type": "checkmark", "thresholds": "check.json", "decide": "end"}]}"#
        try Data(config.utf8).write(to: dir.url.appendingPathComponent("config.json"))
        let session = ReplayCLITests.doubleTapThenPan.joined(separator: "\n")
        try Data(session.utf8).write(to: dir.url.appendingPathComponent("s.jsonl"))
        let r = try CLIRunner.run(["replay", "--recognizers", dir.path("config.json"), dir.path("s.jsonl")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("check: 0"))
        let bad = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "check", "type": "checkmark", "thresholds": "nope.json"}]}"#
        try Data(bad.utf8).write(to: dir.url.appendingPathComponent("bad.json"))
        let b = try CLIRunner.run(["replay", "--recognizers", dir.path("bad.json"), dir.path("s.jsonl")])
        #expect(b.status != 0)
        #expect(b.stderr.contains("recognizers[0].thresholds"), "\(b.stderr)")
    }
}

struct EngineDatasetCLITests {
    @Test func evalEngineReplaysADatasetOneSessionPerSubject() throws {
        let dir = try makeFixtureDataset(); defer { dir.remove() }
        let config = dir.path("check.json")
        try Data(#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "checkmark", "type": "checkmark"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: config))
        let r = try CLIRunner.run(["eval", "engine", "--recognizers", config, "--dataset", dir.path("data"),
                                   "--label", "check=checkmark", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = jsonObject(r.stdout)
        let sessions = (obj?["sessions"] as? [[String: Any]])?.compactMap { $0["session"] as? String } ?? []
        #expect(sessions.count >= 2 && sessions.allSatisfy { $0.hasPrefix("subject") }, "\(sessions)")
        let total = obj?["total"] as? [String: Any]
        #expect((total?["expected"] as? Int ?? 0) >= 2)

        let bad = try CLIRunner.run(["eval", "engine", "--recognizers", config, "--dataset", dir.path("data"), "--label", "check"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("SAMPLE_LABEL=RECOGNIZER"))
    }

    /// `--transform`: the pan's offset (40, 0) over the session, the changes used but not printed.
    @Test func replayTransformPrintsTheAccumulatedTransform() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let config = dir.path("config.json"), session = dir.path("s.jsonl")
        try Data(ReplayCLITests.config.utf8).write(to: URL(fileURLWithPath: config))
        try Data((ReplayCLITests.doubleTapThenPan.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: session))
        let r = try CLIRunner.run(["replay", "--recognizers", config, session, "--transform", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let t = try #require(json["transform"] as? [String: Any])
        #expect(t["translation"] as? [Double] == [40, 0])
        #expect(t["scale"] as? Double == 1)
        #expect((t["affine"] as? [Double])?.count == 6)
        let states = (json["activations"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? String }
        #expect(!states.contains("changed"))
        let text = try CLIRunner.run(["replay", "--recognizers", config, session, "--transform"])
        #expect(text.stdout.contains("transform: translation (40.00, 0.00), scale 1.0000"), "\(text.stdout)")
    }

    /// Two views: a pinch on the photo and a tap on the button at the same time; replay
    /// says which view each recognizer belongs to.
    @Test func replayWithViewsRoutesTouchesAndNamesEachRecognizersView() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let config = dir.path("views.json"), session = dir.path("two.jsonl")
        try Data("""
        {"format": "gesturelab.recognizers/1",
         "views": {"name": "screen", "frame": [0, 0, 320, 480], "subviews": [
            {"name": "photo", "frame": [0, 0, 200, 200]}, {"name": "button", "frame": [250, 400, 60, 60]}]},
         "recognizers": [{"name": "pinch", "type": "pinch", "view": "photo"}, {"name": "tap", "type": "tap", "view": "button"}]}
        """.utf8).write(to: URL(fileURLWithPath: config))
        var lines = [#"{"t": 0, "phase": "began", "touches": [{"id": 1, "x": 80, "y": 100}, {"id": 2, "x": 120, "y": 100}]}"#]
        for k in 1...10 {
            let d = 2 * k
            lines.append(#"{"t": \#(0.02 * Double(k)), "phase": "moved", "touches": [{"id": 1, "x": \#(80 - d), "y": 100}, {"id": 2, "x": \#(120 + d), "y": 100}]}"#)
            if k == 5 { lines.append(#"{"t": 0.1, "phase": "began", "touches": [{"id": 3, "x": 270, "y": 420}]}"#) }
            if k == 7 { lines.append(#"{"t": 0.14, "phase": "ended", "touches": [{"id": 3, "x": 270, "y": 420}]}"#) }
        }
        lines.append(#"{"t": 0.3, "phase": "ended", "touches": [{"id": 1, "x": 60, "y": 100}, {"id": 2, "x": 140, "y": 100}]}"#)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: session))
        let r = try CLIRunner.run(["replay", "--recognizers", config, session])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("views: pinch on photo, tap on button"), "\(r.stdout)")
        #expect(r.stdout.contains("  pinch: 1") && r.stdout.contains("  tap: 1"), "\(r.stdout)")
    }
}
