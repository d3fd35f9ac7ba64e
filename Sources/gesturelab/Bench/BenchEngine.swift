import ArgumentParser
import Foundation
import GestureData
import GestureEngine

struct BenchEngine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Measure replay throughput: touch events per second through the standard recognizers.",
        discussion: """
        Generates a synthetic session (--minutes, --seed), then times (1) reading and \
        validating its JSON Lines and (2) replaying it through a fresh arena, --repeats \
        times, for the standard configuration and the same recognizers on three nested \
        views side by side (taking turns); prints the best and median replay rate, the \
        cost of a touch event and of a line, and that cost against reading the line. Use \
        a release build: swift build -c release.

        With --fingers N,N,...: instead, for each N a session of N fingers that all begin \
        in one line and all end in the next, read and replayed through tap recognizers: \
        the time per finger must stay flat as N grows (replay once grew with N²).
        """)

    @Option(help: "Length of the synthetic session in minutes.")
    var minutes: Double = 10

    @Option(help: "Seed of the synthetic session.")
    var seed: UInt64 = 1

    @Option(help: "How many times to replay it.")
    var repeats: Int = 300

    @Option(name: .customLong("recognizers"), help: "A recognizer configuration instead of the standard one.")
    var recognizersPath: String?

    @Flag(help: "Only the standard recognizers spread over three nested views (hit-testing and routing included).")
    var views = false

    @Option(help: "Comma-separated finger counts: time sessions of that many fingers beginning in one line and ending in the next (e.g. 250,500,1000; at most the cap on touches down at once, 1000).")
    var fingers: String?

    @OptionGroup var output: OutputOptions

    /// ``fingers`` as numbers.
    var fingerCounts: [Int] {
        (fingers ?? "").split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    func validate() throws {
        if let fingers {
            let counts = fingerCounts
            guard !counts.isEmpty, counts.count == fingers.split(separator: ",").count, counts.allSatisfy({ $0 >= 1 && $0 <= TouchSessionReader.maxTouchesDown }) else {
                throw ValidationError("--fingers wants comma-separated counts from 1 to \(TouchSessionReader.maxTouchesDown) (the cap on touches down at once), e.g. 250,500,1000")
            }
        }
        guard minutes.isFinite, minutes > 0, minutes <= 600 else { throw ValidationError("--minutes must be in (0, 600]") }
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
    }

    /// One configuration's replay figures.
    struct Row: Codable {
        var configuration: String
        var recognizers, activations: Int
        var replayBestSeconds, replayMedianSeconds: Double
        /// Touch records (a line with two fingers counts two) and session lines (UIEvent
        /// batches) per second, best run.
        var touchEventsPerSecond, linesPerSecond: Double
        /// Best run's cost of one touch record and of one line (nanoseconds).
        var nanosecondsPerTouchEvent, nanosecondsPerLine: Double
        /// Replay cost over reading cost, per line.
        var replayOverRead: Double
    }

    struct Report: Codable {
        var build: String
        var seed: UInt64
        var minutes: Double
        var lines, touches, repeats: Int
        var readSeconds, readLinesPerSecond: Double
        /// Reading and validating the JSON Lines, per touch record and per line (nanoseconds).
        var readNanosecondsPerTouchEvent, readNanosecondsPerLine: Double
        var rows: [Row]
    }

    /// One finger count's figures (``fingers``).
    struct FingersRow: Codable {
        var fingers, bytes: Int
        var readSeconds, replaySeconds, replayNanosecondsPerFinger: Double
        var taps: Int
    }

    /// Times sessions of many fingers at once: read and replay, best of --repeats (at most 5).
    func runFingers() throws {
        let config = try RecognizerConfiguration.decode(Data(#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "tap", "type": "tap"}, {"name": "double", "type": "tap", "taps": 2}, {"name": "two", "type": "tap", "touches": 2}]}"#.utf8), file: "taps")
        var rows: [FingersRow] = []
        for n in fingerCounts {
            let touches = (0..<n).map { TouchSessionTouch(id: $0, x: Double($0 % 1000) * 2, y: Double($0 / 1000) * 2) }
            let bytes = try TouchSessionWriter.encode([TouchSessionEvent(t: 1, phase: .began, touches: touches),
                                                      TouchSessionEvent(t: 1.1, phase: .ended, touches: touches)])
            var read = Double.infinity, replay = Double.infinity, taps = 0
            for _ in 0..<max(1, min(repeats, 5)) {
                let events = try Bench.timed { try TouchSessionReader.decode(bytes, file: "fingers") }
                read = min(read, events.seconds)
                let arena = config.makeArena(startTime: 1)
                let r = try Bench.timed { try SessionReplayer.replay(events.result, through: arena) }
                replay = min(replay, r.seconds)
                taps = r.result.activations.filter(\.isActivation).count
            }
            rows.append(FingersRow(fingers: n, bytes: bytes.count, readSeconds: read, replaySeconds: replay,
                                   replayNanosecondsPerFinger: replay / Double(n) * 1e9, taps: taps))
        }
        try output.print(rows) {
            if Bench.build == "debug" { Console.out(Bench.debugNote) }
            Console.out("fingers that all begin in one line and all end in the next, through 3 tap recognizers (\(Bench.build) build):")
            for r in rows {
                Console.out(String(format: "  %7d fingers (%5.1f MB): read %.4f s, replay %.4f s (%.0f ns a finger), %d taps",
                                   r.fingers, Double(r.bytes) / 1e6, r.readSeconds, r.replaySeconds, r.replayNanosecondsPerFinger, r.taps))
            }
        }
    }

    func run() throws {
        if fingers != nil { return try runFingers() }
        let build = Bench.build
        let configurations: [(name: String, config: RecognizerConfiguration)]
        if let recognizersPath {
            configurations = [(recognizersPath, try EngineCLI.loadConfiguration(recognizersPath))]
        } else if views {
            configurations = [("standard on three nested views", .standardOnViews)]
        } else {
            configurations = [("standard", .standard), ("standard on three nested views", .standardOnViews)]
        }
        var gen = SyntheticSessionGenerator(seed: seed)
        let session = gen.session(duration: minutes * 60, mix: SyntheticGesture.standardMix + [.diagonalFlick])
        let bytes = try TouchSessionWriter.encode(session.events)

        // Reading is timed several times too (the best of up to 10), so that best compares with best.
        var readTimes: [Double] = []
        var events: [TouchSessionEvent] = []
        for _ in 0..<max(1, min(repeats, 10)) {
            let read = try Bench.timed { try TouchSessionReader.decode(bytes, file: "synthetic") }
            events = read.result
            readTimes.append(read.seconds)
        }
        let readSeconds = readTimes.min()!
        let touches = events.reduce(0) { $0 + $1.touches.count }
        let lines = Double(events.count)

        // The configurations take turns, so that a machine busy for a moment costs both.
        var times = [[Double]](repeating: [], count: configurations.count)
        var activations = [Int](repeating: 0, count: configurations.count)
        for _ in 0..<repeats {
            for (k, c) in configurations.enumerated() {
                let arena = c.config.makeArena(startTime: events.first?.t ?? 0)
                let r = try Bench.timed { try SessionReplayer.replay(events, through: arena) }
                times[k].append(r.seconds)
                activations[k] = r.result.activations.filter(\.isActivation).count
            }
        }
        let readPerLine = readSeconds / lines
        let rows = configurations.enumerated().map { k, c in
            let sorted = times[k].sorted()
            let best = sorted[0]
            return Row(configuration: c.name, recognizers: c.config.recognizers.count, activations: activations[k],
                       replayBestSeconds: best, replayMedianSeconds: sorted[sorted.count / 2],
                       touchEventsPerSecond: Double(touches) / best, linesPerSecond: lines / best,
                       nanosecondsPerTouchEvent: best / Double(touches) * 1e9, nanosecondsPerLine: best / lines * 1e9,
                       replayOverRead: (best / lines) / readPerLine)
        }
        let report = Report(build: build, seed: seed, minutes: minutes, lines: events.count, touches: touches,
                            repeats: repeats, readSeconds: readSeconds, readLinesPerSecond: lines / readSeconds,
                            readNanosecondsPerTouchEvent: readSeconds / Double(touches) * 1e9,
                            readNanosecondsPerLine: readPerLine * 1e9, rows: rows)
        try output.print(report) {
            if build == "debug" { Console.out(Bench.debugNote) }
            Console.out(String(format: "session: %.1f min synthetic (seed %llu): %d lines, %d touch events",
                               minutes, seed, report.lines, touches))
            Console.out(String(format: "read + validate (best of %d): %.4f s, %.0f lines/s: %.0f ns a line, %.0f ns a touch event",
                               readTimes.count, readSeconds, report.readLinesPerSecond,
                               report.readNanosecondsPerLine, report.readNanosecondsPerTouchEvent))
            for row in rows {
                Console.out("replay through \(row.configuration) (\(row.recognizers) recognizers, \(row.activations) activations), \(build) build, best of \(repeats):")
                Console.out(String(format: "  %.4f s (median %.4f s): %.2f million touch events/s (%.2f million lines/s)",
                                   row.replayBestSeconds, row.replayMedianSeconds,
                                   row.touchEventsPerSecond / 1e6, row.linesPerSecond / 1e6))
                Console.out(String(format: "  %.0f ns a touch event, %.0f ns a line (%.3f× the cost of reading and validating the line)",
                                   row.nanosecondsPerTouchEvent, row.nanosecondsPerLine, row.replayOverRead))
            }
            if rows.count == 2 {
                Console.out(String(format: "views cost %.2f× the replay without them", rows[1].replayBestSeconds / rows[0].replayBestSeconds))
            }
        }
    }
}
