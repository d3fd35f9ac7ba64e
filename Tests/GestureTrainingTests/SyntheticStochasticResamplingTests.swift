import Foundation
import GestureData
import GestureGeometry
import Testing
@testable import GestureTraining

struct SyntheticStochasticResamplingTests {
    static let check = Gesture(points: [Point(x: 0, y: 50, t: 0), Point(x: 30, y: 90, t: 0.2), Point(x: 100, y: 0, t: 0.5)])

    @Test func variantKeepsStartAndLength() throws {
        var rng = SeededGenerator(seed: 3)
        let v = try #require(StochasticResampling().variant(of: Self.check, using: &rng))
        let original = Self.check.pathLength
        #expect(abs(v.pathLength - original) < 1e-6 * original)
        let first = try #require(v.strokes.first?.points.first)
        #expect(first.x == 0 && first.y == 50)
    }

    @Test func variantsDifferFromEachOtherButStayClose() throws {
        var rng = SeededGenerator(seed: 9)
        let r = StochasticResampling()
        let a = try #require(r.variant(of: Self.check, using: &rng))
        let b = try #require(r.variant(of: Self.check, using: &rng))
        #expect(a != b)
        // The end point of a variant wanders, but not farther than the shape's size.
        let end = try #require(a.strokes.last?.points.last)
        #expect(end.distance(to: Point(x: 100, y: 0)) < 60)
    }

    @Test func sameSeedGivesSameVariants() {
        let sample = Sample(gesture: Self.check, label: "check")
        var r1 = SeededGenerator(seed: 42), r2 = SeededGenerator(seed: 42)
        let a = StochasticResampling().variants(of: sample, count: 5, using: &r1)
        let b = StochasticResampling().variants(of: sample, count: 5, using: &r2)
        #expect(a == b)
        #expect(a.count == 5)
        #expect(a.allSatisfy { $0.label == "check" && $0.meta["synthetic"] == "stochastic-resampling" })
    }

    @Test func zeroVarianceAndNoRemovalIsEquidistantResampling() throws {
        var rng = SeededGenerator(seed: 1)
        let r = StochasticResampling(pointCount: 16, intervalVariance: 0, removedPoints: 0)
        let v = try #require(r.variant(of: Self.check, using: &rng))
        let pts = v.strokes[0].points
        #expect(pts.count == 16)
        let steps = zip(pts, pts.dropFirst()).map { $0.distance(to: $1) }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(steps.allSatisfy { abs($0 - mean) < 1e-9 })
    }

    @Test func timesNeverGoBackwards() throws {
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<20 {
            let v = try #require(StochasticResampling().variant(of: Self.check, using: &rng))
            let ts = v.strokes[0].points.compactMap(\.t)
            #expect(zip(ts, ts.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    @Test func multistrokeGestureKeepsItsStrokes() throws {
        let plus = Gesture([Stroke([Point(x: 0, y: 50), Point(x: 100, y: 50)]),
                            Stroke([Point(x: 50, y: 0), Point(x: 50, y: 100)])])
        var rng = SeededGenerator(seed: 2)
        let v = try #require(StochasticResampling().variant(of: plus, using: &rng))
        #expect(v.strokes.count == 2)
    }

    static let degenerate: [Gesture] = [
        Gesture([]),
        Gesture(points: [Point(x: 1, y: 1)]),
        Gesture(points: [Point(x: 1, y: 1), Point(x: 1, y: 1), Point(x: 1, y: 1)]),
        Gesture(points: [Point(x: 0, y: 0), Point(x: .nan, y: 1), Point(x: 2, y: 2)]),
    ]

    @Test(arguments: degenerate) func degenerateGestureHasNoVariant(_ g: Gesture) {
        var rng = SeededGenerator(seed: 1)
        #expect(StochasticResampling().variant(of: g, using: &rng) == nil)
        #expect(StochasticResampling().variants(of: Sample(gesture: g), count: 3, using: &rng).isEmpty)
    }
}
