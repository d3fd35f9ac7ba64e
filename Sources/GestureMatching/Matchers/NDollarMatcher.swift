import Foundation
import GestureGeometry

/// Settings of the $N multistroke recognizer; defaults are the papers' unless noted.
public struct NDollarSettings: Hashable, Codable, Sendable {
    /// How a candidate unistroke is compared with a template unistroke.
    public enum Matching: String, Hashable, Codable, Sendable, CaseIterable {
        /// $N-Protractor (Anthony & Wobbrock, GI 2012): the cosine distance at the
        /// closed-form best rotation, as an angle in radians.
        case protractor
        /// $N as first published (GI 2010): $1's golden-section search over ±45° down to
        /// 2° for the smallest mean point distance in the 250 square.
        case goldenSection = "golden-section"
    }

    /// Points each unistroke is resampled to. 96: $N (GI 2010).
    public var points: Int
    /// The comparison. `.protractor` (GI 2012: as accurate as the search, many times faster).
    public var matching = Matching.protractor
    /// The 1D/2D test: a gesture whose bounding box's shorter-to-longer side ratio is at
    /// most this is "1D" and is scaled uniformly (keeping its aspect ratio); others are
    /// scaled non-uniformly to the square. 0.30: $N (GI 2010).
    public var oneDRatio = 0.30
    /// The start-angle filter: a template unistroke is compared only when the direction
    /// from its first point to its point number `points / 8` is within this many degrees of
    /// the candidate's. 30°: $N (GI 2010), with the ⅛ index of its published code.
    public var startAngleDegrees: Double = 30
    /// The stroke-count filter: compare only templates drawn with the candidate's number
    /// of strokes. Off: $N offers it as an option and leaves it off by default.
    public var requireSameStrokeCount = false
    /// The bound on the permutations. A template with at most this many strokes becomes
    /// every unistroke made by joining its strokes in every order and direction,
    /// `k!·2^k` of them; a template with more strokes becomes two: its drawn order and
    /// that whole sequence reversed. 4 (this project's bound, not the papers'): at most
    /// 4!·2⁴ = 384 unistrokes per template. 0…5.
    public var maxPermutedStrokes = 4

    /// The papers' settings (and this project's bound on permutations), with `points` points.
    public init(points: Int = 96) { self.points = points }
    public static let `default` = NDollarSettings()

    /// The most unistrokes one template can become under `maxPermutedStrokes` = `k`:
    /// `max(k!·2^k, 2)`.
    public static func maxUnistrokes(permutingUpTo k: Int) -> Int {
        let k = Swift.max(0, Swift.min(5, k))
        return Swift.max(2, (1...Swift.max(1, k)).reduce(1, *) * (1 << k))
    }
}

/// The $N multistroke recognizer (Anthony & Wobbrock, "A Lightweight Multistroke
/// Recognizer for User Interface Prototypes", GI 2010; "$N-Protractor", GI 2012).
///
/// A template of `k` strokes becomes every unistroke made by joining its strokes in every
/// order and direction (`k!·2^k`, bounded by ``NDollarSettings/maxPermutedStrokes``); the
/// candidate is its strokes joined in the order and direction drawn. Each unistroke goes
/// through $1's steps on the joined points (the jumps between strokes are part of its
/// path): resample to 96 points, rotate by the indicative angle, scale — uniformly when
/// the 1D test finds a line-like shape, otherwise to the 250 square — and move the
/// centroid to the origin. Templates whose start direction differs by more than 30° from
/// the candidate's are skipped; the distance to a template is the smallest over its
/// unistrokes that pass.
///
/// - `distance`: with `.protractor`, the angle acos(max cosine) in radians (Li's closed
///   form θ = atan(b/a)); with `.goldenSection`, $1's mean point distance in the 250
///   square. When every unistroke of the template fails the start-angle or stroke-count
///   filter (the published code reports no match then), ``farthestDistance(_:)``: π, or
///   500√2, the largest the comparison can give.
/// - `score`: `1 − distance/π` (`.protractor`) or `1 − distance/(½√2·250)`
///   (`.goldenSection`), clamped to 0…1: 0 for a filtered-out template.
public struct NDollarMatcher: TemplateListMatcher {
    /// One unistroke: `points` x, y pairs after $1's normalization (centroid at the
    /// origin, in the 250 square), stored as Float to keep hundreds per template small.
    public struct Unistroke: Hashable, Sendable {
        /// Interleaved x0, y0, x1, y1, ….
        var xy: [Float]
        /// Euclidean norm of `xy` (Protractor's vector is `xy / norm`).
        var norm: Double
        /// Unit vector from the first point to point `points / 8`.
        var startX: Double, startY: Double
    }

    /// A gesture's unistrokes: the first is the drawn order and direction (the form used
    /// as a candidate); the rest are the other orders and directions (used as a template).
    public struct Prepared: Hashable, Sendable {
        var unistrokes: [Unistroke]
        var strokeCount: Int
    }

    public let list: TemplateList<Prepared, NDollarSettings>

    public init(list: TemplateList<Prepared, NDollarSettings>) { self.list = list }

