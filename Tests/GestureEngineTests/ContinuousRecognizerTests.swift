import Testing
import GestureData
import GestureGeometry
@testable import GestureEngine

struct ContinuousRecognizerTests {
    @Test func panReportsTranslationAndVelocity() throws {
        let s = TouchScript([PanRecognizer(name: "pan")])
        try s.drag(ids: [1], from: [(100, 100)], to: [(200, 150)], start: 1, duration: 1, steps: 10)
        let states = s.states("pan")
        #expect(states.first == .began && states.last == .ended)
        let last = try #require(s.log.last?.values)
        #expect(last.translation == Point(x: 100, y: 50))
        let v = try #require(last.velocity)
        #expect(abs(v.x - 100) < 1e-6 && abs(v.y - 50) < 1e-6)
    }

    @Test func panSetTranslationMovesTheOrigin() throws {
        let pan = PanRecognizer(name: "pan")
        let s = TouchScript([pan])
        try s.drag(ids: [1], from: [(100, 100)], to: [(150, 100)], start: 1, duration: 0.5, steps: 5, lift: false)
        pan.setTranslation(.zero)
        try s.send(1.6, .moved, [(1, 160, 104)])
        #expect(pan.translation == Point(x: 10, y: 4))
    }

    @Test func panStaysContinuousWhenASecondFingerLands() throws {
        let pan = PanRecognizer(name: "pan")
        let s = TouchScript([pan])
        try s.drag(ids: [1], from: [(100, 100)], to: [(130, 100)], start: 1, duration: 0.3, steps: 3, lift: false)
        try s.send(1.4, .began, [(2, 300, 300)])
        #expect(pan.translation == Point(x: 30, y: 0))
        try s.send(1.5, .moved, [(1, 140, 100), (2, 310, 300)])
        #expect(pan.translation == Point(x: 40, y: 0))
    }

    @Test func panBelowTheThresholdFails() throws {
        let s = TouchScript([PanRecognizer(name: "pan")])
        try s.drag(ids: [1], from: [(100, 100)], to: [(105, 100)], start: 1, duration: 0.3)
        #expect(s.log.isEmpty)
        #expect(s.arena.state(of: "pan") == .possible, "reset after the sequence")
    }

    @Test func longPressBeginsWhenTimePassesWithoutAnEvent() throws {
        let s = TouchScript([LongPressRecognizer(name: "press")])
        try s.send(1, .began, [(1, 100, 100)])
        s.arena.advance(to: 1.49)
        #expect(s.log.isEmpty)
        s.arena.advance(to: 1.6)
        #expect(s.states("press") == [.began])
        #expect(s.log.first?.time == 1.5)
        try s.send(1.7, .moved, [(1, 130, 100)])
        try s.send(1.8, .ended, [(1, 130, 100)])
        #expect(s.states("press") == [.began, .changed, .ended])
    }

    @Test func longPressFailsWhenTheFingerMovesOrLiftsEarly() throws {
        let s = TouchScript([LongPressRecognizer(name: "press")])
        try s.send(1, .began, [(1, 100, 100)])
        try s.send(1.2, .moved, [(1, 115, 100)])
        s.arena.advance(to: 2)
        try s.send(2.1, .ended, [(1, 115, 100)])
        try s.tap(at: 3, id: 2, duration: 0.3)
        s.arena.advance(to: 5)
        #expect(s.log.isEmpty)
    }

    @Test func cancelledTouchesCancelAContinuousGesture() throws {
        let s = TouchScript([PanRecognizer(name: "pan")])
        try s.drag(ids: [1], from: [(100, 100)], to: [(150, 100)], start: 1, duration: 0.5, steps: 5, lift: false)
        try s.send(1.6, .cancelled, [(1, 150, 100)])
        #expect(s.states("pan").last == .cancelled)
    }

    @Test func stationaryLinesChangeNothing() throws {
        let s = TouchScript([PanRecognizer(name: "pan")])
        try s.drag(ids: [1], from: [(100, 100)], to: [(150, 100)], start: 1, duration: 0.5, steps: 5, lift: false)
        let before = s.log.count
        try s.send(1.6, .stationary, [(1, 150, 100)])
        #expect(s.log.count == before)
    }
}
