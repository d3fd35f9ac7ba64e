import Foundation
import GestureGeometry

/// Settings of the Penny Pincher recognizer; defaults are the paper's.
public struct PennyPincherSettings: Hashable, Codable, Sendable {
    /// Points after resampling. 16: Penny Pincher (Taranta & LaViola, GI 2015), n = 16,
    /// giving 15 between-point vectors.
    public var points: Int
    public init(points: Int = 16) { self.points = points }
    public static let `default` = PennyPincherSettings()
}

/// Penny Pincher (Taranta & LaViola, "Penny Pincher: A Blazing Fast, Highly Accurate
/// $-Family Recognizer", GI 2015): resample the gesture (all strokes joined in drawing
/// order) to 16 points equally spaced along the path, take the 15 vectors between
/// consecutive points, normalize each to unit length, and compare two gestures by the sum
/// of the dot products of corresponding vectors — no rotation, scale or translation step,
/// as the unit vectors are already free of position and size. A larger sum is closer.
///
/// The templates' vectors form one Float32 matrix, so one candidate is one sgemv and a
/// batch one sgemm.
///
/// - `distance`: `1 − s / (n − 1)` for the sum `s` of the n − 1 dot products: one minus
///   the mean cosine between corresponding segments, 0 (the same directions) … 2
///   (opposite directions). A zero-length segment (impossible after resampling a
///   gesture of positive length) would count as cosine 0.
/// - `score`: `1 − distance / 2`, 0…1.
public struct PennyPincherMatcher: TemplateMatrixMatcher {
    /// The `n − 1` unit vectors, flattened `[x0, y0, x1, y1, …]`.
    public typealias Prepared = PreparedVector

    package let store: TemplateMatrix<PennyPincherSettings>
    package init(store: TemplateMatrix<PennyPincherSettings>) { self.store = store }
    package static func vectorWidth(_ settings: PennyPincherSettings) -> Int { 2 * (settings.points - 1) }

    public static func prepare(_ gesture: Gesture, settings: PennyPincherSettings) -> Prepared? {
        guard settings.points >= 2 else { return nil }
        let count = gesture.strokes.reduce(0) { $0 + $1.points.count }
        guard count > 0 else { return nil }
        // One pass over the raw points, no intermediate gestures: the vectors are free of
        // position and scale, so the unit-box fit other matchers start with is needed only
        // when the path's length overflows (coordinates beyond about ±1e154) or underflows
        // to 0 (a shape drawn at a scale near 1e-300).
        let vector: [Float]?? = withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { buffer in
            var k = 0
            for stroke in gesture.strokes {
                for p in stroke.points {
                    guard p.x.isFinite, p.y.isFinite else { return .some(nil) }
                    buffer[k] = p.x; buffer[count + k] = p.y; k += 1
                }
            }
            let xs = UnsafeBufferPointer(rebasing: buffer[0..<count]), ys = UnsafeBufferPointer(rebasing: buffer[count...])
            return directions(xs: xs, ys: ys, points: settings.points)
        }
        switch vector {
        case .some(.some(let v)): return Prepared(vector: v)
        case .some(.none): return nil
        case .none:
            guard let fitted = gesture.fittedToUnitBox() else { return nil }
            let p = fitted.allPoints
            guard case .some(.some(let v)) = directions(xs: p.map(\.x), ys: p.map(\.y), points: settings.points) else { return nil }
            return Prepared(vector: v)
        }
    }

    /// The `points − 1` unit vectors between the points placed at equal arc-length steps
    /// L/(points − 1) along the polyline (the first and last points the originals).
    /// `nil` (outer) when the length overflows, or is 0 while the points differ (squares
    /// underflow); `.some(nil)` for a path whose points are all one.
    static func directions<C: Collection>(xs: C, ys: C, points n: Int) -> [Float]?? where C.Element == Double, C.Index == Int {
        let m = xs.count
        let x0 = xs.startIndex, y0 = ys.startIndex
        @inline(__always) func length(_ i: Int) -> Double {
            let dx = xs[x0 + i + 1] - xs[x0 + i], dy = ys[y0 + i + 1] - ys[y0 + i]
            return (dx * dx + dy * dy).squareRoot()
        }
        var total = 0.0
        for i in 0..<Swift.max(0, m - 1) { total += length(i) }
        guard total.isFinite else { return nil }
        guard total > 0 else {
            let moves = (1..<Swift.max(1, m)).contains { xs[x0 + $0] != xs[x0] || ys[y0 + $0] != ys[y0] }
            return moves ? nil : .some(nil)
        }
        let step = total / Double(n - 1)
        var out = [Float]()
        out.reserveCapacity(2 * (n - 1))
        var segment = 0, segmentStart = 0.0, segmentLength = length(0)
        var px = xs[x0], py = ys[y0]
        for k in 1..<n {
            var x = xs[x0 + m - 1], y = ys[y0 + m - 1]
            if k < n - 1 {
                let target = Double(k) * step
                while segment < m - 2 && segmentStart + segmentLength < target {
                    segmentStart += segmentLength; segment += 1; segmentLength = length(segment)
                }
                let f = segmentLength > 0 ? Swift.max(0, Swift.min(1, (target - segmentStart) / segmentLength)) : 0
                x = xs[x0 + segment] + f * (xs[x0 + segment + 1] - xs[x0 + segment])
                y = ys[y0 + segment] + f * (ys[y0 + segment + 1] - ys[y0 + segment])
            }
            let dx = x - px, dy = y - py
            let norm = (dx * dx + dy * dy).squareRoot()
            if norm > 0 { out.append(Float(dx / norm)); out.append(Float(dy / norm)) } else { out.append(0); out.append(0) }
            px = x; py = y
        }
        return .some(out)
    }

    public static func score(forDistance d: Double) -> Double { Swift.max(0, Swift.min(1, 1 - d / 2)) }

    /// `false`: the sgemv's rounding may depend on the row's place in the matrix.
    public static var ranksByPairDistance: Bool { false }

    public static func distance(_ candidate: Prepared, _ template: Prepared, settings: PennyPincherSettings) -> Double {
        var s: Float = 0
        for i in 0..<Swift.min(candidate.vector.count, template.vector.count) { s += candidate.vector[i] * template.vector[i] }
        return distance(similarity: s, points: settings.points)
    }

    static func distance(similarity s: Float, points: Int) -> Double {
        Swift.max(0, Swift.min(2, 1 - Double(s) / Double(points - 1)))
    }

    public func recognize(prepared candidate: Prepared, limit: Int? = nil) -> [Match] {
        guard !names.isEmpty else { return [] }
        precondition(candidate.vector.count == width, "candidate prepared with other settings")
        let sums = BLASScorer.products(matrix: matrix, rows: names.count, columns: width, candidate: candidate.vector)
        return Ranking.ranked(sums.map { Self.distance(similarity: $0, points: settings.points) },
                              names: names, limit: limit, score: Self.score(forDistance:))
    }

    /// Distances of every candidate to every template with one sgemm, candidate-major
    /// (`result[k * names.count + i]`).
    public func distances(batch candidates: [Prepared]) -> [Double] {
        BLASScorer.batchProducts(matrix: matrix, rows: names.count, columns: width,
                                 candidates: candidates.flatMap(\.vector), count: candidates.count)
            .map { Self.distance(similarity: $0, points: settings.points) }
    }
}
