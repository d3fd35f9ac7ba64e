import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport
@testable import GestureMatching

struct ProtractorMatcherTests {
    @Test func preparedVectorsAreUnitLengthWithTwoValuesPerPoint() throws {
        let p = try #require(ProtractorMatcher.prepare(Shapes.triangle, settings: .default))
        #expect(p.vector.count == 32)
        let norm = p.vector.reduce(Float(0)) { $0 + $1 * $1 }.squareRoot()
        #expect(abs(norm - 1) < 1e-5)
    }

    @Test func rotationModesDifferOnARotatedTemplate() throws {
        let lib = TemplateLibrary(templates: [Template(name: "check", gesture: Shapes.check)])
        let rotated = Shapes.check.rotated(by: 30 * .pi / 180)
        func distance(_ r: ProtractorRotation) throws -> Double {
            try #require(ProtractorMatcher(library: lib, settings: ProtractorSettings(rotation: r)).recognize(rotated, limit: 1).first).distance
        }
        #expect(try distance(.invariant) < 1e-3)
        // Snapped to the same base orientation, a 30° turn is inside a 45° bound…
        #expect(try distance(.bounded(maxRadians: .pi / 4)) < 1e-3)
        // …but not inside a 10° bound, and not without rotation.
        #expect(try distance(.bounded(maxRadians: .pi / 18)) > 0.2)
        #expect(try distance(.sensitive) > 0.3)
    }

