import Foundation
import Testing
import GestureTestSupport
import GestureData
import GestureGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bad-input matrix at the CLI: for each bad file, `gesturelab` exits with a
/// non-zero status (not a signal), says which file, where and which field on standard
/// error, and stays within bounded memory (peak RSS measured on the child process; the
/// time is printed, not asserted: timing belongs in benchmarks, not tests).
struct BadInputCLITests {
    /// One run of the built `gesturelab`.
    struct MeasuredRun {
        var exitCode: Int32?
        var signal: Int32?
        /// The process's own peak RSS, from GNU time (`/usr/bin/time -f %M`); `nil` when
        /// that tool is missing, which fails every memory check (`tools/bootstrap` installs it). (wait4's ru_maxrss cannot be used here: a child spawned
        /// by the test runner inherits the runner's resident size as its high-water mark.)
        var maxRSSMegabytes: Double?
        var seconds: Double
        var stdout: String
        var stderr: String
    }

    /// GNU time, looked up on `PATH` like any other tool; `nil` when no `time` executable
    /// is there, so a machine without it fails the memory checks instead of skipping them.
    static let gnuTime: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":").map { "\($0)/time" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    /// What a memory check says when it could not measure.
    static let notMeasured = "? (not measured: GNU time, `time` on PATH, is needed; tools/bootstrap installs it)"

    static func run(_ args: [String]) throws -> MeasuredRun {
        let dir = try TemporaryDirectory("cli-run")
        defer { dir.remove() }
        let outPath = dir.path("out"), errPath = dir.path("err"), rssPath = dir.path("rss")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let exe = CLIRunner.executable.path
        let timed = gnuTime != nil
        let command = (gnuTime.map { [$0, "-f", "%M", "-o", rssPath] } ?? []) + [exe] + args
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        var pid = pid_t()
        let clock = ContinuousClock()
        let start = clock.now
        let rc = posix_spawn(&pid, command[0], &actions, nil, argv, env)
        guard rc == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = clock.now - start
        var exitCode: Int32? = (status & 0x7f) == 0 ? (status >> 8) & 0xff : nil
        var signal: Int32? = (status & 0x7f) == 0 ? nil : status & 0x7f
        var rss: Double?
        if timed, let report = try? String(contentsOfFile: rssPath, encoding: .utf8) {
            // GNU time: "Command terminated by signal N" / "Command exited with non-zero
            // status N" lines, then the %M figure in kilobytes.
            let lines = report.split(separator: "\n")
            if let l = lines.first(where: { $0.contains("terminated by signal") }), let n = l.split(separator: " ").last.flatMap({ Int32($0) }) {
                signal = n; exitCode = nil
            }
            rss = lines.last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { $0 / 1024 }
        }
        return MeasuredRun(
            exitCode: exitCode, signal: signal, maxRSSMegabytes: rss,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    struct BadFile: CustomTestStringConvertible, Sendable {
        var name: String
        var fileName: String
        var bytes: [UInt8]
        var mentions: [String]
        var testDescription: String { name }
        init(_ name: String, _ fileName: String, _ text: String, _ mentions: [String]) {
            self.init(name, fileName, Array(text.utf8), mentions)
        }
        init(_ name: String, _ fileName: String, _ bytes: [UInt8], _ mentions: [String]) {
            self.name = name; self.fileName = fileName; self.bytes = bytes; self.mentions = mentions
        }
    }

    static let xmlHead = "<?xml version=\"1.0\"?>\n<Gesture Name=\"check01\">\n"
    static let sample = #"{"format": "gesturelab.sample/1", "strokes": [[[1, 2, 0], [3, 4, 0.1]]]}"#

    static let badFiles: [BadFile] = [
        BadFile("truncated XML", "t.xml", xmlHead + "<Point X=\"1\" Y=", ["t.xml", "line"]),
        BadFile("XML wrong type", "w.xml", xmlHead + "<Point X=\"one\" Y=\"2\"/>\n</Gesture>\n", ["w.xml", "line 3", "X"]),
        BadFile("XML non-finite", "n.xml", xmlHead + "<Point X=\"1\" Y=\"NaN\"/>\n</Gesture>\n", ["n.xml", "line 3", "Y"]),
        BadFile("XML no points", "e.xml", xmlHead + "</Gesture>\n", ["e.xml", "Point"]),
        BadFile("XML time backwards", "b.xml",
                xmlHead + "<Point X=\"1\" Y=\"2\" T=\"9\"/>\n<Point X=\"1\" Y=\"2\" T=\"3\"/>\n</Gesture>\n", ["b.xml", "line 4", "T"]),
        BadFile("XML invalid UTF-8 name", "u.xml", Array(xmlHead.utf8) + Array("<Point ".utf8) + [0xFF, 0xFE]
                + Array("X=\"1\" Y=\"2\"/>\n</Gesture>\n".utf8), ["u.xml", "line 3", "UTF-8"]),
        BadFile("XML processing instruction", "p.xml", xmlHead + "<?x?>\n</Gesture>\n", ["p.xml", "line 3"]),
        BadFile("XML entity bomb", "bomb.xml",
                "<?xml version=\"1.0\"?>\n<!DOCTYPE g [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
                + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]>\n"
                + "<Gesture Name=\"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\"><Point X=\"1\" Y=\"2\"/></Gesture>\n", ["bomb.xml", "line 2"]),
        BadFile("JSON truncated", "t.json", String(sample.prefix(30)), ["t.json"]),
        BadFile("JSON wrong type", "w.json", sample.replacingOccurrences(of: "[1, 2, 0]", with: "[1, true, 0]"),
                ["w.json", "strokes[0][0]"]),
        BadFile("JSON unknown version", "v.json", sample.replacingOccurrences(of: "/1", with: "/7"), ["v.json", "format"]),
        BadFile("JSON empty stroke", "e.json", sample.replacingOccurrences(of: "[[1, 2, 0], [3, 4, 0.1]]", with: "[]"),
                ["e.json", "strokes[0]"]),
        BadFile("JSON time backwards", "b.json", sample.replacingOccurrences(of: "0.1]", with: "-5]"), ["b.json", "strokes[0][1]"]),
        BadFile("JSON deep nesting", "d.json", String(repeating: "[", count: 50_000), ["d.json"]),
        BadFile("JSONL bad line 3", "l.jsonl", sample + "\n" + sample + "\n" + "{\"format\": 1}\n", ["l.jsonl", "line 3", "format"]),
        BadFile("JSONL invalid UTF-8", "u.jsonl", Array((sample + "\n").utf8) + [0xC0, 0xAF, 0x0A], ["u.jsonl", "line 2"]),
    ]

    @Test(arguments: badFiles)
    func datasetInfoFailsCleanlyNamingFileLineAndField(_ bad: BadFile) throws {
        let dir = try TemporaryDirectory("cli-bad")
        defer { dir.remove() }
        let path = dir.path(bad.fileName)
        try Data(bad.bytes).write(to: URL(fileURLWithPath: path))
        let r = try Self.run(["dataset", "info", path])
        #expect(r.signal == nil, "\(bad.name): killed by signal \(r.signal ?? 0)\n\(r.stderr)")
        #expect(r.exitCode != nil && r.exitCode != 0, "\(bad.name): exit \(String(describing: r.exitCode))")
        for m in bad.mentions { #expect(r.stderr.contains(m), "\(bad.name): stderr lacks '\(m)':\n\(r.stderr)") }
        #expect(!r.stderr.contains("Fatal error"), "\(r.stderr)")
        #expect((r.maxRSSMegabytes ?? .infinity) < 300, "\(bad.name): peak RSS \(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB")
        print("bad input \(bad.name): exit \(r.exitCode ?? -1), \(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB peak, \(r.seconds) s")
    }

    /// A 200 MB input is refused by its size, without reading it: the peak RSS of the
    /// process stays far below the file's size. Sparse file, removed afterwards.
    @Test func twoHundredMegabyteFileIsRefusedQuicklyWithSmallMemory() throws {
        let dir = try TemporaryDirectory("cli-huge")
        defer { dir.remove() }
        let path = dir.path("huge.jsonl")
        #expect(FileManager.default.createFile(atPath: path, contents: Data((Self.sample + "\n").utf8)))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try h.truncate(atOffset: 200_000_000)
        try h.close()
        let r = try Self.run(["dataset", "info", path])
        #expect(r.signal == nil && r.exitCode == 1, "\(r)")
        #expect(r.stderr.contains("huge.jsonl") && r.stderr.contains("200000000 bytes"), "\(r.stderr)")
        #expect(r.stderr.contains("(64 MiB); split it into several .jsonl files in one folder"), "what to do about it: \(r.stderr)")
        #expect((r.maxRSSMegabytes ?? .infinity) < 100, "peak RSS \(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB")
        print("200 MB dataset refused: \(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB peak, \(r.seconds) s")
    }

    static let thresholdsCases: [BadFile] = [
        BadFile("thresholds truncated", "t.json", #"{"format": "gesturelab.checkmark/1", "rule": "checkPl"#, ["t.json"]),
        BadFile("thresholds unknown version", "v.json",
                #"{"format": "gesturelab.checkmark/9", "rule": "checkPlease", "checkPlease": {"minAngle": 50, "maxAngle": 135, "minLength": 10}}"#,
                ["v.json", "format", "gesturelab.checkmark/9"]),
        BadFile("thresholds wrong type", "w.json",
                #"{"format": "gesturelab.checkmark/1", "rule": "checkPlease", "checkPlease": {"minAngle": "fifty", "maxAngle": 135, "minLength": 10}}"#,
                ["w.json", "minAngle"]),
        BadFile("thresholds huge resampleCount", "r.json",
                #"{"format": "gesturelab.checkmark/1", "rule": "trained", "box": {"intervals": {}}, "settings": {"resampleCount": 2000000000, "smoothingGranularity": 4, "cornerWindow": 3, "cornerDegrees": 45}}"#,
                ["r.json", "settings", "resampleCount"]),
        BadFile("thresholds invalid UTF-8", "u.json", Array(#"{"format": "gesturelab.checkmark/1", "rule": ""#.utf8) + [0xFF] + Array(#""}"#.utf8),
                ["u.json"]),
        BadFile("thresholds deep nesting", "d.json", String(repeating: "{\"a\":", count: 5000), ["d.json"]),
    ]

    @Test(arguments: thresholdsCases)
    func evalDetectorRefusesBadThresholdsFiles(_ bad: BadFile) throws {
        let dir = try TemporaryDirectory("cli-thresholds")
        defer { dir.remove() }
        try Data((Self.sample.replacingOccurrences(of: "{", with: #"{"label": "check", "#) + "\n").utf8)
            .write(to: dir.url.appendingPathComponent("d.jsonl"))
        let path = dir.path(bad.fileName)
        try Data(bad.bytes).write(to: URL(fileURLWithPath: path))
        let r = try Self.run(["eval", "detector", "checkmark", "--dataset", dir.path("d.jsonl"),
                              "--positive", "check", "--thresholds", path])
        #expect(r.signal == nil, "\(bad.name): killed by signal \(r.signal ?? 0)\n\(r.stderr)")
        #expect(r.exitCode != nil && r.exitCode != 0, "\(bad.name): exit \(String(describing: r.exitCode))")
        for m in bad.mentions { #expect(r.stderr.contains(m), "\(bad.name): stderr lacks '\(m)':\n\(r.stderr)") }
        #expect((r.maxRSSMegabytes ?? .infinity) < 300 , "\(bad.name): \(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB, \(r.seconds) s")
    }

    @Test func twoHundredMegabyteThresholdsFileIsRefusedBySize() throws {
        let dir = try TemporaryDirectory("cli-thresholds-huge")
        defer { dir.remove() }
        try Data((Self.sample + "\n").utf8).write(to: dir.url.appendingPathComponent("d.jsonl"))
        let path = dir.path("huge.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try h.truncate(atOffset: 200_000_000)
        try h.close()
        let r = try Self.run(["eval", "detector", "checkmark", "--dataset", dir.path("d.jsonl"),
                              "--positive", "check", "--thresholds", path])
        #expect(r.signal == nil && r.exitCode != 0, "\(r)")
        #expect(r.stderr.contains("huge.json") && r.stderr.contains("200000000 bytes"), "\(r.stderr)")
        #expect((r.maxRSSMegabytes ?? .infinity) < 100 , "\(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB, \(r.seconds) s")
    }

    static let began = #"{"t": 0, "phase": "began", "touches": [{"id": 1, "x": 10, "y": 20}]}"#
    static let config = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "tap", "type": "tap"}]}"#

    /// (case, session bytes, configuration bytes, what stderr must name)
    static let replayCases: [BadFile] = [
        BadFile("session wrong type", "s.jsonl", began + "\n" + #"{"t": "x", "phase": "moved", "touches": []}"#, ["s.jsonl", "line 2", "t"]),
        BadFile("session time backwards", "s.jsonl",
                began + "\n" + #"{"t": -1, "phase": "ended", "touches": [{"id": 1, "x": 10, "y": 20}]}"#, ["s.jsonl", "line 2", "t"]),
        BadFile("session invalid UTF-8", "s.jsonl", Array((began + "\n").utf8) + [0xC3, 0x28, 0x0A], ["s.jsonl", "line 2"]),
        BadFile("configuration unknown version", "c.json",
                config.replacingOccurrences(of: "recognizers/1", with: "recognizers/5"), ["c.json", "format"]),
        BadFile("configuration unknown type", "c.json", config.replacingOccurrences(of: "\"tap\"}", with: "\"teleport\"}"),
                ["c.json", "type"]),
        BadFile("configuration deep nesting", "c.json", String(repeating: "[", count: 100_000), ["c.json"]),
    ]

    @Test(arguments: replayCases)
    func replayFailsCleanlyOnBadSessionsAndConfigurations(_ bad: BadFile) throws {
        let dir = try TemporaryDirectory("cli-replay")
        defer { dir.remove() }
        try Data((Self.began + "\n").utf8).write(to: dir.url.appendingPathComponent("s.jsonl"))
        try Data(Self.config.utf8).write(to: dir.url.appendingPathComponent("c.json"))
        try Data(bad.bytes).write(to: dir.url.appendingPathComponent(bad.fileName))
        let r = try Self.run(["replay", "--recognizers", dir.path("c.json"), dir.path("s.jsonl")])
        #expect(r.signal == nil, "\(bad.name): killed by signal \(r.signal ?? 0)\n\(r.stderr)")
        #expect(r.exitCode != nil && r.exitCode != 0, "\(bad.name): exit \(String(describing: r.exitCode))")
        for m in bad.mentions { #expect(r.stderr.contains(m), "\(bad.name): stderr lacks '\(m)':\n\(r.stderr)") }
        #expect((r.maxRSSMegabytes ?? .infinity) < 300 , "\(bad.name): \(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB, \(r.seconds) s")
    }

    static let libraryCases: [BadFile] = [
        BadFile("library truncated", "l.json", #"{"format": "gesturelab.templates/1", "templates": [{"name": "a", "str"#, ["l.json"]),
        BadFile("library unknown version", "l.json", #"{"format": "gesturelab.templates/3", "templates": []}"#,
                ["l.json", "format"]),
        BadFile("library NaN coordinate", "l.json",
                #"{"format": "gesturelab.templates/1", "templates": [{"name": "a", "strokes": [[[0, 0], ["NaN", 1]]]}]}"#,
                ["l.json", "template 0", "strokes[0][1]"]),
        BadFile("library empty stroke", "l.json",
                #"{"format": "gesturelab.templates/1", "templates": [{"name": "a", "strokes": [[]]}]}"#, ["l.json", "strokes[0]"]),
        BadFile("library no templates", "l.json", #"{"format": "gesturelab.templates/1", "templates": []}"#, ["l.json", "templates"]),
        BadFile("library too many points", "l.json",
                #"{"format": "gesturelab.templates/1", "templates": [{"name": "a", "strokes": [["#
                + Array(repeating: "[1, 2]", count: 10_001).joined(separator: ",") + "]]}]}", ["l.json", "template 0", "strokes"]),
        BadFile("library invalid UTF-8", "l.json", Array(#"{"format": "gesturelab.templates/1", "templates": [{"name": ""#.utf8)
                + [0xFF] + Array(#"", "strokes": [[[0, 0]]]}]}"#.utf8), ["l.json"]),
    ]

    @Test(arguments: libraryCases)
    func recognizeFailsCleanlyOnBadLibraries(_ bad: BadFile) throws {
        let dir = try TemporaryDirectory("cli-library")
        defer { dir.remove() }
        try Data((Self.sample + "\n").utf8).write(to: dir.url.appendingPathComponent("d.jsonl"))
        try Data(bad.bytes).write(to: dir.url.appendingPathComponent(bad.fileName))
        let r = try Self.run(["recognize", "--templates", dir.path(bad.fileName), dir.path("d.jsonl")])
        #expect(r.signal == nil, "\(bad.name): killed by signal \(r.signal ?? 0)\n\(r.stderr)")
        #expect(r.exitCode != nil && r.exitCode != 0, "\(bad.name): exit \(String(describing: r.exitCode))")
        for m in bad.mentions { #expect(r.stderr.contains(m), "\(bad.name): stderr lacks '\(m)':\n\(r.stderr)") }
        #expect((r.maxRSSMegabytes ?? .infinity) < 300 , "\(bad.name): \(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB, \(r.seconds) s")
    }

    @Test func hugeLibraryAndHugePointCountAreRefusedQuickly() throws {
        let dir = try TemporaryDirectory("cli-library-huge")
        defer { dir.remove() }
        try Data((Self.sample + "\n").utf8).write(to: dir.url.appendingPathComponent("d.jsonl"))
        let path = dir.path("huge.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try h.truncate(atOffset: 200_000_000)
        try h.close()
        let r = try Self.run(["recognize", "--templates", path, dir.path("d.jsonl")])
        #expect(r.signal == nil && r.exitCode != 0 && r.stderr.contains("200000000 bytes"), "\(r)")
        #expect((r.maxRSSMegabytes ?? .infinity) < 100 , "\(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB, \(r.seconds) s")

        let lib = DatasetLocator.packageRoot.appendingPathComponent("templates/templates.json").path
        let p = try Self.run(["recognize", "--templates", lib, "--points", "100000000", dir.path("d.jsonl")])
        #expect(p.exitCode == 64 && p.stderr.contains("--points"), "\(p)")
    }

    /// Valid but degenerate samples — one point, all points equal, extreme finite
    /// coordinates, a one-point stroke beside a line, zero duration — through every
    /// command that reads samples: each finishes (status 0), none traps.
    @Test func degenerateSamplesPassThroughEveryCommand() throws {
        let dir = try TemporaryDirectory("cli-odd")
        defer { dir.remove() }
        let lines = [
            #"{"format":"gesturelab.sample/1","label":"check","strokes":[[[5,5]]]}"#,
            #"{"format":"gesturelab.sample/1","label":"check","strokes":[[[5,5],[5,5],[5,5]]]}"#,
            #"{"format":"gesturelab.sample/1","label":"check","strokes":[[[-1e308,1e308],[1e308,-1e308],[0,5e-324]]]}"#,
            #"{"format":"gesturelab.sample/1","label":"circle","strokes":[[[0,0],[10,10]],[[3,3]]]}"#,
            #"{"format":"gesturelab.sample/1","label":"circle","strokes":[[[1e300,1e300],[1e300,1e300]]]}"#,
            #"{"format":"gesturelab.sample/1","label":"x","strokes":[[[0,0,0],[1,1,0],[2,0,0]]]}"#,
        ]
        let data = dir.path("odd.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: data))
        let lib = DatasetLocator.packageRoot.appendingPathComponent("templates/templates.json").path
        let commands: [[String]] = [
            ["train", "--dataset", data, "--out", dir.path("model")],
            ["templates", "build", "--dataset", data, "--per-class", "1", "--out", dir.path("t.json")],
            ["eval", "detector", "circle", "--dataset", data, "--positive", "circle", "--thresholds", "sadun", "--mode", "streaming"],
            ["eval", "detector", "checkmark", "--dataset", data, "--positive", "check"],
            ["train", "detector", "circle", "--dataset", data, "--positive", "circle", "--out", dir.path("c.json"), "--force"],
            ["train", "rejection", "--templates", lib, "--dataset", data, "--out", dir.path("r.json")],
        ] + ["protractor", "dollar1", "pdollar"].map { ["recognize", "--algorithm", $0, "--templates", lib, data] }
        for c in commands {
            let r = try Self.run(c)
            #expect(r.signal == nil && r.exitCode == 0, "\(c.joined(separator: " ")): \(r.exitCode.map { "exit \($0)" } ?? "signal \(r.signal ?? 0)")\n\(r.stderr)")
        }
    }

    static let rejectionCases: [BadFile] = [
        BadFile("rejection unknown version", "r.json",
                #"{"format": "gesturelab.rejection/2", "algorithm": "protractor", "method": "f1", "thresholds": {"a": 0.3}}"#, ["r.json", "format"]),
        BadFile("rejection negative threshold", "r.json",
                #"{"format": "gesturelab.rejection/1", "algorithm": "protractor", "method": "f1", "thresholds": {"arrow": -1}}"#,
                ["r.json", "thresholds.arrow"]),
        BadFile("rejection unknown algorithm", "r.json",
                #"{"format": "gesturelab.rejection/1", "algorithm": "$9", "method": "f1", "thresholds": {}}"#, ["r.json", "algorithm"]),
        BadFile("rejection huge number", "r.json",
                #"{"format": "gesturelab.rejection/1", "algorithm": "protractor", "method": "f1", "thresholds": {"a": 1e999}}"#, ["r.json"]),
        BadFile("rejection over 1 MiB", "r.json", Array(repeating: UInt8(ascii: " "), count: (1 << 20) + 1), ["r.json", "bytes"]),
    ]

    @Test(arguments: rejectionCases)
    func recognizeFailsCleanlyOnBadRejectionThresholds(_ bad: BadFile) throws {
        let dir = try TemporaryDirectory("cli-rejection")
        defer { dir.remove() }
        try Data((Self.sample + "\n").utf8).write(to: dir.url.appendingPathComponent("d.jsonl"))
        try Data(bad.bytes).write(to: dir.url.appendingPathComponent(bad.fileName))
        let lib = DatasetLocator.packageRoot.appendingPathComponent("templates/templates.json").path
        let r = try Self.run(["recognize", "--templates", lib, "--rejection", dir.path(bad.fileName), dir.path("d.jsonl")])
        #expect(r.signal == nil, "\(bad.name): killed by signal \(r.signal ?? 0)\n\(r.stderr)")
        #expect(r.exitCode != nil && r.exitCode != 0, "\(bad.name): exit \(String(describing: r.exitCode))")
        for m in bad.mentions { #expect(r.stderr.contains(m), "\(bad.name): stderr lacks '\(m)':\n\(r.stderr)") }
    }
}

/// Command-line numbers that used to crash or run without bound.
struct CLIRangeTests {
    @Test(arguments: [
        (["--templates-per-class", "1-9223372036854775807"], "values must be 1…10000"),
        (["--templates-per-class", "0-3"], "values must be 1…10000"),
        (["--templates-per-class", "1-999,1-999"], "at most 1000 values"),
        (["--trials", "1000000000"], "--trials must be 1…10000"),
        (["--trials", "0"], "--trials must be 1…10000"),
    ])
    func outOfRangeNumbersAreRefusedWithTheirLimit(_ args: [String], _ message: String) throws {
        let dir = try TemporaryDirectory("cli-ranges")
        defer { dir.remove() }
        let data = dir.path("d.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1"], perLabel: 2), to: URL(fileURLWithPath: data))
        let r = try CLIRunner.run(["eval", "matcher", "--dataset", data] + args)
        #expect(r.status == 64, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}

/// A dataset whose every sample is degenerate builds no library.
struct DegenerateLibraryTests {
    @Test func anAllDegenerateDatasetWritesNoLibrary() throws {
        let dir = try TemporaryDirectory("cli-degenerate")
        defer { dir.remove() }
        let data = dir.path("d.jsonl")
        let dots = ["a", "b"].flatMap { l in (0..<3).map { k in
            Sample(gesture: Gesture(points: [Point(x: Double(k), y: 1), Point(x: Double(k), y: 1)]), label: l, subject: "s1") } }
        try JSONLines.write(dots, to: URL(fileURLWithPath: data))
        let out = dir.path("lib.json")
        let r = try CLIRunner.run(["templates", "build", "--dataset", data, "--per-class", "2", "--out", out])
        #expect(r.status != 0)
        #expect(r.stderr.contains("no template library written"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

/// One `--skip-invalid` on every dataset command; nothing left is an error.
struct SkipInvalidTests {
    @Test(arguments: [["eval", "matcher", "--trials", "2", "--templates-per-class", "1"], ["templates", "build", "--per-class", "1", "--out", "LIB"],
                      ["eval", "detector", "checkmark", "--positive", "check"], ["train", "rejection", "--templates", "LIB0", "--algorithm", "protractor", "--out", "LIB"]])
    func skipInvalidSkipsAndAllRefusedIsAnError(_ command: [String]) throws {
        let dir = try TemporaryDirectory("cli-skip-invalid")
        defer { dir.remove() }
        let mixed = dir.path("mixed"), bad = dir.path("bad")
        try FileManager.default.createDirectory(atPath: mixed, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: true)
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1", "s2"], perLabel: 3), to: URL(fileURLWithPath: mixed + "/good.jsonl"))
        for d in [mixed, bad] { try "{not json".write(toFile: d + "/broken.json", atomically: true, encoding: .utf8) }
        let lib0 = dir.path("lib0.json")
        #expect(try CLIRunner.run(["templates", "build", "--dataset", mixed + "/good.jsonl", "--per-class", "1", "--algorithm", "protractor", "--out", lib0]).status == 0)
        let args = command.map { $0 == "LIB" ? dir.path("lib.json") : $0 == "LIB0" ? lib0 : $0 }
        let strict = try CLIRunner.run(args + ["--dataset", mixed])
        #expect(strict.status != 0 && strict.stderr.contains("broken.json"), "\(strict.stderr)")
        let tolerant = try CLIRunner.run(args + ["--dataset", mixed, "--skip-invalid"])
        #expect(tolerant.status == 0, "\(args): \(tolerant.stderr)")
        #expect(tolerant.stderr.contains("broken.json"))
        let nothing = try CLIRunner.run(args + ["--dataset", bad, "--skip-invalid"])
        #expect(nothing.status != 0 && nothing.stderr.contains("every input was refused"), "\(nothing.stderr)")
    }
}

/// Progress goes to a terminal only, never into a pipe.
struct NoProgressIntoPipesTests {
    @Test func trainRejectionWritesNoProgressIntoAPipe() throws {
        let dir = try TemporaryDirectory("cli-progress-pipe")
        defer { dir.remove() }
        let data = dir.path("d.jsonl"), lib = dir.path("lib.json")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1", "s2"], perLabel: 3), to: URL(fileURLWithPath: data))
        #expect(try CLIRunner.run(["templates", "build", "--dataset", data, "--per-class", "1", "--out", lib]).status == 0)
        let r = try CLIRunner.run(["train", "rejection", "--templates", lib, "--dataset", data, "--out", dir.path("r.json")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("measuring distances"), "\(r.stderr)")
    }
}

extension BadInputCLITests {
    /// Memory: a 48 MB single-sample file of 8 million points peaked at 1 GB
    /// (the JSON tree) before the point limit refused it; parsing now stops at the values
    /// one sample can hold, and the peak stays under 4× the file's size.
    @Test func aHugeSampleFileIsRefusedWithinFourTimesItsSize() throws {
        let dir = try TemporaryDirectory("cli-huge-sample")
        defer { dir.remove() }
        let path = dir.path("big.json")
        var text = #"{"format":"gesturelab.sample/1","label":"x","strokes":[["#
        text += Array(repeating: "[1,2]", count: 8_000_000).joined(separator: ",")
        text += "]]}"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let size = Double(text.utf8.count) / 1_048_576
        let r = try Self.run(["dataset", "info", path])
        #expect(r.signal == nil && r.exitCode == 1, "\(r)")
        #expect(r.stderr.contains("big.json") && r.stderr.contains("more JSON values than one sample can hold"), "\(r.stderr)")
        #expect((r.maxRSSMegabytes ?? .infinity) < 4 * size,
                "peak RSS \(r.maxRSSMegabytes.map { "\($0) MB" } ?? Self.notMeasured) for a \(size) MB file")
        print("48 MB sample refused: \(r.maxRSSMegabytes.map { "\($0)" } ?? Self.notMeasured) MB peak (file \(size) MB), \(r.seconds) s")
    }
}
