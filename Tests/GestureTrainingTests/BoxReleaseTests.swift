import Testing
import GestureDetectors
@testable import GestureTraining

/// ``BoxTrainer/release``: after tightening, a side moves outward halfway to the nearest
/// negative it alone refuses, by at most `release` spreads.
struct BoxReleaseTests {
    /// Positives on a grid over [0, 1] × [0, 1]; negatives just right of them (x 1.5–2, y
    /// inside: refused by x's upper side alone) and far off on both axes (refused by two).
    static func data() -> (vectors: [[Double]?], isPositive: [Bool]) {
        var v: [[Double]?] = [], p: [Bool] = []
        for i in 0...10 { for k in 0...10 { v.append([Double(i) / 10, Double(k) / 10, Double((i + k) % 3)]); p.append(true) } }
        for i in 0...10 { v.append([1.5 + Double(i) / 20, 0.5, 1]); p.append(false) }
        for i in 0...10 { v.append([3 + Double(i), 3 + Double(i), 1]); p.append(false) }
        return (v, p)
    }

    func fit(release: Double) -> FeatureBox {
        var t = BoxTrainer()
        t.countFeatures = ["n"]
        t.release = release
        let d = Self.data()
        return t.fit(vectors: d.vectors, isPositive: d.isPositive, names: ["x", "y", "n"], margin: 0, fprGoal: 0, tprFloor: 0)
    }

    @Test func eachSideMovesHalfwayToTheNegativeItAloneRefusesAtMostReleaseSpreads() throws {
        let before = fit(release: 0), after = fit(release: 1)
        let x0 = try #require(before.intervals["x"]), x = try #require(after.intervals["x"])
        let y0 = try #require(before.intervals["y"]), y = try #require(after.intervals["y"])
        #expect(x0.lower == 0 && x0.upper == 1 && y0.lower == 0 && y0.upper == 1, "the positives' range: \(x0), \(y0)")
        let spread = x0.scale  // the positives' 5–95 % range
        // x's upper side alone refuses the negatives at x 1.5…: halfway there, 1.25.
        #expect(abs((x.upper ?? 0) - 1.25) < 1e-9)
        // No negative is refused by x's lower side or by y's sides alone (the far ones are
        // outside both x and y): each moves the whole release, one spread.
        #expect(abs((x.lower ?? 0) - (0 - spread)) < 1e-9)
        #expect(abs((y.upper ?? 0) - (1 + spread)) < 1e-9 && abs((y.lower ?? 0) - (0 - spread)) < 1e-9)
        // A count is never released; nor does the release let in a negative it alone refused.
        #expect(after.intervals["n"] == before.intervals["n"])
        let d = Self.data()
        for (v, positive) in zip(d.vectors, d.isPositive) {
            let values = ["x": v![0], "y": v![1], "n": v![2]]
            #expect(after.accepts(values) == positive, "\(values)")
        }
        // At most `release` spreads: with 0.1, x's upper side moves 0.1 spread, not 0.25.
        let small = try #require(fit(release: 0.1).intervals["x"])
        #expect(abs((small.upper ?? 0) - (1 + 0.1 * spread)) < 1e-9)
        #expect(fit(release: 0) == before)
    }
}
