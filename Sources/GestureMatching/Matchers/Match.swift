/// One template's result for a candidate.
///
/// `distance` is the algorithm's native distance (smaller is closer) and is what
/// rejection thresholds are expressed in; `score` is a 0…1 similarity (1 = identical)
/// whose formula each matcher documents. Scores of different algorithms are not
/// comparable (README, Template matching).
public struct Match: Hashable, Codable, Sendable {
    /// The template's name (the recognized label).
    public var name: String
    /// Index of the template in the library the matcher was built from.
    public var templateIndex: Int
    /// Native distance: path distance in the 250 square ($1), angle in radians
    /// (Protractor), weighted cloud distance ($P).
    public var distance: Double
    /// Documented 0…1 similarity derived from `distance`.
    public var score: Double

    public init(name: String, templateIndex: Int, distance: Double, score: Double) {
        self.name = name
        self.templateIndex = templateIndex
        self.distance = distance
        self.score = score
    }
}

/// Keeps the `limit` smallest distances, sorted ascending, ties broken by template index.
enum Ranking {
    static func ranked(_ distances: [Double], names: [String], limit: Int?, score: (Double) -> Double) -> [Match] {
        let k = Swift.min(limit ?? distances.count, distances.count)
        guard k > 0 else { return [] }
        let order: [Int]
        if k == 1 {
            var best = 0
            for i in 1..<distances.count where distances[i] < distances[best] { best = i }
            order = [best]
        } else {
            order = Array(distances.indices.sorted { (distances[$0], $0) < (distances[$1], $1) }.prefix(k))
        }
        return order.map { Match(name: names[$0], templateIndex: $0, distance: distances[$0], score: score(distances[$0])) }
    }
}
