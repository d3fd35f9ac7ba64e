import Foundation
import GestureData
import GestureGeometry
import GestureMatching
import GestureTestSupport
import Testing
@testable import GestureTraining

/// The everyday protocol and the rejection learned across people, on generated strokes.
struct NewUserStudyTests {
    /// Light training settings: the protocol's bookkeeping, not the figures, is under test.
    static var training: TrainingSettings {
        var s = TrainingSettings(syntheticNegatives: 30, splicedNegatives: 30)
        s.rejectionPrior = .never
        return s
    }

    static let data = Dataset(SyntheticDatasetFixture.samples(subjects: ["a", "b"], perLabel: 6, seed: 3))

    /// Per K: one model per subject and seed; the subject's remaining examples of the L
    /// labels are the positives, every example of their other labels is scored as a
    /// gesture that must be rejected, and the three outcomes of a positive add up.
    @Test func countsFollowTheProtocol() throws {
        let settings = NewUserStudy.Settings(labelsPerUser: 2, templatesPerClass: [1, 3], seeds: [1], training: Self.training)
        let synthetic = OpenWorld.synthetic(count: 10, seed: 9)
        let r = try NewUserStudy.run(Self.data, synthetic: synthetic, settings: settings)
        #expect(r.rows.map(\.templatesPerClass) == [1, 3])
        let labels = SyntheticDatasetFixture.labels.count
        for row in r.rows {
            #expect(row.models == 2)
            #expect(row.acceptedAndCorrect.total == 2 * 2 * (6 - row.templatesPerClass))
            #expect(row.acceptedAndCorrect.count + row.rejected.count + row.acceptedWrong.count == row.acceptedAndCorrect.total)
            #expect(row.otherGestures.total == 2 * (labels - 2) * 6)
            #expect(row.negatives["synthetic: random scribble"]?.total == 2 * 10)
            #expect(row.negativesOverall == nil)
        }
        #expect(r.skipped.isEmpty)
    }

    /// The same seeds give the same report; labels are drawn per subject and seed, and the
    /// same labels serve every K.
    @Test func deterministicAndSameLabelsForEveryK() throws {
        let settings = NewUserStudy.Settings(labelsPerUser: 3, templatesPerClass: [2], seeds: [4], training: Self.training)
        #expect(try NewUserStudy.run(Self.data, settings: settings) == (try NewUserStudy.run(Self.data, settings: settings)))
        let samples = Self.data.samples.filter { $0.subject == "a" }
        let one = NewUserStudy.drawLabels(samples, count: 3, seed: 4, subject: "a")
        #expect(one.count == 3)
        #expect(one == NewUserStudy.drawLabels(samples, count: 3, seed: 4, subject: "a"))
    }

    /// A K no subject has enough examples for is absent and said, never 0 %; when no K can
    /// be scored the study refuses.
    @Test func saysWhatCannotBeScored() throws {
        let settings = NewUserStudy.Settings(labelsPerUser: 2, templatesPerClass: [3, 6], seeds: [1], training: Self.training)
        let r = try NewUserStudy.run(Self.data, settings: settings)
        #expect(r.rows.map(\.templatesPerClass) == [3])
        #expect(r.skipped.count == 2)
        #expect(r.skipped.allSatisfy { $0.contains("K = 6") })
        let none = NewUserStudy.Settings(labelsPerUser: 2, templatesPerClass: [6], seeds: [1], training: Self.training)
        #expect(throws: NewUserStudy.StudyError.self) { try NewUserStudy.run(Self.data, settings: none) }
        let tooMany = NewUserStudy.Settings(labelsPerUser: 40, templatesPerClass: [1], seeds: [1], training: Self.training)
        #expect(throws: NewUserStudy.StudyError.self) { try NewUserStudy.run(Self.data, settings: tooMany) }
    }

