import Foundation
import Testing
import GestureTestSupport

/// `show` and `replay` on a session with many fingers at once, and on configurations
/// with huge values: both commands read a session the same way (`show` once refused a
/// line of 70,000 touches that `replay` and the recorder accepted, because it looked at
/// the first 64 KiB only to tell a session from samples), and errors cut the values they
/// show (a 900 KB recognizer type was echoed whole).
struct ManyTouchesCLITests {
    /// One line with `fingers` touches beginning, one with them all ending.
    /// Positions are written with many digits, so that 1,000 touches make a line longer
    /// than 64 KiB.
    static func session(fingers: Int) -> String {
        func line(_ t: Double, _ phase: String) -> String {
            let touches = (0..<fingers).map {
                #"{"id": \#($0), "x": \#(Double($0 % 300) * 2.5 + 0.123456789012), "y": \#(Double($0 / 300) * 2.5 + 0.987654321098)}"#
            }
            return #"{"t": \#(t), "phase": "\#(phase)", "touches": [\#(touches.joined(separator: ", "))]}"#
        }
        return line(1, "began") + "\n" + line(1.1, "ended") + "\n"
    }

    static let tapOnly = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "tap", "type": "tap"}]}"#

    @Test func showAndReplayAgreeOnALineWithManyTouches() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let fingers = 1_000  // TouchSessionReader.maxTouchesDown
        let session = dir.path("many.jsonl"), config = dir.path("tap.json")
        try Data(Self.session(fingers: fingers).utf8).write(to: URL(fileURLWithPath: session))
        try Data(Self.tapOnly.utf8).write(to: URL(fileURLWithPath: config))
        #expect(try Data(contentsOf: URL(fileURLWithPath: session)).count > 1 << 16, "the first line is longer than 64 KiB")
        let replay = try CLIRunner.run(["replay", "--recognizers", config, session, "--format", "json"])
        #expect(replay.status == 0, "\(replay.stderr.prefix(500))")
        let show = try CLIRunner.run(["show", session, "--recognizers", config, "--svg", dir.path("many.svg"), "--format", "json"])
        #expect(show.status == 0, "\(show.stderr.prefix(500))")
        let r = jsonObject(replay.stdout), s = jsonObject(show.stdout)
        #expect(r?["events"] as? Int == 2 && s?["events"] as? Int == 2)
        #expect(r?["touches"] as? Int == 2 * fingers, "replay counts touch records")
        #expect(s?["touches"] as? Int == fingers, "show counts touches")
    }

    /// Past the cap on touches down at once, both commands refuse the same line with the
    /// same reason (the cap bounds a replay's cost per line).
    @Test func showAndReplayRefuseTheSameLineOverTheCapOnTouchesDown() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let session = dir.path("many.jsonl"), config = dir.path("tap.json")
        try Data(Self.session(fingers: 1_001).utf8).write(to: URL(fileURLWithPath: session))
        try Data(Self.tapOnly.utf8).write(to: URL(fileURLWithPath: config))
        let replay = try CLIRunner.run(["replay", "--recognizers", config, session])
        let show = try CLIRunner.run(["show", session, "--recognizers", config, "--svg", dir.path("many.svg")])
        for r in [replay, show] {
            #expect(r.status != 0)
            #expect(r.stderr.contains("many.jsonl: line 1: field 'touches': 1001 touches down at once, over the limit of 1000"),
                    "\(r.stderr.prefix(400))")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("many.svg")))
    }

    @Test(arguments: ["type", "requireToFail", "format"])
    func replayCutsAHugeConfigurationValue(_ field: String) throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let huge = String(repeating: "q", count: 900_000)
        let json: String
        switch field {
        case "type": json = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "\#(huge)"}]}"#
        case "requireToFail": json = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "tap", "requireToFail": ["\#(huge)"]}]}"#
        default: json = #"{"format": "\#(huge)", "recognizers": []}"#
        }
        let config = dir.path("big.json"), session = dir.path("s.jsonl")
        try Data(json.utf8).write(to: URL(fileURLWithPath: config))
        try Data(Self.session(fingers: 1).utf8).write(to: URL(fileURLWithPath: session))
        let r = try CLIRunner.run(["replay", "--recognizers", config, session])
        #expect(r.status != 0)
        #expect(r.stderr.contains("big.json"), "\(r.stderr.prefix(300))")
        #expect(r.stderr.count < 2_000, "\(field): \(r.stderr.count) characters on standard error")
    }
}
