import Foundation
import Testing
import GestureData
@testable import GestureEngine

/// Many fingers at once: a replay once took time growing with the square of the
/// touches down together (every touch of a line was looked up by walking all the touches
/// on the screen, and with views every touch's view by walking every touch's view), so
/// 80,000 fingers beginning in one line and ending in the next took half a minute. The
/// work is counted here, not timed: the lookup steps for 2N fingers must be about twice
/// those for N.
struct ManyTouchesTests {
    final class CountingSink: TouchSink {
        var touches = 0
        func touchesBegan(_ touches: [Touch], with event: TouchEvent) { self.touches += touches.count }
        func touchesMoved(_ touches: [Touch], with event: TouchEvent) { self.touches += touches.count }
        func touchesEnded(_ touches: [Touch], with event: TouchEvent) { self.touches += touches.count }
        func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { self.touches += touches.count }
    }

    static let tapOnly = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "tap", "type": "tap"}, {"name": "double", "type": "tap", "taps": 2}]}"#
    static let panDelaying = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "pan", "type": "pan", "delaysTouchesBegan": true, "cancelsTouchesInView": false}]}"#

    static func configuration(_ name: String) throws -> RecognizerConfiguration {
        switch name {
        case "tap only": return try RecognizerConfiguration.decode(Data(tapOnly.utf8), file: "tap.json")
        case "pan delaying touches, with a sink": return try RecognizerConfiguration.decode(Data(panDelaying.utf8), file: "pan.json")
        default: return .standardOnViews
        }
    }

    /// `fingers` touches that all begin in one line, all move in the next and all end in
    /// the one after; the lookup steps of the tracker and the arena together.
    static func lookupSteps(fingers: Int, configuration name: String) throws -> Int {
        let config = try configuration(name)
        let arena = config.makeArena()
        let sink = CountingSink()
        if name.contains("sink") { arena.touchSink = sink }
        var tracker = TouchTracker()
        func line(_ t: Double, _ phase: TouchSessionPhase, dx: Double) -> TouchSessionEvent {
            TouchSessionEvent(t: t, phase: phase, touches: (0..<fingers).map {
                TouchSessionTouch(id: $0, x: Double($0 % 100) * 5 + dx, y: Double($0 / 100) * 5)
            })
        }
        for l in [line(0, .began, dx: 0), line(0.05, .moved, dx: 1), line(0.1, .ended, dx: 1)] {
            arena.handle(try tracker.event(for: l))
        }
        arena.advance(to: 2)
        if name.contains("sink") { #expect(sink.touches == 3 * fingers, "the view hears every touch") }
        return tracker.lookupSteps + arena.lookupSteps
    }

    @Test(arguments: ["tap only", "standard on views", "pan delaying touches, with a sink"])
    func lookupsGrowLinearlyWithTheFingersOfALine(configuration: String) throws {
        let n = 600
        let one = try Self.lookupSteps(fingers: n, configuration: configuration)
        let two = try Self.lookupSteps(fingers: 2 * n, configuration: configuration)
        // Every touch of every line is looked up at least once: the counter counts.
        #expect(one >= 2 * n, "\(one) lookup steps for \(n) fingers")
        #expect(Double(two) <= 2.2 * Double(one), "\(one) lookup steps for \(n) fingers but \(two) for \(2 * n)")
    }
}
