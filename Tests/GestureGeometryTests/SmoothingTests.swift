import Testing
import GestureGeometry

struct SmoothingTests {
    @Test(arguments: [1, 2, 4, 7])
    func smoothedStrokeHasNMinusOneTimesGPlusOnePoints(granularity: Int) {
        let s = Fixture.squiggle
        #expect(s.smoothed(granularity: granularity).count == (s.count - 1) * granularity + 1)
    }

    @Test(arguments: [2, 4, 5])
    func smoothedCurvePassesThroughEveryOriginalPoint(granularity: Int) {
        let s = Fixture.squiggle
        let r = s.smoothed(granularity: granularity)
        for (i, p) in s.points.enumerated() {
            #expect(r.points[i * granularity] == p, "original point \(i)")
        }
    }

    @Test func interiorSegmentOfEvenlySpacedLineIsLinear() {
        let s = Stroke([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 0), Point(x: 3, y: 0)])
        let r = s.smoothed(granularity: 2)
        #expect(close(r.points[3].x, 1.5))
        // First segment, with the duplicated phantom point p0 = p1 = 0, c = 1, d = 2:
        // x(t) = ½(t + 2t² − t³) = 0.4375 at t = ½.
        #expect(close(r.points[1].x, 0.4375))
    }

    @Test func timesAreInterpolatedLinearly() {
        let s = Stroke([Point(x: 0, y: 0, t: 0), Point(x: 4, y: 0, t: 1), Point(x: 8, y: 2, t: 3)])
        let r = s.smoothed(granularity: 4)
        #expect(r.points.map { $0.t ?? -1 } == [0, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3])
    }

    @Test func missingTimesStayMissing() {
        let r = Fixture.ell.smoothed(granularity: 3)
        #expect(r.points.allSatisfy { $0.t == nil })
    }

    @Test func gestureSmoothsEachStroke() {
        let g = Gesture([Fixture.ell, Fixture.onePoint]).smoothed(granularity: 4)
        #expect(g.strokes.map(\.count) == [17, 1])
    }

    @Test func ladder() {
        #expect(Fixture.empty.smoothed(granularity: 4).isEmpty)
        #expect(Fixture.onePoint.smoothed(granularity: 4) == Fixture.onePoint)
        let two = Fixture.twoIdentical.smoothed(granularity: 4)
        #expect(two.count == 5 && two.points.allSatisfy { $0 == Point(x: 3, y: 4) })
        let line = Fixture.collinear.smoothed(granularity: 4)
        #expect(line.points.allSatisfy { close($0.x, $0.y) })
        #expect(Fixture.withNaN.smoothed(granularity: 4).count == 9)  // no crash
    }
}
