import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureEngine

/// The arena's public mutators are not to be called while it dispatches (from an action, a
/// recognizer or the touch sink): debug builds stop, release builds refuse the call and
/// count it. Also: attachments replaced by a second `setViews`, and the slot type trivial.
struct ArenaReentryTests {
    /// Two panels side by side on a screen.
    static let tree = ViewTree(ViewNode(name: "screen", x: 0, y: 0, width: 300, height: 100, subviews: [
        ViewNode(name: "left", x: 0, y: 0, width: 100, height: 100),
        ViewNode(name: "right", x: 200, y: 0, width: 100, height: 100),
    ]))

    #if DEBUG
    /// An action that calls `setViews` stops a debug build (the test runs it in a child process).
    @Test func anActionThatSetsViewsStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            let arena = GestureArena([tapRecognizer("tap")])
            arena.addAction(to: "tap") { _ in arena.setViews(ArenaReentryTests.tree, attachments: [:]) }
            let script = TouchScript(arena)
            try script.tap(at: 1, id: 1)
        }
    }
    #endif

    /// With the stop turned off (as in a release build) every mutator called from an
    /// action is refused: nothing changes, and each refusal is counted.
    @Test func everyMutatorCalledFromAnActionIsRefused() throws {
        let arena = GestureArena([tapRecognizer("tap"), tapRecognizer("other", taps: 2)])
        arena.stopsOnReentry = false
        var drained: [GestureActivation]?
        arena.addAction(to: "tap") { _ in
            arena.setViews(Self.tree, attachments: ["tap": "left"])
            arena.setEnabled("other", false)
            arena.remove("other")
            arena.schedule(.disabled, of: "other", at: 100)
            arena.setDelays("other", touchesBegan: true, touchesEnded: false)
            arena.require("other", toFail: "tap")
            arena.allowSimultaneous("tap", "other")
            arena.addAction(to: "other") { _ in Issue.record("an action added during a dispatch ran") }
            drained = arena.drainActivations()
            arena.handle(TouchEvent(timestamp: 50, phase: .began, changedTouches: [], allTouches: []))
            arena.advance(to: 60)
        }
        let script = TouchScript(arena)
        try script.tap(at: 1, id: 1)
        #expect(arena.refusedCalls == 11)
        #expect(drained == [])
        #expect(arena.views == nil)
        #expect(arena.availability(of: "other") == .enabled)
        #expect(arena.now < 50)
        #expect(arena.mayRunTogether("tap", "other") == false)
        #expect(script.fired("tap").count == 1)
        // Outside a dispatch the same calls work.
        arena.setViews(Self.tree, attachments: ["tap": "left"])
        arena.advance(to: 60)
        #expect(arena.views != nil && arena.now == 60 && arena.refusedCalls == 11)
        // Recording goes on as before: the tap was recorded and can be drained.
        #expect(arena.drainActivations().contains { $0.recognizer == "tap" && $0.isActivation })
    }

    /// The touch sink is dispatched to as well.
    @Test func theTouchSinkCannotChangeTheArena() throws {
        final class Meddler: TouchSink {
            let arena: GestureArena
            init(_ arena: GestureArena) { self.arena = arena }
            func touchesBegan(_ touches: [Touch], with event: TouchEvent) { arena.setViews(ArenaReentryTests.tree, attachments: [:]) }
            func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
            func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
            func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
        }
        let arena = GestureArena([tapRecognizer("tap")])
        arena.stopsOnReentry = false
        let sink = Meddler(arena)
        arena.touchSink = sink
        try TouchScript(arena).tap(at: 1, id: 1)
        #expect(arena.refusedCalls == 1 && arena.views == nil)
    }

    /// A second `setViews` replaces the first's pairs of unrelated views; pairs allowed
    /// with `allowSimultaneous` stay.
    @Test func settingViewsAgainReplacesTheUnrelatedPairs() {
        let arena = GestureArena([tapRecognizer("a"), tapRecognizer("b"), tapRecognizer("c")])
        arena.allowSimultaneous("a", "c")
        arena.setViews(Self.tree, attachments: ["a": "left", "b": "right"])
        #expect(arena.mayRunTogether("a", "b") == true)       // unrelated views
        #expect(arena.mayRunTogether("a", "c") == true)       // allowed
        #expect(arena.mayRunTogether("b", "c") == false)      // right is inside the screen
        arena.setViews(Self.tree, attachments: ["a": "left", "b": "left"])
        #expect(arena.mayRunTogether("a", "b") == false)      // one view now: they compete
        #expect(arena.mayRunTogether("b", "a") == false)
        #expect(arena.mayRunTogether("a", "c") == true)
    }

    @Test func theSlotIsATrivialType() {
        #expect(_isPOD(GestureArena.Slot.self))
    }
}
