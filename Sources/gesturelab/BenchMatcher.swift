import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct BenchMatcher: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "matcher", abstract: "Benchmark matcher scoring, scalar vs BLAS (not built yet)")
    func run() throws { throw ValidationError("'matcher' is not built yet") }
}
