import Foundation
import GestureGeometry

/// The transform a view accumulates from pans, pinches and rotations across gestures:
/// PinchMe's `transformImageView` and Sadun's `updateTransformWithOffset`, for replays.
///
/// Feed it a session's actions in order (``apply(_:)``), `changed` ones included: each
/// recognizer's values are measured from its own touch-down (translation from 0, scale
/// from 1, rotation from 0), so every action adds the change since that recognizer's
/// previous action in the same gesture — a pinch multiplies the scale, a rotation adds its
/// angle, a pan moves the offset — and a gesture that starts again starts from identity.
/// Two 2× pinches give scale 4; pan, pinch and rotation recognized together all apply.
///
/// ```swift
/// var t = CompoundTransform()
/// for a in result.activations { t.apply(a) }
/// t.affine   // [a, b, c, d, tx, ty] as CGAffineTransform
/// ```
public struct CompoundTransform: Hashable, Sendable, Codable {
    /// Accumulated pan offset (points).
    public var translation = Point.zero
    /// Accumulated scale (product of the pinches).
    public var scale = 1.0
    /// Accumulated rotation (radians, positive clockwise on screen).
    public var rotation = 0.0
    /// Actions that changed the transform.
    public var updates = 0

    private struct Last: Hashable, Sendable, Codable {
        var translation = Point.zero, scale = 1.0, rotation = 0.0
    }
    private var last: [String: Last] = [:]

    public init() {}

    /// `[a, b, c, d, tx, ty]` with x′ = a·x + c·y + tx, y′ = b·x + d·y + ty: scale and
    /// rotation about the view's centre, then the offset (CGAffineTransform's layout).
    public var affine: [Double] {
        let c = cos(rotation) * scale, s = sin(rotation) * scale
        return [c, s, -s, c, translation.x, translation.y]
    }

    /// Adds what `action` changed. Actions without translation, scale or rotation (taps,
    /// swipes, shapes) change nothing.
    public mutating func apply(_ action: GestureActivation) {
        let v = action.values
        guard v.translation != nil || v.scale != nil || v.rotation != nil else { return }
        if action.state == .began { last[action.recognizer] = Last() }
        guard action.state == .began || action.state == .changed || action.state == .ended,
              var previous = last[action.recognizer] else { return }
        if let t = v.translation, t.isFinite {
            translation = translation + (t - previous.translation)
            previous.translation = t
        }
        if let s = v.scale, s.isFinite, s > 0, previous.scale > 0 {
            scale *= s / previous.scale
            previous.scale = s
        }
        if let r = v.rotation, r.isFinite {
            rotation += r - previous.rotation
            previous.rotation = r
        }
        updates += 1
        last[action.recognizer] = action.state == .ended ? nil : previous
    }
}
