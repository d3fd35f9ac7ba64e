import Testing
import GestureGeometry

struct AnglesTests {
    @Test func perpendicularLinesAreNinetyDegrees() throws {
        let a = try #require(Angles.angleBetweenLines(.zero, Point(x: 1, y: 0), .zero, Point(x: 0, y: 1)))
        #expect(abs(a - 90) < 1e-12)
    }

    @Test func zeroLengthSegmentHasNoAngle() {
        #expect(Angles.angleBetweenLines(.zero, .zero, .zero, Point(x: 0, y: 1)) == nil)
    }
}
