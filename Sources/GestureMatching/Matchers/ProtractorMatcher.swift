import CKernels
import Dispatch
import Foundation
import GestureGeometry

/// Protractor (Li, CHI 2010): resample to 16 points, move the centroid to the origin,
/// rotate by the indicative angle (or snap it to 8 base orientations), flatten to
/// `[x0, y0, x1, y1, …]` and scale to unit length. For a template vector `t` and a
/// candidate `c`: `a = Σ(x·x' + y·y')`, `b = Σ(x·y' − y·x')`, best rotation
/// `θ = atan(b/a)`, distance `acos(a·cos θ + b·sin θ)`.
///
/// All templates' vectors form one Float32 matrix `M` (templates × 2n), so `a = M·c` and
/// `b = M·c⊥`, where `c⊥` turns each candidate point by 90° (`(y', −x')`). One candidate
/// is two sgemv calls, a batch one sgemm (``ScoringPath/blas``); ``ScoringPath/scalar``
/// is a plain loop giving the same `a` and `b` up to Float32 rounding.
///
/// - `distance`: the angle in radians between the two vectors after the best allowed
///   rotation, 0…π.
/// - `score`: `1 − distance / π`, 0…1. (Li's and Android's similarity is `1/distance`;
///   it is not bounded, so it is not used as the score.)
public struct ProtractorMatcher: TemplateMatrixMatcher {
    /// A unit vector of `2 × points` Float32 values.
    public typealias Prepared = PreparedVector

    package let store: TemplateMatrix<ProtractorSettings>
    package init(store: TemplateMatrix<ProtractorSettings>) { self.store = store }
    package static func vectorWidth(_ settings: ProtractorSettings) -> Int { 2 * settings.points }

    public var templateCount: Int { names.count }

    public static func prepare(_ gesture: Gesture, settings: ProtractorSettings) -> Prepared? {
        // A tap or a non-finite stroke has no shape to compare: no match rather than π/2 to
        // all. Fitting into the unit box first keeps extreme coordinates from overflowing.
        guard let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        let raw = Stroke(fitted.allPoints)
        let centered = raw.resampled(count: settings.points).translated(centroidTo: .zero)
        let p0 = centered.points[0]
        let indicative = atan2(p0.y, p0.x)
        let delta: Double
        switch settings.rotation {
        case .invariant:
            delta = -indicative
        case .bounded, .sensitive:
            let base = (Double.pi / 4) * ((indicative + Double.pi / 8) / (Double.pi / 4)).rounded(.down)
            delta = base - indicative
        }
        let cosD = cos(delta), sinD = sin(delta)
        var v = [Double]()
        v.reserveCapacity(2 * settings.points)
        var sumSq = 0.0
        for p in centered.points {
            let x = p.x * cosD - p.y * sinD, y = p.x * sinD + p.y * cosD
            v.append(x); v.append(y)
            sumSq += x * x + y * y
        }
        let norm = sumSq.squareRoot()
        // Cannot happen after the fit above; kept so that no input can make a NaN vector
        // (which scored distance 0 against every template before the fit — found by
        // FuzzRecognizers).
        guard norm.isFinite, norm > 0 else { return Prepared(vector: [Float](repeating: 0, count: v.count)) }
        let scale = 1 / norm
        return Prepared(vector: v.map { Float($0 * scale) })
    }

    public static func score(forDistance d: Double) -> Double { Swift.max(0, Swift.min(1, 1 - d / Double.pi)) }

    /// `false`: a BLAS product's rounding depends on the template's place in the batch, so
    /// a pair's distance alone may differ in the last bit from the one ranked.
    public static var ranksByPairDistance: Bool { false }

    public func recognize(prepared candidate: Prepared, limit: Int? = nil) -> [Match] {
        recognize(prepared: candidate, limit: limit, path: .blas)
    }

    /// Ranks the templates for `candidate` using the chosen arithmetic.
    public func recognize(prepared candidate: Prepared, limit: Int? = nil, path: ScoringPath) -> [Match] {
        guard !names.isEmpty else { return [] }
        let (a, b) = rawScores(candidate, path: path)
        return rank(a: a, b: b, limit: limit)
    }

    /// Ranks the templates for each candidate; the BLAS path scores the whole batch with
    /// one matrix product.
    public func recognize(batch candidates: [Prepared], limit: Int? = nil, path: ScoringPath = .blas) -> [[Match]] {
        guard !names.isEmpty, !candidates.isEmpty else { return candidates.map { _ in [] } }
        let T = names.count
        let (a, b) = rawBatchScores(candidates, path: path)
        return (0..<candidates.count).map { k in
            rank(a: Array(a[(a.startIndex + k * T)..<(a.startIndex + (k + 1) * T)]),
                 b: Array(b[(b.startIndex + k * T)..<(b.startIndex + (k + 1) * T)]), limit: limit)
        }
    }

