import Foundation
import GestureGeometry

/// Settings of the Jackknife recognizer; defaults are the paper's.
public struct JackknifeSettings: Hashable, Codable, Sendable {
    /// How two trajectories' samples are compared.
    public enum Measure: String, Hashable, Codable, Sendable, CaseIterable {
        /// Between-point direction vectors, local cost 1 − cosine (the paper's "inner
        /// product" Jackknife, its better variant on touch gestures).
        case innerProduct = "inner-product"
        /// Points z-score normalized per axis, local cost squared Euclidean distance.
        case euclidean
    }

    /// Points after resampling. 16: Jackknife (Taranta et al., CHI 2017), n = 16.
    public var points: Int
    public var measure: Measure
    /// Sakoe–Chiba band radius as a share of `points` (rounded up). 0.1: the paper's band
    /// of 10 % of the resampled length (radius 2 at n = 16).
    public var bandFraction: Double

    public init(points: Int = 16, measure: Measure = .innerProduct, bandFraction: Double = 0.1) {
        self.points = points
        self.measure = measure
        self.bandFraction = bandFraction
    }

    public static let `default` = JackknifeSettings()

    /// The band radius in samples.
    public var bandRadius: Int { Swift.max(0, Int((bandFraction * Double(points)).rounded(.up))) }
}

/// Jackknife (Taranta, Samiei, Maghoumi, Khaloo, Pittman, LaViola, "Jackknife: A Reliable
/// Recognizer with Few Samples and Many Modalities", CHI 2017): dynamic time warping over
/// resampled trajectories, scaled by correction factors.
///
/// - Preparing: all strokes joined in drawing order, resampled to 16 points equally
///   spaced along the path. The inner-product measure keeps the 15 unit direction
///   vectors between consecutive points; the Euclidean one the points, z-score
///   normalized per axis.
/// - DTW within a Sakoe–Chiba band of ⌈0.1·n⌉ samples, local cost 1 − u·v (inner
///   product) or |p − q|² (Euclidean).
/// - Correction factors, one per feature, both over the resampled points: the absolute
///   distance travelled along each axis (Σ|Δx|, Σ|Δy|) and the bounding box's extent
///   (width, height). Each feature vector is normalized to unit length, and the DTW cost
///   is multiplied by 1 / max(0.01, f_c · f_t) for each: gestures that travel or extend
///   differently along the axes (a line and a zig-zag along it, a square and a flat
///   rectangle) are pushed apart where direction vectors alone cannot tell them.
///
/// - `distance`: the corrected DTW cost (0 for the same trajectory).
/// - `score`: `1 / (1 + distance)`.
public struct JackknifeMatcher: TemplateListMatcher {
    /// A prepared trajectory: `count` samples of 2 values, and the two feature vectors.
    public struct Prepared: Hashable, Sendable {
        var samples: [Double]
        var travel: (Double, Double)
        var extent: (Double, Double)
        var count: Int { samples.count / 2 }

        public static func == (a: Prepared, b: Prepared) -> Bool {
            a.samples == b.samples && a.travel == b.travel && a.extent == b.extent
        }

        public func hash(into h: inout Hasher) {
            h.combine(samples); h.combine(travel.0); h.combine(travel.1); h.combine(extent.0); h.combine(extent.1)
        }
    }

    public let list: TemplateList<Prepared, JackknifeSettings>

    public init(list: TemplateList<Prepared, JackknifeSettings>) { self.list = list }

