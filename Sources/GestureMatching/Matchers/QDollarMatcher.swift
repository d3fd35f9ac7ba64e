import Foundation
import GestureGeometry

/// Settings of the $Q recognizer; defaults are the paper's.
public struct QDollarSettings: Hashable, Codable, Sendable {
    /// Points in the cloud. 32: $Q (Vatavu, Anthony, Wobbrock, MobileHCI 2018) keeps $P's
    /// n = 32.
    public var points: Int
    public init(points: Int = 32) { self.points = points }
    public static let `default` = QDollarSettings()

    /// Side of the lookup grid. 64: $Q's 64 × 64 look-up table.
    public static let gridSize = 64
}

/// The $Q point-cloud recognizer (Vatavu, Anthony, Wobbrock, "$Q: A Super-Quick,
/// Articulation-Invariant Stroke-Gesture Recognizer for Low-Resource Devices",
/// MobileHCI 2018): $P's cloud (all strokes resampled together to 32 points, scaled
/// uniformly so the longer side is 1, centroid at the origin) and $P's greedy matching
/// from start points every ⌊√n⌋ in both directions, made fast by three devices:
///
/// 1. **A look-up table** per cloud: a 64 × 64 grid over the normalized square
///    (−1…1 on each axis), each cell holding the index of the cloud point nearest to the
///    cell's centre.
/// 2. **Lower bounds**: for each start point, the weighted sum of each point's squared
///    distance to the other cloud's point the table names for it, computed for all start
///    points at once from one pass and a running sum (the paper's summed-area array).
///    A start whose bound already reaches the best distance so far is skipped. (Named a
///    lower bound by the paper; the table's point is nearest to the cell's centre, so the
///    bound is an estimate, and skipping by it is part of $Q's definition.)
/// 3. **Early abandoning**: a cloud match stops once its running sum reaches the best
///    distance so far, across templates too.
///
/// $Q's cloud distance uses squared Euclidean distances and weights n, n − 1, …, 1 for
/// the points in matching order.
///
/// - `distance`: that weighted sum of squared distances divided by the sum of the
///   weights, n(n + 1)/2: a weighted mean squared distance in the unit box.
/// - `score`: `1 / (1 + distance)`.
public struct QDollarMatcher: TemplateListMatcher {
    /// A normalized cloud with its look-up table.
    public struct Prepared: Hashable, Sendable {
        var xs: [Double]
        var ys: [Double]
        /// `gridSize²` point indices, row-major by x cell then y cell.
        var table: [UInt16]
    }

    public let list: TemplateList<Prepared, QDollarSettings>

    public init(list: TemplateList<Prepared, QDollarSettings>) { self.list = list }

    public static func prepare(_ gesture: Gesture, settings: QDollarSettings) -> Prepared? {
        guard settings.points <= Int(UInt16.max),
              let cloud = PDollarMatcher.normalizedCloud(gesture, points: settings.points) else { return nil }
        let pts = cloud.allPoints
        guard !pts.isEmpty, pts.allSatisfy(\.isFinite) else { return nil }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return Prepared(xs: xs, ys: ys, table: lookUpTable(xs, ys))
    }

