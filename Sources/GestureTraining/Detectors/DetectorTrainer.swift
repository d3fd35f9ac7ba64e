import GestureData
import GestureDetectors

/// Trains detector thresholds from cached measurements.
///
/// ```swift
/// let m = DetectorMeasurements.measure(.checkmark, dataset: data)
/// let result = try DetectorTrainer.train(m, positive: "check", target: .falsePositiveRate(0.01), seed: 1)
/// ```
public enum DetectorTrainer {
    /// A trained detector with how it did on its own training data.
    public struct Result: Sendable {
        public var thresholds: AnyDetectorThresholds
        /// The chosen (trim, margin) with its inner-validation counts.
        public var chosen: BoxTrainer.Candidate
        /// Counts of the final box on all training samples (optimistic).
        public var training: BinaryCounts
    }

    /// Another dataset, held out whole, that every choice must also hold on: nothing is
    /// fitted on it, but each (margin, strictness) candidate's box — fitted on all the
    /// training samples — is scored on it, its `positives` labels as the gesture and each
    /// other label as a negative family of its own (`held-out:<label>`), and the choice of
    /// margin, strictness, preparation and detector goes by the worst of the inner folds,
    /// the device shifts and this dataset (``BoxTrainer/Candidate/decisive``). Train on one
    /// study, validate on another: the operating point is then chosen for people, devices
    /// and vocabularies the training samples do not contain.
    public struct HeldOutDataset: Sendable {
        /// The dataset measured as each of the trainer's variants (same order).
        public var measured: [DetectorMeasurements]
        /// The labels that are the gesture (may be empty: then it supplies negatives only).
        public var positives: Set<String>

        public init(measured: [DetectorMeasurements], positives: Set<String>) {
            self.measured = measured
            self.positives = positives
        }

        /// `dataset` measured as each of `variants` (each variant's detector and settings).
        public init(_ dataset: Dataset, positives: Set<String>, like variants: [DetectorMeasurements]) {
            var byKind: [DetectorKind: DetectorMeasurements] = [:]
            measured = variants.map { v in
                let m = byKind[v.kind] ?? DetectorMeasurements.measure(v.kind, dataset: dataset)
                byKind[v.kind] = m
                return m.remeasured(with: v.settings)
            }
            self.positives = positives
        }
    }

