import GestureGeometry

/// The prepared form (repeats dropped, Catmull-Rom smoothed, resampled to `count` equally
/// spaced points) of a stroke that grows point by point, kept in bounded memory and
/// updated in bounded time per point, whatever the stroke's length.
///
/// How: each raw segment is smoothed once, when the point after it arrives (Catmull-Rom
/// needs one control point on either side; the last segment is smoothed with the
/// phantom end point at each query, as ``GestureGeometry/Stroke/smoothed(granularity:)``
/// does). Smoothed points are kept as they are until there are `16 · count` of them;
/// from then on they are kept on a grid of equal arc-length steps, and the step doubles
/// (every other grid point dropped) whenever the grid would exceed `16 · count` points.
/// ``resampled()`` resamples what is kept plus the tail to `count` points.
///
/// Agreement with ``StrokePreparation/prepared(_:count:granularity:)`` on the whole
/// stroke: exact (the same points) while fewer than `16 · count` smoothed points have
/// been made; after that the kept path cuts each grid step's corners, so the resampled
/// points move by a small fraction of a step (a step is at most 1/(8·count) of the path).
///
/// - Complexity: ``add(_:)`` O(granularity) amortized; ``resampled()`` O(count).
package struct PreparedPrefix: Sendable {
    package let count: Int
    package let granularity: Int
    /// ``StrokePreparation/withoutJitter(_:radius:turns:)``'s radius, applied to the kept path
    /// and its tail at each query (0: none).
    package let jitterRadius: Double
    /// ``StrokePreparation/withoutJitter(_:radius:turns:)``'s turns.
    package let jitterTurns: Double
    private var capacity: Int { 16 * count }
    /// The last three distinct raw points (fewer at the start).
    private var recent: [Point] = []
    /// Smoothed points kept: all of them while `step == 0`, else grid points at arc
    /// lengths 0, step, 2·step, … from the start.
    private var kept: [Point] = []
    private var step = 0.0
    /// Last smoothed point committed, and the arc length from the last grid point to it.
    private var last: Point?
    private var sinceGrid = 0.0
    private var length = 0.0
    private var scratch: [Point] = []
    /// Distinct raw points added.
    package private(set) var distinct = 0

    package init(count: Int, granularity: Int, jitterRadius: Double = 0, jitterTurns: Double = 0) {
        self.count = count
        self.granularity = Swift.max(1, granularity)
        self.jitterRadius = jitterRadius
        self.jitterTurns = jitterTurns
    }

    package mutating func reset() {
        recent.removeAll(keepingCapacity: true)
        kept.removeAll(keepingCapacity: true)
        step = 0
        last = nil
        sinceGrid = 0
        length = 0
        distinct = 0
    }

    /// Adds a finite raw point; a repeat of the previous point adds nothing. Returns
    /// `false` for a repeat.
    @discardableResult
    package mutating func add(_ p: Point) -> Bool {
        if let r = recent.last, r.x == p.x, r.y == p.y { return false }
        distinct += 1
        recent.append(p)
        if recent.count > 4 { recent.removeFirst() }
        if recent.count == 1 {
            commit(p)
        } else if recent.count >= 3 {
            // The segment before the previous point is final: controls p0 p1 p2 p3 with
            // p0 the point before it (or p1 itself at the start).
            let n = recent.count
            let p3 = recent[n - 1], p2 = recent[n - 2], p1 = recent[n - 3]
            let p0 = n >= 4 ? recent[n - 4] : p1
            for q in Self.segment(p0, p1, p2, p3, granularity: granularity) { commit(q) }
        }
        return true
    }

    /// The prefix resampled to `count` points, or `nil` when it is degenerate (fewer than
    /// two distinct points or zero length).
    package mutating func resampled() -> [Point]? {
        guard recent.count >= 2, count >= 2 else { return nil }
        let n = recent.count
        let p2 = recent[n - 1], p1 = recent[n - 2]
        let p0 = n >= 3 ? recent[n - 3] : p1
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: kept)
        if let last, sinceGrid > 0 || step == 0, scratch.last.map({ $0.x != last.x || $0.y != last.y }) ?? true {
            scratch.append(last)
        }
        scratch.append(contentsOf: Self.segment(p0, p1, p2, p2, granularity: granularity))
        if jitterRadius > 0 { scratch = StrokePreparation.withoutJitter(scratch, radius: jitterRadius, turns: jitterTurns) }
        let pts = Stroke(scratch).resampled(count: count).points
        guard pts.count == count, Path.length(scratch) > 0, pts.allSatisfy(\.isFinite) else { return nil }
        return pts
    }

    /// Catmull-Rom points after `p1` up to and including `p2` (tension ½), as
    /// ``GestureGeometry/Stroke/smoothed(granularity:)`` makes them.
    private static func segment(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, granularity g: Int) -> [Point] {
        guard g > 1 else { return [p2] }
        var out: [Point] = []
        out.reserveCapacity(g)
        for j in 1..<g {
            let t = Double(j) / Double(g)
            let tt = t * t, ttt = tt * t
            func spline(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
                0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * tt + (3 * b - a - 3 * c + d) * ttt)
            }
            var time: Double?
            if let t1 = p1.t, let t2 = p2.t { time = t1 + (t2 - t1) * t }
            out.append(Point(x: spline(p0.x, p1.x, p2.x, p3.x), y: spline(p0.y, p1.y, p2.y, p3.y), t: time))
        }
        out.append(p2)
        return out
    }

    private mutating func commit(_ q: Point) {
        guard let from = last else {
            kept.append(q)
            last = q
            return
        }
        let d = from.distance(to: q)
        length += d
        if step == 0 {
            kept.append(q)
            last = q
            if kept.count > capacity { regrid() }
            return
        }
        // Place grid points every `step` along from → q.
        var travelled = 0.0
        while sinceGrid + (d - travelled) >= step {
            let advance = step - sinceGrid
            travelled += advance
            let f = d > 0 ? travelled / d : 1
            kept.append(from.interpolated(to: q, fraction: Swift.min(1, f)))
            sinceGrid = 0
            if kept.count > capacity { thin() }
        }
        sinceGrid += d - travelled
        last = q
    }

    /// From keeping every smoothed point to a grid of `capacity / 2` steps over the path so far.
    private mutating func regrid() {
        let total = Path.length(kept)
        guard total > 0, total.isFinite else { return }
        let steps = capacity / 2
        step = total / Double(steps)
        let pts = Stroke(kept).resampled(count: steps + 1).points
        kept = pts
        last = pts.last
        sinceGrid = 0
    }

    /// Keeps every other grid point: the step doubles.
    private mutating func thin() {
        let lastIndex = kept.count - 1
        kept = stride(from: 0, through: lastIndex, by: 2).map { kept[$0] }
        if lastIndex % 2 == 1 { sinceGrid += step }
        step *= 2
    }
}
