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
        validating its JSON Lines and (2) replaying it through a fresh arena of the standard \
        configuration, --repeats times; prints the best and median replay rate. Use a \
        release build: swift build -c release.
        """)

    @Option(help: "Length of the synthetic session in minutes.")
    var minutes: Double = 10

    @Option(help: "Seed of the synthetic session.")
    var seed: UInt64 = 1

    @Option(help: "How many times to replay it.")
    var repeats: Int = 50

    @Option(name: .customLong("recognizers"), help: "A recognizer configuration instead of the standard one.")
    var recognizersPath: String?

    @Flag(help: "Use the standard recognizers spread over three nested views (hit-testing and routing included).")
    var views = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard minutes.isFinite, minutes > 0, minutes <= 600 else { throw ValidationError("--minutes must be in (0, 600]") }
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
    }

    struct Report: Codable {
        var build: String
        var seed: UInt64
        var minutes: Double
        var recognizers: Int
        var lines: Int
        var touches: Int
        var activations: Int
        var repeats: Int
        var readSeconds: Double
        var readLinesPerSecond: Double
        var replayBestSeconds: Double
        var replayMedianSeconds: Double
        /// Touch records (a line with two fingers counts two) per second, best run.
        var touchEventsPerSecond: Double
        /// Session lines (UIEvent batches) per second, best run.
        var linesPerSecond: Double
    }

    func run() throws {
        let build = Bench.build
        let config = try recognizersPath.map(EngineCLI.loadConfiguration) ?? (views ? .standardOnViews : .standard)
        var gen = SyntheticSessionGenerator(seed: seed)
        let session = gen.session(duration: minutes * 60, mix: SyntheticGesture.standardMix + [.diagonalFlick])
        let bytes = try TouchSessionWriter.encode(session.events)

        let clock = ContinuousClock()
        var start = clock.now
        let events = try TouchSessionReader.decode(bytes, file: "synthetic")
        let readSeconds = EngineCLI.seconds(clock.now - start)

        var times: [Double] = []
        var activations = 0
        var touches = 0
        for _ in 0..<repeats {
            let arena = config.makeArena(startTime: events.first?.t ?? 0)
            start = clock.now
            let r = try SessionReplayer.replay(events, through: arena)
            times.append(EngineCLI.seconds(clock.now - start))
            activations = r.activations.filter(\.isActivation).count
            touches = r.touchCount
        }
        times.sort()
        let best = times[0], median = times[times.count / 2]
        let report = Report(build: build, seed: seed, minutes: minutes, recognizers: config.recognizers.count,
                            lines: events.count, touches: touches, activations: activations, repeats: repeats,
                            readSeconds: readSeconds, readLinesPerSecond: Double(events.count) / readSeconds,
                            replayBestSeconds: best, replayMedianSeconds: median,
                            touchEventsPerSecond: Double(touches) / best, linesPerSecond: Double(events.count) / best)
        switch output.format {
        case .json:
            Console.out(try Console.json(report))
        case .text:
            if build == "debug" { Console.out(Bench.debugNote) }
            Console.out(String(format: "session: %.1f min synthetic (seed %llu): %d lines, %d touch events, %d activations",
                               minutes, seed, report.lines, touches, activations))
            Console.out("recognizers: \(recognizersPath ?? (views ? "standard on three nested views" : "standard")) (\(config.recognizers.count))")
            Console.out(String(format: "read + validate: %.3f s (%.0f lines/s)", readSeconds, report.readLinesPerSecond))
            Console.out(String(format: "replay (%@ build, best of %d): %.4f s, median %.4f s", build, repeats, best, median))
            Console.out(String(format: "throughput: %.2f million touch events/s (%.2f million lines/s)",
                               report.touchEventsPerSecond / 1e6, report.linesPerSecond / 1e6))
        }
    }
}