    /// Trains on the samples at `indices` (all when `nil`): positives are those labelled
    /// `positive`, negatives all others.
    /// - Throws: ``DetectorTrainingError/noPositives(label:labels:)`` or
    ///   ``DetectorTrainingError/noNegatives(label:)``.
    public static func train(_ m: DetectorMeasurements, positive: String, indices: [Int]? = nil,
                             target: BoxTrainer.Target, seed: UInt64, trainer: BoxTrainer = BoxTrainer(),
                             progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> Result {
        try train([m], positive: positive, indices: indices, target: target, seed: seed, trainer: trainer, progress: progress)
    }

    /// Trains on the same samples measured with several settings (``DetectorMeasurements/remeasured(with:)``,
    /// ``ShapeSettings/variants``) and keeps the settings whose chosen box did best on the
    /// inner leave-one-subject-out folds (by ``BoxTrainer/choose(_:target:)``'s rule; a tie
    /// keeps the earlier settings). So the preparation too is chosen on held-out subjects,
    /// never on the data the result is tested on.
    ///
    /// With `shifted` (for each variant, its first samples measured after each device shift,
    /// ``DetectorMeasurements/shifted(by:seed:)`` remeasured with the variant's settings),
    /// every choice goes by the worst device on the inner folds (``BoxTrainer/Candidate/decisive``):
    /// the target must hold on each shifted device, not only on average.
    ///
    /// With `heldOut`, every choice also goes by another dataset held out whole (``HeldOutDataset``).
    /// - Precondition: `variants` is not empty and holds the same samples in the same order;
    ///   `shifted` is empty or has one list per variant, each of the same length; `heldOut`
    ///   is measured like `variants`.
    public static func train(_ variants: [DetectorMeasurements], positive: String, indices: [Int]? = nil,
                             target: BoxTrainer.Target, seed: UInt64, trainer: BoxTrainer = BoxTrainer(),
                             shifted: [[DetectorMeasurements]] = [], heldOut: HeldOutDataset? = nil,
                             progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> Result {
        precondition(!variants.isEmpty, "no measurements to train on")
        precondition(shifted.isEmpty || (shifted.count == variants.count && Set(shifted.map(\.count)).count == 1),
                     "shifted measurements: one list per variant, each with every shift")
        precondition(heldOut.map { $0.measured.count == variants.count } ?? true, "held-out dataset: one measurement per variant")
        var best: (prepared: Prepared, chosen: BoxTrainer.Candidate)?
        for (v, m) in variants.enumerated() {
            let p = try Prepared(m, positive: positive, indices: indices, trainer: trainer)
            var candidates = p.trainer.candidates(vectors: p.vectors, isPositive: p.isPositive,
                                                  groups: p.indices.map { m.subjects[$0] }, names: m.featureNames,
                                                  target: target, seed: seed,
                                                  shifted: shifted.isEmpty ? nil : p.shiftedVectors(shifted[v]),
                                                  families: p.families) {
                progress?(v * $1 + $0, variants.count * $1)
            }
            if let heldOut { candidates = p.scored(candidates, on: heldOut.measured[v], positives: heldOut.positives, target: target) }
            guard let chosen = BoxTrainer.choose(candidates, target: target) else {
                throw DetectorTrainingError.noPositives(label: positive, labels: [])
            }
            if let b = best, !BoxTrainer.isBetter(chosen, than: b.chosen, target: target) { continue }
            best = (p, chosen)
        }
        guard let (p, chosen) = best else { throw DetectorTrainingError.noPositives(label: positive, labels: []) }
        // The box of the chosen variant, fitted on all its samples.
        let m = p.measurements
        let goals = BoxTrainer.goals(target, strictness: chosen.strictness)
        let box = p.trainer.fit(vectors: p.vectors, isPositive: p.isPositive, names: m.featureNames, margin: chosen.margin,
                                fprGoal: goals.fprGoal, tprFloor: goals.tprFloor, families: p.families)
        // A detector trained per label records it; a model folder's detectors are named by their file.
        let thresholds = m.kind.trained(settings: m.settings, box: box, label: m.kind.defaultLabel == nil ? positive : nil)
        var training = BinaryCounts()
        for (k, i) in p.indices.enumerated() { training.record(isPositive: p.isPositive[k], accepted: m.accepts(thresholds, at: i)) }
        return Result(thresholds: thresholds, chosen: chosen, training: training)
    }

    /// Bagging, one member: trains on `variants` restricted to the one measured as `chosen`
    /// is (its detector and settings; an earlier member's choice), so that every member's
    /// box bounds the same measures and their median (``median(_:)``) means something.
    /// `shifted` and `heldOut` are given for all of `variants`, as to ``train(_:positive:indices:target:seed:trainer:shifted:heldOut:progress:)``.
    /// - Throws: as that function; ``DetectorTrainingError/noPositives(label:labels:)`` when no
    ///   variant is measured like `chosen`.
    public static func trainLike(_ chosen: AnyDetectorThresholds, _ variants: [DetectorMeasurements], positive: String,
                                 indices: [Int]? = nil, target: BoxTrainer.Target, seed: UInt64, trainer: BoxTrainer = BoxTrainer(),
                                 shifted: [[DetectorMeasurements]] = [], heldOut: HeldOutDataset? = nil) throws -> Result {
        guard let v = variants.firstIndex(where: { $0.kind == chosen.kind && $0.settings == chosen.settings }) else {
            throw DetectorTrainingError.noPositives(label: positive, labels: [])
        }
        return try train([variants[v]], positive: positive, indices: indices, target: target, seed: seed, trainer: trainer,
                         shifted: shifted.isEmpty ? [] : [shifted[v]],
                         heldOut: heldOut.map { HeldOutDataset(measured: [$0.measured[v]], positives: $0.positives) })
    }

    /// Bagging: `members` (trained boxes of one detector and settings, each on data made
    /// with another seed) as one, whose box is the median of theirs (``GestureDetectors/FeatureBox/median(_:)``).
    /// The first member's label and provenance are kept. A box trained on generated copies
    /// and generated negatives follows which few of them the greedy cuts happen to meet;
    /// the median of several draws does not.
    /// - Precondition: `members` is not empty, and all are trained boxes of one detector and settings.
    public static func median(_ members: [AnyDetectorThresholds]) -> AnyDetectorThresholds {
        precondition(!members.isEmpty, "no members to bag")
        let first = members[0]
        guard members.count > 1, let firstBox = first.trainedBox else { return first }
        let boxes = members.compactMap { m -> FeatureBox? in
            precondition(m.kind == first.kind && m.trainedBox?.settings == firstBox.settings,
                         "bagged thresholds must be trained boxes of one detector and settings")
            return m.trainedBox?.box
        }
        var out = first.kind.trained(settings: firstBox.settings, box: FeatureBox.median(boxes), label: first.kind.defaultLabel == nil ? first.label : nil)
        out.provenance = first.provenance
        return out
    }

    /// One set of measurements made ready to train on: the samples at `indices` (all when
    /// `nil`), their labels as positive or not, their vectors, and the trainer with the
    /// detector's reference shapes measured with these settings.
    private struct Prepared {
        let measurements: DetectorMeasurements
        let indices: [Int]
        let isPositive: [Bool]
        let vectors: [[Double]?]
        /// Each row's negative family (``BoxTrainer/family(ofLabel:)``; positives count as recorded).
        let families: [String]
        var trainer: BoxTrainer

        init(_ m: DetectorMeasurements, positive: String, indices: [Int]?, trainer: BoxTrainer) throws {
            measurements = m
            self.indices = indices ?? Array(0..<m.count)
            isPositive = self.indices.map { m.labels[$0] == positive }
            guard isPositive.contains(true) else {
                throw DetectorTrainingError.noPositives(label: positive,
                                                        labels: Array(Set(self.indices.compactMap { m.labels[$0] })).sorted())
            }
            guard isPositive.contains(false) else { throw DetectorTrainingError.noNegatives(label: positive) }
            vectors = self.indices.map { m.vectors[$0] }
            families = self.indices.map { m.labels[$0] == positive ? "recorded" : BoxTrainer.family(ofLabel: m.labels[$0]) }
            self.trainer = trainer
            self.trainer.countFeatures.formUnion(m.kind.detector.countFeatureNames)
            self.trainer.untrainedFeatures.formUnion(m.kind.detector.untrainedFeatureNames)
            self.trainer.limits.merge(m.kind.detector.definitionLimits(settings: m.settings)) { a, b in
                a.clamped(to: b)   // both hold (ranges that do not meet: the detector's end nearest the other)
            }
            self.trainer.references += DetectorTrainer.referenceShapes(m.kind, label: positive, settings: m.settings)
        }

        /// `candidates` with each one's box, fitted on all these training rows, scored on
        /// `other` (a dataset held out whole, measured as these): ``BoxTrainer/Candidate/heldOutDataset``
        /// and one `held-out:<label>` family per negative label.
        func scored(_ candidates: [BoxTrainer.Candidate], on other: DetectorMeasurements, positives: Set<String>,
                    target: BoxTrainer.Target) -> [BoxTrainer.Candidate] {
            precondition(other.kind == measurements.kind && other.settings == measurements.settings,
                         "the held-out dataset must be measured as the samples it validates")
            let names = measurements.featureNames
            guard let profile = trainer.profile(vectors: vectors, isPositive: isPositive, names: names) else { return candidates }
            return candidates.map { c in
                let goals = BoxTrainer.goals(target, strictness: c.strictness)
                let box = trainer.fit(vectors: vectors, isPositive: isPositive, names: names, margin: c.margin,
                                      fprGoal: goals.fprGoal, tprFloor: goals.tprFloor, families: families, profile: profile)
                let compiled = CompiledBox(box, names: names)
                var scored = c, counts = BinaryCounts(), byFamily = c.familyValidation ?? [:]
                for i in 0..<other.count {
                    let accepted = other.vectors[i].map(compiled.accepts) ?? false
                    let label = other.labels[i] ?? "(unlabelled)"
                    let isPositive = positives.contains(label)
                    counts.record(isPositive: isPositive, accepted: accepted)
                    if !isPositive { byFamily["held-out:" + label, default: BinaryCounts()].record(isPositive: false, accepted: accepted) }
                }
                scored.heldOutDataset = counts
                scored.familyValidation = byFamily
                return scored
            }
        }

        /// The training rows that have shifted forms in `shifts` (the samples they measure,
        /// not augmented copies appended after them), with those forms' vectors.
        func shiftedVectors(_ shifts: [DetectorMeasurements]) -> BoxTrainer.ShiftedVectors {
            let measured = shifts.map(\.count).min() ?? 0
            let rows = indices.indices.filter { indices[$0] < measured }
            return BoxTrainer.ShiftedVectors(rows: rows, vectors: shifts.map { s in
                precondition(s.kind == measurements.kind && s.settings == measurements.settings,
                             "shifted samples must be measured as the samples they shift")
                return rows.map { s.vectors[indices[$0]] }
            })
        }
    }

    /// Feature values of the shapes a trained box must always accept, measured by `kind`
    /// with `settings`: the reference strokes of the gesture (``GestureDetectors/ShapeDetector/referenceStrokes``:
    /// ideal circles, ruler-straight check marks) — the detector's own, and when `kind` learns
    /// the label another detector is made for (the general detector trained for `check`),
    /// that detector's too: the ideal shape belongs to the gesture, not to the measures.
    static func referenceShapes(_ kind: DetectorKind, label: String? = nil, settings: ShapeSettings) -> [[String: Double]] {
        let owner = label.flatMap { l in DetectorKind.allCases.first { $0.defaultLabel == l && $0 != kind } }
        let strokes = kind.detector.referenceStrokes + (owner?.detector.referenceStrokes ?? [])
        return strokes.compactMap { stroke in
            kind.detector.featureVector(stroke, settings: settings).map {
                Dictionary(uniqueKeysWithValues: zip(kind.detector.featureNames, $0))
            }
        }
    }
}
