import Foundation
import Testing
import GestureGeometry
@testable import GestureMatching

/// Penny Pincher's mechanics on strokes whose resampled vectors can be worked by hand.
struct PennyPincherMatcherTests {
    static func line(_ to: Point) -> Gesture { Gesture(points: [Point(x: 0, y: 0), to]) }

    /// A 15-long line resamples to 16 points 1 apart: 15 vectors (1, 0).
    @Test func theVectorsAreTheUnitStepsBetweenResampledPoints() throws {
        let p = try #require(PennyPincherMatcher.prepare(Self.line(Point(x: 15, y: 0)), settings: .default))
        #expect(p.vector.count == 30)
        for i in stride(from: 0, to: 30, by: 2) {
            #expect(abs(p.vector[i] - 1) < 1e-6 && abs(p.vector[i + 1]) < 1e-6)
        }
    }

    /// Right vs up: every dot product 0 → sum 0, distance 1 − 0/15 = 1, score 0.5.
    /// Right vs left: sum −15 → distance 2, score 0.
    /// Right vs an L (7.5 right, then 7.5 up; points 1 apart): 7 vectors (1, 0), the one
    /// across the corner from (7, 0) to (7.5, 0.5) is (√½, √½), then 7 vectors (0, 1):
    /// sum 7 + √½ → distance 1 − (7 + √½)/15 = 0.486193.
    @Test func theDistanceIsOneMinusTheMeanCosine() throws {
        let right = try #require(PennyPincherMatcher.prepare(Self.line(Point(x: 15, y: 0)), settings: .default))
        let up = try #require(PennyPincherMatcher.prepare(Self.line(Point(x: 0, y: 15)), settings: .default))
        let left = try #require(PennyPincherMatcher.prepare(Self.line(Point(x: -15, y: 0)), settings: .default))
        let ell = try #require(PennyPincherMatcher.prepare(
            Gesture(points: [Point(x: 0, y: 0), Point(x: 7.5, y: 0), Point(x: 7.5, y: 7.5)]), settings: .default))
        #expect(abs(PennyPincherMatcher.distance(up, right, settings: .default) - 1) < 1e-6)
        #expect(abs(PennyPincherMatcher.distance(left, right, settings: .default) - 2) < 1e-6)
        #expect(abs(PennyPincherMatcher.distance(ell, right, settings: .default) - (1 - (7 + 0.5.squareRoot()) / 15)) < 1e-6)
        let m = PennyPincherMatcher(names: ["right", "up", "left"], templates: [right, up, left])
        let ranked = m.recognize(prepared: ell)
        // The L is as far from "right" as from "up" (0.486 each, up to Float32 rounding); "left" is last.
        #expect(Set(ranked.prefix(2).map(\.name)) == ["right", "up"] && ranked[2].name == "left")
        #expect(abs(ranked[0].distance - ranked[1].distance) < 1e-6)
        // L vs left: −7 − √½ → distance 1 + (7 + √½)/15.
        #expect(abs(ranked[2].distance - (1 + (7 + 0.5.squareRoot()) / 15)) < 1e-6)
        #expect(abs(PennyPincherMatcher.score(forDistance: 2)) < 1e-12)
        #expect(abs(PennyPincherMatcher.score(forDistance: 1) - 0.5) < 1e-12)
    }

    @Test func theBatchProductGivesTheSameDistancesAsOneAtATime() throws {
        let shapes = Shapes.named.map(\.1)
        let prepared = try shapes.map { try #require(PennyPincherMatcher.prepare($0, settings: .default)) }
        let m = PennyPincherMatcher(names: shapes.indices.map(String.init), templates: prepared)
        let batch = m.distances(batch: prepared)
        for (k, c) in prepared.enumerated() {
            for (i, t) in prepared.enumerated() {
                #expect(abs(batch[k * prepared.count + i] - PennyPincherMatcher.distance(c, t, settings: .default)) < 1e-5)
            }
        }
    }
}

/// $Q's look-up table, lower bounds and cloud distance, on clouds made by hand.
struct QDollarMatcherTests {
    static func cloud(_ pts: [(Double, Double)]) -> QDollarMatcher.Prepared {
        QDollarMatcher.Prepared(xs: pts.map(\.0), ys: pts.map(\.1), table: table(pts))
    }

    /// The table by brute force: each cell centre's nearest point.
    static func table(_ pts: [(Double, Double)]) -> [UInt16] {
        let g = QDollarSettings.gridSize
        var t = [UInt16](repeating: 0, count: g * g)
        for cx in 0..<g {
            for cy in 0..<g {
                let (x, y) = QDollarMatcher.cellCentre(cx, cy)
                let best = pts.indices.min { a, b in
                    let da = (pts[a].0 - x) * (pts[a].0 - x) + (pts[a].1 - y) * (pts[a].1 - y)
                    let db = (pts[b].0 - x) * (pts[b].0 - x) + (pts[b].1 - y) * (pts[b].1 - y)
                    return da < db
                }!
                t[cx * g + cy] = UInt16(best)
            }
        }
        return t
    }

