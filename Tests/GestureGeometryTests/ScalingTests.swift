import Testing
import GestureGeometry

struct ScalingTests {
    @Test(arguments: [1.0, 100.0, 250.0])
    func scaledToSquareGivesThatBox(size: Double) throws {
        let box = try #require(Fixture.squiggle.scaled(toSquare: size).boundingBox)
        #expect(close(box.width, size))
        #expect(close(box.height, size))
    }

    @Test func scaledUniformlyKeepsAspectRatio() throws {
        let before = try #require(Fixture.ell.boundingBox)   // 6 × 4
        let box = try #require(Fixture.ell.scaled(uniformlyTo: 3).boundingBox)
        #expect(close(box.width, 3))
        #expect(close(box.height, 2))
        #expect(close(box.width / box.height, before.width / before.height))
    }

    @Test(arguments: [0.5, 2.0, 7.25])
    func pathLengthScalesWithUniformScale(s: Double) {
        let st = Fixture.squiggle
        #expect(close(st.scaled(x: s, y: s).pathLength, s * st.pathLength, 1e-9))
    }

    @Test func nonUniformScaleMultipliesEachAxis() {
        let r = Stroke([Point(x: 2, y: 3, t: 0.5)]).scaled(x: 2, y: -1)
        #expect(r.points == [Point(x: 4, y: -3, t: 0.5)])
    }

    @Test func lineWithZeroExtentIsNotScaledOnThatAxis() throws {
        let horizontal = Stroke([Point(x: 0, y: 5), Point(x: 10, y: 5)])
        let r = horizontal.scaled(toSquare: 100)
        #expect(r.points == [Point(x: 0, y: 5), Point(x: 100, y: 5)])
    }

    @Test func ladderNeverCrashes() throws {
        #expect(Fixture.empty.scaled(toSquare: 10).isEmpty)
        #expect(Fixture.empty.scaled(uniformlyTo: 10).isEmpty)
        #expect(Fixture.onePoint.scaled(toSquare: 10) == Fixture.onePoint)
        #expect(Fixture.onePoint.scaled(uniformlyTo: 10) == Fixture.onePoint)
        #expect(Fixture.twoIdentical.scaled(toSquare: 10) == Fixture.twoIdentical)
        let box = try #require(Fixture.collinear.scaled(toSquare: 8).boundingBox)
        #expect(close(box.width, 8) && close(box.height, 8))
        #expect(Fixture.withNaN.scaled(toSquare: 10).count == 3)
    }
}