    @Test func blasAndScalarAgreeOnSyntheticShapes() {
        var templates: [ProtractorMatcher.Prepared] = [], names: [String] = []
        for seed in 0..<60 {
            let (name, g) = Shapes.named[seed % Shapes.named.count]
            if let p = ProtractorMatcher.prepare(Shapes.jittered(g, amount: 5, seed: UInt64(seed)), settings: .default) {
                templates.append(p); names.append(name)
            }
        }
        let m = ProtractorMatcher(names: names, templates: templates, settings: .default)
        let candidates = Array(templates.prefix(25))
        let blasSlices = m.rawBatchScores(candidates, path: .blas), scalarSlices = m.rawBatchScores(candidates, path: .scalar)
        let blas = (a: Array(blasSlices.a), b: Array(blasSlices.b)), scalar = (a: Array(scalarSlices.a), b: Array(scalarSlices.b))
        #expect(blas.a.count == 25 * 60)
        #expect(zip(blas.a, scalar.a).allSatisfy { abs($0 - $1) <= 1e-5 })
        #expect(zip(blas.b, scalar.b).allSatisfy { abs($0 - $1) <= 1e-5 })
        for c in candidates {
            let one = m.rawScores(c, path: .blas), ref = m.rawScores(c, path: .scalar)
            #expect(zip(one.a, ref.a).allSatisfy { abs($0 - $1) <= 1e-5 })
            #expect(zip(one.b, ref.b).allSatisfy { abs($0 - $1) <= 1e-5 })
            #expect(m.recognize(prepared: c, limit: 3, path: .blas).map(\.templateIndex)
                    == m.recognize(prepared: c, limit: 3, path: .scalar).map(\.templateIndex))
        }
    }

    /// Acceptance: every pair of a 500-sample subset of the $1 logs. The matrix products
    /// `a` and `b` agree within 1e-5 everywhere. Distances agree within 1e-5 wherever acos
    /// is well conditioned; near distance 0 (a sample with itself) a Float32 rounding δ
    /// of `a` moves `acos` by up to √(2δ) ≈ 1e-3 whichever path computed it, so those
    /// pairs are checked against that bound instead.
    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func blasAndScalarAgreeOnEveryPairOf500DollarOneSamples() throws {
        let data = try #require(try DatasetLocator.dollarOne(), "the $1 logs vanished while the suite ran")
        var rng = SeededGenerator(seed: 500)
        var indices = Array(data.samples.indices)
        indices.shuffle(using: &rng)
        let prepared = indices.prefix(500).compactMap { ProtractorMatcher.prepare(data.samples[$0].gesture, settings: .default) }
        #expect(prepared.count == 500)
        let m = ProtractorMatcher(names: prepared.map { _ in "" }, templates: prepared, settings: .default)
        let blasSlices = m.rawBatchScores(prepared, path: .blas), scalarSlices = m.rawBatchScores(prepared, path: .scalar)
        let blas = (a: Array(blasSlices.a), b: Array(blasSlices.b)), scalar = (a: Array(scalarSlices.a), b: Array(scalarSlices.b))
        #expect(blas.a.count == 250_000)
        var maxA: Float = 0, maxB: Float = 0, maxD = 0.0, maxNearZero = 0.0, nearZero = 0
        for k in 0..<blas.a.count {
            maxA = max(maxA, abs(blas.a[k] - scalar.a[k]))
            maxB = max(maxB, abs(blas.b[k] - scalar.b[k]))
            let d1 = m.distance(a: blas.a[k], b: blas.b[k]), d2 = m.distance(a: scalar.a[k], b: scalar.b[k])
            if min(d1, d2) < 0.05 {
                nearZero += 1
                maxNearZero = max(maxNearZero, abs(d1 - d2))
            } else {
                maxD = max(maxD, abs(d1 - d2))
            }
        }
        print("BLAS vs scalar over \(blas.a.count) pairs: max |Δa| \(maxA), max |Δb| \(maxB), max |Δdistance| \(maxD) (distance ≥ 0.05), \(maxNearZero) on the \(nearZero) pairs under 0.05")
        #expect(maxA <= 1e-5)
        #expect(maxB <= 1e-5)
        #expect(maxD <= 1e-5)
        #expect(maxNearZero <= 2e-3)
    }

    @Test(arguments: [ProtractorRotation.invariant, .bounded(maxRadians: .pi / 4), .sensitive])
    func batchRecognitionAndDistancesMatchOneCandidateAtATime(rotation: ProtractorRotation) throws {
        let settings = ProtractorSettings(rotation: rotation)
        let templates = Shapes.named.compactMap { ProtractorMatcher.prepare($0.1, settings: settings) }
        let m = ProtractorMatcher(names: Shapes.named.map(\.0), templates: templates, settings: settings)
        let candidates = (0..<7).compactMap { ProtractorMatcher.prepare(Shapes.jittered(Shapes.named[$0 % 6].1, amount: 4, seed: UInt64($0)), settings: settings) }
        let batch = m.recognize(batch: candidates, limit: 3)
        let (distances, nearest) = m.allPairs(batch: candidates)
        #expect(distances.count == candidates.count * templates.count)
        for (k, c) in candidates.enumerated() {
            let one = m.recognize(prepared: c, limit: 3, path: .scalar)
            #expect(nearest[k] == one[0].templateIndex)
            #expect(batch[k].map(\.templateIndex) == one.map(\.templateIndex))
            for (x, y) in zip(batch[k], one) { #expect(abs(x.distance - y.distance) < 1e-3) }
            let all = m.recognize(prepared: c, limit: nil, path: .scalar)
            for match in all {
                #expect(abs(Double(distances[k * templates.count + match.templateIndex]) - match.distance) < 1e-3)
            }
        }
    }

    /// Abramowitz & Stegun 4.4.46 is within 2·10⁻⁸ of acos; in Float32 within a few ulps.
    @Test func theFastArcCosineAgreesWithAcos() {
        var worst = 0.0
        for i in 0...20_000 {
            let x = Float(-1 + Double(i) / 10_000)
            worst = max(worst, abs(Double(ProtractorMatcher.arcCosine(x)) - acos(Double(x))))
        }
        #expect(worst < 1e-6)
        #expect(ProtractorMatcher.arcCosine(1) == 0 && abs(ProtractorMatcher.arcCosine(-1) - .pi) < 1e-6)
    }

    @Test func scoreMapsZeroToOneAndPiToZero() {
        #expect(ProtractorMatcher.score(forDistance: 0) == 1)
        #expect(abs(ProtractorMatcher.score(forDistance: .pi / 2) - 0.5) < 1e-12)
        #expect(ProtractorMatcher.score(forDistance: .pi) == 0)
    }
}
