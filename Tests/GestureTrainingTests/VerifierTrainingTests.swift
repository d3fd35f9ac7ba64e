import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureMatching
import GestureTestSupport
@testable import GestureTraining

struct VerifierTrainingTests {
    /// The new-user case: three labels recorded by one person, `train` with default
    /// settings. Straight lines, scribbles and circles (none of them in the vocabulary)
    /// are all rejected; the person's own held-out strokes are all accepted.
    @Test func oneNewUserModelRejectsWhatItNeverSawAndAcceptsTheirStrokes() throws {
        let labels = ["check", "zigzag", "triangle"]
        let all = VerifierFixtures.samples(labels, subjects: ["me"], perLabel: 11, seed: 5)
        let heldOut = all.enumerated().filter { $0.offset % 11 >= 8 }.map(\.element)
        let train = all.enumerated().filter { $0.offset % 11 < 8 }.map(\.element)
        #expect(train.count == 24 && heldOut.count == 9)
        let result = try TrainingWorkflow.run(Dataset(train), source: "store", settings: TrainingSettings())
        #expect(result.manifest.rejection == "verifier")
        let files = try result.files()
        let dir = try TemporaryDirectory("verifier-new-user")
        defer { dir.remove() }
        try OutputFolder.write(files, to: dir.url.appendingPathComponent("model"))
        let model = try GestureModel.load(dir.url.appendingPathComponent("model"))
        for s in heldOut {
            let r = model.recognizer.recognize(s.gesture)
            #expect(r.label == s.label, "\(s.source ?? ""): \(r.verdict) \(result.manifest.operatingPoint.map { "\($0)" } ?? "")")
        }
        let negatives = VerifierFixtures.lines(5, seed: 1) + VerifierFixtures.scribbles(5, seed: 2) + VerifierFixtures.circles(5, seed: 3)
        for (k, g) in negatives.enumerated() {
            let r = model.recognizer.recognize(g)
            #expect(!r.accepted, "negative \(k) (\(["line", "scribble", "circle"][k / 5])): \(r.verdict)")
        }
    }

    @Test func trainingReportsLookAlikeLabels() throws {
        let data = VerifierFixtures.samples(["circle", "rectangle", "check", "zigzag"], subjects: ["a", "b", "c"], perLabel: 8, seed: 9)
        // Look-alikes under a known matcher (combined confuses these two; auto may choose one that does not).
        let result = try TrainingWorkflow.run(Dataset(data), source: "fixture",
                                              settings: TrainingSettings(algorithm: .fixed(.combined(.default))))
        let pairs = Set(result.manifest.lookAlikes.map { [$0.label, $0.closeTo].sorted().joined(separator: "/") })
        #expect(pairs.contains("circle/rectangle"), "look-alikes: \(result.manifest.lookAlikes.map(\.sentence)) \(result.manifest.notTrained) \(String(describing: result.manifest.operatingPoint))")
        #expect(!pairs.contains("check/circle"))
        #expect(result.manifest.notes.contains { $0.contains("is close to") })
    }

    /// A model trained on some subjects and scored with `eval model` on the others gives
    /// the accuracy of the matching cross-validation folds.
    @Test func evalModelMatchesTheCrossValidationFolds() throws {
        let data = VerifierFixtures.samples(["check", "zigzag", "triangle", "circle"], subjects: ["s1", "s2"], perLabel: 8, seed: 3)
        var settings = TrainingSettings()
        settings.syntheticNegatives = 60
        settings.splicedNegatives = 60
        let cv = try SubjectCrossValidation.run(Dataset(data), source: "fixture", settings: settings, templateCounts: [5])
        var correct = 0, total = 0
        for (k, subject) in ["s1", "s2"].enumerated() {
            let (test, train) = Dataset(data).split(leavingOut: subject)
            var fold = settings
            var seedRNG = SeededGenerator.derived(seed: settings.seed, stream: 100 + UInt64(k))
            fold.seed = seedRNG.next()
            let result = try TrainingWorkflow.run(train, source: "fixture", settings: fold)
            let dir = try TemporaryDirectory("eval-model-fold")
            defer { dir.remove() }
            try OutputFolder.write(try result.files(), to: dir.url.appendingPathComponent("m"))
            let model = try GestureModel.load(dir.url.appendingPathComponent("m"))
            let report = try ModelEvaluation.run(model, modelPath: "m", test: test)
            correct += report.topOneAccuracy.count
            total += report.topOneAccuracy.total
        }
        let pooled = Double(correct) / Double(total)
        #expect(abs(pooled - cv.summary.matcherAccuracy) <= 0.005, "eval model \(pooled), cross-validation \(cv.summary.matcherAccuracy)")
    }

