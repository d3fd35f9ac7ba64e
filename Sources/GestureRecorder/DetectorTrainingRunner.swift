import Foundation
import GestureData
import GestureDetectors
import GestureTraining

/// The page's "Train" button, on what GestureTraining offers today: trains check-mark and
/// circle detector thresholds from the samples in the store (``DetectorTrainer``, positives
/// = the detector's label, negatives = every other label) and reports how the trained
/// thresholds and the ones the page uses now do on the store.
///
/// Nothing is written: the report ends with the command that trains and writes the same
/// thresholds file (`gesturelab train detector …`). A detector whose positive label has
/// no samples, or that has no negatives, is reported as skipped with the reason.
public struct DetectorTrainingRunner: TrainingRunner {
    /// Which label is the positive class of each detector.
    public var positiveLabels: [DetectorKind: String]
    /// The thresholds the page uses now, to compare against.
    public var current: [DetectorKind: DetectorThresholds]
    public var target: BoxTrainer.Target
    public var seed: UInt64

    /// - Parameters:
    ///   - positiveLabels: defaults to `check` for the check mark and `circle` for the circle
    ///     (the $1 logs' names).
    ///   - target: FPR ≤ 1 % by default, as `train detector` does.
    public init(positiveLabels: [DetectorKind: String] = [.checkmark: "check", .circle: "circle"],
                current: [DetectorKind: DetectorThresholds] = [:],
                target: BoxTrainer.Target = .falsePositiveRate(0.01), seed: UInt64 = 1) {
        self.positiveLabels = positiveLabels
        self.current = current
        self.target = target
        self.seed = seed
    }

    public func train(store: SampleStore) async throws -> TrainingReport {
        var samples: [Sample] = []
        var unreadable: [String] = []
        for entry in try store.list() {
            do { samples.append(try store.load(entry)) } catch { unreadable.append("\(error)") }
        }
        let dataset = Dataset(samples)
        var lines = ["store \(store.root.path): \(samples.count) samples, labels "
                     + dataset.countsByLabel.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                     + "; target \(target); seed \(seed)"]
        for u in unreadable { lines.append("skipped unreadable sample: \(u)") }
        var trained = 0
        for kind in DetectorKind.allCases {
            guard let positive = positiveLabels[kind] else { continue }
            lines.append("")
            lines.append("\(kind.rawValue) detector (positive label '\(positive)'):")
            let m = DetectorMeasurements.measure(kind, dataset: dataset)
            let positives = m.labels.filter { $0 == positive }.count
            let people = Set(zip(m.labels, m.subjects).filter { $0.0 == positive }.compactMap(\.1)).count
            if positives < Self.fewPositives || people < 2 {
                lines.append("  warning: \(positives) positive samples from \(people) subject(s): thresholds trained on so few "
                             + "fit these drawings only; record ≥ \(Self.fewPositives) from several people")
            }
            if let now = current[kind] {
                lines.append("  thresholds in use: " + Self.describe(Self.counts(m, now, positive: positive)))
            }
            do {
                let result = try DetectorTrainer.train(m, positive: positive, target: target, seed: seed)
                trained += 1
                let c = result.chosen
                lines.append("  trained here: " + Self.describe(result.training) + " (on its own training samples: optimistic)")
                lines.append("  inner validation: " + Self.describe(c.validation)
                             + ", margin \(c.margin), strictness \(c.strictness)")
                if case .checkmark(let t) = result.thresholds, case .trained(_, let box) = t.rule {
                    lines.append("  box: " + Self.describe(box))
                } else if case .circle(let t) = result.thresholds, case .trained(_, let box) = t.rule {
                    lines.append("  box: " + Self.describe(box))
                }
                lines.append("  not written; to keep it: gesturelab train detector \(kind.rawValue) --dataset \(store.root.path) "
                             + "--positive \(positive) --seed \(seed) --out templates/\(kind.rawValue).json")
            } catch {
                lines.append("  skipped: \(error)")
            }
        }
        let summary = "trained \(trained) of \(DetectorKind.allCases.count) detectors from \(samples.count) samples (seed \(seed))"
        return TrainingReport(summary: summary, text: lines.joined(separator: "\n"))
    }

    /// Below this many positives the report warns that the box will not generalize
    /// (the shipped thresholds were trained on 300 positives from 10 people).
    static let fewPositives = 20

    static func counts(_ m: DetectorMeasurements, _ t: DetectorThresholds, positive: String) -> BinaryCounts {
        var c = BinaryCounts()
        for i in 0..<m.count { c.record(isPositive: m.labels[i] == positive, accepted: m.accepts(t, at: i)) }
        return c
    }

    static func describe(_ c: BinaryCounts) -> String {
        func pct(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }
        return "TPR \(pct(c.truePositiveRate)) (\(c.truePositives)/\(c.positives)), FPR \(pct(c.falsePositiveRate)) (\(c.falsePositives)/\(c.negatives))"
    }

    static func describe(_ box: FeatureBox) -> String {
        box.intervals.sorted { $0.key < $1.key }.map { name, i in
            let lo = i.lower.map { String(format: "%.3g", $0) } ?? "−∞"
            let hi = i.upper.map { String(format: "%.3g", $0) } ?? "∞"
            return "\(name) [\(lo), \(hi)]"
        }.joined(separator: ", ")
    }
}
