import Testing
import GestureGeometry

struct PathTests {
    @Test func lengthSumsSegments() {
        #expect(Path.length([Point(x: 0, y: 0), Point(x: 3, y: 4), Point(x: 3, y: 10)]) == 11)
        #expect(Fixture.ell.pathLength == 10)
    }

    @Test func cumulativeLengthsStartAtZeroAndEndAtLength() {
        let c = Path.cumulativeLengths(Fixture.ell.points)
        #expect(c == [0, 2, 6, 7, 10])
    }

    @Test func multistrokeLengthExcludesJumps() {
        let g = Gesture([Stroke([Point(x: 0, y: 0), Point(x: 1, y: 0)]), Stroke([Point(x: 100, y: 0), Point(x: 100, y: 2)])])
        #expect(g.pathLength == 3)
    }

    @Test func distanceIsEuclidean() {
        #expect(Point(x: 1, y: 1).distance(to: Point(x: 4, y: 5)) == 5)
        #expect(Point(x: 1, y: 1).squaredDistance(to: Point(x: 4, y: 5)) == 25)
    }

    @Test func ladder() {
        #expect(Fixture.empty.pathLength == 0)
        #expect(Path.cumulativeLengths([]) == [])
        #expect(Fixture.onePoint.pathLength == 0)
        #expect(Fixture.twoIdentical.pathLength == 0)
        #expect(close(Fixture.collinear.pathLength, 4 * 2.0.squareRoot()))
        #expect(Fixture.withNaN.pathLength.isNaN)
    }
}