    /// Protractor distances of every candidate to every template, candidate-major
    /// (`distances[k * templateCount + i]`), and each candidate's nearest template
    /// (`nearest[k]`, the first of equals).
    ///
    /// Candidates go in blocks of ``allPairsBlock``, one worker per core (OpenBLAS on one
    /// thread meanwhile): each block's product (sgemm into a reused buffer) stays in cache
    /// while its distances are taken — the arc cosine by Abramowitz & Stegun's 4.4.46
    /// polynomial (|error| ≤ 2·10⁻⁸ rad before Float32 rounding), eight at a time on CPUs
    /// with AVX2 (a C kernel that checks at run time) — and the nearest template is found
    /// in the same pass.
    public func allPairs(batch candidates: [Prepared], path: ScoringPath = .blas) -> (distances: [Float], nearest: [Int]) {
        let rows = candidates.count, width = names.count
        guard width > 0, rows > 0 else { return ([], candidates.map { _ in -1 }) }
        var nearest = [Int](repeating: 0, count: rows)
        let columns = self.width
        let block = Self.allPairsBlock, blocks = (rows + block - 1) / block
        let workers = Swift.min(blocks, ProcessInfo.processInfo.activeProcessorCount)
        let out = [Float](unsafeUninitializedCapacity: rows * width) { po, initialized in
            nearest.withUnsafeMutableBufferPointer { pn in matrix.withUnsafeBufferPointer { pm in
                nonisolated(unsafe) let o = po, n = pn, m = pm
                BLASScorer.singleThreaded {
                    // One worker per core, each reusing its own buffers block after block.
                    DispatchQueue.concurrentPerform(iterations: workers) { w in
                        var stacked = [Float](repeating: 0, count: 2 * block * columns)
                        var product = [Float](repeating: 0, count: 2 * block * width)
                        stacked.withUnsafeMutableBufferPointer { st in product.withUnsafeMutableBufferPointer { pr in
                            for j in stride(from: w, to: blocks, by: workers) {
                                let first = j * block, count = Swift.min(rows, first + block) - first
                                switch path {
                                case .blas:
                                    // [C; C⊥] · Mᵀ: rows 0..<count are a, the next count rows b.
                                    for r in 0..<count {
                                        let v = candidates[first + r].vector
                                        for c in stride(from: 0, to: columns, by: 2) {
                                            st[r * columns + c] = v[c]; st[r * columns + c + 1] = v[c + 1]
                                            st[(count + r) * columns + c] = v[c + 1]; st[(count + r) * columns + c + 1] = -v[c]
                                        }
                                    }
                                    BLASScorer.batchProducts(matrix: m.baseAddress!, rows: width, columns: columns,
                                                             candidates: st.baseAddress!, count: 2 * count, into: pr.baseAddress!)
                                case .scalar:
                                    for r in 0..<count {
                                        let (a, b) = Self.scalarScores(matrix: matrix, rows: width, columns: columns,
                                                                       candidate: candidates[first + r].vector)
                                        for i in 0..<width { pr[r * width + i] = a[i]; pr[(count + r) * width + i] = b[i] }
                                    }
                                }
                                for r in 0..<count {
                                    n[first + r] = distanceRow(a: pr.baseAddress! + r * width, b: pr.baseAddress! + (count + r) * width,
                                                               out: o.baseAddress! + (first + r) * width, count: width)
                                }
                            }
                        } }
                    }
                }
            } }
            initialized = rows * width
        }
        return (out, nearest)
    }

    /// Candidates per block of ``allPairs(batch:path:)``: 32 × (a, b) × 4800 templates is
    /// 1.2 MB of product, which stays in cache until its distances are taken.
    public static let allPairsBlock = 32

    /// One candidate's distances from its `a` and `b`; returns the nearest template.
    private func distanceRow(a: UnsafePointer<Float>, b: UnsafePointer<Float>, out: UnsafeMutablePointer<Float>, count: Int) -> Int {
        if case .invariant = settings.rotation, count <= Int(Int32.max) {
            return Int(gesturelab_protractor_row(a, b, out, Int32(count)))
        }
        // Bounded and sensitive rotation, one at a time.
        var best = -Float.infinity, bestIndex = 0
        var i = 0
        while i < count {
            let s = Swift.max(-1, Swift.min(1, similarity(a: a[i], b: b[i])))
            out[i] = Self.arcCosine(s)
            if s > best { best = s; bestIndex = i }
            i += 1
        }
        return bestIndex
    }

    /// acos(x) for x in −1…1 by Abramowitz & Stegun 4.4.46: √(1 − |x|)·Σ aₖ|x|ᵏ (k = 0…7),
    /// reflected as π − acos(|x|) for negative x — the C kernel's polynomial, one value.
    @inline(__always)
    static func arcCosine(_ x: Float) -> Float { gesturelab_arc_cosine(x) }

    // MARK: raw scores (package: tests and benchmarks compare the two paths)

    /// `a` and `b` of `candidate` against every template.
    package func rawScores(_ candidate: Prepared, path: ScoringPath) -> (a: [Float], b: [Float]) {
        precondition(candidate.vector.count == width, "candidate prepared with other settings")
        switch path {
        case .blas:
            return BLASScorer.scores(matrix: matrix, rows: names.count, columns: width, candidate: candidate.vector)
        case .scalar:
            return Self.scalarScores(matrix: matrix, rows: names.count, columns: width, candidate: candidate.vector)
        }
    }

