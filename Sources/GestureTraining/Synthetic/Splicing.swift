import GestureGeometry

/// Synthetic negatives made by joining the first half of one gesture to the second half
/// of another (Jackknife's "splices of two half templates", Taranta et al., 2017).
///
/// A splice looks like a plausible stroke but is none of the vocabulary's gestures, so it
/// stands in for negatives when a dataset has none.
public enum Splicing {
    /// Points each gesture is resampled to before halving; equal halves by path length.
    public static let resamplePoints = 64

    /// The first half of `first` followed by the second half of `second`, translated so
    /// the second half starts where the first half ends, as one stroke.
    ///
    /// - Returns: `nil` when either gesture has no points.
    /// - Complexity: O(n + m) in the gestures' point counts.
    public static func splice(_ first: Gesture, _ second: Gesture) -> Gesture? {
        let a = Stroke(first.allPoints), b = Stroke(second.allPoints)
        guard !a.isEmpty, !b.isEmpty else { return nil }
        let ra = a.resampled(count: resamplePoints).points
        let rb = b.resampled(count: resamplePoints).points
        let head = Array(ra[..<(resamplePoints / 2)])
        let tail = Array(rb[(resamplePoints / 2)...])
        guard let end = head.last, let start = tail.first else { return nil }
        let offset = Point(x: end.x - start.x, y: end.y - start.y)
        let moved = tail.map { Point(x: $0.x + offset.x, y: $0.y + offset.y) }
        return Gesture(points: head.map { Point(x: $0.x, y: $0.y) } + moved)
    }

    /// `count` splices of random ordered pairs of distinct gestures from `pool`
    /// (distinct labels when `labels` is given), reproducible from `rng`.
    ///
    /// - Returns: `[]` when the pool has fewer than two gestures (or fewer than two labels).
    public static func negatives(from pool: [Gesture], labels: [String]? = nil, count: Int,
                                 using rng: inout some RandomNumberGenerator) -> [Gesture] {
        guard pool.count >= 2, count > 0 else { return [] }
        if let labels { guard Set(labels).count >= 2 else { return [] } }
        var out: [Gesture] = []
        out.reserveCapacity(count)
        var attempts = 0
        while out.count < count && attempts < count * 20 {
            attempts += 1
            let i = Int.random(in: 0..<pool.count, using: &rng)
            let j = Int.random(in: 0..<pool.count, using: &rng)
            guard i != j else { continue }
            if let labels, labels[i] == labels[j] { continue }
            if let s = splice(pool[i], pool[j]) { out.append(s) }
        }
        return out
    }
}
