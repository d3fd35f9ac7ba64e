/// Counts of (true label, predicted label) pairs. A prediction of `nil` (rejected) is
/// counted under ``ConfusionMatrix/rejectedLabel``.
public struct ConfusionMatrix: Hashable, Codable, Sendable {
    /// The column name used for rejected samples.
    public static let rejectedLabel = "(rejected)"

    /// `counts[truth][predicted]`.
    public private(set) var counts: [String: [String: Int]] = [:]

    public init() {}

    /// Counts `count` samples of `truth` predicted as `predicted` (`nil`: rejected).
    public mutating func record(truth: String, predicted: String?, count: Int = 1) {
        counts[truth, default: [:]][predicted ?? Self.rejectedLabel, default: 0] += count
    }

    public mutating func merge(_ other: ConfusionMatrix) {
        for (t, row) in other.counts { for (p, n) in row { counts[t, default: [:]][p, default: 0] += n } }
    }

    /// Every label seen as truth or prediction, sorted.
    public var labels: [String] {
        Array(Set(counts.keys).union(counts.values.flatMap(\.keys))).sorted()
    }

    public var total: Int { counts.values.reduce(0) { $0 + $1.values.reduce(0, +) } }
    public var correct: Int { counts.reduce(0) { $0 + ($1.value[$1.key] ?? 0) } }
    /// Correct / total; 0 when empty.
    public var accuracy: Double { total > 0 ? Double(correct) / Double(total) : 0 }

    /// Fraction of `label`'s samples predicted as `label`.
    public func recall(of label: String) -> Double {
        guard let row = counts[label] else { return 0 }
        let n = row.values.reduce(0, +)
        return n > 0 ? Double(row[label] ?? 0) / Double(n) : 0
    }
}