    /// Inner cross-validation over subjects picks the configuration, and a feature group
    /// a configuration leaves out is never split on by the trees it trains.
    @Test func theConfigurationIsChosenOnInnerFoldsAndLeftOutFeaturesAreUnused() throws {
        let data = VerifierFixtures.samples(["check", "zigzag", "triangle", "circle"], subjects: ["a", "b", "c"], perLabel: 8, seed: 4)
        var v = VerifierSettings(target: .acceptance(0.9))
        let labels = ["check", "circle", "triangle", "zigzag"], subjects = ["a", "b", "c"]
        let pool = NegativePool.make(samples: data, labels: labels, subjects: subjects, splices: 60, scribbles: 60, user: [], seed: 1)
        let corpus = DistanceCorpus(samples: data, negatives: pool, matchers: v.matchers, descriptorPoints: v.descriptorPoints)
        let samples = Array(0..<corpus.sampleCount), negatives = Array(corpus.sampleCount..<corpus.items.count)
        let trained = try VerifierTrainer.train(corpus, samples: samples, negatives: negatives, settings: v)
        #expect(trained.selection.map(\.candidate) == v.candidates)
        // The chosen one is at least as good on inner folds as every other.
        let chosenPoint = try #require(trained.selection.first { $0.candidate == trained.chosen }?.point)
        for other in trained.selection {
            #expect(!VerifierTrainer.better(other.point, than: chosenPoint, target: v.target), "\(other.candidate.name) beats \(trained.chosen.name)")
        }
        #expect(trained.operatingPoint.notes.contains { $0.contains("inner cross-validation over subjects: \(trained.chosen.name)") })
        // Distances only: no tree uses a shape feature.
        v.candidates = [VerifierCandidate(name: "distances only", shapeFeatures: false, booster: v.booster)]
        let plain = try VerifierTrainer.train(corpus, samples: samples, negatives: negatives, settings: v)
        let shapeStart = v.matchers.count * VerifierFeatures.perMatcherCount
        #expect(plain.model.gainByFeature[shapeStart...].allSatisfy { $0 == 0 })
        #expect(plain.model.gainByFeature[..<shapeStart].contains { $0 > 0 })
        #expect(plain.selection.count == 1 && !plain.operatingPoint.notes.contains { $0.contains("inner cross-validation over subjects") })
    }

    @Test func anFPRTargetTheNegativesCannotMeasureIsRefused() throws {
        let data = VerifierFixtures.samples(["check", "zigzag", "triangle"], subjects: ["me"], perLabel: 8, seed: 2)
        var settings = TrainingSettings()
        // The verifier trained on this data (one person would otherwise get the shipped prior).
        settings.rejectionPrior = .never
        settings.syntheticNegatives = 5
        settings.splicedNegatives = 5
        settings.verifier.target = .falsePositiveRate(0.001)
        #expect(throws: VerifierTrainingError.self) { try TrainingWorkflow.run(Dataset(data), source: "store", settings: settings) }
        settings.verifier.allowWeakNegatives = true
        let result = try TrainingWorkflow.run(Dataset(data), source: "store", settings: settings)
        #expect(result.verifier?.operatingPoint.notes.contains { $0.contains("weak negatives") } == true)
    }

