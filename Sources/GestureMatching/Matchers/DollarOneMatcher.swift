import Foundation
import GestureGeometry

/// Settings of the $1 recognizer; defaults are the paper's.
public struct DollarOneSettings: Hashable, Codable, Sendable {
    /// Points after resampling. 64: $1 (Wobbrock, Wilson, Li, UIST 2007), N = 64.
    public var points: Int = 64
    /// Side of the reference square. 250: $1's `size`.
    public var squareSize: Double = 250
    /// Half-width of the rotation search, radians. ±45°: $1.
    public var angleRange: Double = 45 * .pi / 180
    /// Golden-section search stops at this bracket width, radians. 2°: $1.
    public var anglePrecision: Double = 2 * .pi / 180

    public init() {}
    public static let `default` = DollarOneSettings()
}

/// The $1 unistroke recognizer (Wobbrock, Wilson, Li, UIST 2007), faithful to the paper:
/// resample to 64 points, rotate by the indicative angle, scale non-uniformly to a 250
/// square, move the centroid to the origin, then a golden-section search over ±45° down
/// to 2° for the smallest mean point-to-point distance.
///
/// - `distance`: mean Euclidean distance between corresponding points, in units of the
///   250 square.
/// - `score`: `1 − distance / (½·√(2·250²))`, clamped to 0…1 — the paper's score.
///
/// Multistroke input is treated as one stroke (strokes concatenated in drawing order),
/// which is what $1 sees when jumps between strokes are ignored.
public struct DollarOneMatcher: TemplateListMatcher {
    /// A normalized gesture: `points` x and y coordinates.
    public typealias Prepared = PointColumns

    public let list: TemplateList<Prepared, DollarOneSettings>

    public init(list: TemplateList<Prepared, DollarOneSettings>) { self.list = list }

    public static func prepare(_ gesture: Gesture, settings: DollarOneSettings) -> Prepared? {
        // A tap or a non-finite stroke has no shape to compare; fitting into the unit box
        // first keeps extreme coordinates from overflowing.
        guard let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        let raw = Stroke(fitted.allPoints)
        let resampled = raw.resampled(count: settings.points)
        let angle = resampled.indicativeAngle ?? 0
        let normalized = resampled
            .rotated(by: -angle)
            .scaled(toSquare: settings.squareSize)
            .translated(centroidTo: .zero)
        return Prepared(xs: normalized.points.map(\.x), ys: normalized.points.map(\.y))
    }

    public static func score(forDistance d: Double) -> Double { score(d, squareSize: DollarOneSettings.default.squareSize) }

    /// The score in units of these settings' square.
    public func scoreForDistance(_ d: Double) -> Double { Self.score(d, squareSize: settings.squareSize) }

    /// $1's score `1 − d / (½·√(2·size²))`, clamped to 0…1.
    static func score(_ d: Double, squareSize size: Double) -> Double {
        let half = 0.5 * (2 * size * size).squareRoot()
        return Swift.max(0, Swift.min(1, 1 - d / half))
    }

    /// Golden-section search for the rotation of `c` closest to `t` ($1's
    /// DistanceAtBestAngle). The candidate's centroid is the origin after preparing.
    public static func distance(_ c: Prepared, _ t: Prepared, settings: DollarOneSettings) -> Double {
        goldenSectionMinimum(-settings.angleRange, settings.angleRange, precision: settings.anglePrecision) {
            distance(c, t, rotatedBy: $0)
        }
    }

    /// Mean distance between `c` rotated by `angle` about the origin and `t`.
    static func distance(_ c: Prepared, _ t: Prepared, rotatedBy angle: Double) -> Double {
        let n = Swift.min(c.xs.count, t.xs.count)
        guard n > 0 else { return .infinity }
        let cosA = cos(angle), sinA = sin(angle)
        var sum = 0.0
        c.xs.withUnsafeBufferPointer { cx in c.ys.withUnsafeBufferPointer { cy in
            t.xs.withUnsafeBufferPointer { tx in t.ys.withUnsafeBufferPointer { ty in
                for i in 0..<n {
                    let dx = cx[i] * cosA - cy[i] * sinA - tx[i]
                    let dy = cx[i] * sinA + cy[i] * cosA - ty[i]
                    sum += (dx * dx + dy * dy).squareRoot()
                }
            } }
        } }
        return sum / Double(n)
    }
}
