import ArgumentParser
import GestureTraining

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmarks that print figures (release build recommended).",
        subcommands: [BenchMatcher.self, BenchEngine.self, BenchDetectors.self, BenchRecorder.self]
    )
}

extension Bench {
    /// `debug` or `release`: which build is timing itself.
    static var build: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// Printed before figures from a debug build.
    static let debugNote = "note: debug build; figures are not representative (swift build -c release)"

    /// `body`'s result and how long it took, in seconds.
    static func timed<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
        let clock = ContinuousClock(), start = clock.now
        let result = try body()
        return (result, (clock.now - start).inSeconds)
    }

    /// The shortest of `repeats` runs of `body`, in seconds: the figure the benches report.
    static func best(of repeats: Int, _ body: () throws -> Void) rethrows -> Double {
        var b = Double.infinity
        for _ in 0..<repeats { b = Swift.min(b, try timed(body).seconds) }
        return b
    }
}

/// `--repeats` of the benches that report the best of a few runs.
struct BestOfOptions: ParsableArguments {
    @Option(help: "Runs per figure; the best is reported.")
    var repeats: Int = 3
}