    @Test func theStudyNeedsTwoSubjectsAndThreeLabels() {
        let oneSubject = VerifierFixtures.samples(["check", "zigzag", "triangle"], subjects: ["me"], perLabel: 4, seed: 1)
        #expect(throws: RejectionStudyError.self) {
            try RejectionStudy.run(Dataset(oneSubject), settings: RejectionStudy.Settings(verifier: VerifierSettings()))
        }
        let twoLabels = VerifierFixtures.samples(["check", "zigzag"], subjects: ["a", "b"], perLabel: 4, seed: 1)
        #expect(throws: RejectionStudyError.self) {
            try RejectionStudy.run(Dataset(twoLabels), settings: RejectionStudy.Settings(verifier: VerifierSettings()))
        }
    }

    @Test func wilsonIntervalMatchesWorkedValues() {
        // k = 0, n = 100: upper = z² / (n + z²) = 3.8415 / 103.8415.
        let zero = WilsonInterval(successes: 0, trials: 100)
        #expect(zero.lower == 0)
        #expect(abs(zero.upper - 0.036994) < 1e-5)
        let half = WilsonInterval(successes: 50, trials: 100)
        #expect(abs(half.lower - 0.403832) < 1e-5 && abs(half.upper - 0.596168) < 1e-5)
        #expect(WilsonInterval(successes: 0, trials: 0).array == [0, 1])
    }
}

struct GestureModelLoadingTests {
    static func trainedFolder(_ dir: TemporaryDirectory) throws -> URL {
        let data = VerifierFixtures.samples(["check", "zigzag", "triangle"], subjects: ["a", "b"], perLabel: 6, seed: 4)
        var settings = TrainingSettings()
        settings.syntheticNegatives = 60
        settings.splicedNegatives = 60
        // The model folder's plumbing is under test, with a known matcher (not auto's choice).
        settings.algorithm = .fixed(.combined(.default))
        let result = try TrainingWorkflow.run(Dataset(data), source: "fixture", settings: settings)
        let url = dir.url.appendingPathComponent("model")
        try OutputFolder.write(try result.files(), to: url)
        return url
    }

    @Test func aRejectionFileFromAnotherModelIsRefusedNamingTheFile() throws {
        let dir = try TemporaryDirectory("model-foreign")
        defer { dir.remove() }
        let url = try Self.trainedFolder(dir)
        let foreign = RejectionThresholds(algorithm: .pPlus, method: "f1", thresholds: ["check": 1.0], matcher: .pPlus(.default))
        try foreign.encoded().write(to: url.appendingPathComponent("rejection.json"))
        #expect {
            try GestureModel.load(url)
        } throws: { "\($0)".contains("rejection.json") && "\($0)".contains("another model") }
    }

    @Test func settingsThatDisagreeAreAnErrorNamingBoth() throws {
        let dir = try TemporaryDirectory("model-mismatch")
        defer { dir.remove() }
        let model = try GestureModel.load(try Self.trainedFolder(dir))
        let verifier = try #require(model.verifier)
        let other = MatcherSettings.pPlus(PPlusSettings(points: 64))
        #expect {
            try ModelRecognizer(library: model.library, matcher: other, rejection: .verifier(verifier))
        } throws: { "\($0)".contains(MatcherSettings.combined(.default).description) && "\($0)".contains("pplus (64 points)") }
        let sensitive = MatcherSettings.protractor(ProtractorSettings(points: 32, rotation: .sensitive))
        let thresholds = RejectionThresholds(algorithm: .protractor, method: "f1", thresholds: [:], matcher: sensitive)
        #expect {
            try ModelRecognizer(library: model.library, matcher: .protractor(.default), rejection: .thresholds(thresholds))
        } throws: { "\($0)".contains("32 points, rotation sensitive") && "\($0)".contains("16 points, rotation invariant") }
    }

    @Test func aVerifierFileSurvivesARoundTripAndRejectsTampering() throws {
        let dir = try TemporaryDirectory("model-verifier-file")
        defer { dir.remove() }
        let model = try GestureModel.load(try Self.trainedFolder(dir))
        let v = try #require(model.verifier)
        let decoded = try RejectionVerifier.decode(try v.encoded())
        #expect(decoded == v)
        var text = String(decoding: try v.encoded(), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"featureCount\":", with: "\"featureCount\":1")
        #expect(throws: RejectionThresholdsError.self) { try RejectionVerifier.decode(Data(text.utf8)) }
    }
}
