import ArgumentParser

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmarks that print figures (release build recommended).",
        subcommands: [BenchMatcher.self, BenchEngine.self, BenchDetectors.self]
    )
}
