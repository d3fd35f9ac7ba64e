import Foundation
import Testing
import GestureGeometry

struct TurningAnglesTests {
    @Test func squareTurnsClockwiseOnScreen() {
        let s = Stroke([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)])
        let a = s.turningAngles
        #expect(a.count == 2)
        #expect(a.allSatisfy { close($0, .pi / 2) })
        #expect(close(s.totalTurning, .pi))
    }

    @Test func zigzagTurnsCancel() {
        let s = Stroke([Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 0), Point(x: 3, y: 1)])
        let a = s.turningAngles
        #expect(close(a[0], -.pi / 2) && close(a[1], .pi / 2))
        #expect(close(s.totalTurning, 0))
    }

    @Test func turnsNextToRepeatedPointsAreSkipped() {
        let s = Stroke([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)])
        #expect(s.turningAngles.isEmpty)
        #expect(s.deduplicated.turningAngles.count == 1)
    }

    @Test func deduplicatedDropsRepeatsKeepingFirstTime() {
        let s = Stroke([Point(x: 0, y: 0, t: 0), Point(x: 0, y: 0, t: 1), Point(x: 1, y: 0, t: 2)])
        #expect(s.deduplicated.points == [Point(x: 0, y: 0, t: 0), Point(x: 1, y: 0, t: 2)])
    }

    @Test func durationSpansFirstToLastTime() {
        #expect(close(Fixture.squiggle.duration ?? -1, 0.08))
        #expect(Fixture.ell.duration == nil)
    }

    @Test func ladder() {
        #expect(Fixture.empty.turningAngles.isEmpty)
        #expect(Fixture.onePoint.turningAngles.isEmpty)
        #expect(Fixture.twoIdentical.turningAngles.isEmpty)
        #expect(Fixture.collinear.turningAngles == [0, 0])
        #expect(Fixture.withNaN.turningAngles.isEmpty)
        #expect(Fixture.empty.totalTurning == 0)
        #expect(Fixture.empty.deduplicated.isEmpty && Fixture.empty.duration == nil)
        #expect(Fixture.twoIdentical.deduplicated.count == 1)
    }
}
