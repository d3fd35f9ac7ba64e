/// The phase of the touches in one line of a touch session (README, Data formats), named as
/// UIKit's `UITouch.Phase`.
public enum TouchSessionPhase: String, CaseIterable, Hashable, Sendable, Codable {
    case began, moved, stationary, ended, cancelled

    /// `ended` or `cancelled`: the touch is gone after this line.
    public var endsTouch: Bool { self == .ended || self == .cancelled }
}

/// One touch in a session line: its id (stable from `began` to `ended`/`cancelled`) and
/// its position in points.
public struct TouchSessionTouch: Hashable, Sendable, Codable {
    public var id: Int
    public var x: Double
    public var y: Double

    public init(id: Int, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }
}

/// One line of a touch session: at time `t` (seconds from any origin) the listed
/// touches entered `phase`. Touches not listed keep their last position.
///
/// ```json
/// {"t": 0.016, "phase": "moved", "touches": [{"id": 1, "x": 120.5, "y": 88.0}]}
/// ```
/// Touches that change phase at the same moment but differently (one lifts, one moves)
/// are written as consecutive lines with the same `t`.
public struct TouchSessionEvent: Hashable, Sendable, Codable {
    public var t: Double
    public var phase: TouchSessionPhase
    public var touches: [TouchSessionTouch]

    public init(t: Double, phase: TouchSessionPhase, touches: [TouchSessionTouch]) {
        self.t = t
        self.phase = phase
        self.touches = touches
    }
}
