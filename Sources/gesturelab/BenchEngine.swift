import ArgumentParser

// Placeholder until its issue lands; replaced by the real command.
struct BenchEngine: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "engine", abstract: "Benchmark engine replay throughput (not built yet)")
    func run() throws { throw ValidationError("'engine' is not built yet") }
}
