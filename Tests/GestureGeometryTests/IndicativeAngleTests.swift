import Foundation
import Testing
import GestureGeometry

struct IndicativeAngleTests {
    @Test func angleFromCentroidToFirstPoint() throws {
        // $1: atan2(c.y − p0.y, c.x − p0.x).
        let right = Stroke([Point(x: 0, y: 0), Point(x: 2, y: 0)])
        #expect(close(try #require(right.indicativeAngle), 0))
        let up = Stroke([Point(x: 0, y: 2), Point(x: 0, y: 0)])
        #expect(close(try #require(up.indicativeAngle), -.pi / 2))
        let diag = Stroke([Point(x: 4, y: 4), Point(x: 0, y: 0)])
        #expect(close(try #require(diag.indicativeAngle), -3 * .pi / 4))
    }

    @Test func ladder() throws {
        #expect(Fixture.empty.indicativeAngle == nil)
        #expect(Fixture.onePoint.indicativeAngle == 0)
        #expect(Fixture.twoIdentical.indicativeAngle == 0)
        #expect(close(try #require(Fixture.collinear.indicativeAngle), .pi / 4))
        #expect(Fixture.withNaN.indicativeAngle == nil)
    }
}
