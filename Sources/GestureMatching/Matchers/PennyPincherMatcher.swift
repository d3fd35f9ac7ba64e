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
public struct PennyPincherMatcher: TemplateMatcher {
    /// The `n − 1` unit vectors, flattened `[x0, y0, x1, y1, …]`.
    public struct Prepared: Hashable, Sendable {
        package var vector: [Float]
    }

    public static let algorithm = MatcherAlgorithm.pennyPincher
    public let settings: PennyPincherSettings
    public let names: [String]
    /// Row-major templates × `width` matrix.
    let matrix: [Float]
    let width: Int

    public init(names: [String], templates: [Prepared], settings: PennyPincherSettings = .default) {
        precondition(names.count == templates.count, "one name per template")
        let width = 2 * (settings.points - 1)
        precondition(templates.allSatisfy { $0.vector.count == width }, "templates prepared with other settings")
        self.names = names
        self.settings = settings
        self.width = width
        self.matrix = templates.flatMap(\.vector)
    }

    public static func prepare(_ gesture: Gesture, settings: PennyPincherSettings) -> Prepared? {
        guard settings.points >= 2, let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        let p = Stroke(fitted.allPoints).resampled(count: settings.points).points
        var v = [Float]()
        v.reserveCapacity(2 * (p.count - 1))
        for i in 1..<p.count {
            let dx = p[i].x - p[i - 1].x, dy = p[i].y - p[i - 1].y
            let norm = (dx * dx + dy * dy).squareRoot()
            if norm > 0 { v.append(Float(dx / norm)); v.append(Float(dy / norm)) } else { v.append(0); v.append(0) }
        }
        return Prepared(vector: v)
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
