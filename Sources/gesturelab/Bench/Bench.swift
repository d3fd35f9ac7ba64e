import ArgumentParser

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
}
