import ArgumentParser
import Foundation
import GestureData
import GestureGeometry
import GestureMatching
import GestureTraining

struct BenchMatcher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matcher",
        abstract: "Benchmark the matchers: time per recognition, Protractor scalar vs BLAS, all pairs of a dataset beside the bare sgemm, and the accuracy protocol's time.",
        discussion: """
        Build with `swift build -c release` for meaningful figures. OpenBLAS picks its kernels \
        for the CPU when the process starts; the figures are for this machine's kernels.
        """)

    @Option(help: "A dataset folder (the $1 logs) to draw templates and candidates from.")
    var dataset: String

    @Option(name: .customLong("templates-per-class"), help: "Template counts T to time (16×T templates).")
    var templatesPerClass: String = "1,3,10,100,1000"

    @Option(help: "Recognitions timed per configuration (the median is reported).")
    var recognitions: Int = 2000

    @Option(name: .customLong("all-pairs"), help: "Also time all pairs of the dataset's samples (0 to skip).")
    var allPairs: Int = 1

    @Option(help: "Also time the user-dependent protocol (--protocol-templates, --protocol-trials) for every registered algorithm, and auto's choice on the whole dataset (0 to skip).")
    var protocols: Int = 1

    @Option(name: .customLong("protocol-templates"), help: "T of the timed protocol (the $1 paper: 1-9; HOMUS: 1-5).")
    var protocolTemplates: String = "1-9"

    @Option(name: .customLong("protocol-trials"), help: "Trials of the timed protocol (the $1 paper: 100; HOMUS: 20).")
    var protocolTrials: Int = 100

    @Option(help: "Only this speed (slow, medium, fast) for every figure; all samples when absent.")
    var speed: String?

    @Option(help: "Seed for choosing templates and candidates.")
    var seed: UInt64 = 1

    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    struct Row: Codable {
        var algorithm: String
        var templates: Int
        /// Recognitions timed (fewer for the slow matchers at many templates).
        var recognitions: Int
        var scalarMedianMicroseconds: Double
        var blasMedianMicroseconds, ratio: Double?
        /// The matrix product alone (`a` and `b` for every template), candidate prepared beforehand.
        var scoresScalarMedianMicroseconds: Double?
        var scoresBlasMedianMicroseconds, scoresRatio: Double?
    }

    struct AllPairs: Codable {
        var samples, distances: Int
        /// Seconds: preparing the samples; the sgemm alone, [C; C⊥]·Mᵀ in the same chunks (the
        /// floor for this product); sgemm + distances (acos) + each row's nearest neighbour;
        /// the scalar path.
        var prepareSeconds, bareSgemmSeconds, blasSeconds, scalarSeconds: Double
        /// scalarSeconds / blasSeconds, and blasSeconds / bareSgemmSeconds.
        var ratio, overBareSgemm: Double
        var maxAbsDifference: Double
        /// Rows whose nearest neighbour is the same on both paths.
        var nearestAgreement: Double
    }

    struct ProtocolTime: Codable {
        var algorithm: String
        var seconds: Double
        var recognitions: Int
    }

    struct Report: Codable {
        var seed: UInt64
        var rows: [Row]
        var allPairs: AllPairs?
        var protocols: [ProtocolTime]
        var auto: AutoTime?
    }

    /// `train --algorithm auto`'s choice on the whole dataset, timed.
    struct AutoTime: Codable {
        var samples: Int
        var seconds: Double
        var chosen, validation: String
    }

    func validate() throws {
        _ = try MatcherCLI.parseIntList(templatesPerClass, name: "--templates-per-class")
        _ = try MatcherCLI.parseIntList(protocolTemplates, name: "--protocol-templates")
        guard (1...EvalMatcher.maxTrials).contains(protocolTrials) else { throw ValidationError("--protocol-trials must be 1…\(EvalMatcher.maxTrials)") }
        if recognitions < 1 { throw ValidationError("--recognitions must be at least 1") }
    }

    func run() throws {
        let ts = try MatcherCLI.parseIntList(templatesPerClass, name: "--templates-per-class")
        let data = try datasetOptions.load(dataset, speed: speed, console: output.console)
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
            rows.append(Row(algorithm: "protractor", templates: lib.templates.count, recognitions: candidates.count, scalarMedianMicroseconds: scalar,
                            blasMedianMicroseconds: blas, ratio: scalar / blas,
                            scoresScalarMedianMicroseconds: scoresScalar, scoresBlasMedianMicroseconds: scoresBlas,
                            scoresRatio: scoresScalar / scoresBlas))
            // Every other algorithm, one path each, up to 16×100 templates; fewer recognitions
            // timed for the slow ones at many templates (about 40 000 template comparisons).
            guard t <= 100 else { continue }
            for algorithm in MatcherAlgorithm.allCases where algorithm != .protractor {
                let m = MatcherSettings.defaults(for: algorithm).matcher(library: lib)
                let count = algorithm == .pennyPincher ? candidates.count
                    : Swift.max(30, Swift.min(candidates.count, 40_000 / lib.templates.count))
                rows.append(Row(algorithm: algorithm.rawValue, templates: lib.templates.count, recognitions: count,
                                scalarMedianMicroseconds: median(Array(candidates.prefix(count))) { _ = m.recognize($0, limit: 1) }))
            }
        }

        var pairs: AllPairs?
        if allPairs != 0 {
            let (prepared, prepareSeconds) = Bench.timed { data.samples.compactMap { ProtractorMatcher.prepare($0.gesture, settings: .default) } }
            let m = ProtractorMatcher(names: prepared.map { _ in "" }, templates: prepared, settings: .default)
            let chunk = 600
            let parts = stride(from: 0, to: prepared.count, by: chunk).map { Array(prepared[$0..<min($0 + chunk, prepared.count)]) }
            // The floor: the same sgemm ([C; C⊥]·Mᵀ per chunk) with its input stacked beforehand.
            let stacked = parts.map { p -> [Float] in let v = p.flatMap(\.vector); return v + BLASScorer.rotated90(v) }
            /// All pairs through `path`, chunk by chunk: each row's smallest distance and nearest template.
            func run(_ path: ScoringPath) -> (min: [Float], nearest: [Int]) {
                var mins: [Float] = [], nearest: [Int] = []
                for p in parts {
                    let r = m.allPairs(batch: p, path: path)
                    mins += zip(r.nearest.indices, r.nearest).map { r.distances[$0 * prepared.count + $1] }
                    nearest += r.nearest
                }
                return (mins, nearest)
            }
            var bareSeconds = Double.infinity, blasSeconds = Double.infinity
            var blas: (min: [Float], nearest: [Int]) = ([], [])
            // Best of three for both, taken in turn, so that neither gets a quieter moment.
            for _ in 0..<3 {
                bareSeconds = Swift.min(bareSeconds, Bench.timed {
                    for (p, s) in zip(parts, stacked) {
                        _ = BLASScorer.batchProducts(matrix: m.matrix, rows: prepared.count, columns: m.width, candidates: s, count: 2 * p.count)
                    }
                }.seconds)
                let b = Bench.timed { run(.blas) }
                blas = b.result
                blasSeconds = Swift.min(blasSeconds, b.seconds)
            }
            let ((scalarMin, scalarNearest), scalarSeconds) = Bench.timed { run(.scalar) }
            let diff = zip(blas.min, scalarMin).map { Double(abs($0 - $1)) }.max() ?? 0
            let agree = Double(zip(blas.nearest, scalarNearest).filter { $0 == $1 }.count) / Double(max(1, prepared.count))
            pairs = AllPairs(samples: prepared.count, distances: prepared.count * prepared.count, prepareSeconds: prepareSeconds,
                             bareSgemmSeconds: bareSeconds, blasSeconds: blasSeconds, scalarSeconds: scalarSeconds,
                             ratio: scalarSeconds / blasSeconds, overBareSgemm: blasSeconds / bareSeconds,
                             maxAbsDifference: diff, nearestAgreement: agree)
        }

        var protocolTimes: [ProtocolTime] = []
        var autoTime: AutoTime?
        if protocols != 0 {
            let options = MatcherProtocolOptions(templatesPerClass: try MatcherCLI.parseIntList(protocolTemplates, name: "--protocol-templates"),
                                                 trials: protocolTrials, seed: seed)
            func time<M: TemplateMatcher>(_ type: M.Type) -> ProtocolTime {
                let (report, seconds) = Bench.timed {
                    let settings = M.algorithm.defaultSettings.typed(for: type)
                    let corpus = PreparedCorpus<M>(data, settings: settings)
                    return MatcherEvaluation.userDependent(corpus, settings: settings, options: options)
                }
                return ProtocolTime(algorithm: M.algorithm.rawValue, seconds: seconds, recognitions: report.recognitions)
            }
            protocolTimes = MatcherAlgorithm.allCases.map { time($0.matcher) }
            let (choice, seconds) = Bench.timed { AutoMatcher.choose(data.samples, templatesPerClass: TrainingSettings().templatesPerClass, seed: seed) }
            autoTime = AutoTime(samples: data.samples.count, seconds: seconds, chosen: choice.chosen.description,
                                validation: choice.validation)
        }

        let report = Report(seed: seed, rows: rows, allPairs: pairs, protocols: protocolTimes, auto: autoTime)
        try output.print(report) {
            Console.out("seed \(seed), up to \(recognitions) recognitions per row, candidate preprocessing included")
            Console.out("median time per recognition (prepare + score + rank best); then the matrix product alone")
            Console.out("algorithm   templates   scalar median   BLAS median   scalar/BLAS | product: scalar      BLAS  scalar/BLAS")
            for r in rows {
                var line = r.algorithm.padding(toLength: 13, withPad: " ", startingAt: 0)
                line += String(r.templates).padding(toLength: 9, withPad: " ", startingAt: 0)
                line += String(format: "%12.2f µs", r.scalarMedianMicroseconds)
                if let b = r.blasMedianMicroseconds, let q = r.ratio { line += String(format: "  %9.2f µs  %10.2f×", b, q) }
                if let a = r.scoresScalarMedianMicroseconds, let b = r.scoresBlasMedianMicroseconds, let q = r.scoresRatio {
                    line += String(format: "  | %9.2f µs %9.2f µs %8.2f×", a, b, q)
                }
                Console.out(line)
            }
            if let p = pairs {
                Console.out("all pairs: \(p.samples)×\(p.samples) = \(p.distances) Protractor distances and each row's nearest neighbour (best of 3)")
                Console.out(String(format: "  bare sgemm %.3f s; BLAS path (sgemm + acos + nearest) %.3f s = %.2f× the bare sgemm; scalar %.3f s (scalar/BLAS %.2f×)",
                                   p.bareSgemmSeconds, p.blasSeconds, p.overBareSgemm, p.scalarSeconds, p.ratio))
                Console.out(String(format: "  preprocessing %.3f s; max |Δ| of row minima %.2e; same nearest neighbour on %.2f%% of rows",
                                   p.prepareSeconds, p.maxAbsDifference, 100 * p.nearestAgreement))
            }
            if !protocolTimes.isEmpty {
                Console.out("user-dependent protocol (T = \(protocolTemplates), \(protocolTrials) trials), preparing included:")
                for p in protocolTimes {
                    Console.out("  " + p.algorithm.padding(toLength: 12, withPad: " ", startingAt: 0) + String(format: "%8.2f s  (%d recognitions)", p.seconds, p.recognitions))
                }
                Console.out(String(format: "  together %.2f s", protocolTimes.map(\.seconds).reduce(0, +)))
            }
            if let a = autoTime {
                Console.out("auto's choice (train --algorithm auto) on \(a.samples) samples: \(String(format: "%.2f", a.seconds)) s, chose \(a.chosen) (\(a.validation))")
            }
        }
    }

    private func median(_ candidates: [Gesture], _ body: (Gesture) -> Void) -> Double {
        medianOf(candidates, body)
    }

    /// Median wall time of `body` per item, in microseconds (after a warm-up pass).
    private func medianOf<T>(_ candidates: [T], _ body: (T) -> Void) -> Double {
        for g in candidates.prefix(50) { body(g) }
        var times: [Double] = []
        times.reserveCapacity(candidates.count)
        for g in candidates { times.append(Bench.timed { body(g) }.seconds * 1e6) }
        times.sort()
        return times[times.count / 2]
    }

}
