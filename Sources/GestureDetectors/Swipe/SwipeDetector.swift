import GestureGeometry

/// Detects a straight horizontal or vertical swipe with the book's rule: at some point
/// of the stroke, the distance from the start along one axis is at least `minLength`
/// while the distance along the other axis is at most `maxVariance`.
///
/// The book only tells horizontal from vertical; the sign of the displacement gives the
/// direction here (y grows downward, so `up` is negative y). A diagonal moves both
/// coordinates beyond the variance and is rejected.
///
/// ```swift
/// SwipeDetector().direction(of: stroke)   // .right, .left, .up, .down or nil
/// ```
/// Edge cases: empty, one-point, all-equal and non-finite strokes give `nil`.
/// - SeeAlso: *Beginning iPhone Development*, "Taps, Touches, and Gestures", Swipes
///   (kMinimumGestureLength 25, kMaximumVariance 5).
public struct SwipeDetector: Hashable, Sendable {
    public enum Direction: String, Hashable, Codable, Sendable, CaseIterable {
        case left, right, up, down
    }

    /// What the swipe rule measures: each point's displacement from the first point.
    public struct Features: Hashable, Sendable {
        /// `points[i] − points[0]` for every point; empty for a degenerate stroke.
        public var displacements: [Point]
    }

    public var thresholds: SwipeThresholds

    public init(thresholds: SwipeThresholds = .book) { self.thresholds = thresholds }

    /// Measures displacements from the start. A stroke with a non-finite coordinate gets
    /// none.
    public static func measure(_ stroke: Stroke) -> Features {
        guard stroke.isFinite, let first = stroke.points.first else { return Features(displacements: []) }
        return Features(displacements: stroke.points.map { Point(x: $0.x - first.x, y: $0.y - first.y) })
    }

    /// The direction of the first point that satisfies the rule, or `nil`.
    public func direction(of stroke: Stroke) -> Direction? {
        thresholds.direction(Self.measure(stroke))
    }

    /// `true` when the stroke is a swipe in any direction.
    public func detects(_ stroke: Stroke) -> Bool { direction(of: stroke) != nil }
}
