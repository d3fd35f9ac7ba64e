import Foundation
import GestureData
import GestureDetectors
import GestureGeometry
import GestureMatching
import GestureTestSupport
import Testing
@testable import GestureTraining

struct WorkflowTrainingTests {
    static let settings = TrainingSettings(templatesPerClass: 3, syntheticNegatives: 60, splicedNegatives: 60, seed: 5)

    @Test func trainsEverythingFromAFewSubjects() throws {
        let data = Dataset(WorkflowFixtures.samples())
        let r = try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings)
        #expect(r.library.names == ["check", "circle", "zigzag"])
        #expect(r.library.templates.count == 9)
        #expect(Set(r.rejection.thresholds.keys) == ["check", "circle", "zigzag"])
        #expect(r.rejection.thresholds.values.allSatisfy { $0 > 0 && $0.isFinite })
        #expect(Set(r.detectors.keys) == [.checkmark, .circle])
        #expect(r.manifest.notTrained.isEmpty)
        let files = try r.files()
        #expect(Set(files.keys) == ["templates.json", "rejection.json", "verifier.json", "checkmark.json", "circle.json", "manifest.json"])
        // Every output decodes with its own module's validating decoder.
        _ = try TemplateLibrary.decode(try #require(files["templates.json"]))
        _ = try RejectionThresholds.decode(try #require(files["rejection.json"]))
        _ = try AnyDetectorThresholds.decode(try #require(files["checkmark.json"]), kind: .checkmark, file: "checkmark.json")
        let manifest = try JSONDecoder().decode(TrainingManifest.self, from: try #require(files["manifest.json"]))
        #expect(manifest.seed == 5)
        #expect(manifest.dataset.fingerprint == (try DatasetFingerprint.of(data)))
        #expect(manifest.files.count == 5)
        _ = try RejectionVerifier.decode(try #require(files["verifier.json"]))
    }

    /// With `detectorAugmentation`, the detectors train on transformed copies as well:
    /// the thresholds differ from those trained without them, the manifest records the
    /// setting as a number, and the thresholds' provenance says so.
    @Test func detectorAugmentationTrainsOnCopiesAndIsRecorded() throws {
        let data = Dataset(WorkflowFixtures.samples())
        var settings = Self.settings
        settings.detectorAugmentation = 3
        let plain = try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings)
        let augmented = try TrainingWorkflow.run(data, source: "fixtures", settings: settings)
        let check = try #require(augmented.detectors[.checkmark])
        #expect(check != plain.detectors[.checkmark])
        #expect(check.provenance?.contains("3 transformed copies of each sample") == true, "\(check.provenance ?? "")")
        #expect(augmented.manifest.settings["detectorAugmentation"] == .int(3))
        #expect(plain.manifest.settings["detectorAugmentation"] == .int(0))
        #expect(augmented.library == plain.library, "copies train the detectors only")
    }

    /// With `detectorChooseSettings`, each detector's preparation is one of its variants,
    /// chosen on inner folds, and the manifest and provenance say so.
    @Test func detectorSettingsCanBeChosenOnInnerFolds() throws {
        let data = Dataset(WorkflowFixtures.samples())
        var settings = Self.settings
        settings.detectorChooseSettings = true
        let r = try TrainingWorkflow.run(data, source: "fixtures", settings: settings)
        let circle = try #require(r.detectors[.circle])
        #expect(CircleDetector.defaultSettings.variants.contains(circle.settings))
        #expect(circle.provenance?.contains("settings chosen on inner folds") == true, "\(circle.provenance ?? "")")
        #expect(r.manifest.settings["detectorChooseSettings"] == .bool(true))
        let plain = try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings)
        #expect(plain.manifest.settings["detectorChooseSettings"] == .bool(false))
        #expect(plain.detectors[.circle]?.settings == CircleDetector.defaultSettings)
    }

    /// With `detectorRelease`, the detectors' boxes are released after fitting: each bound of
    /// the plain box lies within the released one, some lie strictly inside, and the manifest
    /// and provenance say so.
    @Test func detectorBoundsCanBeReleased() throws {
        let data = Dataset(WorkflowFixtures.samples())
        var settings = Self.settings
        settings.detectorRelease = 0.5
        let plain = try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings)
        let released = try TrainingWorkflow.run(data, source: "fixtures", settings: settings)
        let box = try #require(released.detectors[.checkmark]?.trainedBox?.box)
        let before = try #require(plain.detectors[.checkmark]?.trainedBox?.box)
        var wider = 0
        for (name, i) in before.intervals {
            let r = try #require(box.intervals[name])
            #expect((r.lower ?? -.infinity) <= (i.lower ?? -.infinity) && (r.upper ?? .infinity) >= (i.upper ?? .infinity), "\(name)")
            if r != i { wider += 1 }
        }
        #expect(wider > 0)
        #expect(released.detectors[.checkmark]?.provenance?.contains("bounds released by up to 0.5 spreads") == true)
        #expect(released.manifest.settings["detectorRelease"] == .double(0.5))
        #expect(plain.manifest.settings["detectorRelease"] == .double(0))
    }

    /// With `detectorEveryDevice`, each detector is chosen by the worst device shift on its
    /// inner folds, and the manifest and provenance say so.
    @Test func detectorsCanBeChosenByTheWorstDevice() throws {
        let data = Dataset(WorkflowFixtures.samples())
        var settings = Self.settings
        settings.detectorEveryDevice = true
        let r = try TrainingWorkflow.run(data, source: "fixtures", settings: settings)
        let circle = try #require(r.detectors[.circle])
        #expect(circle.provenance?.contains("chosen by the worst device shift") == true, "\(circle.provenance ?? "")")
        #expect(r.manifest.settings["detectorEveryDevice"] == .bool(true))
        #expect(try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings).manifest.settings["detectorEveryDevice"] == .bool(false))
    }

    /// `--shape-detector zigzag`: the general shape detector joins the model folder as
    /// shape-zigzag.json, listed in the manifest and read back by the model.
    @Test func shapeDetectorsJoinTheModelFolder() throws {
        let data = Dataset(WorkflowFixtures.samples())
        var settings = Self.settings
        settings.shapeDetectorLabels = ["zigzag", "spiral"]
        let r = try TrainingWorkflow.run(data, source: "fixtures", settings: settings)
        let t = try #require(r.shapeDetectors["zigzag"])
        #expect(t.label == "zigzag" && t.isTrained)
        #expect(r.manifest.notTrained.contains { $0.contains("shape detector for 'spiral'") }, "\(r.manifest.notTrained)")
        #expect(r.manifest.settings["shapeDetectorLabels"] == SettingValue(list: ["zigzag", "spiral"]))
        let dir = try TemporaryDirectory("gesturelab-shape-model")
        defer { dir.remove() }
        let out = URL(fileURLWithPath: dir.path("model"))
        try OutputFolder.write(try r.files(), to: out)
        let model = try GestureModel.load(out)
        #expect(model.shapeDetectors["zigzag"] == t)
        #expect(r.report.binary.contains { $0.name == "shape-zigzag" })
        // A file renamed to another label is refused, naming the field.
        let renamed = out.appendingPathComponent("shape-zigzag.json")
        let text = try String(contentsOf: renamed, encoding: .utf8).replacingOccurrences(of: "\"zigzag\"", with: "\"other\"")
        try Data(text.utf8).write(to: renamed)
        #expect { try GestureModel.load(out) } throws: { "\($0)".contains("shape-zigzag.json") }
    }

    @Test func sameSeedSameBytes() throws {
        let data = Dataset(WorkflowFixtures.samples())
        let a = try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings)
        let b = try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings)
        #expect(try a.files() == b.files())
        #expect(try ReportWriter.files(for: a.report) == ReportWriter.files(for: b.report))
    }

    @Test func oneLabelTrainsTheMatcherAndSaysWhyDetectorsWereNot() throws {
        let data = Dataset(WorkflowFixtures.samples(labels: ["zigzag"]))
        let r = try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings)
        #expect(r.library.names == ["zigzag"])
        let t = try #require(r.rejection.thresholds["zigzag"])
        #expect(t > 0)
        #expect(r.detectors.isEmpty)
        #expect(r.manifest.notTrained.count == 2)
        #expect(r.manifest.notTrained.allSatisfy { $0.contains("no sample is labelled") })
        #expect(r.manifest.notes.contains { $0.contains("only one label") })
    }

    @Test func oneSamplePerLabelUsesSyntheticPositives() throws {
        let data = Dataset(WorkflowFixtures.samples(subjects: ["s1"], perLabel: 1))
        let r = try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings)
        #expect(r.library.templates.count == 3)
        // With no other example, the threshold comes from synthetic variants: it must
        // accept something beyond an exact copy of the template.
        #expect(r.rejection.thresholds.values.allSatisfy { $0 > 0 })
        #expect(r.manifest.notes.contains { $0.contains("synthetic variant") })
        #expect(r.manifest.notes.contains { $0.contains("1 template(s) instead of 3") })
    }

    @Test func oneLabelOneSampleStillTrains() throws {
        let data = Dataset(WorkflowFixtures.samples(labels: ["check"], subjects: ["s1"], perLabel: 1))
        let r = try TrainingWorkflow.run(data, source: "fixtures", settings: Self.settings)
        #expect(r.library.templates.count == 1)
        #expect(r.rejection.thresholds["check"] ?? 0 > 0)
    }

    @Test func degenerateAndUnlabelledSamplesAreLeftOutAndCounted() throws {
        var samples = WorkflowFixtures.samples(subjects: ["s1"])
        samples.append(Sample(gesture: Gesture(points: [Point(x: 1, y: 1)]), label: "check", source: "dot.json"))
        samples.append(Sample(gesture: Gesture(points: [Point(x: 1, y: 1), Point(x: 5, y: 9)]), label: nil))
        let r = try TrainingWorkflow.run(Dataset(samples), source: "fixtures", settings: Self.settings)
        #expect(r.manifest.notes.contains { $0.contains("1 degenerate sample(s)") && $0.contains("dot.json") })
        #expect(r.manifest.notes.contains { $0.contains("1 unlabelled") })
    }

    @Test func nothingToTrainIsAClearError() {
        #expect(throws: TrainingError.noSamples(path: "p", skippedFiles: 0)) {
            try TrainingWorkflow.run(Dataset([]), source: "p", settings: Self.settings)
        }
        let unlabelled = Sample(gesture: Gesture(points: [Point(x: 0, y: 0), Point(x: 5, y: 5)]))
        #expect(throws: TrainingError.noLabels(path: "p", samples: 1)) {
            try TrainingWorkflow.run(Dataset([unlabelled]), source: "p", settings: Self.settings)
        }
        let dot = Sample(gesture: Gesture(points: [Point(x: 0, y: 0)]), label: "check")
        #expect(throws: TrainingError.noUsableSamples(path: "p", degenerate: 1)) {
            try TrainingWorkflow.run(Dataset([dot]), source: "p", settings: Self.settings)
        }
    }

    @Test func crossValidationTestsEverySampleOnce() throws {
        let data = Dataset(WorkflowFixtures.samples(perLabel: 3))
        let (report, summary) = try SubjectCrossValidation.run(data, source: "fixtures", settings: Self.settings,
                                                               templateCounts: [1, 2])
        #expect(summary.folds == 3)
        #expect(summary.recognitions == data.count)
        let check = try #require(summary.detectors.first { $0.detector == "checkmark" && $0.thresholds == "trained" })
        #expect(check.positives + check.negatives == data.count)
        #expect(report.classification.first?.accuracyByTemplates.map(\.templatesPerClass) == [1, 2, 3])
        // The model's own rule, the verifier, is measured too, on the same held-out samples.
        #expect(Self.settings.rejectionRule == .verifier)
        let v = try #require(summary.verifier, "\(summary.notTrained)")
        let e = try #require(report.binary.first { $0.name == "verifier" })
        #expect(e.chosen.counts.positives == data.count)
        #expect(v.acceptance == e.chosen.truePositiveRate && (0...1).contains(v.falsePositiveRate))
    }
}