    @Test func theGridSpansTheNormalizedSquareInSixtyFourCells() {
        let (x, y) = QDollarMatcher.cellCentre(0, 0)
        let firstCentre: Double = -1 + 1.0 / 64
        #expect(x == firstCentre && y == firstCentre)
        let cells = [-5.0, -1, 0, 1, 5].map(QDollarMatcher.cell)
        #expect(cells == [0, 0, 32, 63, 63])
        // Clamped before the conversion to Int, which would trap (found by the fuzzer).
        let extreme = [-Double.infinity, -1e300, .nan, 1e300, .greatestFiniteMagnitude, .infinity].map(QDollarMatcher.cell)
        #expect(extreme == [0, 0, 0, 63, 63, 63])
    }

    /// The envelope sweep names, for every cell, a point as near to its centre as the
    /// nearest found by brute force (the same point but for exact ties).
    @Test(arguments: [Shapes.check, Shapes.zigzag, Gesture(points: [Point(x: 0, y: 0), Point(x: 10, y: 0)])])
    func preparingBuildsTheTableOfNearestPoints(shape: Gesture) throws {
        let p = try #require(QDollarMatcher.prepare(shape, settings: .default))
        #expect(p.xs.count == 32)
        let brute = Self.table(Array(zip(p.xs, p.ys)))
        let g = QDollarSettings.gridSize
        var same = 0
        for cx in 0..<g {
            for cy in 0..<g {
                let (x, y) = QDollarMatcher.cellCentre(cx, cy)
                func d(_ i: UInt16) -> Double { pow(p.xs[Int(i)] - x, 2) + pow(p.ys[Int(i)] - y, 2) }
                let k = cx * g + cy
                #expect(abs(d(p.table[k]) - d(brute[k])) <= 1e-12, "cell \(cx), \(cy)")
                if p.table[k] == brute[k] { same += 1 }
            }
        }
        #expect(same > g * g * 9 / 10)
    }

    /// a = {(0,0), (1,0)}, b = {(0,1), (1,1)}; from start 0: a0 takes b0 (d² = 1) with
    /// weight 2, a1 takes b1 (d² = 1) with weight 1: 3. From start 1: a1 takes b1 (weight
    /// 2), a0 takes b0 (weight 1): 3. Normalized by n(n + 1)/2 = 3: distance 1.
    @Test func theCloudDistanceWeighsSquaredDistancesFromNDownToOne() {
        let a = Self.cloud([(0, 0), (1, 0)]), b = Self.cloud([(0, 1), (1, 1)])
        #expect(QDollarMatcher.cloudDistance(a, b, start: 0, bound: .infinity) == 3)
        #expect(QDollarMatcher.cloudDistance(a, b, start: 1, bound: .infinity) == 3)
        #expect(QDollarMatcher.distance(a, b, settings: .default) == 1)
        // Early abandoning: stops at the first partial sum reaching the bound.
        #expect(QDollarMatcher.cloudDistance(a, b, start: 0, bound: 1) == 2)
    }

    /// For each start s the bound equals Σ weight(i, s)·dᵢ computed directly, with weight
    /// n − ((i − s) mod n) and dᵢ the squared distance to the point the table names.
    @Test func theLowerBoundsForAllStartsComeFromOnePass() throws {
        let a = try #require(QDollarMatcher.prepare(Shapes.zigzag, settings: .default))
        let b = try #require(QDollarMatcher.prepare(Shapes.check, settings: .default))
        let n = a.xs.count, step = Int(Double(n).squareRoot())
        let bounds = QDollarMatcher.lowerBounds(a, b, step: step)
        let g = QDollarSettings.gridSize
        let d = (0..<n).map { i -> Double in
            let k = Int(b.table[QDollarMatcher.cell(a.xs[i]) * g + QDollarMatcher.cell(a.ys[i])])
            return pow(a.xs[i] - b.xs[k], 2) + pow(a.ys[i] - b.ys[k], 2)
        }
        for (j, s) in stride(from: 0, to: n, by: step).enumerated() {
            let direct = (0..<n).reduce(0.0) { $0 + Double(n - ((($1 - s) % n + n) % n)) * d[$1] }
            #expect(abs(bounds[j] - direct) < 1e-9 * max(1, direct))
        }
    }

    @Test func recognitionWithEarlyAbandoningPicksTheSameBestAsFullRanking() throws {
        let m = QDollarMatcher(library: MatcherBehaviourTests.library, settings: .default)
        for (k, (_, g)) in Shapes.named.enumerated() {
            let c = Shapes.jittered(g, amount: 4, seed: UInt64(40 + k))
            let all = m.recognize(c)
            let best = try #require(m.recognize(c, limit: 1).first)
            #expect(best.name == all[0].name)
            #expect(abs(best.distance - all[0].distance) < 1e-12)
        }
    }
}

/// Jackknife's DTW and correction factors on sequences worked by hand.
struct JackknifeMatcherTests {
    static func trajectory(_ v: [(Double, Double)], travel: (Double, Double) = (1, 0), extent: (Double, Double) = (1, 0)) -> JackknifeMatcher.Prepared {
        JackknifeMatcher.Prepared(samples: v.flatMap { [$0.0, $0.1] }, travel: travel, extent: extent)
    }

