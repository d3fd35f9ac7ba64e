import Testing
import GestureGeometry

struct BoundingBoxTests {
    @Test func boxHoldsEveryPoint() throws {
        let box = try #require(Fixture.squiggle.boundingBox)
        #expect(box == BoundingBox(minX: 9, minY: 20, maxX: 41, maxY: 61))
        #expect(box.width == 32 && box.height == 41)
        #expect(box.center == Point(x: 25, y: 40.5))
        #expect(box.longerSide == 41)
    }

    @Test func ladder() throws {
        #expect(Fixture.empty.boundingBox == nil)
        let one = try #require(Fixture.onePoint.boundingBox)
        #expect(one.width == 0 && one.height == 0 && one.longerSide == 0)
        #expect(try #require(Fixture.twoIdentical.boundingBox) == one)
        #expect(try #require(Fixture.collinear.boundingBox).diagonal == (32.0).squareRoot())
        _ = Fixture.withNaN.boundingBox  // defined (no crash); its value is unspecified
    }
}