    public static func prepare(_ gesture: Gesture, settings: NDollarSettings) -> Prepared? {
        guard let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        let strokes = fitted.strokes.map(\.points).filter { !$0.isEmpty }
        var unistrokes: [Unistroke] = []
        for sequence in orders(of: strokes, permutingUpTo: settings.maxPermutedStrokes) {
            if let u = unistroke(sequence, settings: settings) { unistrokes.append(u) }
        }
        guard !unistrokes.isEmpty else { return nil }
        return Prepared(unistrokes: unistrokes, strokeCount: strokes.count)
    }

    /// Every joined point sequence of `strokes`, the drawn one first: all orders × all
    /// directions for at most `k` strokes (order by Heap's algorithm, directions by the
    /// bits of a counter, as $N enumerates them), else the drawn order and its reverse.
    static func orders(of strokes: [[Point]], permutingUpTo k: Int) -> [[Point]] {
        let n = strokes.count
        guard n <= Swift.max(0, Swift.min(5, k)) else {
            let drawn = strokes.flatMap { $0 }
            return [drawn, Array(drawn.reversed())]
        }
        var permutations: [[Int]] = []
        var order = Array(0..<n)
        func heap(_ m: Int) {
            if m <= 1 { permutations.append(order); return }
            for i in 0..<m {
                heap(m - 1)
                if i < m - 1 { order.swapAt(m % 2 == 0 ? i : 0, m - 1) }
            }
        }
        heap(n)
        var out: [[Point]] = []
        out.reserveCapacity(permutations.count << n)
        for p in permutations {
            for bits in 0..<(1 << n) {
                var joined: [Point] = []
                for (position, s) in p.enumerated() {
                    joined += (bits >> position) & 1 == 1 ? Array(strokes[s].reversed()) : strokes[s]
                }
                out.append(joined)
            }
        }
        return out
    }

    /// $1's normalization of one joined sequence with $N's 1D/2D scaling.
    static func unistroke(_ points: [Point], settings: NDollarSettings) -> Unistroke? {
        let n = Swift.max(2, settings.points)
        let resampled = Stroke(points).resampled(count: n)
        guard resampled.points.count == n else { return nil }
        let rotated = resampled.rotated(by: -(resampled.indicativeAngle ?? 0))
        guard let box = rotated.boundingBox else { return nil }
        let size = 250.0
        let w = box.width, h = box.height, longer = Swift.max(w, h)
        guard longer > 0, longer.isFinite else { return nil }
        let oneD = Swift.min(w, h) / longer <= settings.oneDRatio
        let sx = oneD || w == 0 ? size / longer : size / w
        let sy = oneD || h == 0 ? size / longer : size / h
        let normalized = rotated.scaled(x: sx, y: sy).translated(centroidTo: .zero).points
        var xy: [Float] = []
        xy.reserveCapacity(2 * n)
        var sum = 0.0
        for p in normalized {
            let x = Float(p.x), y = Float(p.y)
            xy.append(x); xy.append(y)
            // The norm of the stored values, so a unistroke against itself has cosine 1.
            sum += Double(x) * Double(x) + Double(y) * Double(y)
        }
        guard sum > 0, sum.isFinite else { return nil }
        let k = Swift.max(1, n / 8)
        let dx = normalized[k].x - normalized[0].x, dy = normalized[k].y - normalized[0].y
        let length = (dx * dx + dy * dy).squareRoot()
        // A start with no direction (point k on the first point) passes every filter.
        let (ux, uy) = length > 0 ? (dx / length, dy / length) : (0.0, 0.0)
        return Unistroke(xy: xy, norm: sum.squareRoot(), startX: ux, startY: uy)
    }

    public static func score(forDistance d: Double) -> Double { score(d, matching: .protractor) }

    static func score(_ d: Double, matching: NDollarSettings.Matching) -> Double {
        guard d.isFinite else { return 0 }
        switch matching {
        case .protractor: return Swift.max(0, Swift.min(1, 1 - d / Double.pi))
        case .goldenSection: return DollarOneMatcher.score(d, squareSize: 250)
        }
    }

    public static func distance(_ candidate: Prepared, _ template: Prepared, settings: NDollarSettings) -> Double {
        let farthest = farthestDistance(settings.matching)
        guard let c = candidate.unistrokes.first else { return farthest }
        if settings.requireSameStrokeCount && candidate.strokeCount != template.strokeCount { return farthest }
        // A start direction passes when the angle between the unit vectors is within the
        // threshold: cos(angle) ≥ cos(threshold). A zero start vector (no direction) passes.
        let minCos = cos(Swift.max(0, Swift.min(180, settings.startAngleDegrees)) * .pi / 180)
        let cNone = c.startX == 0 && c.startY == 0
        var best = farthest
        for t in template.unistrokes {
            if !cNone && !(t.startX == 0 && t.startY == 0) {
                let dot = Swift.max(-1, Swift.min(1, c.startX * t.startX + c.startY * t.startY))
                if dot < minCos { continue }
            }
            let d: Double
            switch settings.matching {
            case .protractor: d = protractorDistance(c, t)
            case .goldenSection: d = goldenSectionDistance(c, t)
            }
            if d < best { best = d }
        }
        return best
    }

