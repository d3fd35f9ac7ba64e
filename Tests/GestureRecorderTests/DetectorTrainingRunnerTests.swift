import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureRecorder
import GestureTestSupport
import GestureTraining

struct DetectorTrainingRunnerTests {
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

    @Test func trainsBothDetectorsFromTheStoreAndWritesNothing() async throws {
        let tmp = try TemporaryDirectory("recorder-train"); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        var rng = SeededGenerator(seed: 7)
        let subjects = ["a", "b", "c"]
        let wobbly: [(Double, Double)] = (0..<40).map { i in
            let u = Double(i) / 39
            let a = (2 * Double.pi + 0.25) * (u - 0.5 * sin(2 * Double.pi * u) / (2 * Double.pi))
            let r = 120 * (1 + 0.08 * sin(3 * a + 0.7))
            return (240 - r * sin(a) * 0.9, 240 - r * cos(a))
        }
        let line: [(Double, Double)] = (0..<20).map { (Double($0) * 10, 100) }
        var all = Self.samples(RecorderFixtures.checkmark, label: "check", subjects: subjects, count: 6, rng: &rng)
        all += Self.samples(wobbly, label: "circle", subjects: subjects, count: 6, rng: &rng)
        all += Self.samples(line, label: "line", subjects: subjects, count: 6, rng: &rng)
        for s in all { try store.save(s) }
        let before = RecorderFixtures.allFiles(tmp.url)

        let runner = DetectorTrainingRunner(current: [.checkmark: .checkmark(.checkPlease)], seed: 3)
        let report = try await runner.train(store: store)
        #expect(report.summary == "trained 2 of 2 detectors from 54 samples (seed 3)")
        #expect(report.text.contains("checkmark detector (positive label 'check')"))
        #expect(report.text.contains("circle detector (positive label 'circle')"))
        #expect(report.text.contains("thresholds in use: TPR"))
        #expect(report.text.contains("trained here: TPR"))
        #expect(report.text.contains("gesturelab train detector checkmark --dataset"))
        #expect(RecorderFixtures.allFiles(tmp.url) == before)
    }

    @Test func aDetectorWithoutPositivesIsSkippedSayingWhy() async throws {
        let tmp = try TemporaryDirectory("recorder-train"); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        var rng = SeededGenerator(seed: 1)
        for s in Self.samples(RecorderFixtures.checkmark, label: "check", subjects: ["a", "b"], count: 3, rng: &rng) {
            try store.save(s)
        }
        let report = try await DetectorTrainingRunner().train(store: store)
        #expect(report.summary.hasPrefix("trained 0 of 2 detectors from 6 samples"))
        #expect(report.text.contains("skipped"))
    }
}
