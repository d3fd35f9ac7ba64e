import Foundation
import Testing
import GestureData
@testable import GestureEngine

/// Recognizers enabled, disabled and removed during a session (Sadun: adding and removing
/// recognizers on the fly; UIKit `isEnabled`, `removeGestureRecognizer`).
struct EnablingTests {
    @Test func aDisabledRecognizerGetsNoTouchesUntilEnabledAgain() throws {
        let s = TouchScript([tapRecognizer("tap")])
        s.arena.setEnabled("tap", false)
        try s.tap(at: 1, id: 1)
        #expect(s.firedNames.isEmpty && s.arena.availability(of: "tap") == .disabled)
        s.arena.setEnabled("tap", true)
        try s.tap(at: 2, id: 2)
        #expect(s.firedNames == ["tap"])
        s.arena.remove("tap")
        s.arena.setEnabled("tap", true)   // removed stays removed
        try s.tap(at: 3, id: 3)
        #expect(s.firedNames == ["tap"] && s.arena.availability(of: "tap") == .removed)
    }

    @Test func disablingAPanInProgressCancelsIt() throws {
        let s = TouchScript([PanRecognizer(name: "pan")])
        try s.drag(ids: [1], from: [(100, 100)], to: [(200, 100)], start: 0, duration: 0.2, lift: false)
        #expect(s.states("pan").first == .began)
        s.arena.setEnabled("pan", false)
        #expect(s.states("pan").last == .cancelled)
        try s.send(0.3, .moved, [(1, 220, 100)])
        try s.send(0.4, .ended, [(1, 230, 100)])
        #expect(s.states("pan").last == .cancelled)
        // Enabled again while the finger was down: from the next sequence on.
        s.arena.setEnabled("pan", true)
        try s.drag(ids: [2], from: [(100, 100)], to: [(200, 100)], start: 1, duration: 0.2)
        #expect(s.states("pan").suffix(1) == [.ended])
    }

    /// A single tap that waits for the double tap to fail goes ahead at once when the
    /// double tap is disabled.
    @Test func disablingARequirementLetsTheWaitingRecognizerGoAhead() throws {
        let arena = GestureArena([tapRecognizer("single"), tapRecognizer("double", taps: 2)])
        arena.require("single", toFail: "double")
        let s = TouchScript(arena)
        try s.tap(at: 1, id: 1)
        #expect(s.firedNames.isEmpty)
        arena.setEnabled("double", false)
        #expect(s.firedNames == ["single"])
        #expect(abs((s.fired("single").first?.time ?? 0) - 1.08) < 1e-9)
    }

    /// A configuration's schedule, replayed: the tap is off from 2 s to 4 s and removed at 6 s.
    @Test func aScheduleInTheConfigurationIsReplayedOnTheSessionClock() throws {
        let json = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "tap", "type": "tap", "schedule": [{"at": 2, "enabled": false}, {"at": 4, "enabled": true}, {"at": 6, "removed": true}]}]}"#
        let config = try RecognizerConfiguration.decode(Data(json.utf8), file: "c.json")
        #expect(try RecognizerConfiguration.decode(try config.encoded(), file: "again") == config)
        var events: [TouchSessionEvent] = []
        for t in [1.0, 3.0, 5.0, 7.0] {
            events.append(TouchSessionEvent(t: t, phase: .began, touches: [TouchSessionTouch(id: 1, x: 10, y: 10)]))
            events.append(TouchSessionEvent(t: t + 0.05, phase: .ended, touches: [TouchSessionTouch(id: 1, x: 10, y: 10)]))
        }
        let result = try SessionReplayer.replay(events, through: config.makeArena(startTime: 1))
        #expect(result.activations.filter(\.isActivation).map(\.time) == [1.05, 5.05])
        for bad in [#"[{"at": 1}]"#, #"[{"at": 1, "enabled": true, "removed": true}]"#, #"[{"enabled": false}]"#,
                    #"[{"at": 3, "enabled": false}, {"at": 2, "enabled": true}]"#, #"[{"at": 1, "removed": false}]"#, #"{"at": 1}"#] {
            let text = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "tap", "type": "tap", "schedule": "# + bad + "}]}"
            #expect(throws: GestureDataError.self) { try RecognizerConfiguration.decode(Data(text.utf8), file: "c.json") }
        }
    }
}
