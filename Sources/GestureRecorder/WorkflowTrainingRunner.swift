import Foundation
import GestureData
import GestureGeometry
import GestureMatching
import GestureTraining

/// The page's "Train" button running the training workflow (`gesturelab train all`,
/// ``TrainingWorkflow``) on the samples in the store: a template library, per-label
/// rejection thresholds and check-mark / circle detector thresholds, with figures on the
/// training data.
///
/// With ``writesModel`` (the recorder's default) the trained model folder is written
/// atomically to the store's hidden ``StoreModel`` folder and listed in the report's
/// `files`; the server then recognizes with it. Without, nothing is written and the report
/// ends with the command that writes the files.
///
/// The strokes of the store's never-fire bin (``NeverFireBin``) are the training's own
/// negatives (``GestureTraining/TrainingWorkflow/run(_:source:skippedFiles:negatives:settings:progress:)``),
/// each with ``negativeVariants`` stochastic-resampling copies so that one stroke weighs
/// enough for the verifier to learn it; after training, every bin stroke is judged by
/// the new model and the report says which (if any) it still accepts.
public struct WorkflowTrainingRunner: TrainingRunner {
    public var settings: TrainingSettings
    public var writesModel: Bool
    /// Stochastic-resampling copies of each never-fire stroke added to the negatives.
    public var negativeVariants: Int

    public init(settings: TrainingSettings = TrainingSettings(), writesModel: Bool = true, negativeVariants: Int = 20) {
        self.settings = settings
        self.writesModel = writesModel
        self.negativeVariants = negativeVariants
    }

    public func train(store: SampleStore, choice: OperatingPointChoice) async throws -> TrainingReport {
        var runner = self
        choice.apply(to: &runner.settings)
        return try await runner.train(store: store)
    }

    /// The held-out check with this runner's training (and `choice`), on its own thread.
    public func checkHeldOut(store: SampleStore, choice: OperatingPointChoice) async throws -> HeldOutCheck {
        var chosen = settings
        choice.apply(to: &chosen)
        let s = chosen
        let runner = WorkflowTrainingRunner(settings: s, writesModel: false, negativeVariants: negativeVariants)
        return try await TrainingThread.run {
            let (samples, _) = try Self.examples(of: store)
            let negatives = NeverFireBin.samples(of: store).samples
            return try HeldOutCheck.run(samples: samples, negatives: negatives) { train, negatives in
                try HeldOutCheck.workflowJudge(train, negatives: runner.augmented(negatives), settings: s)
            }
        }
    }

    /// Every example in the store, and messages for files that do not load.
    static func examples(of store: SampleStore) throws -> ([Sample], [String]) {
        var samples: [Sample] = []
        var unreadable: [String] = []
        for entry in try store.list() {
            do { samples.append(try store.load(entry)) } catch { unreadable.append("\(error)") }
        }
        return (samples, unreadable)
    }

    /// The never-fire strokes with their stochastic-resampling copies (seeded).
    func augmented(_ negatives: [Sample]) -> [Sample] {
        guard negativeVariants > 0 else { return negatives }
        var rng = SeededGenerator.derived(seed: settings.seed, stream: 911)
        return negatives.flatMap { [$0] + StochasticResampling().variants(of: $0, count: negativeVariants, using: &rng) }
    }

    /// Trains on a thread of its own at a lower priority (``TrainingThread``), so the
    /// server keeps answering while it runs.
    public func train(store: SampleStore) async throws -> TrainingReport {
        try await TrainingThread.run { try self.trainNow(store: store) }
    }

    /// The training itself, on the calling thread.
    public func trainNow(store: SampleStore) throws -> TrainingReport {
        let (samples, unreadable) = try Self.examples(of: store)
        let bin = NeverFireBin.samples(of: store)
        let result = try TrainingWorkflow.run(Dataset(samples), source: store.root.path, skippedFiles: unreadable + bin.unreadable,
                                              negatives: augmented(bin.samples), settings: settings)
        let m = result.manifest
        var lines = ["trained from \(m.dataset.samples) samples (\(m.dataset.labels.count) labels, \(m.dataset.subjects) subjects), "
                     + "seed \(m.seed), data fingerprint \(m.dataset.fingerprint):"]
        lines += m.trained.map { "  ✓ \($0)" }
        lines += m.notTrained.map { "  ✗ not trained: \($0)" }
        lines += m.skippedFiles.map { "  ! skipped file: \($0)" }
        lines += m.notes.map { "  · \($0)" }
        if let choice = OperatingPointChoice.of(m) {
            lines.append("  · operating point: \(choice.title) (\(choice.explanation))")
        }
        lines += Self.neverFireLines(bin.samples, result: result)
        lines.append("")
        lines.append("Figures marked training are on the training data itself (in-sample, optimistic): not estimates of new strokes. "
                     + "For those, use Check my examples (held-out).")
        var files: [String] = []
        if writesModel {
            let folder = StoreModel.folder(of: store)
            try OutputFolder.write(try result.output().files, to: folder, kind: .model)
            files = [folder.path]
            lines.append("Model written to \(folder.path); the page now recognizes with it.")
            lines.append("To use it elsewhere: gesturelab recognize --model \(folder.path) SAMPLE.json")
        } else {
            lines.append("Not written; to keep these files:")
            lines.append("  gesturelab train all --dataset \(store.root.path) --out trained --seed \(settings.seed)")
        }
        let summary = "trained \(m.trained.count) part(s) from \(m.dataset.samples) samples (seed \(m.seed))"
            + (m.notTrained.isEmpty ? "" : ", \(m.notTrained.count) not trained")
        return TrainingReport(summary: summary, text: lines.joined(separator: "\n"), files: files)
    }
}

extension WorkflowTrainingRunner {
    /// The never-fire strokes judged by the newly trained model: all refused, or which
    /// are still accepted and as what.
    static func neverFireLines(_ negatives: [Sample], result: TrainingResult) -> [String] {
        guard !negatives.isEmpty else { return [] }
        guard let model = try? GestureModel(manifest: result.manifest, library: result.library, thresholds: result.rejection,
                                            verifier: result.verifier, detectors: result.detectors) else { return [] }
        let fired = negatives.compactMap { s -> String? in
            model.recognizer.recognize(s.gesture).label.map { "\(s.source ?? "a stroke") accepted as \($0)" }
        }
        if fired.isEmpty {
            return ["  ✓ never-fire bin: all \(negatives.count) stroke(s) refused by the new model"]
        }
        return ["  ✗ never-fire bin: \(fired.count) of \(negatives.count) stroke(s) still accepted by the new model: "
                + fired.prefix(5).joined(separator: "; ") + " (add more strokes like it to the bin, or examples that tell the label apart)"]
    }
}