    /// `a` and `b` of each candidate against every template, candidate-major.
    package func rawBatchScores(_ candidates: [Prepared], path: ScoringPath) -> (a: ArraySlice<Float>, b: ArraySlice<Float>) {
        switch path {
        case .blas:
            return BLASScorer.batchScores(matrix: matrix, rows: names.count, columns: width,
                                          candidates: candidates.flatMap(\.vector), count: candidates.count)
        case .scalar:
            var a: [Float] = [], b: [Float] = []
            a.reserveCapacity(candidates.count * names.count); b.reserveCapacity(candidates.count * names.count)
            for c in candidates {
                let s = Self.scalarScores(matrix: matrix, rows: names.count, columns: width, candidate: c.vector)
                a += s.a; b += s.b
            }
            return (a[...], b[...])
        }
    }

    /// The plain-Swift path: one pass over each template row computing `a` and `b`.
    package static func scalarScores(matrix: [Float], rows: Int, columns: Int, candidate: [Float]) -> (a: [Float], b: [Float]) {
        var a = [Float](repeating: 0, count: rows), b = [Float](repeating: 0, count: rows)
        matrix.withUnsafeBufferPointer { m in candidate.withUnsafeBufferPointer { c in
            for r in 0..<rows {
                var sa: Float = 0, sb: Float = 0
                let row = r * columns
                var j = 0
                while j < columns {
                    let x = m[row + j], y = m[row + j + 1], cx = c[j], cy = c[j + 1]
                    sa += x * cx + y * cy
                    sb += x * cy - y * cx
                    j += 2
                }
                a[r] = sa; b[r] = sb
            }
        } }
        return (a, b)
    }

    /// Distance from `a` and `b` under the configured rotation.
    package func distance(a: Float, b: Float) -> Double {
        acos(Swift.max(-1, Swift.min(1, similarity(a: Double(a), b: Double(b)))))
    }

    /// `a·cos θ + b·sin θ` at the allowed best rotation (larger is closer), in the
    /// precision of `a` and `b` (Float32 on the all-pairs path); a bounded rotation is
    /// always searched in Double. Inlined, so each caller gets its own specialized copy.
    @inline(__always)
    func similarity<F: BinaryFloatingPoint>(a: F, b: F) -> F {
        switch settings.rotation {
        case .sensitive:
            return a
        case .invariant:
            // θ = atan(b/a) gives a·cos θ + b·sin θ = sign(a)·√(a² + b²).
            if a == 0 { return 0 }
            let r = (a * a + b * b).squareRoot()
            return a > 0 ? r : -r
        case .bounded(let maxAngle):
            let a = Double(a), b = Double(b)
            let theta = a == 0 ? (b == 0 ? 0 : (b > 0 ? Double.pi / 2 : -Double.pi / 2)) : atan(b / a)
            let t = Swift.max(-maxAngle, Swift.min(maxAngle, theta))
            return F(a * cos(t) + b * sin(t))
        }
    }

    private func rank(a: [Float], b: [Float], limit: Int?) -> [Match] {
        let n = a.count
        let k = Swift.min(limit ?? n, n)
        guard k > 0 else { return [] }
        if k == 1 {
            var best = 0
            if case .invariant = settings.rotation {
                // The common case, kept tight: argmax of ±(a² + b²) in Float32.
                a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in
                    var bestKey = -Float.infinity
                    for i in 0..<n {
                        let x = pa[i], y = pb[i]
                        let r = x * x + y * y
                        let key = x > 0 ? r : (x < 0 ? -r : 0)
                        if key > bestKey { bestKey = key; best = i }
                    }
                } }
            } else {
                var bestKey = -Double.infinity
                for i in 0..<n {
                    let key = rankingKey(a: a[i], b: b[i])
                    if key > bestKey { bestKey = key; best = i }
                }
            }
            let d = distance(a: a[best], b: b[best])
            return [Match(name: names[best], templateIndex: best, distance: d, score: Self.score(forDistance: d))]
        }
        let keys = (0..<n).map { rankingKey(a: a[$0], b: b[$0]) }
        let order = (0..<n).sorted { keys[$0] != keys[$1] ? keys[$0] > keys[$1] : $0 < $1 }
        return order.prefix(k).map { i in
            let d = distance(a: a[i], b: b[i])
            return Match(name: names[i], templateIndex: i, distance: d, score: Self.score(forDistance: d))
        }
    }

    /// A key that orders templates like the similarity (larger is closer) but is cheaper:
    /// `±(a² + b²)` for the invariant mode, `a` for the sensitive one.
    @inline(__always)
    func rankingKey(a: Float, b: Float) -> Double {
        switch settings.rotation {
        case .sensitive:
            return Double(a)
        case .invariant:
            let r = Double(a) * Double(a) + Double(b) * Double(b)
            return a > 0 ? r : (a < 0 ? -r : 0)
        case .bounded:
            return similarity(a: Double(a), b: Double(b))
        }
    }
}