    /// For each cell, the index of the point nearest to its centre.
    ///
    /// Column by column: with the column's x fixed, each point's squared distance along y
    /// is a parabola (y − yᵢ)² + (x − xᵢ)², and the nearest point for every cell of the
    /// column is read off the lower envelope of these parabolas (Felzenszwalb &
    /// Huttenlocher's distance transform), built in O(n) from the points sorted by y and
    /// walked in one sweep: O(64·(n + 64)) instead of the 64 × 64 × n scan.
    static func lookUpTable(_ xs: [Double], _ ys: [Double]) -> [UInt16] {
        let g = QDollarSettings.gridSize, n = xs.count
        let byY = xs.indices.sorted { ys[$0] != ys[$1] ? ys[$0] < ys[$1] : $0 < $1 }
        let centres = (0..<g).map { cellCentre($0, $0).0 }
        var envelope = [Int](repeating: 0, count: n)        // point indices, left to right
        var bounds = [Double](repeating: 0, count: n + 1)   // envelope[k] rules bounds[k]…bounds[k+1]
        var h = [Double](repeating: 0, count: n)
        return [UInt16](unsafeUninitializedCapacity: g * g) { table, initialized in
            for cx in 0..<g {
                let x = centres[cx]
                for i in 0..<n { h[i] = (xs[i] - x) * (xs[i] - x) + ys[i] * ys[i] }
                // Where parabola q overtakes parabola p (p's yᵢ < q's yᵢ): h and y² folded in.
                func crossing(_ p: Int, _ q: Int) -> Double { (h[q] - h[p]) / (2 * (ys[q] - ys[p])) }
                var k = -1
                for q in byY {
                    if k >= 0 && ys[envelope[k]] == ys[q] {
                        // Same y: only the nearer in x can be on the envelope (the first of equals).
                        if h[q] >= h[envelope[k]] { continue }
                        k -= 1
                    }
                    var s = -Double.infinity
                    while k >= 0 {
                        s = crossing(envelope[k], q)
                        if s <= bounds[k] { k -= 1; s = -Double.infinity } else { break }
                    }
                    k += 1
                    envelope[k] = q
                    bounds[k] = s
                }
                bounds[k + 1] = .infinity
                var e = 0
                for cy in 0..<g {
                    let y = centres[cy]
                    while bounds[e + 1] < y { e += 1 }
                    table[cx * g + cy] = UInt16(envelope[e])
                }
            }
            initialized = g * g
        }
    }

    /// The centre of grid cell (`cx`, `cy`) in cloud coordinates (the grid spans −1…1).
    static func cellCentre(_ cx: Int, _ cy: Int) -> (Double, Double) {
        let side = 2 / Double(QDollarSettings.gridSize)
        return (-1 + (Double(cx) + 0.5) * side, -1 + (Double(cy) + 0.5) * side)
    }

    /// The grid cell of a cloud coordinate, clamped to the grid. The clamping happens
    /// before the conversion to `Int`: extreme coordinates (a cloud of points near the
    /// largest finite values normalizes to far outside −1…1, or to NaN) would otherwise trap.
    /// NaN gives cell 0.
    @inline(__always)
    static func cell(_ v: Double) -> Int {
        let g = QDollarSettings.gridSize
        let x = ((v + 1) / 2 * Double(g)).rounded(.down)
        guard x > 0 else { return 0 }                      // also NaN
        return x >= Double(g - 1) ? g - 1 : Int(x)
    }

    public static func score(forDistance d: Double) -> Double { 1 / (1 + Swift.max(0, d)) }

    /// `false`: skipping start points by the estimated bound depends on the best distance
    /// so far, which the other templates set.
    public static var ranksByPairDistance: Bool { false }

    public static func distance(_ candidate: Prepared, _ template: Prepared, settings: QDollarSettings) -> Double {
        normalized(cloudMatch(candidate, template, bound: .infinity), points: candidate.xs.count)
    }

    static func normalized(_ sum: Double, points n: Int) -> Double { sum / (Double(n) * Double(n + 1) / 2) }

    public func recognize(prepared candidate: Prepared, limit: Int? = nil) -> [Match] {
        var sums = [Double](repeating: .infinity, count: templates.count)
        let n = candidate.xs.count
        let step = Swift.max(1, Int(Double(n).squareRoot()))
        let bounds = templates.map { t in
            t.xs.count == n ? (Self.lowerBounds(candidate, t, step: step), Self.lowerBounds(t, candidate, step: step)) : ([], [])
        }
        if limit == 1 {
            // One best match: the best so far abandons later templates early, so visit the
            // templates in order of their smallest bound (most promising first; ties in
            // library order). Only the order of the visits changes, not any distance rule.
            let key = bounds.map { Swift.min($0.0.min() ?? .infinity, $0.1.min() ?? .infinity) }
            var best = Double.infinity
            // A template that does not beat the best so far keeps +∞ (its match was abandoned).
            for i in templates.indices.sorted(by: { (key[$0], $0) < (key[$1], $1) }) {
                let d = Self.cloudMatch(candidate, templates[i], bounds: bounds[i], step: step, bound: best)
                if d < best { best = d; sums[i] = d }
            }
        } else {
            for i in templates.indices {
                sums[i] = Self.cloudMatch(candidate, templates[i], bounds: bounds[i], step: step, bound: .infinity)
            }
        }
        return Ranking.ranked(sums.map { Self.normalized($0, points: n) }, names: names, limit: limit,
                              score: Self.score(forDistance:))
    }

