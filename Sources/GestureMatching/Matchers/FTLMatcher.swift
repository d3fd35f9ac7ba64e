import Foundation
import GestureGeometry

/// Settings of the !FTL recognizer; defaults are the authors' unless noted (the rotation
/// weight and the drawn direction are this project's, chosen on the $1 logs and HOMUS).
public struct FTLSettings: Hashable, Codable, Sendable {
    /// The local measure between two point triples.
    public enum Measure: String, Hashable, Codable, Sendable, CaseIterable {
        /// Local Shape Distance: |a/b − u/v| with the consecutive segment vectors as
        /// complex numbers — both the turn and the ratio of segment lengths.
        case lsd
        /// Normalized LSD: √(1 − cos Δ), Δ the difference of the two turning angles
        /// (segment lengths ignored).
        case nlsd
    }

    /// How the gesture is spread over `points` points.
    public enum Resampling: String, Hashable, Codable, Sendable, CaseIterable {
        /// Equal steps of path length ("isometric"; the jumps between strokes count as path).
        case arcLength = "arc-length"
        /// Equal steps of point index, interpolated linearly ("isochronic": equal steps of
        /// time for a device sampling at a constant rate).
        case pointIndex = "point-index"
    }

    /// Points compared. 32: the authors' published code.
    public var points: Int
    /// The local measure. `.lsd`: the paper's Local Shape Distance.
    public var measure = Measure.lsd
    /// Whether a gesture drawn backwards matches: the distance is the smaller of the
    /// template as drawn and the template reversed. The published code's default is on (its
    /// "orientation sensitive" switch off); off here: more accurate on the $1 logs and HOMUS
    /// at every rotation weight tried.
    public var directionInvariant = false
    /// Resampling. `.arcLength` (this project's choice: the published code interpolates by
    /// point index, which follows the device's sampling; both are offered).
    public var resampling = Resampling.arcLength
    /// Weight of the rotation-sensitive term (the paper's title promises controllable
    /// rotation invariance; the published code has no switch for it): at every segment, the
    /// local shape distance between the segment and a fixed reference direction, lengths
    /// normalized away, which is |b̂ − v̂| (b̂, v̂ the unit directions of the two gestures'
    /// segments), times this weight, added to the sum. 0: rotation invariant, the published
    /// measure. 16: this project's default, chosen on the $1 logs and HOMUS (the smallest
    /// weight within half a point of the best tried, up to 1000, at T = 1 and 3).
    public var rotationWeight: Double = 16

    /// This project's defaults (above), with `points` points.
    public init(points: Int = 32) { self.points = points }
    public static let `default` = FTLSettings()

    /// The authors' published measure: rotation invariant (weight 0) and either direction,
    /// with this project's arc-length resampling.
    public static var published: FTLSettings {
        var s = FTLSettings()
        s.rotationWeight = 0
        s.directionInvariant = true
        return s
    }
}

/// The !FTL recognizer (Vanderdonckt, Roselli, Pérez-Medina, "!FTL, an
/// Articulation-Invariant Stroke Gesture Recognizer with Controllable Position, Scale,
/// and Rotation Invariances", ICMI 2018).
///
/// The strokes are joined in drawing order (a jump between strokes is one more segment)
/// and resampled to 32 points. At every inner point i the two segments around it,
/// a = pᵢ − pᵢ₋₁ and b = pᵢ₊₁ − pᵢ, read as complex numbers, give the local shape a/b:
/// how the path turns there and how the segment length changes. Comparing a/b with the
/// template's u/v is the Local Shape Distance |a/b − u/v|, which no translation, uniform
/// scaling or rotation of either gesture changes; the gesture distance is its sum over
/// the inner points. A triple with a zero-length segment adds 0, as in the published code.
///
/// Rotation invariance is controllable: with `rotationWeight` w > 0 each segment also adds
/// w·|b̂ − v̂|, the local shape distance of the segment against a fixed reference direction
/// with lengths normalized away, so a turned gesture no longer matches (position and scale
/// still do not matter). With direction invariance the distance is the smaller of the
/// totals against the template and the template reversed.
///
/// - `distance`: that sum (≥ 0; 0 for gestures equal up to position and scale, and
///   rotation when w = 0).
/// - `score`: `1 / (1 + distance)`.
public struct FTLMatcher: TemplateListMatcher {
    /// The local shapes of a gesture, forward and reversed, as complex ratios a/b
    /// (re, im interleaved; NaN where a segment has zero length).
    public struct Prepared: Hashable, Sendable {
        var forward, backward: [Double]
        /// |a|·|b| > 0 at each inner point, for the normalized measure.
        var forwardFull, backwardFull: [Bool]
        /// The unit direction of every segment, forward and reversed (x, y interleaved;
        /// NaN for a zero-length segment), for the rotation-sensitive term.
        var forwardDirections, backwardDirections: [Double]
    }

    public let list: TemplateList<Prepared, FTLSettings>

    public init(list: TemplateList<Prepared, FTLSettings>) { self.list = list }

    public static func prepare(_ gesture: Gesture, settings: FTLSettings) -> Prepared? {
        guard let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        let joined = fitted.allPoints
        let n = Swift.max(3, settings.points)
        let p: [Point]
        switch settings.resampling {
        case .arcLength: p = Stroke(joined).resampled(count: n).points
        case .pointIndex: p = byIndex(joined, count: n)
        }
        guard p.count == n, p.allSatisfy(\.isFinite) else { return nil }
        let (f, ff) = ratios(p)
        let back = Array(p.reversed())
        let (b, bf) = ratios(back)
        return Prepared(forward: f, backward: b, forwardFull: ff, backwardFull: bf,
                        forwardDirections: directions(p), backwardDirections: directions(back))
    }

