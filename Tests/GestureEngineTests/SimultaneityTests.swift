import Foundation
import Testing
import GestureData
@testable import GestureEngine

struct SimultaneityTests {
    /// Two fingers 100 pt apart around (200, 200); over the drag the distance grows by
    /// `spread` and the line turns by `turn` radians.
    func pinchRotate(_ s: TouchScript, spread: Double, turn: Double, turnFirst: Bool) throws {
        let c = (200.0, 200.0), r0 = 50.0
        func pos(_ f: Double) -> [(Int, Double, Double)] {
            // One of the two changes leads: it is done by half time, the other starts then.
            let fs = turnFirst ? max(0, f * 2 - 1) : min(1, f * 2)
            let fa = turnFirst ? min(1, f * 2) : max(0, f * 2 - 1)
            let r = r0 + spread / 2 * fs, a = turn * fa
            return [(1, c.0 - r * cos(a), c.1 - r * sin(a)), (2, c.0 + r * cos(a), c.1 + r * sin(a))]
        }
        try s.send(1, .began, pos(0))
        for k in 1...40 { try s.send(1 + Double(k) * 0.02, .moved, pos(Double(k) / 40)) }
        try s.send(1.9, .ended, pos(1))
    }

    @Test func pinchAndRotationRecognizeTogetherWhenAllowed() throws {
        let arena = GestureArena([PinchRecognizer(name: "pinch"), RotationRecognizer(name: "rotation")])
        arena.allowSimultaneous("pinch", "rotation")
        let s = TouchScript(arena)
        try pinchRotate(s, spread: 100, turn: 1.0, turnFirst: false)
        #expect(s.states("pinch").first == .began && s.states("pinch").last == .ended)
        #expect(s.states("rotation").first == .began && s.states("rotation").last == .ended)
    }

    @Test(arguments: [false, true])
    func withoutPermissionTheFirstToBeginWins(turnFirst: Bool) throws {
        let s = TouchScript([PinchRecognizer(name: "pinch"), RotationRecognizer(name: "rotation")])
        try pinchRotate(s, spread: 100, turn: 1.0, turnFirst: turnFirst)
        let winner = turnFirst ? "rotation" : "pinch", loser = turnFirst ? "pinch" : "rotation"
        #expect(s.states(winner) == [.began] + Array(repeating: .changed, count: s.states(winner).count - 2) + [.ended])
        #expect(s.states(loser).isEmpty)
    }

    /// Scale is relative to the touch-down distance, as UIKit reports it.
    @Test func pinchScaleIsRelativeToTouchDown() throws {
        let s = TouchScript([PinchRecognizer(name: "pinch")])
        try s.drag(ids: [1, 2], from: [(150, 200), (250, 200)], to: [(100, 200), (300, 200)], start: 1, duration: 0.5)
        let reports = s.log.filter { $0.recognizer == "pinch" }
        // Began once 10% over the 100 pt at touch-down.
        #expect(abs((reports.first?.values.scale ?? 0) - 1.1) < 0.02)
        let end = try #require(reports.last?.values.scale)
        #expect(abs(end - 2.0) < 1e-9)
    }

    /// Two successive 2× pinches (PinchMe) multiply to 4, not 3.16.
    @Test func twoDoublingPinchesMultiplyToFour() throws {
        let s = TouchScript([PinchRecognizer(name: "pinch")])
        try s.drag(ids: [1, 2], from: [(150, 200), (250, 200)], to: [(100, 200), (300, 200)], start: 1, duration: 0.5)
        try s.drag(ids: [3, 4], from: [(150, 200), (250, 200)], to: [(100, 200), (300, 200)], start: 3, duration: 0.5)
        let ends = s.log.filter { $0.recognizer == "pinch" && $0.state == .ended }.compactMap(\.values.scale)
        #expect(ends.count == 2)
        #expect(abs(ends.reduce(1, *) - 4.0) < 1e-9, "\(ends)")
    }