    /// The distance of a template none of whose unistrokes passes the filters: the largest
    /// the comparison can give — π for an angle; 500√2 in the 250 square (every point lies
    /// within ±250 of the centroid, within 250√2 after a rotation) — so it ranks after every
    /// template that passes, with score 0.
    public static func farthestDistance(_ matching: NDollarSettings.Matching) -> Double {
        switch matching {
        case .protractor: return Double.pi
        case .goldenSection: return 500 * 2.0.squareRoot()
        }
    }

    /// The score on the scale of these settings' comparison.
    public func scoreForDistance(_ d: Double) -> Double { Self.score(d, matching: settings.matching) }

    /// Li's closed form: a = Σ c·t, b = Σ (cx·ty − cy·tx) over the unit vectors, the best
    /// rotation θ = atan(b/a), distance acos(a cos θ + b sin θ).
    static func protractorDistance(_ c: Unistroke, _ t: Unistroke) -> Double {
        let n = Swift.min(c.xy.count, t.xy.count)
        var a = 0.0, b = 0.0
        c.xy.withUnsafeBufferPointer { p in t.xy.withUnsafeBufferPointer { q in
            var i = 0
            while i + 1 < n {
                let px = Double(p[i]), py = Double(p[i + 1]), qx = Double(q[i]), qy = Double(q[i + 1])
                a += px * qx + py * qy
                b += px * qy - py * qx
                i += 2
            }
        } }
        let scale = c.norm * t.norm
        guard scale > 0 else { return Double.pi / 2 }
        let da = a / scale, db = b / scale
        let angle = da == 0 ? (db == 0 ? 0 : Double.pi / 2 * (db > 0 ? 1 : -1)) : atan(db / da)
        return acos(Swift.max(-1, Swift.min(1, da * cos(angle) + db * sin(angle))))
    }

    /// $1's golden-section search over ±45° to 2° for the smallest mean point distance.
    static func goldenSectionDistance(_ c: Unistroke, _ t: Unistroke) -> Double {
        goldenSectionMinimum(-Double.pi / 4, Double.pi / 4, precision: 2 * Double.pi / 180) {
            pathDistance(c, t, rotatedBy: $0)
        }
    }

    /// Mean distance between corresponding points with `c` rotated by `angle` about its
    /// centroid (the origin).
    static func pathDistance(_ c: Unistroke, _ t: Unistroke, rotatedBy angle: Double) -> Double {
        let n = Swift.min(c.xy.count, t.xy.count) / 2
        guard n > 0 else { return .infinity }
        let cs = cos(angle), sn = sin(angle)
        var sum = 0.0
        for i in 0..<n {
            let x = Double(c.xy[2 * i]), y = Double(c.xy[2 * i + 1])
            let dx = x * cs - y * sn - Double(t.xy[2 * i]), dy = x * sn + y * cs - Double(t.xy[2 * i + 1])
            sum += (dx * dx + dy * dy).squareRoot()
        }
        return sum / Double(n)
    }
}

extension NDollarSettings: PointCountSettings {
    /// Up to 384 unistrokes per template (stroke orders and directions) cost memory and
    /// time that `auto` would spend on every training; $P, $P+ and $Q are already
    /// stroke-order- and direction-invariant candidates. Chosen explicitly with `--algorithm ndollar`.
    public static var isAutoCandidate: Bool { false }
    public static var scoreMeaning: String { "$N score 1 − θ/π (Protractor matching) or 1 − d/(½√2·250) (golden-section search)" }
    public var fieldsDescription: String {
        "\(points) points, \(matching.rawValue), 1D ratio \(settingsNumber(oneDRatio)), start angle \(settingsNumber(startAngleDegrees))°"
            + (requireSameStrokeCount ? ", same stroke count" : "") + ", permuting up to \(maxPermutedStrokes) strokes"
    }
    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws {
        try c.put(matching.rawValue, "matching")
        try c.put(oneDRatio, "oneDRatio")
        try c.put(startAngleDegrees, "startAngleDegrees")
        try c.put(requireSameStrokeCount, "requireSameStrokeCount")
        try c.put(maxPermutedStrokes, "maxPermutedStrokes")
    }
    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        var s = NDollarSettings(points: points)
        if let v = try c.choice("matching", Matching.self) { s.matching = v }
        if let v = try c.number("oneDRatio", in: 0...1) { s.oneDRatio = v }
        if let v = try c.number("startAngleDegrees", in: 0...180) { s.startAngleDegrees = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: MatcherSettingsField("requireSameStrokeCount")) { s.requireSameStrokeCount = v }
        if let v = try c.number("maxPermutedStrokes", in: 0...5) {
            guard v == v.rounded() else { throw c.bad("maxPermutedStrokes", "must be a whole number 0…5, found \(v)") }
            s.maxPermutedStrokes = Int(v)
        }
        return s
    }
}
