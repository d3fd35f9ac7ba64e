import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureRecorder
import GestureTestSupport
import GestureTraining

struct WorkflowTrainingRunnerTests {
    /// `count` noisy copies of `base` per subject, seeded.
    static func samples(_ base: [(Double, Double)], label: String, subjects: [String], count: Int,
                        rng: inout SeededGenerator) -> [Sample] {
        var out: [Sample] = []
        for s in subjects {
            for _ in 0..<count {
                let scale = Double.random(in: 0.7...1.3, using: &rng)
                let pts = base.enumerated().map { i, p in
                    Point(x: p.0 * scale + Double.random(in: -3...3, using: &rng),
                          y: p.1 * scale + Double.random(in: -3...3, using: &rng), t: Double(i) * 0.02)
                }
                out.append(Sample(gesture: Gesture(points: pts), label: label, subject: s))
            }
        }
        return out
    }

    @Test func runsTheTrainingWorkflowOnTheStoreAndWritesNothing() async throws {
        let tmp = try TemporaryDirectory("recorder-train"); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        var rng = SeededGenerator(seed: 7)
        let line: [(Double, Double)] = (0..<20).map { (Double($0) * 10, 100) }
        var all = Self.samples(RecorderFixtures.checkmark, label: "check", subjects: ["a", "b"], count: 4, rng: &rng)
        all += Self.samples(RecorderFixtures.circle, label: "circle", subjects: ["a", "b"], count: 4, rng: &rng)
        all += Self.samples(line, label: "line", subjects: ["a", "b"], count: 4, rng: &rng)
        for s in all { try store.save(s) }
        let before = RecorderFixtures.allFiles(tmp.url)

        var settings = TrainingSettings()
        settings.seed = 3
        let report = try await WorkflowTrainingRunner(settings: settings, writesModel: false).train(store: store)
        #expect(report.summary.contains("from 24 samples (seed 3)"), "\(report.summary)")
        #expect(report.text.contains("trained from 24 samples (3 labels, 2 subjects), seed 3"), "\(report.text)")
        #expect(report.text.contains("✓ templates:"), "\(report.text)")
        #expect(report.text.contains("checkmark detector for 'check'"), "\(report.text)")
        #expect(report.text.contains("gesturelab train all --dataset \(store.root.path)"))
        #expect(RecorderFixtures.allFiles(tmp.url) == before, "training writes nothing into the store")

        // By default the model folder is written inside the store, hidden from its listing,
        // and loads as a model whose matcher knows the store's labels.
        let written = try await WorkflowTrainingRunner(settings: settings).train(store: store)
        #expect(written.files == [StoreModel.folder(of: store).path])
        #expect(StoreModel.exists(in: store))
        #expect(try store.labels() == ["check", "circle", "line"])
        #expect(try store.list().count == 24)
        let model = try GestureModel.load(StoreModel.folder(of: store))
        #expect(Set(model.library.names) == ["check", "circle", "line"])
        let again = try DatasetLoader.load(store.root.path, mode: .strict)
        #expect(again.dataset.samples.count == 24, "the dataset loader does not read the model folder as samples")
    }

    @Test func anEmptyStoreFailsWithTheWorkflowsMessage() async throws {
        let tmp = try TemporaryDirectory("recorder-train"); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        await #expect(throws: TrainingError.self) { try await WorkflowTrainingRunner().train(store: store) }
    }
}