    @Test func rotationIsInRadiansFromBegan() throws {
        let s = TouchScript([RotationRecognizer(name: "rotation")])
        func pos(_ a: Double) -> [(Int, Double, Double)] {
            [(1, 200 - 60 * cos(a), 200 - 60 * sin(a)), (2, 200 + 60 * cos(a), 200 + 60 * sin(a))]
        }
        try s.send(1, .began, pos(0))
        for k in 1...30 { try s.send(1 + Double(k) * 0.02, .moved, pos(Double.pi / 2 * Double(k) / 30)) }
        try s.send(1.7, .ended, pos(.pi / 2))
        let reports = s.log.filter { $0.recognizer == "rotation" }
        // Measured from touch-down; began at the first step over 0.1 rad (2 × π/60).
        #expect(abs((reports.first?.values.rotation ?? 0) - 2 * Double.pi / 60) < 1e-9)
        let last = try #require(reports.last?.values.rotation)
        #expect(abs(last - Double.pi / 2) < 1e-6)
    }

    @Test func aPanInProgressKeepsALongPressFromFiring() throws {
        // The long press could begin at 1.5 s but the pan began first (slow drag, then still).
        let s = TouchScript([PanRecognizer(name: "pan"), LongPressRecognizer(name: "press")])
        try s.send(1, .began, [(1, 100, 100)])
        try s.send(1.1, .moved, [(1, 112, 100)])
        s.arena.advance(to: 2)
        try s.send(2.1, .ended, [(1, 112, 100)])
        #expect(s.firedNames == ["pan"])
    }

    @Test func aDiscreteGestureCannotFireWhileAContinuousOneIsInProgress() throws {
        // A two-finger pan is in progress when the fingers make a two-finger swipe.
        var sw = SwipeRecognizer.Settings(); sw.touchesRequired = 2
        let s = TouchScript([PanRecognizer(name: "pan"), SwipeRecognizer(name: "swipe2", settings: sw)])
        try s.drag(ids: [1, 2], from: [(100, 100), (100, 140)], to: [(200, 100), (200, 140)], start: 1, duration: 0.3)
        #expect(s.firedNames == ["pan"])
    }

    @Test func simultaneityLetsBothFire() throws {
        var sw = SwipeRecognizer.Settings(); sw.touchesRequired = 2
        let arena = GestureArena([PanRecognizer(name: "pan"), SwipeRecognizer(name: "swipe2", settings: sw)])
        arena.allowSimultaneous("pan", "swipe2")
        let s = TouchScript(arena)
        try s.drag(ids: [1, 2], from: [(100, 100), (100, 140)], to: [(200, 100), (200, 140)], start: 1, duration: 0.3)
        #expect(Set(s.firedNames) == ["pan", "swipe2"])
    }

    @Test func requireToFailLetsTheSwipeWinOverThePan() throws {
        let arena = GestureArena([PanRecognizer(name: "pan"), SwipeRecognizer(name: "swipe")])
        arena.require("pan", toFail: "swipe")
        let s = TouchScript(arena)
        try s.drag(ids: [1], from: [(100, 100)], to: [(200, 101)], start: 1, duration: 0.2)
        #expect(s.firedNames == ["swipe"])
    }

    @Test func aWaitingPanBeginsOnceTheSwipeFails() throws {
        let arena = GestureArena([PanRecognizer(name: "pan"), SwipeRecognizer(name: "swipe")])
        arena.require("pan", toFail: "swipe")
        let s = TouchScript(arena)
        try s.drag(ids: [1], from: [(100, 100)], to: [(200, 200)], start: 1, duration: 0.5)
        #expect(s.firedNames == ["pan"])
        #expect(s.states("pan").last == .ended)
    }
}

/// Never decides on its own: stays `possible` through any touches.
final class UndecidedRecognizer: GestureRecognizer {
    let name: String
    init(name: String) { self.name = name }
    var kind: RecognizerKind { .discrete }
    var state: RecognizerState = .possible
    var cancelsTouchesInView: Bool { true }
    var values: GestureValues { GestureValues() }
    var resets = 0
    func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
    func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
    func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
    func reset() { state = .possible; resets += 1 }
}

struct CustomRecognizerTests {
    @Test func aRecognizerThatNeverDecidesFailsWhenTheSequenceEnds() throws {
        let undecided = UndecidedRecognizer(name: "custom")
        let arena = GestureArena([tapRecognizer("tap"), undecided])
        arena.require("tap", toFail: "custom")
        let s = TouchScript(arena)
        try s.tap(at: 1, id: 1)
        #expect(s.fired("tap").map(\.time) == [1.08])
        #expect(undecided.resets == 1)
        #expect(arena.state(of: "custom") == .possible)
    }
}