    /// The unit vector of every segment pᵢ₊₁ − pᵢ (NaN, NaN for a zero-length one).
    static func directions(_ p: [Point]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(2 * p.count)
        for i in 0..<(p.count - 1) {
            let dx = p[i + 1].x - p[i].x, dy = p[i + 1].y - p[i].y
            let length = (dx * dx + dy * dy).squareRoot()
            if length > 0 { out.append(dx / length); out.append(dy / length) } else { out.append(.nan); out.append(.nan) }
        }
        return out
    }

    /// `count` points at equal steps of index along `points`, linearly interpolated.
    static func byIndex(_ points: [Point], count: Int) -> [Point] {
        guard points.count > 1 else { return Array(repeating: points.first ?? .zero, count: count) }
        return (0..<count).map { j in
            let s = Double(j) * Double(points.count - 1) / Double(count - 1)
            let i = Swift.min(points.count - 2, Int(s.rounded(.down)))
            return points[i].interpolated(to: points[i + 1], fraction: s - Double(i))
        }
    }

    /// The complex ratio a/b at every inner point (NaN, NaN when b = 0) and whether both
    /// segments have length.
    static func ratios(_ p: [Point]) -> ([Double], [Bool]) {
        var out: [Double] = [], full: [Bool] = []
        out.reserveCapacity(2 * p.count)
        for i in 1..<(p.count - 1) {
            let ax = p[i].x - p[i - 1].x, ay = p[i].y - p[i - 1].y
            let bx = p[i + 1].x - p[i].x, by = p[i + 1].y - p[i].y
            let bb = bx * bx + by * by
            if bb > 0 {
                // a / b = a · conj(b) / |b|².
                out.append((ax * bx + ay * by) / bb); out.append((ay * bx - ax * by) / bb)
            } else {
                out.append(.nan); out.append(.nan)
            }
            full.append(bb > 0 && ax * ax + ay * ay > 0)
        }
        return (out, full)
    }

    public static func score(forDistance d: Double) -> Double { 1 / (1 + Swift.max(0, d)) }

    public static func distance(_ candidate: Prepared, _ template: Prepared, settings: FTLSettings) -> Double {
        let w = settings.rotationWeight
        var forward = sum(candidate.forward, candidate.forwardFull, template.forward, template.forwardFull, settings.measure)
        if w > 0 { forward += w * directionSum(candidate.forwardDirections, template.forwardDirections) }
        guard settings.directionInvariant else { return forward }
        var backward = sum(candidate.forward, candidate.forwardFull, template.backward, template.backwardFull, settings.measure)
        if w > 0 { backward += w * directionSum(candidate.forwardDirections, template.backwardDirections) }
        return Swift.min(forward, backward)
    }

    /// Σ |b̂ − v̂| over the segments both gestures have; a zero-length segment adds 0.
    static func directionSum(_ r: [Double], _ s: [Double]) -> Double {
        let m = Swift.min(r.count, s.count) / 2
        var total = 0.0
        for i in 0..<m {
            let dx = r[2 * i] - s[2 * i], dy = r[2 * i + 1] - s[2 * i + 1]
            guard !dx.isNaN, !dy.isNaN else { continue }
            total += (dx * dx + dy * dy).squareRoot()
        }
        return total
    }

    /// Σ of the local measure over the inner points both gestures have.
    static func sum(_ r: [Double], _ rFull: [Bool], _ s: [Double], _ sFull: [Bool], _ measure: FTLSettings.Measure) -> Double {
        let m = Swift.min(r.count, s.count) / 2
        var total = 0.0
        for i in 0..<m {
            let x1 = r[2 * i], y1 = r[2 * i + 1], x2 = s[2 * i], y2 = s[2 * i + 1]
            // A zero-length segment on either side: no local shape, adds 0.
            guard !x1.isNaN, !x2.isNaN else { continue }
            switch measure {
            case .lsd:
                let dx = x1 - x2, dy = y1 - y2
                total += (dx * dx + dy * dy).squareRoot()
            case .nlsd:
                guard rFull[i], sFull[i] else { continue }
                let n1 = (x1 * x1 + y1 * y1).squareRoot(), n2 = (x2 * x2 + y2 * y2).squareRoot()
                let cosine = (x1 * x2 + y1 * y2) / (n1 * n2)
                total += Swift.max(0, 1 - cosine).squareRoot()
            }
        }
        return total
    }
}

extension FTLSettings: PointCountSettings {
    public static var scoreMeaning: String { "!FTL score 1/(1 + d), d the summed local shape distance" }
    public var fieldsDescription: String {
        "\(points) points, \(measure.rawValue), \(resampling.rawValue)" + (directionInvariant ? ", either direction" : ", drawn direction")
            + (rotationWeight > 0 ? ", rotation weight \(settingsNumber(rotationWeight))" : ", rotation invariant")
    }
    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws {
        try c.put(measure.rawValue, "measure")
        try c.put(directionInvariant, "directionInvariant")
        try c.put(resampling.rawValue, "resampling")
        try c.put(rotationWeight, "rotationWeight")
    }
    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        var s = FTLSettings(points: points)
        if let v = try c.choice("measure", Measure.self) { s.measure = v }
        if let v = try c.choice("resampling", Resampling.self) { s.resampling = v }
        // Absent fields read with the meaning they had before the defaults changed: either
        // direction, rotation invariant (files written here always carry the direction;
        // the rotation weight is new).
        s.directionInvariant = try c.decodeIfPresent(Bool.self, forKey: MatcherSettingsField("directionInvariant")) ?? true
        s.rotationWeight = try c.number("rotationWeight", in: 0...1000) ?? 0
        return s
    }
}