    /// $Q's CloudMatch: the smallest weighted squared cloud distance over start points
    /// every ⌊√n⌋ in both directions, skipping starts whose bound reaches the best so far.
    /// Returns a value ≥ `bound` (not exact) when nothing closer than `bound` was found.
    static func cloudMatch(_ c: Prepared, _ t: Prepared, bound: Double) -> Double {
        let n = c.xs.count
        guard n > 0, t.xs.count == n else { return .infinity }
        let step = Swift.max(1, Int(Double(n).squareRoot()))
        return cloudMatch(c, t, bounds: (lowerBounds(c, t, step: step), lowerBounds(t, c, step: step)), step: step, bound: bound)
    }

    /// ``cloudMatch(_:_:bound:)`` with the two directions' bounds computed beforehand.
    static func cloudMatch(_ c: Prepared, _ t: Prepared, bounds: ([Double], [Double]), step: Int, bound: Double) -> Double {
        let n = c.xs.count
        guard n > 0, t.xs.count == n else { return .infinity }
        let (lbCT, lbTC) = bounds
        var best = bound
        var start = 0, j = 0
        while start < n {
            if lbCT[j] < best { best = Swift.min(best, cloudDistance(c, t, start: start, bound: best)) }
            if lbTC[j] < best { best = Swift.min(best, cloudDistance(t, c, start: start, bound: best)) }
            start += step; j += 1
        }
        return best
    }

    /// The bound for each start point 0, step, 2·step, … of matching `a` onto `b`: with
    /// `dᵢ` the squared distance from `a`'s point i to the point `b`'s table names for it,
    /// and weight n − ((i − s) mod n) for start s,
    /// LB(0) = Σ (n − i)·dᵢ and LB(s) = LB(0) + s·Σdᵢ − n·Σ_{i<s} dᵢ.
    static func lowerBounds(_ a: Prepared, _ b: Prepared, step: Int) -> [Double] {
        let n = a.xs.count, g = QDollarSettings.gridSize
        var prefix = [Double](repeating: 0, count: n + 1)   // prefix[i] = Σ_{k<i} d_k
        var first = 0.0
        for i in 0..<n {
            let k = Int(b.table[cell(a.xs[i]) * g + cell(a.ys[i])])
            let dx = a.xs[i] - b.xs[k], dy = a.ys[i] - b.ys[k]
            let d = dx * dx + dy * dy
            prefix[i + 1] = prefix[i] + d
            first += Double(n - i) * d
        }
        var out: [Double] = []
        var s = 0
        while s < n {
            out.append(s == 0 ? first : first + Double(s) * prefix[n] - Double(n) * prefix[s])
            s += step
        }
        return out
    }

    /// $Q's CloudDistance: from `start`, each point of `a` in turn takes the nearest point
    /// of `b` not yet taken; the k-th match weighs n − k. Stops once the sum reaches `bound`.
    static func cloudDistance(_ a: Prepared, _ b: Prepared, start: Int, bound: Double) -> Double {
        let n = a.xs.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { unmatched in
            for j in 0..<n { unmatched[j] = j }
            var remaining = n
            var sum = 0.0
            var i = start
            var weight = Double(n)
            a.xs.withUnsafeBufferPointer { ax in a.ys.withUnsafeBufferPointer { ay in
                b.xs.withUnsafeBufferPointer { bx in b.ys.withUnsafeBufferPointer { by in
                    repeat {
                        let x = ax[i], y = ay[i]
                        var best = Double.infinity, slot = 0
                        for u in 0..<remaining {
                            let j = unmatched[u]
                            let dx = x - bx[j], dy = y - by[j]
                            let d = dx * dx + dy * dy
                            if d < best { best = d; slot = u }
                        }
                        // Remove by moving the last unmatched index into the slot.
                        remaining -= 1
                        unmatched[slot] = unmatched[remaining]
                        sum += weight * best
                        if sum >= bound { return }
                        weight -= 1
                        i = (i + 1) % n
                    } while i != start
                } }
            } }
            return sum
        }
    }
}
