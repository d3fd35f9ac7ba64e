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
    /// Where the touch is (no time: see ``timestamp``).
    public var location: Point {
        get { Point(x: x, y: y) }
        set { x = newValue.x; y = newValue.y }
    }
    /// Where it was at the previous event.
    public var previousLocation: Point {
        get { Point(x: previousX, y: previousY) }
        set { previousX = newValue.x; previousY = newValue.y }
    }
    /// Where it began.
    public var startLocation: Point {
        get { Point(x: startX, y: startY) }
        set { startX = newValue.x; startY = newValue.y }
    }
    /// Time of the event that last changed this touch (seconds).
    public var timestamp: Double
    /// Time the touch began (seconds).
    public var startTime: Double
    public var tapCount: Int
    // The places as plain coordinates: a `Point` carries an optional time, and a touch is
    // copied into every event, so 88 bytes instead of 136.
    private var x: Double, y: Double
    private var previousX: Double, previousY: Double
    private var startX: Double, startY: Double

    public init(id: Int, phase: TouchPhase, location: Point, previousLocation: Point? = nil,
                startLocation: Point? = nil, timestamp: Double, startTime: Double? = nil, tapCount: Int = 1) {
        self.id = id
        self.phase = phase
        x = location.x; y = location.y
        let previous = previousLocation ?? location
        previousX = previous.x; previousY = previous.y
        let start = startLocation ?? location
        startX = start.x; startY = start.y
        self.timestamp = timestamp
        self.startTime = startTime ?? timestamp
        self.tapCount = tapCount
    }

    /// Distance from where the touch began.
    public var distanceFromStart: Double { location.distance(to: startLocation) }
}
