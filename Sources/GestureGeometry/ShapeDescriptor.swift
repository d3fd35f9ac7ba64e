import Foundation

/// Shape features of a gesture, for rejection verifiers: each one invariant to
/// translation, uniform scale and sampling rate (measured after equidistant resampling
/// and a fit into the unit box; time stamps are never used).
///
/// Most are Rubine's classic stroke features ("Specifying gestures by example",
/// SIGGRAPH 1991: cosine and sine of the initial angle, bounding-box aspect, start–end
/// distance over length, total and absolute turning) and ShortStraw's corners (Wolin,
/// Eoff, Hammond, SBIM 2008); the others are explained where they are computed.
///
/// ```swift
/// ShapeDescriptor(gesture)?.values   // ShapeDescriptor.names.count finite numbers
/// ```
/// Edge cases: `nil` for no points, zero path length or a non-finite coordinate.
public struct ShapeDescriptor: Hashable, Sendable {
    /// Feature names, in vector order (stored in model files: never reorder).
    public static let names = [
        "closedness", "straightness", "aspect", "turningSum", "absoluteTurning", "turningUnevenness",
        "corners", "cornerSharpness", "selfIntersections", "startCos", "startSin", "endCos", "endSin",
        "startEndAngle", "strokeCount", "centroidOffset", "radialVariation", "lengthOverDiagonal",
    ]
    public let values: [Double]

    /// Corners and crossings are counted up to this; more only says "many".
    static let countCap = 10.0

    public init?(_ gesture: Gesture, points: Int = 64) {
        guard let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        let strokes = fitted.strokes.filter { !$0.isEmpty }
        let resampled = Gesture(strokes).resampled(count: Swift.max(8, points))
        let pts = resampled.allPoints
        guard pts.count >= 2, let box = resampled.boundingBox, let centroid = resampled.centroid else { return nil }
        let length = resampled.pathLength
        let diagonal = Swift.max(box.diagonal, 1e-12)
        guard length > 0 else { return nil }
        let first = pts[0], last = pts[pts.count - 1]
        let chord = first.distance(to: last)
        // Closedness: 0 for a closed loop, 1 for a straight stroke (Rubine's f8 / f5).
        let closedness = Swift.min(1, chord / length)
        // Straightness: how much longer the path is than the box it fills.
        let straightness = Swift.min(1, diagonal / length)
        let aspect = box.longerSide > 0 ? Swift.min(box.width, box.height) / box.longerSide : 0
        // Turning, per stroke (a jump between strokes is not a turn).
        var turns: [Double] = []
        var cornerCount = 0.0, cornerTurn = 0.0
        var crossings = 0.0
        for s in resampled.strokes {
            let t = s.turningAngles
            turns += t
            let c = Self.corners(s.points)
            cornerCount += Double(c.count)
            for i in c where i > 0 && i + 1 < s.points.count {
                if let a = Angles.signedTurn(from: s.points[i] - s.points[i - 1], to: s.points[i + 1] - s.points[i]) {
                    cornerTurn = Swift.max(cornerTurn, abs(a))
                }
            }
        }
        crossings = Self.selfIntersections(resampled.strokes.map(\.points))
        let signed = turns.reduce(0, +), absolute = turns.reduce(0) { $0 + abs($1) }
        // Unevenness: share of all turning in the sharpest fifth of the turns (1 = all in
        // a few corners, 0.2 = spread evenly as on a circle).
        let sortedTurns = turns.map(abs).sorted(by: >)
        let top = sortedTurns.prefix(Swift.max(1, sortedTurns.count / 5)).reduce(0, +)
        let unevenness = absolute > 0 ? top / absolute : 0
        // Direction of the first and last eighth of the path (Rubine's f1, f2 and its end twin).
        let k = Swift.max(1, pts.count / 8)
        func direction(_ a: Point, _ b: Point) -> (Double, Double) {
            let dx = b.x - a.x, dy = b.y - a.y, d = (dx * dx + dy * dy).squareRoot()
            return d > 0 ? (dx / d, dy / d) : (0, 0)
        }
        let start = direction(pts[0], pts[k]), end = direction(pts[pts.count - 1 - k], pts[pts.count - 1])
        let dot = Swift.max(-1, Swift.min(1, start.0 * end.0 + start.1 * end.1))
        let startEnd = (start == (0, 0) || end == (0, 0)) ? 0 : acos(dot) / Double.pi
        // Centroid offset: asymmetric shapes (a check, a 7) have their ink off the box centre.
        let centroidOffset = box.center.distance(to: centroid) / diagonal
        // Radial variation: spread of the distances from the centroid (near 0 for a circle).
        let radii = pts.map { $0.distance(to: centroid) }
        let meanR = radii.reduce(0, +) / Double(radii.count)
        let sdR = (radii.reduce(0) { $0 + ($1 - meanR) * ($1 - meanR) } / Double(radii.count)).squareRoot()
        let radial = meanR > 0 ? sdR / meanR : 0
        values = [
            closedness, straightness, aspect, Swift.min(abs(signed) / (2 * .pi), Self.countCap),
            Swift.min(absolute / (2 * .pi), Self.countCap), unevenness,
            Swift.min(cornerCount, Self.countCap), cornerTurn / .pi, Swift.min(crossings, Self.countCap),
            start.0, start.1, end.0, end.1, startEnd, Swift.min(Double(strokes.count), Self.countCap),
            centroidOffset, radial, Swift.min(length / diagonal, Self.countCap),
        ].map { $0.isFinite ? $0 : 0 }
    }

    /// ShortStraw corners (Wolin et al. 2008): points whose "straw" (the chord from i − w
    /// to i + w, w = 3) is shorter than 0.95 × the median straw, one per run (the shortest).
    static func corners(_ p: [Point]) -> [Int] {
        let w = 3
        guard p.count > 2 * w + 1 else { return [] }
        var straws = [Double](repeating: .infinity, count: p.count)
        for i in w..<(p.count - w) { straws[i] = p[i - w].distance(to: p[i + w]) }
        let finite = straws.filter(\.isFinite).sorted()
        guard !finite.isEmpty else { return [] }
        let limit = finite[finite.count / 2] * 0.95
        var out: [Int] = []
        var i = w
        while i < p.count - w {
            if straws[i] < limit {
                var best = i
                while i < p.count - w && straws[i] < limit {
                    if straws[i] < straws[best] { best = i }
                    i += 1
                }
                out.append(best)
            }
            i += 1
        }
        return out
    }

    /// Proper crossings between non-adjacent segments of the path (strokes separate).
    static func selfIntersections(_ strokes: [[Point]]) -> Double {
        var segments: [(Point, Point)] = []
        var adjacentTo: [Int] = []
        for s in strokes where s.count >= 2 {
            for i in 1..<s.count { segments.append((s[i - 1], s[i])); adjacentTo.append(i == 1 ? -1 : segments.count - 2) }
        }
        func orient(_ a: Point, _ b: Point, _ c: Point) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        var count = 0.0
        for i in segments.indices {
            for j in (i + 2)..<Swift.max(i + 2, segments.count) where adjacentTo[j] != i {
                let (a, b) = segments[i], (c, d) = segments[j]
                let o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b)
                if o1 * o2 < 0 && o3 * o4 < 0 { count += 1 }
            }
            if count >= countCap { break }
        }
        return count
    }
}
