import Foundation
import GestureData
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
public struct WorkflowTrainingRunner: TrainingRunner {
    public var settings: TrainingSettings
    public var writesModel: Bool

    public init(settings: TrainingSettings = TrainingSettings(), writesModel: Bool = true) {
        self.settings = settings
        self.writesModel = writesModel
    }

    /// Trains on a thread of its own at a lower priority (``TrainingThread``), so the
    /// server keeps answering while it runs.
    public func train(store: SampleStore) async throws -> TrainingReport {
        try await TrainingThread.run { try self.trainNow(store: store) }
    }

    /// The training itself, on the calling thread.
    public func trainNow(store: SampleStore) throws -> TrainingReport {
        var samples: [Sample] = []
        var unreadable: [String] = []
        for entry in try store.list() {
            do { samples.append(try store.load(entry)) } catch { unreadable.append("\(error)") }
        }
        let result = try TrainingWorkflow.run(Dataset(samples), source: store.root.path, skippedFiles: unreadable,
                                              settings: settings)
        let m = result.manifest
        var lines = ["trained from \(m.dataset.samples) samples (\(m.dataset.labels.count) labels, \(m.dataset.subjects) subjects), "
                     + "seed \(m.seed), data fingerprint \(m.dataset.fingerprint):"]
        lines += m.trained.map { "  ✓ \($0)" }
        lines += m.notTrained.map { "  ✗ not trained: \($0)" }
        lines += m.skippedFiles.map { "  ! skipped file: \($0)" }
        lines += m.notes.map { "  · \($0)" }
        lines.append("")
        lines.append("Figures are on the training data itself (in-sample, optimistic).")
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
