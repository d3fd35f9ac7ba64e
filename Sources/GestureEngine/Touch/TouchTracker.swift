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
    /// Where each touch of ``touches`` is in it, by id: a line's touches are found
    /// without walking the screen (with thousands of fingers down, walking it for every
    /// touch of a line made a replay's time grow with the square of the fingers).
    private var indexByID: [Int: Int] = [:]
    /// The positions in ``touches`` of the touches the last event changed: the only ones
    /// that may need making stationary in the next.
    private var lastChanged: [Int] = []
    private var lastEnd: (time: Double, location: Point, tapCount: Int)?
    private var lastTime: Double?
    private var finishedPending = false
    /// The changed touches of the last event, reused: once the caller lets go of that
    /// event the buffer is unique again, and no event allocates.
    private var changed: [Touch] = []
    #if DEBUG
    /// Touch lookups made, for tests that check the work per touch stays constant
    /// however many fingers are down (debug builds only).
    var lookupSteps = 0
    #endif

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
    /// - Complexity: O(touches in the line + touches changed by the previous event),
    ///   and O(touches on screen) after an event in which touches finished (they are
    ///   removed). Never touches on screen × touches in the line.
    public mutating func event(for line: TouchSessionEvent) throws -> TouchEvent {
        let t = line.t
        if let lastTime, t < lastTime { throw TrackingError.timeWentBackwards(from: lastTime, to: t) }
        lastTime = t
        let phase = TouchPhase(line.phase)
        // (One or two at a time: cheaper than removeAll(keepingCapacity:).)
        while !changed.isEmpty { changed.removeLast() }
        if finishedPending {
            // Touches that finished in the previous event are dropped now (all the
            // touches it changed: one event, one phase), and the others move up.
            touches.removeAll { $0.phase.isFinished }
            indexByID.removeAll(keepingCapacity: true)
            for (i, touch) in touches.enumerated() { indexByID[touch.id] = i }
            finishedPending = false
        } else {
            // Only the touches the previous event changed can be other than stationary.
            // (Written through the buffer: writing array elements one by one checks
            // uniqueness on every write.)
            touches.withUnsafeMutableBufferPointer { all in
                for i in lastChanged where all[i].phase != .stationary { Self.makeStationary(&all[i]) }
            }
        }
        while !lastChanged.isEmpty { lastChanged.removeLast() }
        if phase != .began {
            if phase.isFinished { finishedPending = true }
            let t = line.t
            for raw in line.touches {
                #if DEBUG
                lookupSteps += 1
                #endif
                guard let i = indexByID[raw.id] else {
                    throw TrackingError.unknownTouch(id: raw.id, phase: phase)
                }
                let p = Point(x: raw.x, y: raw.y)
                let touch = touches.withUnsafeMutableBufferPointer { all in
                    let old = all[i]
                    let touch = Touch(id: old.id, phase: phase, location: p, previousLocation: old.location,
                                      startLocation: old.startLocation, timestamp: t, startTime: old.startTime,
                                      tapCount: old.tapCount)
                    all[i] = touch
                    return touch
                }
                changed.append(touch)
                lastChanged.append(i)
                if phase == .ended { lastEnd = (t, p, touch.tapCount) }
            }
            return TouchEvent(timestamp: t, phase: phase, changedTouches: changed, allTouches: touches)
        }
        for raw in line.touches {
            #if DEBUG
            lookupSteps += 1
            #endif
            let p = Point(x: raw.x, y: raw.y)
            guard indexByID[raw.id] == nil else { throw TrackingError.touchAlreadyDown(id: raw.id) }
            var taps = 1
            if let last = lastEnd, t - last.time <= settings.maximumTapInterval,
               last.location.distance(to: p) <= settings.maximumTapDistance {
                taps = last.tapCount + 1
            }
            let touch = Touch(id: raw.id, phase: .began, location: p, timestamp: t, tapCount: taps)
            indexByID[raw.id] = touches.count
            lastChanged.append(touches.count)
            touches.append(touch)
            changed.append(touch)
        }
        return TouchEvent(timestamp: t, phase: phase, changedTouches: changed, allTouches: touches)
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
        indexByID = [:]
        lastChanged = []
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
