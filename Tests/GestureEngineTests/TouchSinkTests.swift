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

    /// Issue 14: a stationary event is not a move for the view either.
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
