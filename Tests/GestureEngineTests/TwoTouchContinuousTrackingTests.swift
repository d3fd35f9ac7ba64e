import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureEngine

struct TwoTouchContinuousTrackingTests {
    @Test func staysPossibleUntilTheMeasureBegins() {
        var tracking = TwoTouchContinuousTracking(valueAtBegan: 1)
        tracking.start(at: 0)
        let began = tracking.advance(to: 1.05, at: 0.1, begins: false)
        #expect(!began)
        #expect(tracking.state == .possible)
        #expect(tracking.value == 1)
    }

    /// The measure is kept from touch-down at `began`, as UIKit reports it, not restarted.
    @Test func beginsWithTheMeasureFromTouchDownThenReportsValueAndVelocity() {
        var tracking = TwoTouchContinuousTracking(valueAtBegan: 1)
        tracking.start(at: 0)
        let began = tracking.advance(to: 1.2, at: 0.1, begins: true)
        #expect(began)
        #expect(tracking.state == .began)
        #expect(tracking.value == 1.2)
        let beganAgain = tracking.advance(to: 1.5, at: 0.6, begins: false)
        #expect(!beganAgain)
        #expect(tracking.state == .changed)
        #expect(tracking.value == 1.5)
        #expect(abs(tracking.velocity - 0.6) < 1e-9)
    }

    @Test func aMoveAtTheSameTimestampKeepsTheVelocity() {
        var tracking = TwoTouchContinuousTracking(valueAtBegan: 0)
        tracking.start(at: 0)
        _ = tracking.advance(to: 0.2, at: 0.1, begins: true)
        _ = tracking.advance(to: 0.5, at: 0.6, begins: false)
        _ = tracking.advance(to: 0.9, at: 0.6, begins: false)
        #expect(abs(tracking.velocity - 0.6) < 1e-9)
        #expect(tracking.value == 0.9)
    }

    @Test func cancellingBeforeBeganFailsAndAfterCancels() {
        var before = TwoTouchContinuousTracking(valueAtBegan: 0)
        before.cancelled()
        #expect(before.state == .failed)
        var after = TwoTouchContinuousTracking(valueAtBegan: 0)
        after.start(at: 0)
        _ = after.advance(to: 0.2, at: 0.1, begins: true)
        after.cancelled()
        #expect(after.state == .cancelled)
    }

    @Test func resetForgetsEverything() {
        var tracking = TwoTouchContinuousTracking(valueAtBegan: 1)
        tracking.start(at: 0)
        _ = tracking.advance(to: 1.2, at: 0.1, begins: true)
        _ = tracking.advance(to: 1.5, at: 0.6, begins: false)
        tracking.reset()
        #expect(tracking.state == .possible)
        #expect(tracking.value == 1)
        #expect(tracking.velocity == 0)
        #expect(tracking.location == nil)
    }

    /// The first measurable event only takes the reference; later ones measure from it.
    @Test func distanceRatioIsRelativeToTheFirstDistance() {
        var ratio = DistanceRatio()
        #expect(ratio.measure(Point(x: 0, y: 0), Point(x: 100, y: 0)) == nil)
        #expect(ratio.measure(Point(x: 0, y: 0), Point(x: 0, y: 250)) == 2.5)
    }

    /// Crossing the ±π seam of atan2 keeps turning instead of jumping by 2π.
    @Test func turnedAngleUnwrapsAcrossTheSeam() throws {
        var turned = TurnedAngle()
        let origin = Point(x: 0, y: 0)
        func at(_ a: Double) -> Point { Point(x: 100 * cos(a), y: 100 * sin(a)) }
        #expect(turned.measure(origin, at(3.0)) == nil)
        let across = turned.measure(origin, at(3.3))
        #expect(abs(try #require(across) - 0.3) < 1e-9)
        let back = turned.measure(origin, at(2.9))
        #expect(abs(try #require(back) + 0.1) < 1e-9)
    }

    @Test(arguments: ["pinch", "rotation"])
    func aThirdFingerBeforeBeganFailsTheGesture(kind: String) throws {
        let recognizer: any GestureRecognizer = kind == "pinch" ? PinchRecognizer(name: kind) : RotationRecognizer(name: kind)
        let s = TouchScript([recognizer])
        try s.send(1, .began, [(1, 150, 200), (2, 250, 200), (3, 200, 300)])
        for k in 1...20 {
            let f = Double(k) / 20, a = f
            try s.send(1 + f / 2, .moved, [(1, 200 - (50 + 50 * f) * cos(a), 200 - (50 + 50 * f) * sin(a)),
                                           (2, 200 + (50 + 50 * f) * cos(a), 200 + (50 + 50 * f) * sin(a)),
                                           (3, 200, 300)])
        }
        #expect(s.fired(kind).isEmpty)
        #expect(recognizer.state == .failed)
    }

    @Test func pinchScaleVelocityIsScalePerSecond() throws {
        let s = TouchScript([PinchRecognizer(name: "pinch")])
        // 100 → 200 pt apart over 0.5 s: 200 pt/s, relative to the 100 pt at touch-down.
        try s.drag(ids: [1, 2], from: [(150, 200), (250, 200)], to: [(100, 200), (300, 200)], start: 1, duration: 0.5)
        let last = try #require(s.log.filter { $0.recognizer == "pinch" }.last)
        let velocity = try #require(last.values.scaleVelocity)
        #expect(abs(velocity - 2.0) < 0.05)
    }

    @Test func rotationVelocityIsRadiansPerSecond() throws {
        let s = TouchScript([RotationRecognizer(name: "rotation")])
        // Two fingers 160 pt apart turning at 1 rad/s for 1.2 s, one move per 0.05 rad.
        let angles = Array(stride(from: 0.0, through: 1.2, by: 0.05))
        for (i, a) in angles.enumerated() {
            let phase: TouchSessionPhase = i == 0 ? .began : .moved
            try s.send(1 + a, phase, [(7, 300 + 80 * cos(a), 300 + 80 * sin(a)), (8, 300 - 80 * cos(a), 300 - 80 * sin(a))])
        }
        let last = try #require(s.log.filter { $0.recognizer == "rotation" }.last)
        #expect(last.state == .changed)
        let velocity = try #require(last.values.rotationVelocity)
        #expect(abs(velocity - 1.0) < 0.01)
    }
}
