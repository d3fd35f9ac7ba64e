import GestureData
import GestureDetectors
import GestureGeometry

/// How a detector holds up when the same people's strokes arrive as if from another
/// device: each ``StrokeTransform`` of ``StrokeAugmentation/deviceShifts(tolerance:)``
/// applied on its own to every evaluated sample, which is then decided by the thresholds
/// that evaluation used for it (a leave-one-subject-out evaluation's fold thresholds,
/// trained without that subject, so the shift is measured on people the thresholds never
/// saw).
///
/// ```swift
/// let e = try DetectorEvaluator.evaluate(m, positive: "check", thresholds: .train(.falsePositiveRate(0.01), seed: 1),
///                                        protocol: .leaveOneSubjectOut, includeDetails: true)
/// let rows = DeviceShiftEvaluation.run(data, evaluation: e, seed: 1)
/// ```
public enum DeviceShiftEvaluation {
    /// The outcome under one transform.
    public struct Row: Codable, Sendable, Hashable {
        /// The transform in words ("sampling 30 Hz"); "none" for the samples as recorded.
        public var transform: String
        public var truePositiveRate: Double
        public var falsePositiveRate: Double
        public var counts: BinaryCounts
    }

    /// The transforms' rows, after a "none" row (the samples as recorded).
    /// - Parameters:
    ///   - dataset: the samples `evaluation` was computed on, in the same order.
    ///   - evaluation: its `foldThresholds` (when present) decide each subject's samples,
    ///     else its `thresholds` decide all.
    public static func run(_ dataset: Dataset, evaluation e: DetectorEvaluation,
                           transforms: [StrokeTransform]? = nil, seed: UInt64) -> [Row] {
        let shifts = transforms ?? StrokeAugmentation.measuredDeviceShifts(tolerance: .of(e.detector, label: e.positiveLabel))
        var rows = [row("none", dataset, e)]
        for (k, t) in shifts.enumerated() {
            var rng = SeededGenerator(seed: seed &+ UInt64(k) &* 0x9E37_79B9)
            let shifted = Dataset(dataset.samples.map { t.apply($0, using: &rng) })
            rows.append(row(t.description, shifted, e))
        }
        return rows
    }

    static func row(_ name: String, _ data: Dataset, _ e: DetectorEvaluation) -> Row {
        // Measured by every detector that decides some sample (folds may have chosen
        // another detector than the evaluation's, with `--choose-detector`).
        var measured: [DetectorKind: DetectorMeasurements] = [:]
        for t in [e.thresholds] + (e.foldThresholds.map { Array($0.values) } ?? []) where measured[t.kind] == nil {
            measured[t.kind] = DetectorMeasurements.measure(t.kind, dataset: data, settingsFrom: t)
        }
        var counts = BinaryCounts()
        for (i, sample) in data.samples.enumerated() {
            let t = e.foldThresholds?[sample.subject ?? "(none)"] ?? e.thresholds
            guard let m = measured[t.kind] else { continue }
            let fired = e.mode == DetectorEvaluator.Mode.streaming.rawValue ? m.streamFires(t, at: i) : m.accepts(t, at: i)
            counts.record(isPositive: sample.label == e.positiveLabel, accepted: fired)
        }
        return Row(transform: name, truePositiveRate: counts.truePositiveRate,
                   falsePositiveRate: counts.falsePositiveRate, counts: counts)
    }
}
