import ArgumentParser
import Foundation
import GestureData
import GestureGeometry
import GestureMatching

struct BenchMatcher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matcher",
        abstract: "Benchmark matcher scoring: scalar vs BLAS per recognition and for all pairs of a dataset.",
        discussion: """
        Build with `swift build -c release` for meaningful figures. OpenBLAS picks its kernels \
        when the process starts: run with OPENBLAS_CORETYPE=SkylakeX in the environment for \
        faster sgemm on CPUs that support it (README, Benchmarks).
        """)

    @Option(help: "A dataset folder (the $1 logs) to draw templates and candidates from.")
    var dataset: String

    @Option(name: .customLong("templates-per-class"), help: "Template counts T to time (16×T templates).")
    var templatesPerClass: String = "1,3,10,100,1000"

    @Option(help: "Recognitions timed per configuration (the median is reported).")
    var recognitions: Int = 2000

    @Option(name: .customLong("all-pairs"), help: "Also time all pairs of the dataset's samples (0 to skip).")
    var allPairs: Int = 1

    @Option(help: "Seed for choosing templates and candidates.")
    var seed: UInt64 = 1

    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    struct Row: Codable {
        var algorithm: String
        var templates: Int
        var scalarMedianMicroseconds: Double
        var blasMedianMicroseconds: Double?
        var ratio: Double?
        /// The matrix product alone (`a` and `b` for every template), candidate prepared beforehand.
        var scoresScalarMedianMicroseconds: Double?
        var scoresBlasMedianMicroseconds: Double?
        var scoresRatio: Double?
    }

    struct AllPairs: Codable {
        var samples: Int
        var distances: Int
        var prepareSeconds: Double
        var blasSeconds: Double
        var scalarSeconds: Double
        var ratio: Double
        var maxAbsDifference: Double
    }

    struct Report: Codable {
        var openblasCoretype: String?
        var seed: UInt64
        var rows: [Row]
        var allPairs: AllPairs?
    }

    func validate() throws {
        _ = try MatcherCLI.parseIntList(templatesPerClass, name: "--templates-per-class")
        if recognitions < 1 { throw ValidationError("--recognitions must be at least 1") }
    }

    func run() throws {
        let ts = try MatcherCLI.parseIntList(templatesPerClass, name: "--templates-per-class")
        let data = try datasetOptions.load(dataset)
        let byLabel = data.byLabel.sorted { $0.key < $1.key }
        guard byLabel.count >= 2 else { throw FileError(file: dataset, message: "needs at least two labels") }
        var rng = SeededGenerator(seed: seed)
        let usable = data.samples.filter { $0.gesture.pointCount > 0 }
        guard !usable.isEmpty else { throw FileError(file: dataset, message: "no samples with points") }
        let candidates = (0..<recognitions).map { _ in usable[Int.random(in: 0..<usable.count, using: &rng)].gesture }

        func library(_ t: Int) -> TemplateLibrary {
            // Cycles through each label's samples; above their count templates repeat (timing only).
            var out: [Template] = []
            for (label, samples) in byLabel {
                let start = Int.random(in: 0..<samples.count, using: &rng)
                for k in 0..<t { out.append(Template(name: label, gesture: samples[(start + k) % samples.count].gesture)) }
            }
            return TemplateLibrary(templates: out)
        }

        var rows: [Row] = []
        for t in ts {
            let lib = library(t)
            let m = ProtractorMatcher(library: lib, settings: .default)
            let scalar = median(candidates) { g in if let p = ProtractorMatcher.prepare(g, settings: m.settings) { _ = m.recognize(prepared: p, limit: 1, path: .scalar) } }
            let blas = median(candidates) { g in if let p = ProtractorMatcher.prepare(g, settings: m.settings) { _ = m.recognize(prepared: p, limit: 1, path: .blas) } }
            let preparedCandidates = candidates.compactMap { ProtractorMatcher.prepare($0, settings: m.settings) }
            let scoresScalar = medianOf(preparedCandidates) { _ = m.rawScores($0, path: .scalar) }
            let scoresBlas = medianOf(preparedCandidates) { _ = m.rawScores($0, path: .blas) }
            rows.append(Row(algorithm: "protractor", templates: lib.templates.count, scalarMedianMicroseconds: scalar,
                            blasMedianMicroseconds: blas, ratio: scalar / blas,
                            scoresScalarMedianMicroseconds: scoresScalar, scoresBlasMedianMicroseconds: scoresBlas,
                            scoresRatio: scoresScalar / scoresBlas))
            if t <= 10 {
                let d1 = DollarOneMatcher(library: lib, settings: .default)
                rows.append(Row(algorithm: "dollar1", templates: lib.templates.count,
                                scalarMedianMicroseconds: median(candidates) { _ = d1.recognize($0, limit: 1) }))
                let p = PDollarMatcher(library: lib, settings: .default)
                rows.append(Row(algorithm: "pdollar", templates: lib.templates.count,
                                scalarMedianMicroseconds: median(candidates) { _ = p.recognize($0, limit: 1) }))
            }
        }

        var pairs: AllPairs?
        if allPairs != 0 {
            let clock = ContinuousClock()
            var t0 = clock.now
            let prepared = data.samples.compactMap { ProtractorMatcher.prepare($0.gesture, settings: .default) }
            let prepareSeconds = seconds(clock.now - t0)
            let m = ProtractorMatcher(names: prepared.map { _ in "" }, templates: prepared, settings: .default)
            let chunk = 600
            var blasMin: [Float] = [], scalarMin: [Float] = []
            t0 = clock.now
            for start in stride(from: 0, to: prepared.count, by: chunk) {
                let part = Array(prepared[start..<min(start + chunk, prepared.count)])
                blasMin += rowMinima(m.distances(batch: part, path: .blas), width: prepared.count)
            }
            let blasSeconds = seconds(clock.now - t0)
            t0 = clock.now
            for start in stride(from: 0, to: prepared.count, by: chunk) {
                let part = Array(prepared[start..<min(start + chunk, prepared.count)])
                scalarMin += rowMinima(m.distances(batch: part, path: .scalar), width: prepared.count)
            }
            let scalarSeconds = seconds(clock.now - t0)
            let diff = zip(blasMin, scalarMin).map { Double(abs($0 - $1)) }.max() ?? 0
            pairs = AllPairs(samples: prepared.count, distances: prepared.count * prepared.count, prepareSeconds: prepareSeconds,
                             blasSeconds: blasSeconds, scalarSeconds: scalarSeconds, ratio: scalarSeconds / blasSeconds,
                             maxAbsDifference: diff)
        }

        let report = Report(openblasCoretype: ProcessInfo.processInfo.environment["OPENBLAS_CORETYPE"], seed: seed, rows: rows, allPairs: pairs)
        switch output.format {
        case .json:
            Console.out(try Console.json(report))
        case .text:
            Console.out("OPENBLAS_CORETYPE=\(report.openblasCoretype ?? "(unset)"), seed \(seed), \(recognitions) recognitions per row, candidate preprocessing included")
            Console.out("median time per recognition (prepare + score + rank best); then the matrix product alone")
            Console.out("algorithm   templates   scalar median   BLAS median   scalar/BLAS | product: scalar      BLAS  scalar/BLAS")
            for r in rows {
                var line = r.algorithm.padding(toLength: 12, withPad: " ", startingAt: 0)
                line += String(r.templates).padding(toLength: 9, withPad: " ", startingAt: 0)
                line += String(format: "%12.2f µs", r.scalarMedianMicroseconds)
                if let b = r.blasMedianMicroseconds, let q = r.ratio { line += String(format: "  %9.2f µs  %10.2f×", b, q) }
                if let a = r.scoresScalarMedianMicroseconds, let b = r.scoresBlasMedianMicroseconds, let q = r.scoresRatio {
                    line += String(format: "  | %9.2f µs %9.2f µs %8.2f×", a, b, q)
                }
                Console.out(line)
            }
            if let p = pairs {
                Console.out("all pairs: \(p.samples)×\(p.samples) = \(p.distances) Protractor distances")
                Console.out(String(format: "  preprocessing %.3f s; BLAS (sgemm + acos) %.3f s; scalar %.3f s; scalar/BLAS %.2f×; max |Δ| of row minima %.2e",
                                   p.prepareSeconds, p.blasSeconds, p.scalarSeconds, p.ratio, p.maxAbsDifference))
            }
        }
    }

    private func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    private func median(_ candidates: [Gesture], _ body: (Gesture) -> Void) -> Double {
        medianOf(candidates, body)
    }

    /// Median wall time of `body` per item, in microseconds (after a warm-up pass).
    private func medianOf<T>(_ candidates: [T], _ body: (T) -> Void) -> Double {
        let clock = ContinuousClock()
        for g in candidates.prefix(50) { body(g) }
        var times: [Double] = []
        times.reserveCapacity(candidates.count)
        for g in candidates {
            let t0 = clock.now
            body(g)
            times.append(seconds(clock.now - t0) * 1e6)
        }
        times.sort()
        return times[times.count / 2]
    }

    private func rowMinima(_ d: [Float], width: Int) -> [Float] {
        stride(from: 0, to: d.count, by: width).map { d[$0..<($0 + width)].min() ?? 0 }
    }
}
