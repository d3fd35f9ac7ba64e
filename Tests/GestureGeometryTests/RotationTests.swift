import Foundation
import Testing
import GestureGeometry

struct RotationTests {
    @Test(arguments: [0.0, 0.3, -1.2, Double.pi / 2, Double.pi, 5.0])
    func rotatingThereAndBackReturnsThePoints(theta: Double) {
        let s = Fixture.squiggle
        let back = s.rotated(by: theta).rotated(by: -theta)
        for (a, b) in zip(s.points, back.points) { #expect(close(a, b, 1e-9)) }
    }

    @Test func quarterTurnAroundOriginSendsXToY() {
        let s = Stroke([Point(x: 1, y: 0), Point(x: 0, y: 2)])
        let r = s.rotated(by: .pi / 2, around: .zero)
        #expect(close(r.points[0], Point(x: 0, y: 1)))
        #expect(close(r.points[1], Point(x: -2, y: 0)))
    }

    @Test(arguments: [0.4, 2.0, -3.0])
    func rotationKeepsPathLengthAndCentroid(theta: Double) throws {
        let s = Fixture.squiggle
        let r = s.rotated(by: theta)
        #expect(close(r.pathLength, s.pathLength, 1e-9))
        let c0 = try #require(s.centroid), c1 = try #require(r.centroid)
        #expect(close(c0, c1, 1e-9))
    }

    @Test func rotationKeepsTimesAndStructure() {
        let g = Gesture([Fixture.squiggle, Fixture.ell])
        let r = g.rotated(by: 1)
        #expect(r.strokes.map(\.count) == g.strokes.map(\.count))
        #expect(r.strokes[0].points.map(\.t) == g.strokes[0].points.map(\.t))
    }

    @Test func rotatingByMinusIndicativeAngleBringsFirstPointToZeroDegrees() throws {
        let s = Fixture.squiggle
        let theta = try #require(s.indicativeAngle)
        let r = s.rotated(by: -theta)
        #expect(close(try #require(r.indicativeAngle), 0, 1e-12))
    }

    @Test func ladderNeverCrashes() {
        #expect(Fixture.empty.rotated(by: 1).isEmpty)
        #expect(Fixture.onePoint.rotated(by: 1) == Fixture.onePoint)  // rotates about itself
        #expect(close(Fixture.twoIdentical.rotated(by: 1).points[1], Point(x: 3, y: 4)))
        let c = Fixture.collinear.rotated(by: .pi)
        #expect(close(c.points[0], Point(x: 4, y: 4)))
        // A NaN makes the centroid NaN, so every point becomes NaN: no crash, not finite.
        #expect(!Fixture.withNaN.rotated(by: 1).isFinite)
    }
}