    /// With `perDevice` each subject on each device is a person: the figures of the people
    /// on one device are those of that device's samples alone, people add up to the whole,
    /// and the report says so. Without it a subject's devices are one person's.
    @Test func perDeviceMakesEachSubjectOnEachDeviceAPerson() throws {
        // Every other example of each subject and label on a mouse, the rest on a pen.
        var seen: [String: Int] = [:]
        let samples = SyntheticDatasetFixture.samples(subjects: ["a", "b"], perLabel: 6, seed: 3).map { s -> Sample in
            var s = s
            let key = "\(s.subject ?? "")/\(s.label ?? "")"
            seen[key, default: 0] += 1
            s.meta["device"] = seen[key]! % 2 == 0 ? "mouse" : "pen"
            return s
        }
        let data = Dataset(samples)
        var settings = NewUserStudy.Settings(labelsPerUser: 2, templatesPerClass: [1, 2], seeds: [1], training: Self.training)
        let pooled = try NewUserStudy.run(data, settings: settings)
        #expect(pooled.perDevice == nil && pooled.subjects == ["a", "b"])
        settings.perDevice = true
        let r = try NewUserStudy.run(data, settings: settings)
        #expect(r.subjects == ["a (mouse)", "a (pen)", "b (mouse)", "b (pen)"])
        let devices = try #require(r.perDevice)
        #expect(Set(devices.keys) == ["mouse", "pen"])
        settings.perDevice = false
        for device in ["mouse", "pen"] {
            let alone = try NewUserStudy.run(data.onlyDevices([device]), settings: settings)
            #expect(devices[device] == alone.rows, "\(device): the people on it draw as its samples alone do")
        }
        for (k, row) in r.rows.enumerated() {
            #expect(row.models == 4)
            let parts = devices.values.map { $0[k] }
            #expect(parts.map(\.acceptedAndCorrect.count).reduce(0, +) == row.acceptedAndCorrect.count)
            #expect(parts.map(\.otherGestures.total).reduce(0, +) == row.otherGestures.total)
        }
        let files = try r.files(dataset: nil, seed: 1)
        let md = String(decoding: try #require(files["report.md"]), as: UTF8.self)
        #expect(md.contains("4 people (a subject on one device)") && md.contains("| device | K | models |") && md.contains("| mouse | 2 | 2 |"), "\(md)")
        let notes = String(decoding: try #require(files["report.json"]), as: UTF8.self)
        #expect(notes.contains("device pen, K = 1 (2 models): accepted and correct"))
    }

    /// The report writes its table, its plot and the whole study.
    @Test func reportFiles() throws {
        let settings = NewUserStudy.Settings(labelsPerUser: 2, templatesPerClass: [1, 2], seeds: [1], training: Self.training)
        let r = try NewUserStudy.run(Self.data, settings: settings)
        let files = try r.files(dataset: nil, seed: 1)
        #expect(Set(files.keys).isSuperset(of: ["report.json", "report.md", "new-user.svg", "new-user.json"]))
        let md = String(decoding: try #require(files["report.md"]), as: UTF8.self)
        #expect(md.contains("| K | models | accepted and correct"))
        let svg = String(decoding: try #require(files["new-user.svg"]), as: UTF8.self)
        #expect(svg.contains("accepted and correct") && svg.contains("FPR other gestures"))
        let decoded = try JSONDecoder().decode(NewUserStudy.Report.self, from: try #require(files["new-user.json"]))
        #expect(decoded.rows == r.rows && decoded.subjects == r.subjects)
    }

    /// The prior compiled in is either absent (no resource yet) or a valid prior.
    @Test func shippedPriorDecodesWhenPresent() {
        #expect((RejectionPrior.shipped != nil) == !ShippedRejectionPrior.json.isEmpty)
    }

    /// Prior training small enough for a test: K = 1 and 3, one draw, ten small trees.
    static func tinySettings(version: String = "test prior") -> RejectionPriorTrainer.Settings {
        var s = RejectionPriorTrainer.Settings(matchers: TrainingSettings().verifierMatchersInUse)
        s.ks = [1, 3]
        s.drawsPerSubject = 1
        s.othersPerDraw = 20
        s.syntheticPerDraw = 5
        s.splicesPerDraw = 3
        s.booster.trees = 10
        s.booster.minSamplesLeaf = 5
        s.version = version
        return s
    }

    static func tinyPrior() throws -> RejectionPrior {
        try RejectionPriorTrainer.train([Self.data], settings: tinySettings(), provenance: "fixture")
    }

    /// A prior survives its file format; a model trained with it records the prior's
    /// version and hash, its verifier holds the prior's trees, and a verifier with other
    /// trees under that manifest is refused.
    @Test func priorIsRecordedAndCheckedInTheModel() throws {
        let prior = try Self.tinyPrior()
        #expect(try RejectionPrior.decode(try prior.encoded()) == prior)
        #expect(prior.threshold(templates: 1) == prior.thresholds["1"])
        #expect(prior.threshold(templates: 7) == prior.thresholds["3"])
        var settings = Self.training
        settings.rejectionPrior = .auto
        settings.prior = prior
        let one = Dataset(Self.data.samples.filter { $0.subject == "a" && ["check", "circle"].contains($0.label ?? "") })
        let result = try TrainingWorkflow.run(one, source: "one person", settings: settings)
        #expect(result.manifest.rejectionPrior == PriorReference(prior))
        #expect(result.manifest.rejectionPrior?.version == "test prior")
        let verifier = try #require(result.verifier)
        #expect(verifier.model == prior.model)
        #expect(verifier.threshold == prior.threshold(templates: 5))
        #expect(result.manifest.notes.contains { $0.contains("not your strokes") })
        _ = try result.model()
        var other = verifier
        other.model = try Self.tinyPriorWithOtherTrees()
        let written = try result.output()
        #expect(throws: GestureModelError.self) {
            try GestureModel(manifest: written.manifest, library: result.library, thresholds: result.rejection, verifier: other, detectors: [:])
        }
        // With many people, `auto` trains the verifier on the data's own folds instead.
        let three = Dataset(SyntheticDatasetFixture.samples(subjects: ["a", "b", "c"], perLabel: 4, seed: 5))
        let many = try TrainingWorkflow.run(three, source: "three people", settings: settings)
        #expect(many.manifest.rejectionPrior == nil)
    }

    static func tinyPriorWithOtherTrees() throws -> GradientBoostedTrees {
        var s = RejectionPriorTrainer.Settings(matchers: TrainingSettings().verifierMatchersInUse)
        s.ks = [2]
        s.drawsPerSubject = 1
        s.booster.trees = 3
        s.booster.minSamplesLeaf = 5
        return try RejectionPriorTrainer.train([Self.data], settings: s, provenance: "other").model
    }
}
