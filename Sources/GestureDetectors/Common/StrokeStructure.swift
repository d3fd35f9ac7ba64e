import Foundation
import GestureGeometry

/// Counted, bounded measures of a stroke's structure that a user can read and check by
/// eye: how many dominant corners it has, how often its turning changes side, how many
/// loops it makes. A trained box bounds them like any measure, but a count cannot drift
/// with size, sampling or jitter the way an angle can, so "at most one corner" keeps a
/// zig-zag out whatever its angles.
package enum StrokeStructure {
    /// Corners of a stroke simplified to its straight pieces.
    package struct Corner: Hashable, Sendable {
        /// Index of the corner's vertex in the points.
        package var index: Int
        /// Signed turn at the corner in radians (positive: clockwise on screen).
        package var turn: Double
    }

    /// Fraction of the bounding-box diagonal a point may lie off the simplified polyline
    /// (Douglas–Peucker tolerance).
    package static let tolerance = 0.07
    /// Smallest turn, in degrees, that counts as a corner.
    package static let minimumTurnDegrees = 35.0
    /// A first or last piece shorter than this fraction of the path is a hook (the pen
    /// landing or lifting), not a leg: its corner is not counted.
    package static let hookFraction = 0.08

    /// The dominant corners of equally spaced points: the stroke simplified by
    /// Douglas–Peucker at ``tolerance`` of its diagonal, vertices turning less than
    /// ``minimumTurnDegrees`` merged away, hooks at either end dropped.
    /// Edge cases: fewer than three points, or a zero-size stroke, have no corners.
    package static func corners(_ p: [Point]) -> [Corner] {
        guard p.count >= 3, let box = Stroke(p).boundingBox else { return [] }
        let diagonal = (box.width * box.width + box.height * box.height).squareRoot()
        guard diagonal > 0, diagonal.isFinite else { return [] }
        var keep = [Bool](repeating: false, count: p.count)
        keep[0] = true
        keep[p.count - 1] = true
        simplify(p, 0, p.count - 1, epsilon: tolerance * diagonal, keep: &keep)
        var vertices = p.indices.filter { keep[$0] }
        let limit = minimumTurnDegrees * .pi / 180
        func turn(_ k: Int) -> Double {
            Angles.signedTurn(from: p[vertices[k]] - p[vertices[k - 1]], to: p[vertices[k + 1]] - p[vertices[k]]) ?? 0
        }
        // Merge the gentlest vertex away until every remaining one turns enough.
        while vertices.count > 2 {
            let gentlest = (1..<(vertices.count - 1)).min { abs(turn($0)) < abs(turn($1)) }!
            guard abs(turn(gentlest)) < limit else { break }
            vertices.remove(at: gentlest)
        }
        let total = Path.length(p)
        func piece(_ a: Int, _ b: Int) -> Double { p[vertices[a]].distance(to: p[vertices[b]]) }
        if vertices.count > 2, piece(0, 1) < hookFraction * total { vertices.remove(at: 1) }
        let n = vertices.count
        if n > 2, piece(n - 2, n - 1) < hookFraction * total { vertices.remove(at: n - 2) }
        guard vertices.count > 2 else { return [] }
        return (1..<(vertices.count - 1)).map { Corner(index: vertices[$0], turn: turn($0)) }
    }

    /// Equally spaced points without their hooks, resampled back to as many points. A pen
    /// that lands or lifts with a flick adds a sharp turn and a short stub that are not part
    /// of the shape: a circle with an inward hook turns through about 1.25 revolutions, or
    /// 0.75 when the hook turns back. At either end, within ``hookFraction`` of the points,
    /// the sharpest corner is a hook's when its turn over `window` vertices exceeds by more
    /// than `degrees` both the stroke's median turn over as many vertices (a circle gone
    /// round six times turns fast, but evenly) and the next window inwards (a
    /// spiral's inner end turns ever faster, but gradually), and the stub beyond it turns
    /// less than `degrees` in all; the stub is dropped. With `atStart` false only the end
    /// (where the pen lifts) is looked at: a check mark's first leg is short, and a tick
    /// drawn with a very short one must stay a tick. Returns the points unchanged when
    /// neither end has a hook, or for fewer than 8 points.
    package static func withoutHooks(_ points: [Point], window: Int, degrees: Double, atStart: Bool = true) -> [Point] {
        guard points.count >= 8 else { return points }
        // Found on four times as many points, where a hook's corner is one or two vertices.
        let p = Stroke(points).resampled(count: points.count * 4).points
        guard p.count == points.count * 4 else { return points }
        let turns = Stroke(p).turningAngles   // turns[i] is the turn at vertex i + 1
        // A stroke of zero length resamples to copies of one point, which turn nowhere.
        guard !turns.isEmpty else { return points }
        let w = Swift.max(1, Swift.min(window, turns.count))
        var sums: [Double] = []               // sums[i]: |turn| over vertices i + 1 ... i + w
        for i in 0...(turns.count - w) {
            var s = 0.0
            for j in i..<(i + w) { s += turns[j] }
            sums.append(abs(s))
        }
        let median = sums.sorted()[sums.count / 2]
        let zone = Swift.max(1, Int((hookFraction * Double(p.count - 1)).rounded()))
        let limit = degrees * .pi / 180
        // The vertex at the middle of the sharpest window among `starts`, if it is a hook's.
        func sharpest(_ starts: ClosedRange<Int>, inward: Int) -> Int? {
            var best: (vertex: Int, turn: Double)?
            for i in starts where sums.indices.contains(i) && sums[i] - median > limit && sums[i] > (best?.turn ?? 0) {
                let beside = sums.indices.contains(i + inward) ? sums[i + inward] : median
                if sums[i] - beside > limit { best = (i + 1 + w / 2, sums[i]) }
            }
            return best?.vertex
        }
        // The stub beyond the corner is nearly straight.
        func straight(_ range: Range<Int>) -> Bool {
            range.clamped(to: turns.indices).reduce(0) { $0 + abs(turns[$1]) } < limit
        }
        var first = 0, last = p.count - 1
        if atStart, let v = sharpest(0...(zone - 1), inward: w), v <= zone, straight(0..<Swift.max(0, v - 1 - w / 2)) { first = v }
        if let v = sharpest((sums.count - zone)...(sums.count - 1), inward: -w), v >= p.count - 1 - zone,
           straight(Swift.min(turns.count, v + w / 2)..<turns.count) { last = v }
        guard first > 0 || last < p.count - 1, last - first >= 2 else { return points }
        return resampled(p[first...last], count: points.count, else: points)
    }

    /// `part` resampled to `count` equally spaced points, or `fallback` when that does not
    /// give `count` finite points (what the end trims return when nothing sensible is left).
    private static func resampled(_ part: ArraySlice<Point>, count: Int, else fallback: [Point]) -> [Point] {
        let trimmed = Stroke(Array(part)).resampled(count: count).points
        return trimmed.count == count && trimmed.allSatisfy(\.isFinite) ? trimmed : fallback
    }

    /// Equally spaced points without the pen's or finger's rest at either end, resampled
    /// back to as many points. A finger that rests before it moves, or before it lifts,
    /// jitters in place: that jitter takes a share of the resampled points, which then lie
    /// bunched near the end point and turn at random, reading as extra turning and a
    /// lopsided spread. A point after the first is a rest's when it lies within `radius` ×
    /// the bounding-box diagonal of the first point (every point before it as well) and the
    /// path to it ran at least one whole step further than it got (its index times the
    /// median step, less its distance from the first point). The first point and every one
    /// before the last such point are dropped (likewise at the end, around the last point).
    /// A pen leaving at its normal pace loses nothing, however slowly it leaves; a rest
    /// shorter than a step is kept, as is a hook of a point or two (at this scale the two
    /// look alike, and the recorded strokes training learns from have many such hooks).
    /// Returns the points unchanged when nothing is dropped, when `radius` is not above 0,
    /// or when fewer than three points would be left.
    package static func withoutRestingEnds(_ p: [Point], radius: Double) -> [Point] {
        guard radius > 0, p.count >= 3, let box = Stroke(p).boundingBox else { return p }
        let r = radius * box.diagonal
        let steps = (1..<p.count).map { p[$0].distance(to: p[$0 - 1]) }.sorted()
        let step = steps[steps.count / 2]
        guard r > 0, r.isFinite, step > 0, step.isFinite else { return p }
        // The index of the last rest point counted from `end` inwards (0: none).
        func rest(_ point: (Int) -> Point) -> Int {
            var found = 0, i = 1
            while i < p.count, case let d = point(i).distance(to: point(0)), d <= r {
                if Double(i) * step - d >= step { found = i }
                i += 1
            }
            return found
        }
        let first = rest { p[$0] }, last = p.count - 1 - rest { p[p.count - 1 - $0] }
        guard first > 0 || last < p.count - 1, last - first >= 2 else { return p }
        return resampled(p[first...last], count: p.count, else: p)
    }

    /// How many times consecutive corners turn to opposite sides: 0 for one corner or a
    /// polygon turning one way, 1 for a Z or an N, 2 for a W (zig-zags reverse at every corner).
    package static func reversals(_ corners: [Corner]) -> Int {
        zip(corners, corners.dropFirst()).reduce(0) { $0 + (($1.0.turn > 0) != ($1.1.turn > 0) ? 1 : 0) }
    }

    private static func simplify(_ p: [Point], _ a: Int, _ b: Int, epsilon: Double, keep: inout [Bool]) {
        guard b > a + 1 else { return }
        var farthest = a, distance = -1.0
        for i in (a + 1)..<b {
            let d = distanceToSegment(p[i], p[a], p[b])
            if d > distance { distance = d; farthest = i }
        }
        guard distance > epsilon else { return }
        keep[farthest] = true
        simplify(p, a, farthest, epsilon: epsilon, keep: &keep)
        simplify(p, farthest, b, epsilon: epsilon, keep: &keep)
    }

    static func distanceToSegment(_ q: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        guard len2 > 0 else { return q.distance(to: a) }
        let t = Swift.max(0, Swift.min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2))
        return q.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy))
    }

    /// Loops of equally spaced points, cut where the tangent has turned through another
    /// full turn (2π of signed turning, counted in the stroke's own direction). A loop
    /// counts once 70 % of it is drawn; what is left after the last full turn goes with
    /// the last loop. Returns the index ranges of the loops (one range for a stroke that
    /// turns less than 1.7 times).
    package static func loops(_ p: [Point]) -> [Range<Int>] {
        guard p.count >= 3 else { return [0..<p.count] }
        var cumulative = [0.0, 0.0]   // turning accumulated up to each vertex
        for i in 1..<(p.count - 1) {
            cumulative.append(cumulative[i] + (Angles.signedTurn(from: p[i] - p[i - 1], to: p[i + 1] - p[i]) ?? 0))
        }
        let total = cumulative.last ?? 0
        let sign: Double = total >= 0 ? 1 : -1
        let revolutions = abs(total) / (2 * .pi)
        let count = Swift.max(1, Int(revolutions + 0.3))
        guard count > 1 else { return [0..<p.count] }
        var cuts = [0]
        for k in 1..<count {
            let target = 2 * .pi * Double(k)
            if let i = cumulative.indices.first(where: { sign * cumulative[$0] >= target }), i > cuts.last! + 2 {
                cuts.append(i)
            }
        }
        cuts.append(p.count)
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }
    }
}
