import GestureGeometry

/// One batch of touches, delivered as UIKit delivers a `UIEvent`: the touches that
/// changed (all in the same ``phase``) and all touches on the screen, the changed ones
/// included with their new phase.
public struct TouchEvent: Sendable {
    public var timestamp: Double
    public var phase: TouchPhase
    /// The touches this event is about, in ``phase``.
    public var changedTouches: [Touch]
    /// Every touch on the screen during this event, including changed touches that
    /// end here.
    public var allTouches: [Touch] { didSet { remainingTouchCount = Self.remaining(in: allTouches) } }
    /// How many touches stay down after this event (counted once: every recognizer asks).
    public private(set) var remainingTouchCount: Int

    public init(timestamp: Double, phase: TouchPhase, changedTouches: [Touch], allTouches: [Touch]) {
        self.timestamp = timestamp
        self.phase = phase
        self.changedTouches = changedTouches
        self.allTouches = allTouches
        remainingTouchCount = Self.remaining(in: allTouches)
    }

    private static func remaining(in touches: [Touch]) -> Int {
        var n = 0
        for t in touches where !t.phase.isFinished { n += 1 }
        return n
    }

    /// Centroid of the touches still down after this event, `nil` when none is.
    public var centroidOfRemainingTouches: Point? {
        var sx = 0.0, sy = 0.0, n = 0.0
        for t in allTouches where !t.phase.isFinished {
            sx += t.location.x; sy += t.location.y; n += 1
        }
        return n > 0 ? Point(x: sx / n, y: sy / n) : nil
    }
}
