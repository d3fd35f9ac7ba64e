import Testing
import GestureGeometry

struct ResamplingTests {
    @Test(arguments: [2, 3, 16, 32, 64, 97])
    func resampledStrokeHasRequestedCount(count: Int) {
        #expect(Fixture.squiggle.resampled(count: count).count == count)
        #expect(Fixture.ell.resampled(count: count).count == count)
    }

    @Test(arguments: [2, 5, 64])
    func straightStrokeIsEvenlySpaced(count: Int) {
        let r = Fixture.straight.resampled(count: count)
        let step = Fixture.straight.pathLength / Double(count - 1)
        for (i, p) in r.points.enumerated() {
            #expect(close(p.x, Double(i) * step), "point \(i) at \(p.x)")
            #expect(p.y == 0)
        }
        for i in 1..<r.count {
            #expect(close(r.points[i - 1].distance(to: r.points[i]), step))
        }
    }

    /// On a polyline the chord between resampled points cuts corners, so spacing is
    /// checked as arc-length position along the original L.
    @Test(arguments: [2, 7, 11, 64])
    func polylineIsEvenlySpacedAlongThePath(count: Int) {
        let r = Fixture.ell.resampled(count: count)
        let step = Fixture.ell.pathLength / Double(count - 1)
        for (i, p) in r.points.enumerated() {
            // On the first leg y == 0 and s = x; on the second x == 6 and s = 6 + y.
            let s = close(p.y, 0) ? p.x : 6 + p.y
            #expect(close(s, Double(i) * step), "point \(i): s = \(s), expected \(Double(i) * step)")
            #expect(close(p.y, 0) || close(p.x, 6), "point \(i) left the path: \(p)")
        }
    }

    @Test func firstAndLastPointsAreKept() {
        for stroke in [Fixture.straight, Fixture.ell, Fixture.squiggle] {
            let r = stroke.resampled(count: 33)
            #expect(r.points.first == stroke.points.first)
            #expect(r.points.last == stroke.points.last)
        }
    }

    @Test func pathLengthIsKeptOnStraightLines() {
        #expect(close(Fixture.straight.resampled(count: 17).pathLength, 10))
        #expect(close(Fixture.ell.resampled(count: 11).pathLength, 10)) // 6 + 4 with a point on the corner
    }

    @Test func timesAreInterpolated() {
        let s = Stroke([Point(x: 0, y: 0, t: 1), Point(x: 10, y: 0, t: 2)])
        let r = s.resampled(count: 3)
        #expect(close(r.points[1].t ?? .nan, 1.5))
    }

    @Test func resamplingDoesNotChangeTheOriginal() {
        let s = Fixture.squiggle
        _ = s.resampled(count: 5)
        #expect(s == Fixture.squiggle)
    }

    // MARK: multistroke

    @Test(arguments: [2, 3, 10, 32, 64])
    func multistrokeGestureHasRequestedCountInTotal(count: Int) {
        let g = Gesture([Fixture.straight, Fixture.ell.translated(by: Point(x: 50, y: 50)), Fixture.squiggle])
        #expect(g.resampled(count: count).pointCount == count)
    }

    @Test func multistrokeSpacingExcludesTheJumpBetweenStrokes() {
        // Two horizontal strokes of length 10 and 5, far apart: 16 points, step 1.
        let a = Stroke([Point(x: 0, y: 0), Point(x: 10, y: 0)])
        let b = Stroke([Point(x: 100, y: 50), Point(x: 105, y: 50)])
        let r = Gesture([a, b]).resampled(count: 16)
        #expect(r.strokes.count == 2)
        let xs = r.strokes.flatMap(\.points).map(\.x)
        let expected = (0...10).map(Double.init) + (1...5).map { 100 + Double($0) }
        #expect(xs.count == expected.count)
        for (x, e) in zip(xs, expected) { #expect(close(x, e), "\(x) vs \(e)") }
        #expect(r.strokes[0].points.first == a.points.first)
        #expect(r.strokes[1].points.last == b.points.last)
    }

    @Test func emptyStrokesInAGestureAreIgnored() {
        let g = Gesture([Stroke([]), Fixture.straight, Stroke([])])
        let r = g.resampled(count: 11)
        #expect(r.strokes.count == 1)
        #expect(r.pointCount == 11)
    }

    // MARK: edge-case ladder

    @Test func emptyStrokeStaysEmpty() {
        #expect(Fixture.empty.resampled(count: 8).isEmpty)
        #expect(Gesture([]).resampled(count: 8).pointCount == 0)
    }

    @Test func onePointOrZeroLengthGivesCopiesOfTheFirstPoint() {
        for s in [Fixture.onePoint, Fixture.twoIdentical] {
            let r = s.resampled(count: 8)
            #expect(r.count == 8)
            #expect(r.points.allSatisfy { $0 == s.points[0] })
        }
    }

    @Test func collinearStrokeStaysOnItsLine() {
        let r = Fixture.collinear.resampled(count: 9)
        #expect(r.count == 9)
        for (i, p) in r.points.enumerated() {
            #expect(close(p.x, p.y))
            #expect(close(p.x, Double(i) * 0.5))
        }
    }

    @Test func nonFiniteStrokeGivesCopiesOfTheFirstPoint() {
        let r = Fixture.withNaN.resampled(count: 4)
        #expect(r.count == 4)
        #expect(r.points.allSatisfy { $0 == Fixture.withNaN.points[0] })
    }

    @Test func countOfOneGivesTheFirstPoint() {
        let r = Fixture.squiggle.resampled(count: 1)
        #expect(r.points == [Fixture.squiggle.points[0]])
    }
}
