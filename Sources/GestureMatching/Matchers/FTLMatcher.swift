import Foundation
import GestureGeometry

/// Settings of the !FTL recognizer; defaults are the authors' unless noted.
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
    public var measure: Measure
    /// Whether a gesture drawn backwards matches: the distance is the smaller of the
    /// template as drawn and the template reversed. On: the published code's default
    /// (its "orientation sensitive" switch off).
    public var directionInvariant: Bool
    /// Resampling. `.arcLength` (this project's choice: the published code interpolates by
    /// point index, which follows the device's sampling; both are offered).
    public var resampling: Resampling

    public init(points: Int = 32, measure: Measure = .lsd, directionInvariant: Bool = true, resampling: Resampling = .arcLength) {
        self.points = points
        self.measure = measure
        self.directionInvariant = directionInvariant
        self.resampling = resampling
    }
    public static let `default` = FTLSettings()
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
/// the inner points (with direction invariance, the smaller of the sums against the
/// template and the template reversed). A triple with a zero-length segment adds 0, as
/// in the published code.
///
/// - `distance`: that sum (≥ 0; 0 for gestures equal up to position, scale and rotation).
/// - `score`: `1 / (1 + distance)`.
public struct FTLMatcher: TemplateListMatcher {
    /// The local shapes of a gesture, forward and reversed, as complex ratios a/b
    /// (re, im interleaved; NaN where a segment has zero length).
    public struct Prepared: Hashable, Sendable {
        var forward: [Double]
        var backward: [Double]
        /// |a|·|b| > 0 at each inner point, for the normalized measure.
        var forwardFull: [Bool]
        var backwardFull: [Bool]
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
        let (b, bf) = ratios(p.reversed())
        return Prepared(forward: f, backward: b, forwardFull: ff, backwardFull: bf)
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
        let forward = sum(candidate.forward, candidate.forwardFull, template.forward, template.forwardFull, settings.measure)
        guard settings.directionInvariant else { return forward }
        return Swift.min(forward, sum(candidate.forward, candidate.forwardFull, template.backward, template.backwardFull, settings.measure))
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
    }
    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws {
        try c.put(measure.rawValue, "measure")
        try c.put(directionInvariant, "directionInvariant")
        try c.put(resampling.rawValue, "resampling")
    }
    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        var s = FTLSettings(points: points)
        if let v = try c.choice("measure", Measure.self) { s.measure = v }
        if let v = try c.choice("resampling", Resampling.self) { s.resampling = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: MatcherSettingsField("directionInvariant")) { s.directionInvariant = v }
        return s
    }
}
