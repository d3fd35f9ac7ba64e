import Foundation
import Testing
import GestureGeometry
@testable import GestureMatching


struct PPlusMatcherTests {
    static func cloud(_ pts: [(Double, Double, Double)]) -> PPlusMatcher.Prepared {
        PPlusMatcher.Prepared(xs: pts.map(\.0), ys: pts.map(\.1), thetas: pts.map(\.2))
    }

    @Test func aCloudIsAtDistanceZeroFromItself() throws {
        let p = try #require(PPlusMatcher.prepare(Shapes.check, settings: .default))
        #expect(PPlusMatcher.distance(p, p) == 0)
    }

    /// Worked by hand. a = {(0,0,0), (1,0,0)}, b = {(0,0,0), (0,1,0), (1,0,0)}.
    /// d(a, b): a0→b0 0, a1→b2 0; b1 never taken, its nearest in a is a0 at 1 → 1.
    /// d(b, a): b0→a0 0, b1→a0 1, b2→a1 0; every a point taken → 1. min = 1.
    @Test func oneToManyMatchingAddsThePointsNobodyTook() {
        let a = Self.cloud([(0, 0, 0), (1, 0, 0)])
        let b = Self.cloud([(0, 0, 0), (0, 1, 0), (1, 0, 0)])
        #expect(abs(PPlusMatcher.distance(a, b) - 1) < 1e-12)
        #expect(PPlusMatcher.distance(a, b) == PPlusMatcher.distance(b, a))
    }

    /// a = {(0,0,0), (0.1,0,0), (3,0,0)}, b = {(0,0,0), (3,0,1)}.
    /// d(a, b): 0 + 0.1 + 1 (to (3,0,1): dθ = 1) = 1.1; every b point taken.
    /// d(b, a): b0→a0 0, b1→a2 1; a1 never taken, nearest b0 at 0.1 → 1.1. Both 1.1.
    /// The turning angle counts as a coordinate: without it b1 would be at 0.
    @Test func theTurningAngleIsAThirdCoordinate() {
        let a = Self.cloud([(0, 0, 0), (0.1, 0, 0), (3, 0, 0)])
        let b = Self.cloud([(0, 0, 0), (3, 0, 1)])
        #expect(abs(PPlusMatcher.distance(a, b) - 1.1) < 1e-12)
    }

    @Test func turningAnglesAreZeroOnALineAndHalfAtARightAngle() throws {
        let line = Gesture(points: (0...40).map { Point(x: Double($0), y: 0) })
        let p = try #require(PPlusMatcher.prepare(line, settings: .default))
        #expect(p.thetas.allSatisfy { abs($0) < 1e-9 })
        let corner = Gesture(points: (0...40).map { Point(x: Double(min($0, 20)), y: Double(max(0, $0 - 20))) })
        let q = try #require(PPlusMatcher.prepare(corner, settings: .default))
        #expect(abs((q.thetas.max() ?? 0) - 0.5) < 0.26)  // the corner falls between resampled points
        #expect(q.thetas.first == 0 && q.thetas.last == 0)
    }

    @Test func degenerateInputHasNoCloud() {
        #expect(PPlusMatcher.prepare(Gesture(points: [Point(x: 1, y: 1)]), settings: .default) == nil)
        #expect(PPlusMatcher.prepare(Gesture(points: [Point(x: 1, y: 1), Point(x: 1, y: 1)]), settings: .default) == nil)
        #expect(PPlusMatcher.prepare(Gesture(points: [Point(x: .nan, y: 1), Point(x: 2, y: 1)]), settings: .default) == nil)
    }
}
