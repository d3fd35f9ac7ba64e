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
    /// - Precondition: `variants` is not empty and holds the same samples in the same order.
    public static func train(_ variants: [DetectorMeasurements], positive: String, indices: [Int]? = nil,
                             target: BoxTrainer.Target, seed: UInt64, trainer: BoxTrainer = BoxTrainer(),
                             progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> Result {
        precondition(!variants.isEmpty, "no measurements to train on")
        var best: (m: DetectorMeasurements, chosen: BoxTrainer.Candidate)?
        for (v, m) in variants.enumerated() {
            let chosen = try choose(m, positive: positive, indices: indices, target: target, seed: seed, trainer: trainer) {
                progress?(v * $1 + $0, variants.count * $1)
            }
            if let b = best, !BoxTrainer.isBetter(chosen, than: b.chosen, target: target) { continue }
            best = (m, chosen)
        }
        guard let (m, chosen) = best else { throw DetectorTrainingError.noPositives(label: positive, labels: []) }
        return try fit(m, positive: positive, indices: indices, chosen: chosen, target: target, trainer: trainer)
    }

    /// The inner-fold choice of margin and strictness for one set of measurements.
    private static func choose(_ m: DetectorMeasurements, positive: String, indices: [Int]?, target: BoxTrainer.Target,
                               seed: UInt64, trainer: BoxTrainer,
                               progress: ((_ done: Int, _ total: Int) -> Void)?) throws -> BoxTrainer.Candidate {
        var trainer = trainer
        trainer.references += referenceShapes(m.kind, settings: m.settings)
        let idx = indices ?? Array(0..<m.count)
        let isPositive = idx.map { m.labels[$0] == positive }
        guard isPositive.contains(true) else {
            throw DetectorTrainingError.noPositives(label: positive,
                                                    labels: Array(Set(idx.compactMap { m.labels[$0] })).sorted())
        }
        guard isPositive.contains(false) else { throw DetectorTrainingError.noNegatives(label: positive) }
        let vectors = idx.map { m.vectors[$0] }
        let names = m.featureNames
        let candidates = trainer.candidates(vectors: vectors, isPositive: isPositive, groups: idx.map { m.subjects[$0] },
                                            names: names, target: target, seed: seed, progress: progress)
        guard let chosen = BoxTrainer.choose(candidates, target: target) else {
            throw DetectorTrainingError.noPositives(label: positive, labels: [])
        }
        return chosen
    }

    /// The box of `chosen` fitted on all the samples at `indices`.
    private static func fit(_ m: DetectorMeasurements, positive: String, indices: [Int]?, chosen: BoxTrainer.Candidate,
                            target: BoxTrainer.Target, trainer: BoxTrainer) throws -> Result {
        var trainer = trainer
        trainer.references += referenceShapes(m.kind, settings: m.settings)
        let idx = indices ?? Array(0..<m.count)
        let isPositive = idx.map { m.labels[$0] == positive }
        let vectors = idx.map { m.vectors[$0] }
        let names = m.featureNames
        let goals = BoxTrainer.goals(target, strictness: chosen.strictness)
        let box = trainer.fit(vectors: vectors, isPositive: isPositive, names: names, margin: chosen.margin,
                              fprGoal: goals.fprGoal, tprFloor: goals.tprFloor)
        // A detector trained per label records it; a model folder's detectors are named by their file.
        let thresholds = m.kind.trained(settings: m.settings, box: box, label: m.kind.defaultLabel == nil ? positive : nil)
        var training = BinaryCounts()
        for (k, i) in idx.enumerated() { training.record(isPositive: isPositive[k], accepted: m.accepts(thresholds, at: i)) }
        return Result(thresholds: thresholds, chosen: chosen, training: training)
    }

    /// Feature values of the shapes a trained box must always accept (the detector's
    /// reference strokes, e.g. ``CircleDetector/referenceStrokes``), measured with `settings`.
    static func referenceShapes(_ kind: DetectorKind, settings: ShapeSettings) -> [[String: Double]] {
        kind.detector.referenceStrokes.compactMap { stroke in
            kind.detector.featureVector(stroke, settings: settings).map {
                Dictionary(uniqueKeysWithValues: zip(kind.detector.featureNames, $0))
            }
        }
    }
}
