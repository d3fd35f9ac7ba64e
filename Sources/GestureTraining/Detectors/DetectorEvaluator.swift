import GestureData
import GestureDetectors

/// Replays a detector's decision on cached measurements under an evaluation protocol.
///
/// ```swift
/// let m = DetectorMeasurements.measure(.circle, dataset: data)
/// let e = try DetectorEvaluator.evaluate(m, positive: "circle", thresholds: .train(.falsePositiveRate(0.01), seed: 1),
///                                        protocol: .leaveOneSubjectOut)
/// ```
public enum DetectorEvaluator {
    public enum EvaluationProtocol: String, CaseIterable, Codable, Sendable {
        /// Every sample tested with one set of thresholds (trained on all samples when training).
        case all
        /// Each subject tested with thresholds trained on the others; results pooled.
        case leaveOneSubjectOut = "leave-one-subject-out"
    }

    public enum Mode: String, CaseIterable, Codable, Sendable {
        /// Decision on the whole stroke (cached features).
        case whole
        /// The point-by-point detector has fired by the end of the stroke.
        case streaming
    }

    public enum Thresholds: Sendable {
        case fixed(AnyDetectorThresholds, name: String)
        case train(BoxTrainer.Target, seed: UInt64)
    }

    /// Another draw of the generated training data, for bagging: the recorded samples with
    /// the generated negatives and copies made with `seed` (the same detectors as the
    /// evaluation's, in the same order).
    public struct BagMember {
        public var measured: DetectorMeasurements
        public var extra: DetectorMeasurements?
        public var otherDetectors: [(measured: DetectorMeasurements, extra: DetectorMeasurements?)]
        public var seed: UInt64

        public init(measured: DetectorMeasurements, extra: DetectorMeasurements?,
                    otherDetectors: [(measured: DetectorMeasurements, extra: DetectorMeasurements?)] = [], seed: UInt64) {
            self.measured = measured
            self.extra = extra
            self.otherDetectors = otherDetectors
            self.seed = seed
        }
    }

