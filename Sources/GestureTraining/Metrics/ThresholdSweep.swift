/// Which way a score points: detectors' and matchers' scores say "more like the gesture"
/// when high, native distances say it when low. A sweep states which it was given, so
/// a threshold is never read on the wrong scale.
public enum ScoreOrientation: String, Hashable, Codable, Sendable {
    /// Accept when `score >= threshold` (0…1 scores, detector margins).
    case higherIsPositive
    /// Accept when `score <= threshold` (native distances).
    case lowerIsPositive

    /// Whether `score` is accepted at `threshold`.
    public func accepts(_ score: Double, threshold: Double) -> Bool {
        switch self {
        case .higherIsPositive: return score >= threshold
        case .lowerIsPositive: return score <= threshold
        }
    }
}

/// How to pick an operating point on a threshold sweep.
public enum OperatingPointCriterion: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The threshold with the highest F1 (Jackknife's rule for rejection thresholds).
    case maxF1
    /// The highest TPR whose FPR is at most the target.
    case targetFPR(Double)
    /// The lowest FPR whose TPR is at least the target.
    case targetTPR(Double)

    public var description: String {
        switch self {
        case .maxF1: return "max F1"
        case .targetFPR(let x): return "target FPR \(x)"
        case .targetTPR(let x): return "target TPR \(x)"
        }
    }
}

/// One threshold of a sweep with the decisions it gives.
public struct OperatingPoint: Hashable, Codable, Sendable {
    public var threshold: Double
    public var counts: BinaryCounts
    public var truePositiveRate: Double { counts.truePositiveRate }
    public var falsePositiveRate: Double { counts.falsePositiveRate }
    public init(threshold: Double, counts: BinaryCounts) {
        self.threshold = threshold
        self.counts = counts
    }
}

/// Every distinct decision a single threshold can make between positive and negative
/// scores: the ROC curve (TPR against FPR) and the means to pick an operating point.
///
/// Candidate thresholds lie midway between consecutive distinct scores, plus one that
/// accepts everything and one that rejects everything, so a chosen threshold does not
/// sit on a training sample's exact score.
///
/// ```swift
/// let sweep = ThresholdSweep(positives: [0.9, 0.8], negatives: [0.1, 0.85],
///                            orientation: .higherIsPositive)
/// sweep.operatingPoint(.targetFPR(0))?.threshold   // 0.875
/// ```
/// - Complexity: O((p + n) log(p + n)) to build.
/// - Edge cases: non-finite scores are ignored; with no scores at all the sweep has no
///   points and `operatingPoint` returns `nil`. With no negatives FPR is 0 everywhere;
///   with no positives TPR is 0 everywhere (``BinaryCounts`` conventions).
public struct ThresholdSweep: Hashable, Codable, Sendable {
    public var orientation: ScoreOrientation
    /// From accept-everything to reject-everything (FPR and TPR not increasing).
    public private(set) var points: [OperatingPoint]

    public init(positives: [Double], negatives: [Double], orientation: ScoreOrientation) {
        self.orientation = orientation
        let pos = positives.filter(\.isFinite).sorted()
        let neg = negatives.filter(\.isFinite).sorted()
        var distinct: [Double] = []
        for v in (pos + neg).sorted() where distinct.last != v { distinct.append(v) }
        guard let lo = distinct.first, let hi = distinct.last else { points = []; return }
        let margin = hi > lo ? (hi - lo) * 0.01 : 1
        var thresholds: [Double] = []
        switch orientation {
        case .higherIsPositive:
            thresholds.append(lo)
            for i in 1..<distinct.count { thresholds.append((distinct[i - 1] + distinct[i]) / 2) }
            thresholds.append(hi + margin)
        case .lowerIsPositive:
            thresholds.append(hi)
            for i in stride(from: distinct.count - 1, to: 0, by: -1) {
                thresholds.append((distinct[i - 1] + distinct[i]) / 2)
            }
            thresholds.append(lo - margin)
        }
        points = thresholds.map { t in
            let tp = Self.acceptedCount(pos, threshold: t, orientation: orientation)
            let fp = Self.acceptedCount(neg, threshold: t, orientation: orientation)
            return OperatingPoint(threshold: t, counts: BinaryCounts(
                truePositives: tp, falseNegatives: pos.count - tp,
                falsePositives: fp, trueNegatives: neg.count - fp))
        }
    }

    /// Number of values in sorted `values` accepted at `threshold`.
    static func acceptedCount(_ values: [Double], threshold: Double, orientation: ScoreOrientation) -> Int {
        // First index whose value is >= threshold (higher) or > threshold (lower).
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let goRight = orientation == .higherIsPositive ? values[mid] < threshold : values[mid] <= threshold
            if goRight { lo = mid + 1 } else { hi = mid }
        }
        return orientation == .higherIsPositive ? values.count - lo : lo
    }

    /// The counts a given threshold gives on a set of scores (for a threshold chosen
    /// elsewhere, such as a book preset or one trained on other subjects).
    public static func counts(positives: [Double], negatives: [Double], threshold: Double,
                              orientation: ScoreOrientation) -> BinaryCounts {
        var c = BinaryCounts()
        for v in positives where v.isFinite { c.record(isPositive: true, accepted: orientation.accepts(v, threshold: threshold)) }
        for v in negatives where v.isFinite { c.record(isPositive: false, accepted: orientation.accepts(v, threshold: threshold)) }
        return c
    }

    /// Area under the ROC curve by the trapezoid rule, 0…1; `nil` without both
    /// positives and negatives.
    public var areaUnderCurve: Double? {
        guard let first = points.first, first.counts.positives > 0, first.counts.negatives > 0 else { return nil }
        var area = 0.0
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            area += (a.falsePositiveRate - b.falsePositiveRate) * (a.truePositiveRate + b.truePositiveRate) / 2
        }
        return area
    }

    /// The operating point a criterion picks; ties go to the threshold nearer the
    /// middle of the tied range, so the choice leaves room on both sides.
    /// - Returns: `nil` when the sweep is empty or no threshold meets the target.
    public func operatingPoint(_ criterion: OperatingPointCriterion) -> OperatingPoint? {
        let eligible: [Int]
        let key: (OperatingPoint) -> (Double, Double)
        switch criterion {
        case .maxF1:
            eligible = Array(points.indices)
            key = { ($0.counts.f1, -$0.falsePositiveRate) }
        case .targetFPR(let x):
            eligible = points.indices.filter { points[$0].falsePositiveRate <= x + 1e-12 }
            key = { ($0.truePositiveRate, -$0.falsePositiveRate) }
        case .targetTPR(let x):
            eligible = points.indices.filter { points[$0].truePositiveRate >= x - 1e-12 }
            key = { (-$0.falsePositiveRate, $0.truePositiveRate) }
        }
        guard let bestKey = eligible.map({ key(points[$0]) }).max(by: { $0 < $1 }) else { return nil }
        let tied = eligible.filter { key(points[$0]) == bestKey }
        return points[tied[tied.count / 2]]
    }

    /// At most `maxPoints` points, evenly spread over the sweep and always including the
    /// two ends and `keep`, for plots and reports.
    public func decimated(maxPoints: Int, keeping keep: OperatingPoint? = nil) -> [OperatingPoint] {
        guard points.count > maxPoints, maxPoints >= 2 else { return points }
        var idx = Set((0..<maxPoints).map { $0 * (points.count - 1) / (maxPoints - 1) })
        if let keep, let i = points.firstIndex(of: keep) { idx.insert(i) }
        return idx.sorted().map { points[$0] }
    }
}
