import Testing
import GestureData
import GestureGeometry
@testable import GestureEngine

struct TouchTrackerTests {
    func line(_ t: Double, _ phase: TouchSessionPhase, _ touches: [(Int, Double, Double)]) -> TouchSessionEvent {
        TouchSessionEvent(t: t, phase: phase, touches: touches.map { TouchSessionTouch(id: $0.0, x: $0.1, y: $0.2) })
    }

    @Test func eventsCarryChangedTouchesAndAllTouches() throws {
        var tracker = TouchTracker()
        _ = try tracker.event(for: line(0, .began, [(1, 10, 10)]))
        let e = try tracker.event(for: line(0.1, .began, [(2, 50, 50)]))
        #expect(e.changedTouches.map(\.id) == [2])
        #expect(e.allTouches.map(\.id) == [1, 2])
        #expect(e.allTouches.map(\.phase) == [.stationary, .began])
        let m = try tracker.event(for: line(0.2, .moved, [(1, 20, 15)]))
        let moved = try #require(m.changedTouches.first)
        #expect(moved.previousLocation == Point(x: 10, y: 10) && moved.startLocation == Point(x: 10, y: 10))
        #expect(moved.location == Point(x: 20, y: 15) && moved.startTime == 0 && moved.timestamp == 0.2)
        let up = try tracker.event(for: line(0.3, .ended, [(1, 20, 15)]))
        #expect(up.allTouches.count == 2 && up.remainingTouchCount == 1)
        let next = try tracker.event(for: line(0.4, .moved, [(2, 51, 50)]))
        #expect(next.allTouches.map(\.id) == [2], "finished touches are gone from the next event")
    }

    /// The touches a line does not name become stationary, with the previous location
    /// where they are; those it names move from where they were. Checked with few
    /// fingers and with more than 64 (the tracker keeps a bit per finger up to 64).
    @Test(arguments: [3, 70])
    func touchesNotInALineAreStationaryAndMovesStartFromTheLastPlace(fingers: Int) throws {
        var tracker = TouchTracker()
        _ = try tracker.event(for: line(0, .began, (0..<fingers).map { ($0, Double($0), 0) }))
        let a = try tracker.event(for: line(0.1, .moved, [(1, 1, 5), (fingers - 1, Double(fingers - 1), 5)]))
        #expect(a.changedTouches.map(\.id) == [1, fingers - 1])
        #expect(a.allTouches.filter { $0.phase == .moved }.map(\.id) == [1, fingers - 1])
        #expect(a.allTouches.filter { $0.phase == .stationary }.count == fingers - 2)
        let b = try tracker.event(for: line(0.2, .moved, [(1, 1, 9)]))
        let one = try #require(b.allTouches.first { $0.id == 1 })
        #expect(one.previousLocation == Point(x: 1, y: 5) && one.location == Point(x: 1, y: 9) && one.timestamp == 0.2)
        let last = try #require(b.allTouches.first { $0.id == fingers - 1 })
        #expect(last.phase == .stationary && last.previousLocation == last.location && last.location == Point(x: Double(fingers - 1), y: 5))
        #expect(b.allTouches.filter { $0.phase == .stationary }.count == fingers - 1)
        let c = try tracker.event(for: line(0.3, .ended, [(0, 0, 0)]))
        #expect(c.remainingTouchCount == fingers - 1 && c.changedTouches.map(\.phase) == [.ended])
        #expect(c.allTouches.first { $0.id == 1 }?.phase == .stationary)
    }

    /// A touch keeps plain coordinates: the time a `Point` may carry is not kept (the
    /// touch's own times are ``Touch/timestamp`` and ``Touch/startTime``).
    @Test func touchLocationsAreCoordinatesOnly() {
        var t = Touch(id: 1, phase: .began, location: Point(x: 1, y: 2, t: 9), timestamp: 3)
        #expect(t.location == Point(x: 1, y: 2) && t.startLocation == Point(x: 1, y: 2) && t.previousLocation == Point(x: 1, y: 2))
        t.location = Point(x: 4, y: 6)
        #expect(t.location == Point(x: 4, y: 6) && t.startLocation == Point(x: 1, y: 2) && t.distanceFromStart == 5)
        #expect(MemoryLayout<Touch>.size <= 88)
    }

    @Test func quickTapsInOnePlaceCountUp() throws {
        var tracker = TouchTracker()
        var counts: [Int] = []
        for (k, t) in [0.0, 0.2, 0.4, 2.0].enumerated() {
            let e = try tracker.event(for: line(t, .began, [(k, 100, 100)]))
            counts.append(e.changedTouches[0].tapCount)
            _ = try tracker.event(for: line(t + 0.05, .ended, [(k, 100, 100)]))
        }
        #expect(counts == [1, 2, 3, 1])
    }

    @Test func inconsistentEventsThrow() throws {
        var tracker = TouchTracker()
        #expect(throws: TouchTracker.TrackingError.unknownTouch(id: 3, phase: .moved)) {
            try tracker.event(for: line(0, .moved, [(3, 0, 0)]))
        }
        _ = try tracker.event(for: line(1, .began, [(1, 0, 0)]))
        #expect(throws: TouchTracker.TrackingError.touchAlreadyDown(id: 1)) {
            try tracker.event(for: line(1, .began, [(1, 0, 0)]))
        }
        #expect(throws: TouchTracker.TrackingError.timeWentBackwards(from: 1, to: 0.5)) {
            try tracker.event(for: line(0.5, .moved, [(1, 0, 0)]))
        }
    }

    @Test func replayNamesTheLineOfAnInconsistentEvent() {
        let events = [line(0, .began, [(1, 0, 0)]), line(0.1, .moved, [(2, 0, 0)])]
        #expect(throws: GestureDataError.invalidField(file: "x", location: .line(2), field: "touches",
                                                      reason: "touch 2 is moved before it began")) {
            try SessionReplayer.replay(events, through: GestureArena([PanRecognizer(name: "pan")]), file: "x")
        }
    }
}
