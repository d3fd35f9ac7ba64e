import Foundation
import GestureGeometry

/// A rule-based detector for any single-stroke gesture: a ``FeatureBox`` over general
/// shape measures, trained from labelled examples of the gesture and of others
/// (`gesturelab train detector --label zig_zag --dataset D`). It has no book rule.
///
/// The measures are taken on 64 equally spaced points of the smoothed stroke, so they do
/// not depend on size or sampling rate. They do depend on orientation and drawing
/// direction on purpose: a `v` and a caret, or a left and a right bracket, differ only
/// there. Most come from Rubine's feature set (*Specifying Gestures by Example*,
/// SIGGRAPH 1991: initial direction f1–f2, bounding-box diagonal angle f4, start–end
/// distance f5, total and absolute turning f9–f10); corners follow the curvature-peak
/// idea of Sezgin et al. (*Sketch Based Interfaces*, 2001) as the check-mark detector
/// counts them; compactness is the isoperimetric quotient.
///
/// | name | what it measures |
/// | --- | --- |
/// | `cornerCount` | runs of vertices where the turn over `cornerWindow` vertices exceeds `cornerDegrees` |
/// | `meanCornerTurn` | mean of the largest windowed turn inside each corner, degrees (0 without corners) |
/// | `maxTurn` | largest windowed turn, degrees |
/// | `signedRevolutions` | total signed turning / 2π (positive: clockwise on screen) |
/// | `absoluteRevolutions` | total absolute turning / 2π |
/// | `turningUnevenness` | coefficient of variation of the windowed turn (0: even curvature) |
/// | `closure` | start–end distance / path length (0: closed, 1: straight) |
/// | `lengthOverDiagonal` | path length / bounding-box diagonal (1: a straight line) |
/// | `diagonalAngle` | angle of the bounding-box diagonal, degrees (0: flat, 90: tall) |
/// | `firstDirX`, `firstDirY` | unit direction of the first eighth of the stroke |
/// | `lastDirX`, `lastDirY` | unit direction of the last eighth |
/// | `selfIntersections` | crossings between non-adjacent segments |
/// | `startX`, `startY`, `endX`, `endY` | start and end in a square around the bounding box, 0…1 |
/// | `compactness` | 4π·area / perimeter² of the stroke closed by its chord (1: a circle) |
/// | `radiusDeviation` | standard deviation of the distance to the centroid over its mean |
///
/// ```swift
/// let v = GeneralShapeDetector.featureVector(stroke)   // 20 values, or nil
/// ```
/// Edge cases: a degenerate stroke (one point, zero length, non-finite) has no measures
/// and is never detected.
public enum GeneralShapeDetector: ShapeDetector {
    public static let id = "shape"
    public static let defaultSettings = ShapeSettings(resampleCount: 64)
    public static let featureNames = [
        "cornerCount", "meanCornerTurn", "maxTurn", "signedRevolutions", "absoluteRevolutions", "turningUnevenness",
        "closure", "lengthOverDiagonal", "diagonalAngle", "firstDirX", "firstDirY", "lastDirX", "lastDirY",
        "selfIntersections", "startX", "startY", "endX", "endY", "compactness", "radiusDeviation",
    ]

    public static func features(ofResampled p: [Point], settings: ShapeSettings) -> [Double]? {
        let n = p.count
        guard n >= 3, let box = Stroke(p).boundingBox, let centroid = Stroke(p).centroid else { return nil }
        let length = Path.length(p)
        let longer = box.longerSide
        guard length > 0, longer > 0, length.isFinite else { return nil }
        let turns = Stroke(p).turningAngles
        let degrees = 180 / Double.pi

        // Windowed turns and corners (peaks inside runs above the corner limit).
        let w = Swift.max(1, Swift.min(settings.cornerWindow, turns.count))
        let limit = settings.cornerDegrees / degrees
        var windowed: [Double] = []
        var corners = 0, cornerPeaks = 0.0, peak = 0.0, inside = false
        if turns.count >= 1 {
            var s = turns[0..<w].reduce(0, +)
            for i in 0...(turns.count - w) {
                if i > 0 { s += turns[i + w - 1] - turns[i - 1] }
                let a = abs(s)
                windowed.append(a)
                if a > limit {
                    if !inside { corners += 1; peak = 0 }
                    peak = Swift.max(peak, a)
                    inside = true
                } else if inside {
                    cornerPeaks += peak
                    inside = false
                }
            }
            if inside { cornerPeaks += peak }
        }
        let maxTurn = windowed.max() ?? 0
        var unevenness = 0.0
        if !windowed.isEmpty {
            let m = windowed.reduce(0, +) / Double(windowed.count)
            let v = windowed.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(windowed.count)
            unevenness = m > 0 ? v.squareRoot() / m : 0
        }

        let eighth = Swift.max(1, n / 8)
        func direction(_ a: Point, _ b: Point) -> (Double, Double) {
            let d = a.distance(to: b)
            return d > 0 ? ((b.x - a.x) / d, (b.y - a.y) / d) : (0, 0)
        }
        let first = direction(p[0], p[eighth]), last = direction(p[n - 1 - eighth], p[n - 1])

        // A square of side `longer` centred on the bounding box: stable for thin strokes.
        let cx = box.center.x, cy = box.center.y
        func inSquare(_ q: Point) -> (Double, Double) { ((q.x - cx) / longer + 0.5, (q.y - cy) / longer + 0.5) }
        let start = inSquare(p[0]), end = inSquare(p[n - 1])

        let values: [Double] = [
            Double(corners), corners > 0 ? cornerPeaks / Double(corners) * degrees : 0, maxTurn * degrees,
            turns.reduce(0, +) / (2 * .pi), turns.reduce(0) { $0 + abs($1) } / (2 * .pi), unevenness,
            p[0].distance(to: p[n - 1]) / length, length / (box.width * box.width + box.height * box.height).squareRoot(),
            atan2(box.height, box.width) * degrees, first.0, first.1, last.0, last.1,
            Double(selfIntersections(p)), start.0, start.1, end.0, end.1,
            ShapeSpread.compactness(p, length: length),
            ShapeSpread.radiusDeviation(p, centroid: centroid),
        ]
        return values.allSatisfy(\.isFinite) ? values : nil
    }

    /// Proper crossings between segments that do not share a point. O(n²) on the
    /// resampled points (64 by default).
    static func selfIntersections(_ p: [Point]) -> Int {
        guard p.count >= 4 else { return 0 }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var count = 0
        for i in 0..<(p.count - 1) {
            let a = p[i], b = p[i + 1]
            var j = i + 2
            while j < p.count - 1 {
                let c = p[j], d = p[j + 1]
                let d1 = cross(a, b, c), d2 = cross(a, b, d), d3 = cross(c, d, a), d4 = cross(c, d, b)
                if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { count += 1 }
                j += 1
            }
        }
        return count
    }
}
