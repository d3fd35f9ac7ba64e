import GestureData

/// Replays a touch session through an arena: converts each line to a ``TouchEvent``,
/// delivers it, and lets the clock run on after the last line so waiting recognizers
/// (a single tap waiting out the double-tap interval) decide.
///
/// ```swift
/// let events = try TouchSessionReader.read("session.jsonl")
/// let result = try SessionReplayer.replay(events, through: config.makeArena(), file: "session.jsonl")
/// for a in result.activations where a.isActivation { print(a.time, a.recognizer) }
/// ```
public enum SessionReplayer {
    /// What a replay produced.
    public struct Result: Sendable {
        /// The actions recorded by the arena, in order.
        public var activations: [GestureActivation]
        /// Session lines replayed (one `UIEvent` each).
        public var eventCount: Int
        /// Touch records replayed (a line with three touches counts three).
        public var touchCount: Int
        /// Time of the first and last line (seconds); `nil` for an empty session.
        public var timeSpan: ClosedRange<Double>?
    }

    /// Seconds the clock runs on after the last line by default: longer than any
    /// built-in timer default (0.5 s long press, 0.3 s tap interval).
    public static let defaultSettleTime = 1.0

    /// Replays `events` through `arena`.
    /// - Parameters:
    ///   - settleTime: seconds to advance the clock past the last line.
    ///   - file: the name used in errors.
    /// - Throws: ``GestureData/GestureDataError/invalidField(file:location:field:reason:)``
    ///   naming the line when events are inconsistent (time going backwards, a touch
    ///   that moves before it began); sessions from ``GestureData/TouchSessionReader``
    ///   are already checked.
    /// - Complexity: O(lines × recognizers).
    public static func replay(_ events: [TouchSessionEvent], through arena: GestureArena,
                              settleTime: Double = defaultSettleTime, file: String = "<session>") throws -> Result {
        var tracker = TouchTracker()
        var touchCount = 0
        if let first = events.first, first.t > arena.now { arena.advance(to: first.t) }
        for (i, line) in events.enumerated() {
            let event: TouchEvent
            do {
                event = try tracker.event(for: line)
            } catch let e as TouchTracker.TrackingError {
                throw GestureDataError.invalidField(file: file, location: .line(i + 1), field: "touches", reason: e.description)
            }
            if event.timestamp < arena.now {
                throw GestureDataError.invalidField(file: file, location: .line(i + 1), field: "t",
                                                    reason: "time \(event.timestamp) is before the arena's clock \(arena.now)")
            }
            arena.handle(event)
            touchCount += line.touches.count
        }
        if let last = events.last { arena.advance(to: last.t + settleTime) }
        let span = events.isEmpty ? nil : (events[0].t ... events[events.count - 1].t)
        return Result(activations: arena.drainActivations(), eventCount: events.count, touchCount: touchCount, timeSpan: span)
    }
}
