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

    /// Arc-length position of each resampled point on an arbitrary polyline, found by
    /// walking the original segments in order (each point must lie on one of them).
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomPolylineIsEvenlySpacedAlongThePath(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let original = Stroke((0..<(5 + Int(seed) * 7)).map { _ in
            Point(x: Double.random(in: -100...100, using: &rng), y: Double.random(in: -100...100, using: &rng))
        })
        let n = 64
        let r = original.resampled(count: n)
        let step = original.pathLength / Double(n - 1)
        let cum = Path.cumulativeLengths(original.points)
        var segment = 0
        for (k, p) in r.points.enumerated() {
            var s: Double?
            while segment < original.count - 1 {
                let a = original.points[segment], b = original.points[segment + 1]
                let len = a.distance(to: b)
                let along = len > 0 ? a.distance(to: p) : 0
                // On this segment when |ap| + |pb| = |ab| (within rounding).
                if abs(along + p.distance(to: b) - len) < 1e-9 { s = cum[segment] + along; break }
                segment += 1
            }
            let position = try #require(s, "point \(k) is off the path")
            #expect(close(position, Double(k) * step, 1e-9), "point \(k): \(position) vs \(Double(k) * step)")
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

    @Test func degenerateGesturesKeepTheCount() {
        let one = Gesture([Stroke([Point(x: 1, y: 2)])]).resampled(count: 5)
        #expect(one.pointCount == 5 && one.allPoints.allSatisfy { $0 == Point(x: 1, y: 2) })
        let dots = Gesture([Stroke([Point(x: 1, y: 2)]), Stroke([Point(x: 1, y: 2)])]).resampled(count: 4)
        #expect(dots.pointCount == 4)
        let nan = Gesture([Fixture.withNaN, Fixture.straight]).resampled(count: 6)
        #expect(nan.pointCount == 6)
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
