import GestureGeometry

/// Where a touch is in its life, as UIKit's `UITouch.Phase`.
public enum TouchPhase: String, CaseIterable, Hashable, Sendable, Codable {
    case began, moved, stationary, ended, cancelled

    /// `ended` or `cancelled`: the finger is gone after this event.
    public var isFinished: Bool { self == .ended || self == .cancelled }
}

/// One finger on the screen at one moment, as UIKit's `UITouch`: an id stable from
/// `began` to `ended`/`cancelled`, its phase, where it is, where it was at the previous
/// event and where it began, the event time, and the tap count.
///
/// `tapCount` counts quick taps in about the same place (see ``TouchTracker/Settings``):
/// 1 for a first touch, 2 for the second touch of a double tap, and so on.
public struct Touch: Hashable, Sendable {
    public var id: Int
    public var phase: TouchPhase
    public var location: Point
    public var previousLocation: Point
    public var startLocation: Point
    /// Time of the event that last changed this touch (seconds).
    public var timestamp: Double
    /// Time the touch began (seconds).
    public var startTime: Double
    public var tapCount: Int

    public init(id: Int, phase: TouchPhase, location: Point, previousLocation: Point? = nil,
                startLocation: Point? = nil, timestamp: Double, startTime: Double? = nil, tapCount: Int = 1) {
        self.id = id
        self.phase = phase
        self.location = location
        self.previousLocation = previousLocation ?? location
        self.startLocation = startLocation ?? location
        self.timestamp = timestamp
        self.startTime = startTime ?? timestamp
        self.tapCount = tapCount
    }

    /// Distance from where the touch began.
    public var distanceFromStart: Double { location.distance(to: startLocation) }
}