    /// a = → → ↑, b = → ↑ ↑. Within a band of 1, DTW aligns a1 with b0 and b2 with b1:
    /// every local cost 1 − cos = 0, total 0. With no warping (band 0) a1 meets b1: cost
    /// 1 − 0 = 1.
    @Test func dtwWarpsWithinTheBand() {
        let a = Self.trajectory([(1, 0), (1, 0), (0, 1)]), b = Self.trajectory([(1, 0), (0, 1), (0, 1)])
        #expect(JackknifeMatcher.dtw(a, b, radius: 1, measure: .innerProduct) == 0)
        #expect(JackknifeMatcher.dtw(a, b, radius: 0, measure: .innerProduct) == 1)
        // Euclidean cost on the same vectors: a1 vs b1 is |(1,0) − (0,1)|² = 2.
        #expect(JackknifeMatcher.dtw(a, b, radius: 0, measure: .euclidean) == 2)
    }

    /// Travel (0.6, 0.8) against (1, 0): dot 0.6 → factor 1/0.6; extents equal → 1.
    /// Orthogonal features are clamped at 0.01 → factor 100.
    @Test func correctionFactorsAreInverseDotProductsClampedAtOneHundredth() {
        let a = Self.trajectory([(1, 0)], travel: (0.6, 0.8), extent: (1, 0))
        let b = Self.trajectory([(1, 0)], travel: (1, 0), extent: (1, 0))
        #expect(abs(JackknifeMatcher.correction(a, b) - 1 / 0.6) < 1e-12)
        let c = Self.trajectory([(1, 0)], travel: (0, 1), extent: (1, 0))
        #expect(abs(JackknifeMatcher.correction(c, b) - 100) < 1e-9)
    }

    /// A 15-long line right and one up: 15 direction vectors each; the DTW cost is 15 × 1
    /// (cosine 0 everywhere), travel (1, 0)·(0, 1) = 0 and extent likewise → ×100 ×100.
    @Test func preparedLinesGiveTheWorkedDistance() throws {
        let right = try #require(JackknifeMatcher.prepare(Gesture(points: [Point(x: 0, y: 0), Point(x: 15, y: 0)]), settings: .default))
        let up = try #require(JackknifeMatcher.prepare(Gesture(points: [Point(x: 0, y: 0), Point(x: 0, y: 15)]), settings: .default))
        #expect(right.count == 15)
        #expect(JackknifeSettings.default.bandRadius == 2)
        #expect(abs(JackknifeMatcher.distance(right, up, settings: .default) - 15 * 100 * 100) < 1e-6)
        #expect(JackknifeMatcher.distance(right, right, settings: .default) == 0)
    }
}

/// The combined recognizer fuses scaled distances.
struct CombinedMatcherTests {
    @Test func theFusedDistanceIsTheWeightedMeanOfScaledDistances() throws {
        let lib = MatcherBehaviourTests.library
        let settings = CombinedSettings([.pPlus: 2, .protractor: 1, .jackknife: 0])
        let m = CombinedMatcher(library: lib, settings: settings)
        let pPlus = PPlusMatcher(library: lib, settings: .default)
        let protractor = ProtractorMatcher(library: lib, settings: .default)
        let g = Shapes.jittered(Shapes.check, amount: 3, seed: 5)
        let fused = m.recognize(g)
        let a = Dictionary(uniqueKeysWithValues: pPlus.recognize(g).map { ($0.templateIndex, $0.distance) })
        let b = Dictionary(uniqueKeysWithValues: protractor.recognize(g).map { ($0.templateIndex, $0.distance) })
        for f in fused {
            // Components in registry order: Protractor, then $P+; Jackknife (weight 0) left out.
            let expected = (1 * b[f.templateIndex]! / m.scales[0] + 2 * a[f.templateIndex]! / m.scales[1]) / 3
            #expect(abs(f.distance - expected) < 1e-9)
        }
        #expect(settings.components.map(\.algorithm) == [.protractor, .pPlus])
        #expect(m.scales.count == 2 && m.scales.allSatisfy { $0 > 0 })
        #expect(fused.first?.name == "check")
    }

    @Test func settingsRoundTripThroughJSONAndRefuseUnknownComponents() throws {
        let s = MatcherSettings.combined(CombinedSettings([.pPlus: 1, .protractor: 0, .pennyPincher: 0, .jackknife: 1]))
        let back = try JSONDecoder().decode(MatcherSettings.self, from: try JSONEncoder().encode(s))
        #expect(back == s)
        #expect(back.description == "combined (weights pplus 1, jackknife 1)")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm":"combined","weights":{"dollar9":1}}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm":"combined","weights":{"pplus":0}}"#.utf8))
        }
        let j = MatcherSettings.jackknife(JackknifeSettings(points: 20, measure: .euclidean, bandFraction: 0.2))
        #expect(try JSONDecoder().decode(MatcherSettings.self, from: try JSONEncoder().encode(j)) == j)
    }
}
