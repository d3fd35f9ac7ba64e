import Foundation
import Testing
import GestureData
@testable import GestureEngine

final class RecordingSink: TouchSink {
    var calls: [(TouchPhase, [Int])] = []
    func touchesBegan(_ touches: [Touch], with event: TouchEvent) { calls.append((.began, touches.map(\.id))) }
    func touchesMoved(_ touches: [Touch], with event: TouchEvent) { calls.append((.moved, touches.map(\.id))) }
    func touchesEnded(_ touches: [Touch], with event: TouchEvent) { calls.append((.ended, touches.map(\.id))) }
    func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { calls.append((.cancelled, touches.map(\.id))) }
    var phases: [TouchPhase] { calls.map(\.0) }
}

struct TouchSinkTests {
    @Test func aRecognizedTapCancelsTheTouchInTheView() throws {
        let sink = RecordingSink()
        let s = TouchScript([tapRecognizer("tap")])
        s.arena.touchSink = sink
        try s.tap(at: 1, id: 1)
        #expect(sink.phases == [.began, .cancelled])
    }

    @Test func withoutCancelsTouchesInViewTheViewSeesTheEnd() throws {
        let sink = RecordingSink()
        let s = TouchScript([TapRecognizer(name: "tap", cancelsTouchesInView: false)])
        s.arena.touchSink = sink
        try s.tap(at: 1, id: 1)
        #expect(sink.phases == [.began, .ended])
    }

    @Test func aPanCancelsTheViewTouchesWhenItBeginsAndTheViewHearsNoMore() throws {
        let sink = RecordingSink()
        let s = TouchScript([PanRecognizer(name: "pan")])
        s.arena.touchSink = sink
        try s.drag(ids: [1], from: [(100, 100)], to: [(200, 100)], start: 1, duration: 0.5, steps: 20)
        // 5 pt a move: began, one move under the 10 pt threshold, then cancelled when the pan began.
        #expect(sink.phases == [.began, .moved, .cancelled])
    }

    /// A stationary event is not a move for the view either.
    @Test func stationaryEventsDoNotReachTheViewAsMoves() throws {
        let sink = RecordingSink()
        let s = TouchScript([SwipeRecognizer(name: "swipe")])
        s.arena.touchSink = sink
        try s.send(1, .began, [(1, 100, 100)])
        try s.send(1.1, .stationary, [(1, 100, 100)])
        try s.send(1.2, .moved, [(1, 103, 100)])
        try s.send(1.3, .ended, [(1, 103, 100)])
        #expect(sink.phases == [.began, .moved, .ended])
    }

    @Test func touchesNoRecognizerWantsReachTheView() throws {
        let sink = RecordingSink()
        let s = TouchScript([SwipeRecognizer(name: "swipe")])
        s.arena.touchSink = sink
        try s.drag(ids: [1], from: [(100, 100)], to: [(150, 150)], start: 1, duration: 0.2, steps: 4)
        #expect(sink.phases == [.began, .moved, .moved, .moved, .moved, .ended])
    }
}

/// UIKit's `delaysTouchesEnded` (default true) and `delaysTouchesBegan` (default false).
struct TouchDelayTests {
    /// A single tap waiting for the double tap: the view hears the lift only when the
    /// single tap is decided — cancelled, since it recognized and cancels touches.
    @Test func aLiftWaitsWhileARecognizerThatDelaysEndsMayStillRecognize() throws {
        let arena = GestureArena([tapRecognizer("single"), tapRecognizer("double", taps: 2)])
        arena.require("single", toFail: "double")
        let sink = RecordingSink()
        arena.touchSink = sink
        let s = TouchScript(arena)
        try s.tap(at: 1, id: 1)
        #expect(sink.phases == [.began])
        arena.advance(to: 3)
        #expect(s.firedNames == ["single"] && sink.phases == [.began, .cancelled])
    }

    @Test func withoutDelaysTouchesEndedTheLiftGoesAtOnce() throws {
        let arena = GestureArena([tapRecognizer("single"), tapRecognizer("double", taps: 2)])
        arena.require("single", toFail: "double")
        arena.setDelays("double", touchesBegan: false, touchesEnded: false)
        arena.setDelays("single", touchesBegan: false, touchesEnded: false)
        let sink = RecordingSink()
        arena.touchSink = sink
        let s = TouchScript(arena)
        try s.tap(at: 1, id: 1)
        #expect(sink.phases == [.began, .ended])
        arena.advance(to: 3)
        #expect(s.firedNames == ["single"] && sink.phases == [.began, .ended])
    }

    /// delaysTouchesBegan: a pan that recognizes keeps everything from the view; one that
    /// fails (the finger lifts in place) lets the view have the whole touch afterwards.
    @Test func delaysTouchesBeganHoldsNewTouchesUntilTheRecognizerFails() throws {
        let arena = GestureArena([PanRecognizer(name: "pan")])
        arena.setDelays("pan", touchesBegan: true, touchesEnded: true)
        let sink = RecordingSink()
        arena.touchSink = sink
        let s = TouchScript(arena)
        try s.drag(ids: [1], from: [(100, 100)], to: [(200, 100)], start: 1, duration: 0.5, steps: 20)
        #expect(s.fired("pan").count == 1 && sink.phases.isEmpty)
        try s.send(3, .began, [(2, 50, 50)])
        try s.send(3.1, .moved, [(2, 52, 50)])
        #expect(sink.phases.isEmpty)
        try s.send(3.2, .ended, [(2, 52, 50)])
        #expect(sink.calls.map(\.0) == [.began, .moved, .ended] && sink.calls.allSatisfy { $0.1 == [2] })
    }

    @Test func theDelaysAreReadAndWrittenInTheConfiguration() throws {
        let json = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "pan", "type": "pan", "delaysTouchesBegan": true, "delaysTouchesEnded": false}]}"#
        let c = try RecognizerConfiguration.decode(Data(json.utf8), file: "c.json")
        #expect(c.recognizers[0].delaysTouchesBegan && !c.recognizers[0].delaysTouchesEnded)
        #expect(try RecognizerConfiguration.decode(try c.encoded(), file: "again") == c)
        let bad = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "pan", "type": "pan", "delaysTouchesBegan": 1}]}"#
        #expect(throws: GestureDataError.self) { try RecognizerConfiguration.decode(Data(bad.utf8), file: "c.json") }
    }
}
