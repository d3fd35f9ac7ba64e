import Testing
import GestureGeometry

struct TranslationTests {
    @Test(arguments: [Point.zero, Point(x: 12.5, y: -3), Point(x: -1e3, y: 4e3)])
    func translatedCentroidLandsOnTarget(target: Point) throws {
        let c = try #require(Fixture.squiggle.translated(centroidTo: target).centroid)
        #expect(close(c, target, 1e-9))
    }

    @Test func translationKeepsShapeAndTimes() {
        let s = Fixture.squiggle
        let r = s.translated(by: Point(x: 3, y: -7))
        #expect(close(r.pathLength, s.pathLength))
        #expect(r.points.map(\.t) == s.points.map(\.t))
        #expect(close(r.points[0], Point(x: 13, y: 13)))
    }

    @Test func multistrokeCentroidIsOverAllPoints() throws {
        let g = Gesture([Stroke([Point(x: 0, y: 0)]), Stroke([Point(x: 2, y: 0), Point(x: 4, y: 6)])])
        let c = try #require(g.centroid)
        #expect(close(c, Point(x: 2, y: 2)))
        let moved = g.translated(centroidTo: .zero)
        #expect(close(try #require(moved.centroid), .zero))
        #expect(moved.strokes.map(\.count) == [1, 2])
    }

    @Test func ladderNeverCrashes() throws {
        #expect(Fixture.empty.translated(centroidTo: .zero).isEmpty)
        #expect(Fixture.empty.centroid == nil)
        #expect(Fixture.onePoint.translated(centroidTo: .zero).points == [.zero])
        #expect(Fixture.twoIdentical.translated(centroidTo: Point(x: 1, y: 1)).points.allSatisfy { $0 == Point(x: 1, y: 1) })
        #expect(close(try #require(Fixture.collinear.centroid), Point(x: 2, y: 2)))
        #expect(try #require(Fixture.withNaN.centroid).x.isNaN)
    }
}
