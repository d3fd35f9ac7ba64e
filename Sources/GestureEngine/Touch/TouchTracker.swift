import GestureData
import GestureGeometry

/// Turns the lines of a touch session into ``TouchEvent``s: keeps every touch on the
/// screen, fills in previous and start locations, and counts taps.
///
/// ```swift
/// var tracker = TouchTracker()
/// let event = try tracker.event(for: sessionLine)
/// ```
public struct TouchTracker: Sendable {
    /// When consecutive touches count as taps of one multi-tap.
    public struct Settings: Hashable, Sendable, Codable {
        /// Longest gap from one touch's end to the next touch's start (seconds).
        /// 0.3 s: Android `ViewConfiguration.DOUBLE_TAP_TIMEOUT`; UIKit does not publish
        /// its interval.
        public var maximumTapInterval: Double = 0.3
        /// Farthest the next touch may begin from the previous one (points).
        /// 100: Android `ViewConfiguration.DOUBLE_TAP_SLOP` (dp).
        public var maximumTapDistance: Double = 100
        public init() {}
    }

    public var settings: Settings
    /// The touches on the screen, in the order they began.
    public private(set) var touches: [Touch] = []
    private var lastEnd: (time: Double, location: Point, tapCount: Int)?
    private var lastTime: Double?
    private var finishedPending = false
    /// The changed touches of the last event, reused: once the caller lets go of that
    /// event the buffer is unique again, and no event allocates.
    private var changed: [Touch] = []

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Problems with events given directly (sessions read from files are validated by
    /// ``GestureData/TouchSessionReader`` already).
    public enum TrackingError: Error, Hashable, Sendable, CustomStringConvertible {
        case timeWentBackwards(from: Double, to: Double)
        case unknownTouch(id: Int, phase: TouchPhase)
        case touchAlreadyDown(id: Int)

        public var description: String {
            switch self {
            case .timeWentBackwards(let a, let b): return "time goes backwards (\(b) after \(a))"
            case .unknownTouch(let id, let p): return "touch \(id) is \(p.rawValue) before it began"
            case .touchAlreadyDown(let id): return "touch \(id) began while still down"
            }
        }
    }

    /// The event for one session line; afterwards finished touches are forgotten.
    /// - Throws: ``TrackingError`` for time going backwards or an unknown/duplicate touch.
    /// - Complexity: O(touches on screen × touches in the line).
    public mutating func event(for line: TouchSessionEvent) throws -> TouchEvent {
        let t = line.t
        if let lastTime, t < lastTime { throw TrackingError.timeWentBackwards(from: lastTime, to: t) }
        lastTime = t
        let phase = TouchPhase(line.phase)
        // Touches that finished in the previous event are dropped now.
        if finishedPending {
            touches.removeAll { $0.phase.isFinished }
            finishedPending = false
        }
        // (One or two at a time: cheaper than removeAll(keepingCapacity:).)
        while !changed.isEmpty { changed.removeLast() }
        // (The touches are written through their buffer: writing array elements one by
        // one checks uniqueness on every write.)
        if phase != .began {
            if phase.isFinished { finishedPending = true }
            let lastEnd = try touches.withUnsafeMutableBufferPointer { all in
                try Self.update(all, with: line, phase: phase, into: &changed)
            }
            if let lastEnd { self.lastEnd = lastEnd }
            return TouchEvent(timestamp: t, phase: phase, changedTouches: changed, allTouches: touches)
        }
        touches.withUnsafeMutableBufferPointer { all in
            for i in all.indices where all[i].phase != .stationary { Self.makeStationary(&all[i]) }
        }
        for raw in line.touches {
            let p = Point(x: raw.x, y: raw.y)
            if touches.contains(where: { $0.id == raw.id }) { throw TrackingError.touchAlreadyDown(id: raw.id) }
            var taps = 1
            if let last = lastEnd, t - last.time <= settings.maximumTapInterval,
               last.location.distance(to: p) <= settings.maximumTapDistance {
                taps = last.tapCount + 1
            }
            let touch = Touch(id: raw.id, phase: .began, location: p, timestamp: t, tapCount: taps)
            touches.append(touch)
            changed.append(touch)
        }
        return TouchEvent(timestamp: t, phase: phase, changedTouches: changed, allTouches: touches)
    }

    /// Moves, ends or cancels the touches of `line` in `all`, appending them to `changed`;
    /// the other touches become stationary.
    /// - Returns: the last touch that ended (time, place, tap count), if one did.
    private static func update(_ all: UnsafeMutableBufferPointer<Touch>, with line: TouchSessionEvent, phase: TouchPhase,
                               into changed: inout [Touch]) throws -> (time: Double, location: Point, tapCount: Int)? {
        // Each touch is written once per event (a touch read back just after some of its
        // fields were written stalls the CPU): those in the line now, the others made
        // stationary afterwards. A bit per touch says which were in the line (past 64
        // touches, the line's ids are searched instead).
        let t = line.t
        var ended: (time: Double, location: Point, tapCount: Int)?
        var inLine: UInt64 = 0
        for raw in line.touches {
            guard let i = all.firstIndex(where: { $0.id == raw.id }) else {
                throw TrackingError.unknownTouch(id: raw.id, phase: phase)
            }
            let p = Point(x: raw.x, y: raw.y)
            let old = all[i]
            let touch = Touch(id: old.id, phase: phase, location: p, previousLocation: old.location,
                              startLocation: old.startLocation, timestamp: t, startTime: old.startTime, tapCount: old.tapCount)
            all[i] = touch
            changed.append(touch)
            if i < 64 { inLine |= 1 << UInt64(i) }
            if phase == .ended { ended = (t, p, touch.tapCount) }
        }
        for i in all.indices where all[i].phase != .stationary {
            let updated = i < 64 ? inLine & (1 << UInt64(i)) != 0 : line.touches.contains { $0.id == all[i].id }
            if !updated { makeStationary(&all[i]) }
        }
        return ended
    }

    /// A touch that did not change in this event.
    @inline(__always)
    private static func makeStationary(_ touch: inout Touch) {
        touch.phase = .stationary
        touch.previousLocation = touch.location
    }

    /// Forgets every touch and the tap history.
    public mutating func reset() {
        touches = []
        lastEnd = nil
        lastTime = nil
        finishedPending = false
        changed = []
    }
}

extension TouchPhase {
    /// The engine phase of a session phase.
    public init(_ phase: TouchSessionPhase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .stationary: self = .stationary
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }
}
