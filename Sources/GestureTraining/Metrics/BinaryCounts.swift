/// Outcome counts of a yes/no decision over labelled samples.
public struct BinaryCounts: Hashable, Codable, Sendable {
    public var truePositives = 0
    public var falseNegatives = 0
    public var falsePositives = 0
    public var trueNegatives = 0

    public init(truePositives: Int = 0, falseNegatives: Int = 0, falsePositives: Int = 0, trueNegatives: Int = 0) {
        self.truePositives = truePositives
        self.falseNegatives = falseNegatives
        self.falsePositives = falsePositives
        self.trueNegatives = trueNegatives
    }

    /// Records one decision.
    public mutating func record(isPositive: Bool, accepted: Bool) {
        switch (isPositive, accepted) {
        case (true, true): truePositives += 1
        case (true, false): falseNegatives += 1
        case (false, true): falsePositives += 1
        case (false, false): trueNegatives += 1
        }
    }

    public static func + (a: BinaryCounts, b: BinaryCounts) -> BinaryCounts {
        BinaryCounts(truePositives: a.truePositives + b.truePositives,
                     falseNegatives: a.falseNegatives + b.falseNegatives,
                     falsePositives: a.falsePositives + b.falsePositives,
                     trueNegatives: a.trueNegatives + b.trueNegatives)
    }

    public var positives: Int { truePositives + falseNegatives }
    public var negatives: Int { falsePositives + trueNegatives }

    /// TP / positives; 0 when there are no positives.
    public var truePositiveRate: Double { positives > 0 ? Double(truePositives) / Double(positives) : 0 }
    /// FP / negatives; 0 when there are no negatives.
    public var falsePositiveRate: Double { negatives > 0 ? Double(falsePositives) / Double(negatives) : 0 }
    /// TP / (TP + FP); 0 when nothing was accepted.
    public var precision: Double {
        let accepted = truePositives + falsePositives
        return accepted > 0 ? Double(truePositives) / Double(accepted) : 0
    }
    /// Harmonic mean of precision and TPR; 0 when both are 0.
    public var f1: Double {
        let p = precision, r = truePositiveRate
        return p + r > 0 ? 2 * p * r / (p + r) : 0
    }
}
