import GestureGeometry

/// The two fingers a pinch or rotation follows: the first two that came down.
struct TwoFingerTracking {
    private(set) var ids: (Int, Int)?

    /// The two followed touches' positions, or `nil` when fewer than two are down.
    mutating func positions(in event: TouchEvent) -> (Point, Point)? {
        if ids == nil {
            var first: Touch?
            for t in event.allTouches where !t.phase.isFinished {
                if let f = first { ids = (f.id, t.id); break }
                first = t
            }
        }
        guard let (a, b) = ids else { return nil }
        var pa: Point?, pb: Point?
        for t in event.allTouches {
            if t.id == a { pa = t.location } else if t.id == b { pb = t.location }
        }
        guard let pa, let pb else { return nil }
        return (pa, pb)
    }

    /// Whether one of the two followed fingers is among `touches`.
    func follows(any touches: [Touch]) -> Bool {
        guard let (a, b) = ids else { return false }
        return touches.contains { $0.id == a || $0.id == b }
    }

    mutating func reset() { ids = nil }
}