    public static func prepare(_ gesture: Gesture, settings: JackknifeSettings) -> Prepared? {
        guard settings.points >= 2, let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        let p = Stroke(fitted.allPoints).resampled(count: settings.points).points
        var travelX = 0.0, travelY = 0.0
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for (i, q) in p.enumerated() {
            minX = Swift.min(minX, q.x); maxX = Swift.max(maxX, q.x)
            minY = Swift.min(minY, q.y); maxY = Swift.max(maxY, q.y)
            if i > 0 { travelX += abs(q.x - p[i - 1].x); travelY += abs(q.y - p[i - 1].y) }
        }
        var samples: [Double] = []
        switch settings.measure {
        case .innerProduct:
            samples.reserveCapacity(2 * (p.count - 1))
            for i in 1..<p.count {
                let dx = p[i].x - p[i - 1].x, dy = p[i].y - p[i - 1].y
                let norm = (dx * dx + dy * dy).squareRoot()
                samples.append(norm > 0 ? dx / norm : 0); samples.append(norm > 0 ? dy / norm : 0)
            }
        case .euclidean:
            func zscore(_ v: [Double]) -> [Double] {
                let mean = v.reduce(0, +) / Double(v.count)
                let sd = (v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(v.count)).squareRoot()
                return v.map { sd > 0 ? ($0 - mean) / sd : 0 }
            }
            let xs = zscore(p.map(\.x)), ys = zscore(p.map(\.y))
            for i in p.indices { samples.append(xs[i]); samples.append(ys[i]) }
        }
        return Prepared(samples: samples, travel: unit(travelX, travelY), extent: unit(maxX - minX, maxY - minY))
    }

    static func unit(_ x: Double, _ y: Double) -> (Double, Double) {
        let n = (x * x + y * y).squareRoot()
        return n > 0 ? (x / n, y / n) : (0, 0)
    }

    public static func score(forDistance d: Double) -> Double { 1 / (1 + Swift.max(0, d)) }

    public static func distance(_ candidate: Prepared, _ template: Prepared, settings: JackknifeSettings) -> Double {
        correction(candidate, template) * dtw(candidate, template, radius: settings.bandRadius, measure: settings.measure)
    }

    /// The product of the two correction factors, 1 / max(0.01, f_c · f_t) each.
    static func correction(_ a: Prepared, _ b: Prepared) -> Double {
        let travel = a.travel.0 * b.travel.0 + a.travel.1 * b.travel.1
        let extent = a.extent.0 * b.extent.0 + a.extent.1 * b.extent.1
        return 1 / Swift.max(0.01, travel) * (1 / Swift.max(0.01, extent))
    }

    /// DTW cost of aligning `a` with `b` within a Sakoe–Chiba band of `radius` samples
    /// (widened to the length difference so that an alignment always exists).
    static func dtw(_ a: Prepared, _ b: Prepared, radius: Int, measure: JackknifeSettings.Measure) -> Double {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return .infinity }
        let r = Swift.max(radius, abs(n - m))
        // Two rows of (m + 1) cells; cell 0 is the border.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (m + 1)) { rows in
            var previous = 0, current = m + 1
            for j in 0...m { rows[previous + j] = .infinity }
            rows[previous] = 0
            a.samples.withUnsafeBufferPointer { sa in b.samples.withUnsafeBufferPointer { sb in
                for i in 1...n {
                    for j in 0...m { rows[current + j] = .infinity }
                    let ax = sa[2 * (i - 1)], ay = sa[2 * (i - 1) + 1]
                    for j in Swift.max(1, i - r)...Swift.min(m, i + r) {
                        let bx = sb[2 * (j - 1)], by = sb[2 * (j - 1) + 1]
                        let cost: Double
                        switch measure {
                        // Unit vectors: 1 − cos ≥ 0, but rounding can make it −3e-16; a
                        // distance is never negative.
                        case .innerProduct: cost = Swift.max(0, 1 - (ax * bx + ay * by))
                        case .euclidean: cost = (ax - bx) * (ax - bx) + (ay - by) * (ay - by)
                        }
                        let best = Swift.min(rows[previous + j - 1], rows[previous + j], rows[current + j - 1])
                        rows[current + j] = cost + best
                    }
                    swap(&previous, &current)
                }
            } }
            return rows[previous + m]
        }
    }
}