    /// Evaluates and pools the counts.
    /// - Parameters:
    ///   - includeDetails: add per-sample outcomes and scores, and per-fold thresholds.
    ///   - trainingExtra: further training samples (augmented copies of `m`'s, see
    ///     ``StrokeAugmentation``), used only to train: a fold trains on those whose
    ///     subject it does not test, and is tested on `m`'s samples alone.
    ///   - chooseSettings: when training, also choose the preparation among
    ///     ``GestureDetectors/ShapeSettings/variants`` on each fold's inner folds.
    ///   - otherDetectors: when training, the same samples measured by other detectors (with
    ///     their own augmented copies): each fold trains every detector and keeps the one
    ///     whose box did best on its inner folds (``DetectorTrainer/train(_:positive:indices:target:seed:trainer:progress:)``;
    ///     a tie keeps `m`'s detector). Fold and shipped thresholds may then be of any of them.
    ///   - deviceShifts: when training, choose everything on the inner folds by the worst of
    ///     these device shifts as well (``DetectorTrainer/train(_:positive:indices:target:seed:trainer:shifted:progress:)``):
    ///     the held-out subjects' samples, each shift applied alone, must meet the target too.
    ///   - heldOut: when training, another dataset held out whole that every fold's choices
    ///     must hold on too (``DetectorTrainer/HeldOutDataset``), with the labels that are the
    ///     gesture in it. It is never scored as test data.
    ///   - bagging: when training, other draws of the generated training data: each fold's
    ///     (and the final) thresholds are then the median box of the first draw's and of
    ///     each draw's trained like it (``DetectorTrainer/trainLike(_:_:positive:indices:target:seed:trainer:shifted:heldOut:)``,
    ///     ``DetectorTrainer/median(_:)``). Test rows are always `m`'s.
    ///   - allowMissingPositives: with fixed thresholds, score data without positives instead
    ///     of refusing it: the FPR per label is then what counts. (Without it, data with no
    ///     sample of `positive` is refused, naming the labels it has: most often the label
    ///     was mistyped.) Fixed thresholds always score data without negatives (a person's
    ///     own check marks): the TPR is then what counts, and the FPR has no samples.
    ///   - trainer: the box trainer's settings when training (``BoxTrainer/release``).
    ///   - progress: (done, total) over folds (training) or samples.
    /// - Throws: ``DetectorTrainingError`` when there are no positives or negatives, or a
    ///   training fold is empty.
    public static func evaluate(_ m: DetectorMeasurements, positive: String, thresholds choice: Thresholds,
                                protocol proto: EvaluationProtocol, mode: Mode = .whole,
                                includeDetails: Bool = false, trainingExtra: DetectorMeasurements? = nil,
                                chooseSettings: Bool = false,
                                otherDetectors: [(measured: DetectorMeasurements, extra: DetectorMeasurements?)] = [],
                                deviceShifts: [StrokeTransform] = [],
                                heldOut: (dataset: Dataset, positives: Set<String>)? = nil, bagging: [BagMember] = [],
                                allowMissingPositives: Bool = false, trainer: BoxTrainer = BoxTrainer(),
                                progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> DetectorEvaluation {
        let isPositive = m.labels.map { $0 == positive }
        // Fixed thresholds may be scored on data without positives when asked (check marks
        // on a vocabulary that has none: the FPR per label is then what counts), and on data
        // without negatives always (a person's own check marks: the TPR is what counts).
        var isFixed = false
        if case .fixed = choice { isFixed = true }
        guard isPositive.contains(true) || (isFixed && allowMissingPositives) else {
            throw DetectorTrainingError.noPositives(label: positive, labels: Array(Set(m.labels.compactMap { $0 })).sorted())
        }
        guard isPositive.contains(false) || isFixed else { throw DetectorTrainingError.noNegatives(label: positive) }

        // Folds: (name, test indices).
        let subjectOf = m.subjects.map { $0 ?? "(none)" }
        var folds: [(String, [Int])]
        switch proto {
        case .all: folds = [("all", Array(0..<m.count))]
        case .leaveOneSubjectOut:
            let grouped = Dictionary(grouping: 0..<m.count) { subjectOf[$0] }
            folds = grouped.keys.sorted().map { ($0, grouped[$0] ?? []) }
        }

        var decisions = [Bool](repeating: false, count: m.count)
        var margins = [Double?](repeating: nil, count: m.count)
        var shipped: AnyDetectorThresholds?
        var foldThresholds: [String: AnyDetectorThresholds]?
        var target: BoxTrainer.Target?
        var seedUsed: UInt64?
        var done = 0

        // The measurements of each detector that may decide (the thresholds' own kind).
        let measuredBy = [m] + otherDetectors.map(\.measured)
        func decide(_ t: AnyDetectorThresholds, _ indices: [Int], progressing: Bool = false) {
            let mt = measuredBy.first { $0.kind == t.kind } ?? m
            let whole = mode == .whole ? mt.decider(t) : nil
            for i in indices {
                if let whole {
                    let d = whole(i)
                    decisions[i] = d.accepted
                    margins[i] = d.margin.flatMap { $0.isFinite ? $0 : nil }
                } else {
                    decisions[i] = mt.streamFires(t, at: i)
                }
                if progressing {
                    done += 1
                    progress?(done, m.count)
                }
            }
        }

        switch choice {
        case .fixed(let t, _):
            shipped = t
            decide(t, Array(0..<m.count), progressing: true)
        case .train(let tgt, let seed):
            target = tgt
            seedUsed = seed
            let total = folds.count + (proto == .leaveOneSubjectOut ? 1 : 0)
            var perFold: [String: AnyDetectorThresholds] = [:]
            // Every detector's and preparation's measurements made once; each fold chooses
            // among them on its own inner folds.
            func pooled(_ base: DetectorMeasurements, _ baseExtra: DetectorMeasurements?,
                        _ others: [(measured: DetectorMeasurements, extra: DetectorMeasurements?)],
                        seed: UInt64) -> (pools: [DetectorMeasurements], shifted: [[DetectorMeasurements]]) {
                var pools: [DetectorMeasurements] = [], shifted: [[DetectorMeasurements]] = []
                for (measured, extra) in [(base, baseExtra)] + others {
                    precondition(measured.count == base.count && measured.labels == base.labels && measured.subjects == base.subjects,
                                 "other detectors must measure the same samples")
                    precondition(extra?.count == baseExtra?.count, "every detector needs the same augmented copies")
                    let pool = extra.map { measured.appending($0) } ?? measured
                    let variants = pool.settingsVariants(choosing: chooseSettings)
                    pools += variants
                    shifted += measured.shifted(by: deviceShifts, seed: seed, as: variants)
                }
                return (pools, shifted)
            }
            let (pools, shiftedPools) = pooled(m, trainingExtra, otherDetectors, seed: seed)
            let bagPools = bagging.map { pooled($0.measured, $0.extra, $0.otherDetectors, seed: $0.seed) }
            let heldOutPools = heldOut.map { DetectorTrainer.HeldOutDataset($0.dataset, positives: $0.positives, like: pools) }
            // A fold's training rows of one draw: its samples of other subjects (all for
            // `.all`), then its copies of other subjects (indices after the samples).
            func trainingRows(_ measured: DetectorMeasurements, _ extra: DetectorMeasurements?, leaving name: String) -> [Int] {
                var rows = (0..<measured.count).filter { proto == .all || (measured.subjects[$0] ?? "(none)") != name }
                if let extra {
                    rows += (0..<extra.count).filter { proto == .all || (extra.subjects[$0] ?? "(none)") != name }
                        .map { measured.count + $0 }
                }
                return rows
            }
            // The fold's thresholds: chosen on the first draw; with bagging, the median of
            // that box and the other draws' boxes trained like it.
            func trained(indices: [Int]?, leaving name: String) throws -> AnyDetectorThresholds {
                let first = try DetectorTrainer.train(pools, positive: positive, indices: indices, target: tgt, seed: seed,
                                                      trainer: trainer, shifted: shiftedPools, heldOut: heldOutPools).thresholds
                guard !bagging.isEmpty else { return first }
                var members = [first]
                for (member, p) in zip(bagging, bagPools) {
                    members.append(try DetectorTrainer.trainLike(first, p.pools, positive: positive,
                                                                 indices: indices.map { _ in trainingRows(member.measured, member.extra, leaving: name) },
                                                                 target: tgt, seed: member.seed, trainer: trainer, shifted: p.shifted,
                                                                 heldOut: heldOutPools).thresholds)
                }
                return DetectorTrainer.median(members)
            }
            for (name, test) in folds {
                let t: AnyDetectorThresholds
                do {
                    t = try trained(indices: trainingRows(m, trainingExtra, leaving: name), leaving: name)
                } catch DetectorTrainingError.noPositives, DetectorTrainingError.noNegatives {
                    throw DetectorTrainingError.emptyFold(subject: name)
                }
                perFold[name] = t
                decide(t, test)
                done += 1
                progress?(done, total)
            }
            if proto == .leaveOneSubjectOut {
                shipped = try trained(indices: nil, leaving: "")
                foldThresholds = perFold
                progress?(total, total)
            } else {
                shipped = perFold["all"]
            }
        }

        guard let shipped else { throw DetectorTrainingError.emptyFold(subject: "all") }
        // The detector's default book preset beside thresholds that are not a book rule.
        var book: (title: String, decides: (Int) -> Bool)?
        if shipped.isTrained, let preset = m.kind.bookPresets.first {
            switch mode {
            case .whole:
                let d = m.decider(preset.thresholds)
                book = (preset.title, { d($0).accepted })
            case .streaming:
                book = (preset.title, { m.streamFires(preset.thresholds, at: $0) })
            }
        }
        var tally = DetectorTally(kind: m.kind, positive: positive)
        for i in 0..<m.count {
            tally.record(label: m.labels[i], subject: subjectOf[i], device: m.devices[i], accepted: decisions[i], margin: margins[i],
                         book: book.map { ($0.title, $0.decides(i)) })
        }
        let counts = tally.counts
        func result(_ c: BinaryCounts) -> DetectorEvaluation.SubjectResult {
            DetectorEvaluation.SubjectResult(truePositiveRate: c.truePositiveRate, falsePositiveRate: c.falsePositiveRate,
                                             positives: c.positives, negatives: c.negatives, falseDetections: c.falsePositives)
        }
        let perSubject = tally.perSubject.mapValues(result)
        let samples: [DetectorEvaluation.SampleOutcome]? = includeDetails ? (0..<m.count).map {
            .init(index: $0, label: m.labels[$0], subject: m.subjects[$0], device: m.devices[$0], source: m.sources[$0],
                  positive: isPositive[$0], detected: decisions[$0], margin: margins[$0],
                  measures: m.vectors[$0].map { Dictionary(zip(m.featureNames, $0), uniquingKeysWith: { a, _ in a }) })
        } : nil
        let sourceName: String
        switch choice {
        case .fixed(_, let name): sourceName = name
        case .train: sourceName = "train"
        }
        return DetectorEvaluation(
            detector: m.kind, positiveLabel: positive, evaluationProtocol: proto.rawValue, mode: mode.rawValue,
            thresholdsSource: sourceName, truePositiveRate: counts.truePositiveRate,
            falsePositiveRate: counts.falsePositiveRate, positives: counts.positives, negatives: counts.negatives,
            counts: counts, perLabel: tally.acceptedByLabel, perLabelCounts: tally.perLabel,
            falseDetections: tally.falseDetections, perSubject: perSubject,
            perDevice: tally.perDevice.isEmpty ? nil : tally.perDevice.mapValues(result), bookPreset: tally.bookOperatingPoint,
            thresholds: shipped, foldThresholds: includeDetails ? foldThresholds : nil, trainingTarget: target,
            seed: seedUsed, samples: samples, tally: tally)
    }
}
