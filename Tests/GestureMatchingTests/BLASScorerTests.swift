import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport
@testable import GestureMatching

/// The products the matchers score with, whichever BLAS the build has (Accelerate,
/// OpenBLAS, or none: the plain-Swift products), against a Double-precision reference;
/// and the recognitions of the shipped samples against the ones stored from the OpenBLAS
/// build (`Tests/Portability`, written by `portability-check --write`).
struct BLASScorerTests {
    /// Deterministic values in −1…1.
    static func values(_ n: Int, seed: UInt64) -> [Float] {
        var x = seed &* 6364136223846793005 &+ 1442695040888963407
        return (0..<n).map { _ in
            x = x &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int64(bitPattern: x >> 11) % 2_000_001) / 1_000_000 - 1
        }
    }

    static func dot(_ m: [Float], row: Int, columns: Int, _ v: [Float], offset: Int = 0) -> Double {
        (0..<columns).reduce(0.0) { $0 + Double(m[row * columns + $1]) * Double(v[offset + $1]) }
    }

    static func close(_ a: Float, _ b: Double, columns: Int) -> Bool {
        abs(Double(a) - b) <= 1e-5 * Double(columns)
    }

    /// Sizes around the eight-lane steps, and one large enough to be split over the cores.
    @Test(arguments: [(1, 2, 1), (7, 13, 3), (33, 64, 9), (300, 64, 64)])
    func batchProductsMatchTheReference(rows: Int, columns: Int, count: Int) {
        let m = Self.values(rows * columns, seed: 1), c = Self.values(count * columns, seed: 2)
        let p = BLASScorer.batchProducts(matrix: m, rows: rows, columns: columns, candidates: c, count: count)
        #expect(p.count == rows * count)
        var worst = 0.0
        for k in 0..<count {
            for i in 0..<rows {
                let want = Self.dot(m, row: i, columns: columns, c, offset: k * columns)
                worst = max(worst, abs(Double(p[k * rows + i]) - want))
            }
        }
        #expect(worst <= 1e-5 * Double(columns), "largest difference \(worst) (BLAS: \(BLASScorer.backend))")
    }

    @Test(arguments: [(5, 6), (2049, 64), (20_000, 64)])
    func oneCandidateScoresAndProductsMatchTheReference(rows: Int, columns: Int) {
        let m = Self.values(rows * columns, seed: 3), c = Self.values(columns, seed: 4)
        let rotated = BLASScorer.rotated90(c)
        let (a, b) = BLASScorer.scores(matrix: m, rows: rows, columns: columns, candidate: c)
        let products = BLASScorer.products(matrix: m, rows: rows, columns: columns, candidate: c)
        #expect(a.count == rows && b.count == rows && products.count == rows)
        for i in 0..<rows {
            let wantA = Self.dot(m, row: i, columns: columns, c), wantB = Self.dot(m, row: i, columns: columns, rotated)
            guard Self.close(a[i], wantA, columns: columns), Self.close(b[i], wantB, columns: columns),
                  Self.close(products[i], wantA, columns: columns) else {
                Issue.record("row \(i): a \(a[i]) b \(b[i]) product \(products[i]), want \(wantA), \(wantB) (BLAS: \(BLASScorer.backend))")
                return
            }
        }
    }

    @Test func emptyProductsAreEmptyOrZero() {
        #expect(BLASScorer.batchProducts(matrix: [], rows: 0, columns: 4, candidates: [1, 2, 3, 4], count: 1).isEmpty)
        #expect(BLASScorer.products(matrix: [], rows: 3, columns: 0, candidate: []) == [0, 0, 0])
    }

    /// Products called from many threads at once agree with one thread's (the thread
    /// setting is made once, not around each call).
    @Test func concurrentCallersGetTheSameProducts() {
        let rows = 500, columns = 64, count = 40
        let m = Self.values(rows * columns, seed: 5), c = Self.values(count * columns, seed: 6)
        let alone = BLASScorer.batchProducts(matrix: m, rows: rows, columns: columns, candidates: c, count: count)
        let results = ResultBox(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            results.set(k, BLASScorer.batchProducts(matrix: m, rows: rows, columns: columns, candidates: c, count: count))
        }
        #expect(results.all.allSatisfy { $0 == alone })
    }

    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [[Float]]
        init(count: Int) { values = Array(repeating: [], count: count) }
        func set(_ k: Int, _ v: [Float]) { lock.lock(); values[k] = v; lock.unlock() }
        var all: [[Float]] { lock.lock(); defer { lock.unlock() }; return values }
    }

    /// The shipped samples' recognitions in this build agree with those stored from the
    /// OpenBLAS build (same best label and distance within 2e-3, or a stored near tie).
    @Test func shippedSamplesRecognizeAsStored() throws {
        let root = DatasetLocator.packageRoot
        let library = try TemplateLibrary.decode(Data(contentsOf: root.appendingPathComponent("templates/templates.json")))
        let file = root.appendingPathComponent("templates/samples/dollar1-medium.jsonl").path
        let samples = try JSONLines.decode(Data(contentsOf: URL(fileURLWithPath: file)), file: file)
        let stored = try String(contentsOf: root.appendingPathComponent("Tests/Portability/dollar1-medium-recognitions.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let protractor = ProtractorMatcher(library: library, settings: .default)
        let penny = PennyPincherMatcher(library: library, settings: .default)
        var expected: [String: (String, Double, String, Double)] = [:]
        for f in stored where f.count == 6 {
            expected["\(f[0]) \(f[1])"] = (String(f[2]), Double(f[3]) ?? .nan, String(f[4]), Double(f[5]) ?? .nan)
        }
        #expect(expected.count >= 3 * samples.count - 10)
        var differ = 0
        for (i, s) in samples.enumerated() {
            for (product, matches) in [("protractor", protractor.recognize(s.gesture, limit: 2)),
                                       ("penny-pincher", penny.recognize(s.gesture, limit: 2))] {
                guard let want = expected["\(i + 1) \(product)"], let got = matches.first else { differ += 1; continue }
                let sameLabel = got.name == want.0 && abs(got.distance - want.1) <= 2e-3
                let swappedTie = got.name == want.2 && abs(want.1 - want.3) <= 2e-3 && abs(got.distance - want.3) <= 2e-3
                if !(sameLabel || swappedTie) { differ += 1 }
            }
        }
        #expect(differ == 0, "\(differ) recognitions differ from the stored ones (BLAS: \(BLASScorer.backend))")
    }
}
