import GestureGeometry

extension SwipeDetector {
    /// The swipe detector fed point by point, as the book's `touchesMoved` does: each
    /// point is compared with the first. O(1) per point; agrees with
    /// ``SwipeDetector/direction(of:)`` (same first passing point, same direction).
    ///
    /// Edge cases: a non-finite first point makes the stream never fire; a later
    /// non-finite point stops it from firing afterwards.
    public struct Stream: Sendable {
        public let thresholds: SwipeThresholds
        private var start: Point?
        private var poisoned = false
        public private(set) var added = 0
        public private(set) var firedAt: Int?
        /// The direction once fired.
        public private(set) var direction: Direction?

        public init(thresholds: SwipeThresholds = .book) { self.thresholds = thresholds }

        public var hasFired: Bool { firedAt != nil }

        /// Adds the next touch location; returns `true` once a swipe has been recognized.
        public mutating func add(_ p: Point) -> Bool {
            defer { added += 1 }
            if firedAt != nil { return true }
            if !p.isFinite { poisoned = true }
            if poisoned { return false }
            guard let s = start else { start = p; return false }
            if let d = thresholds.direction(forDisplacement: Point(x: p.x - s.x, y: p.y - s.y)) {
                direction = d
                firedAt = added
            }
            return firedAt != nil
        }

        public mutating func reset() {
            start = nil
            poisoned = false
            added = 0
            firedAt = nil
            direction = nil
        }
    }
}
