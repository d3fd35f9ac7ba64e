import Testing
import GestureData
@testable import GestureEngine

/// The book's TapTaps: single, double, triple and quadruple tap recognizers, each
/// waiting for the next to fail. Time only moves through events and `advance(to:)`.
struct TapTapsTests {
    static let names = ["single", "double", "triple", "quadruple"]
    static let interval = TapRecognizer.Settings().maximumInterval

    func makeScript() -> TouchScript {
        let arena = GestureArena(Self.names.enumerated().map { tapRecognizer($1, taps: $0 + 1) })
        arena.require("single", toFail: "double")
        arena.require("double", toFail: "triple")
        arena.require("triple", toFail: "quadruple")
        return TouchScript(arena)
    }

    /// `n` taps starting at t = 1, 0.2 s apart; returns the last tap's lift time.
    func tapTimes(_ n: Int, _ script: TouchScript) throws -> Double {
        var t = 1.0
        for k in 0..<n {
            try script.tap(at: t, id: k + 1)
            if k < n - 1 { t += 0.2 }
        }
        return t + 0.08
    }

    @Test func doubleTapFiresOnlyTheDoubleTapActionOnce() throws {
        let s = makeScript()
        let up = try tapTimes(2, s)
        s.arena.advance(to: up + 5)
        #expect(s.firedNames == ["double"])
        let fired = try #require(s.fired("double").first)
        #expect(fired.values.taps == 2)
        // Reported when the triple tap's interval ran out, not before.
        #expect(abs(fired.time - (up + Self.interval)) < 1e-9)
    }

    @Test func singleTapFiresOnlyAfterTheDoubleTapIntervalHasPassed() throws {
        let s = makeScript()
        let up = try tapTimes(1, s)
        s.arena.advance(to: up + Self.interval - 0.01)
        #expect(s.log.isEmpty, "the single tap must wait for the double tap to fail")
        #expect(s.arena.state(of: "single") == .possible)
        s.arena.advance(to: up + Self.interval + 0.01)
        #expect(s.firedNames == ["single"])
        let fired = try #require(s.fired("single").first)
        #expect(abs(fired.time - (up + Self.interval)) < 1e-9)
    }

    @Test(arguments: 1...4)
    func eachTapCountFiresOnlyItsOwnRecognizer(taps: Int) throws {
        let s = makeScript()
        let up = try tapTimes(taps, s)
        s.arena.advance(to: up + 5)
        #expect(s.firedNames == [Self.names[taps - 1]])
    }

    @Test func aSecondTapAfterTheIntervalIsTwoSingleTaps() throws {
        let s = makeScript()
        try s.tap(at: 1, id: 1)
        try s.tap(at: 1.08 + Self.interval + 0.05, id: 2)
        s.arena.advance(to: 10)
        #expect(s.firedNames == ["single", "single"])
    }

    @Test func aSecondTapFarAwayIsNotADoubleTap() throws {
        let s = makeScript()
        try s.tap(at: 1, id: 1, x: 50, y: 50)
        try s.tap(at: 1.25, id: 2, x: 300, y: 400)
        s.arena.advance(to: 10)
        #expect(!s.firedNames.contains("double"))
    }

    @Test func aTapThatMovesTooFarIsNoTap() throws {
        let s = makeScript()
        try s.send(1, .began, [(1, 100, 100)])
        try s.send(1.05, .moved, [(1, 115, 100)])
        try s.send(1.1, .ended, [(1, 115, 100)])
        s.arena.advance(to: 10)
        #expect(s.log.isEmpty)
    }

    @Test func aHeldFingerIsNoTap() throws {
        let s = makeScript()
        try s.tap(at: 1, id: 1, duration: 0.8)
        s.arena.advance(to: 10)
        #expect(s.log.isEmpty)
    }

    @Test func twoFingerTapNeedsTwoFingers() throws {
        let s = TouchScript([tapRecognizer("one"), tapRecognizer("two", touches: 2)])
        try s.send(1, .began, [(1, 100, 100), (2, 140, 100)])
        try s.send(1.08, .ended, [(1, 100, 100), (2, 140, 100)])
        s.arena.advance(to: 5)
        #expect(s.firedNames == ["two"])
    }

    @Test func recognizersAreResetForTheNextSequence() throws {
        let s = makeScript()
        for k in 0..<3 {
            let t0 = 1.0 + Double(k) * 2
            try s.tap(at: t0, id: 10 * k + 1)
            try s.tap(at: t0 + 0.2, id: 10 * k + 2)
        }
        s.arena.advance(to: 20)
        #expect(s.firedNames == ["double", "double", "double"])
        for n in Self.names { #expect(s.arena.state(of: n) == .possible) }
    }

    /// The book, without the failure requirement: "Without the requireGestureRecognizerToFail
    /// call, both recognizers fire — the single tap on each tap, and the double tap as well
    /// on the second." Replayed: single at the first lift; single and double at the second.
    @Test func withoutAFailureRequirementSingleAndDoubleTapBothFireAsTheBookShows() throws {
        let s = TouchScript([tapRecognizer("single"), tapRecognizer("double", taps: 2)])
        let up = try tapTimes(2, s)
        s.arena.advance(to: up + 1)
        #expect(s.firedNames == ["single", "single", "double"])
        #expect(s.fired("single").map(\.time) == [1.08, up])
        #expect(s.fired("double").map(\.time) == [up])
        // A third tap later is a new sequence: single again, and double waits for a partner.
        try s.tap(at: up + 2, id: 9)
        s.arena.advance(to: up + 10)
        #expect(s.firedNames == ["single", "single", "double", "single"])
    }

    /// While a finger is down the winner holds it: a long press that begins fails the tap.
    @Test func aRecognizerThatWinsWhileTouchesAreDownStillFailsTheOthers() throws {
        let s = TouchScript([tapRecognizer("tap"), LongPressRecognizer(name: "hold")])
        try s.send(0, .began, [(1, 100, 100)])
        s.arena.advance(to: 1.0)
        try s.send(1.0, .ended, [(1, 100, 100)])
        #expect(s.firedNames == ["hold"])
    }
}
