import GestureData
import GestureGeometry
import GestureMatching

/// How a per-label rejection threshold is chosen from distances.
public enum RejectionMethod: Hashable, Codable, Sendable {
    /// Mean + k standard deviations of the positives' distances (GRT's μ + 3σ: k = 3).
    case sigma(k: Double)
    /// The threshold that maximizes F1 between positives and negatives (Jackknife).
    case f1
    /// The largest threshold whose false-positive rate on the negatives is ≤ the target.
    case targetFPR(Double)
    /// The smallest threshold keeping at least this fraction of positives accepted.
    case acceptFraction(Double)

    public var name: String {
        switch self {
        case .sigma: return "sigma"
        case .f1: return "f1"
        case .targetFPR: return "target-fpr"
        case .acceptFraction: return "accept-fraction"
        }
    }
}

/// Trains ``RejectionThresholds`` in a matcher's native distance units.
///
/// For each label L, *positives* are the distances from L's samples to their nearest
/// L template, and *negatives* the distances from every non-L sample (other labels,
/// splices) to their nearest L template — a conservative stand-in for "would be
/// accepted as L". Samples identical to a template are left out of the positives.
public enum RejectionTrainer {
    /// Distances per label, ready for ``threshold(positives:negatives:method:)``.
    public struct LabelDistances: Sendable {
        public var positives: [Double] = []
        public var negatives: [Double] = []
    }

    /// Measures positive and negative distances for every template label.
    ///
    /// - Parameters:
    ///   - samples: labelled samples; a sample whose label has no template only adds negatives.
    ///   - extraNegatives: unlabelled negatives (e.g. ``Splicing`` output).
    public static func distances<M: TemplateMatcher>(
        matcher: M, templates: [Template], samples: [Sample], extraNegatives: [Gesture],
        progress: ProgressHandler? = nil
    ) -> [String: LabelDistances] {
        let templateGestures = Set(templates.map(\.gesture))
        let items: [(Gesture, String?)] = samples.map { ($0.gesture, $0.label) } + extraNegatives.map { ($0, nil) }
        let perItem = ParallelUnits.map(count: items.count, progress: progress) { i -> [String: Double] in
            let matches = matcher.recognize(items[i].0, limit: nil)
            var nearest: [String: Double] = [:]
            for m in matches where m.distance < nearest[m.name] ?? .infinity { nearest[m.name] = m.distance }
            return nearest
        }
        var out: [String: LabelDistances] = [:]
        for name in Set(matcher.names) { out[name] = LabelDistances() }
        for (i, nearest) in perItem.enumerated() {
            let (gesture, label) = items[i]
            for (name, d) in nearest {
                if name == label {
                    if !templateGestures.contains(gesture) { out[name]?.positives.append(d) }
                } else {
                    out[name]?.negatives.append(d)
                }
            }
        }
        return out
    }

    /// The threshold for one label.
    ///
    /// Edge cases: no positives → `0` (accept only exact matches); `.f1` / `.targetFPR`
    /// without negatives fall back to the largest positive distance.
    public static func threshold(positives: [Double], negatives: [Double], method: RejectionMethod) -> Double {
        let pos = positives.sorted(), neg = negatives.sorted()
        guard !pos.isEmpty else { return 0 }
        switch method {
        case .sigma(let k):
            let mean = pos.reduce(0, +) / Double(pos.count)
            let variance = pos.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(pos.count)
            return mean + k * variance.squareRoot()
        case .acceptFraction(let f):
            let k = Swift.max(1, Swift.min(pos.count, Int((f * Double(pos.count)).rounded(.up))))
            return pos[k - 1]
        case .f1:
            guard !neg.isEmpty else { return pos[pos.count - 1] }
            var best = (f1: -1.0, threshold: pos[0])
            var ip = 0, ineg = 0
            for c in Array(Set(pos)).sorted() {
                while ip < pos.count && pos[ip] <= c { ip += 1 }
                while ineg < neg.count && neg[ineg] <= c { ineg += 1 }
                let counts = BinaryCounts(truePositives: ip, falseNegatives: pos.count - ip,
                                          falsePositives: ineg, trueNegatives: neg.count - ineg)
                if counts.f1 > best.f1 { best = (counts.f1, c) }
            }
            return best.threshold
        case .targetFPR(let target):
            guard !neg.isEmpty else { return pos[pos.count - 1] }
            // Accept d ≤ threshold; at most floor(target · n) negatives may be at or below it.
            let allowed = Int((target * Double(neg.count)).rounded(.down))
            if allowed >= neg.count { return Swift.max(pos[pos.count - 1], neg[neg.count - 1]) }
            // Just below the (allowed+1)-th smallest negative.
            return neg[allowed].nextDown
        }
    }

    /// Trains thresholds for every template label of `library`.
    ///
    /// When `samples` hold fewer than two labels, `spliceCount` splices of the samples
    /// and templates serve as negatives (seeded by `seed`).
    public static func train<M: TemplateMatcher>(
        library: TemplateLibrary, matcher: M.Type, settings: M.Settings, samples: [Sample],
        method: RejectionMethod, spliceCount: Int = 500, seed: UInt64 = 1, progress: ProgressHandler? = nil
    ) -> (thresholds: RejectionThresholds, distances: [String: LabelDistances], splices: Int) {
        let m = M(library: library, settings: settings)
        let labels = Set(samples.compactMap(\.label))
        var splices: [Gesture] = []
        if labels.count < 2 {
            var rng = SeededGenerator(seed: seed)
            let pool = samples.map(\.gesture) + library.templates.map(\.gesture)
            let poolLabels = samples.map { $0.label ?? "" } + library.templates.map(\.name)
            splices = Splicing.negatives(from: pool, labels: Set(poolLabels).count >= 2 ? poolLabels : nil,
                                         count: spliceCount, using: &rng)
        }
        let d = distances(matcher: m, templates: library.templates, samples: samples, extraNegatives: splices, progress: progress)
        var thresholds: [String: Double] = [:]
        for (name, ld) in d { thresholds[name] = threshold(positives: ld.positives, negatives: ld.negatives, method: method) }
        var info: [String: SettingValue] = ["seed": SettingValue(seed), "samples": SettingValue(samples.count),
                                            "splices": SettingValue(splices.count)]
        switch method {
        case .sigma(let k): info["k"] = SettingValue(k)
        case .targetFPR(let x): info["targetFPR"] = SettingValue(x)
        case .acceptFraction(let f): info["acceptFraction"] = SettingValue(f)
        case .f1: break
        }
        return (RejectionThresholds(algorithm: M.algorithm, method: method.name, thresholds: thresholds, settings: info), d, splices.count)
    }
}
