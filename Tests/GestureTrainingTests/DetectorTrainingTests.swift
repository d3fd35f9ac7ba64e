import Foundation
import GestureData
import GestureDetectors
import GestureTestSupport
@testable import GestureTraining
import Testing

@Suite struct DetectorTrainingTests {
    static let data = DetectorSyntheticData.dataset()
    static let checkFeatures = DetectorMeasurements.measure(.checkmark, dataset: data)
    static let circleFeatures = DetectorMeasurements.measure(.circle, dataset: data)

    @Test func trainedCheckmarkSeparatesChecksFromVsAndCaretsOnHeldOutSubjects() throws {
        let e = try DetectorEvaluator.evaluate(Self.checkFeatures, positive: "check",
                                               thresholds: .train(.falsePositiveRate(0.01), seed: 1),
                                               protocol: .leaveOneSubjectOut, includeDetails: true)
        #expect(e.truePositiveRate >= 0.9, "TPR \(e.truePositiveRate)")
        #expect(e.falsePositiveRate <= 0.03, "FPR \(e.falsePositiveRate) \(e.falseDetections)")
        #expect(Set(e.perSubject.keys) == ["a", "b", "c", "d"])
        #expect(e.foldThresholds?.count == 4)
        #expect(e.positives == 48 && e.negatives == 240)
    }

    @Test func trainedCircleRejectsTheOtherShapes() throws {
        let e = try DetectorEvaluator.evaluate(Self.circleFeatures, positive: "circle",
                                               thresholds: .train(.truePositiveRate(0.95), seed: 1),
                                               protocol: .leaveOneSubjectOut)
        #expect(e.truePositiveRate >= 0.9, "TPR \(e.truePositiveRate)")
        #expect(e.falsePositiveRate <= 0.03, "FPR \(e.falsePositiveRate) \(e.falseDetections)")
    }

    @Test func trainingIsDeterministicForASeed() throws {
        let a = try DetectorTrainer.train(Self.checkFeatures, positive: "check", target: .falsePositiveRate(0.01), seed: 3)
        let b = try DetectorTrainer.train(Self.checkFeatures, positive: "check", target: .falsePositiveRate(0.01), seed: 3)
        #expect(a.thresholds == b.thresholds)
        #expect(a.thresholds.isTrained)
    }

    @Test func randomInnerFoldsWithFewSubjectsDependOnlyOnTheSeed() {
        let groups: [String?] = Array(repeating: "only", count: 40)
        let f1 = BoxTrainer.folds(groups: groups, randomFolds: 5, seed: 9)
        let f2 = BoxTrainer.folds(groups: groups, randomFolds: 5, seed: 9)
        #expect(f1 == f2 && f1.count == 5)
        // Each sample is held out exactly once.
        #expect((0..<40).allSatisfy { i in f1.filter { $0[i] }.count == 1 })
    }

    @Test func higherTPRTargetNeverGivesLowerTrainingTPR() throws {
        let loose = try DetectorTrainer.train(Self.checkFeatures, positive: "check", target: .truePositiveRate(0.99), seed: 1)
        let strict = try DetectorTrainer.train(Self.checkFeatures, positive: "check", target: .falsePositiveRate(0.0), seed: 1)
        #expect(loose.training.truePositiveRate >= strict.training.truePositiveRate)
        #expect(loose.training.falsePositiveRate >= strict.training.falsePositiveRate)
    }

    @Test func missingPositiveLabelIsAClearError() {
        #expect(throws: DetectorTrainingError.noPositives(label: "star", labels: ["caret", "check", "circle", "line", "v", "zig_zag"])) {
            try DetectorTrainer.train(Self.checkFeatures, positive: "star", target: .falsePositiveRate(0.01), seed: 1)
        }
    }

    @Test func presetsEvaluateWithoutTraining() throws {
        let e = try DetectorEvaluator.evaluate(Self.checkFeatures, positive: "check",
                                               thresholds: .fixed(AnyDetectorThresholds(CheckmarkThresholds.checkPlease), name: "checkplease"),
                                               protocol: .all, includeDetails: true)
        // The book rule fires on v and caret as well.
        #expect((e.perLabel["v"] ?? 0) > 0.5 && (e.perLabel["caret"] ?? 0) > 0.5)
        #expect(e.samples?.count == Self.data.count)
        // A book rule decides yes or no: no margin, no pseudo-score.
        #expect(e.samples?.allSatisfy { $0.margin == nil } == true)
        // Each measured sample lists the detector's measures by name, the counted structure included.
        let measured = try #require(e.samples?.first { $0.measures != nil }?.measures)
        #expect(Set(measured.keys) == Set(CheckmarkDetector.Shape.names))
        #expect(measured["corners"].map { $0 >= 0 && $0 == $0.rounded() } == true)
    }

    @Test func evaluationJSONHasTheDocumentedKeys() throws {
        let e = try DetectorEvaluator.evaluate(Self.circleFeatures, positive: "circle",
                                               thresholds: .fixed(AnyDetectorThresholds(CircleThresholds.sadun), name: "sadun"),
                                               protocol: .leaveOneSubjectOut)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(e)) as? [String: Any]
        for key in ["truePositiveRate", "falsePositiveRate", "positives", "negatives", "perLabel", "perSubject",
                    "thresholds", "protocol", "falseDetections"] {
            #expect(json?[key] != nil, "missing \(key)")
        }
        #expect(json?["samples"] == nil)
    }

    @Test func streamingModeAgreesOrFiresMore() throws {
        let t = try DetectorTrainer.train(Self.checkFeatures, positive: "check", target: .falsePositiveRate(0.01), seed: 1).thresholds
        let whole = try DetectorEvaluator.evaluate(Self.checkFeatures, positive: "check", thresholds: .fixed(t, name: "t"),
                                                   protocol: .all, includeDetails: true)
        let stream = try DetectorEvaluator.evaluate(Self.checkFeatures, positive: "check", thresholds: .fixed(t, name: "t"),
                                                    protocol: .all, mode: .streaming, includeDetails: true)
        for (w, s) in zip(whole.samples ?? [], stream.samples ?? []) where w.detected {
            #expect(s.detected, "sample \(w.index)")
        }
    }

    /// `eval detector` (the evaluator) and `train`/`demo` (the workflow's tally) count the
    /// same thresholds on the same samples alike: one tally.
    @Test func evaluatorAndWorkflowShareOneTally() throws {
        let t = try DetectorTrainer.train(Self.circleFeatures, positive: "circle", target: .falsePositiveRate(0.01), seed: 1).thresholds
        let e = try DetectorEvaluator.evaluate(Self.circleFeatures, positive: "circle", thresholds: .fixed(t, name: "t"),
                                               protocol: .all, includeDetails: true)
        var tally = DetectorTally(kind: .circle, positive: "circle")
        tally.add(Self.circleFeatures, trained: t)
        #expect(tally.counts == e.counts && tally.counts.positives > 0 && tally.counts.negatives > 0)
        #expect(tally.perLabel == e.perLabelCounts && tally.falseDetections == e.falseDetections)
        #expect(tally.perSubject.mapValues(\.falsePositives) == e.perSubject.mapValues(\.falseDetections))
        // The book preset (Sadun) on the same samples, beside the trained thresholds in both.
        let book = try #require(e.bookPreset)
        #expect(book == tally.bookOperatingPoint && book.name == "book preset (Sadun)")
        let sadun = try DetectorEvaluator.evaluate(Self.circleFeatures, positive: "circle",
                                                   thresholds: .fixed(AnyDetectorThresholds(CircleThresholds.sadun), name: "sadun"),
                                                   protocol: .all)
        #expect(book.counts == sadun.counts && sadun.bookPreset == nil, "no preset beside a preset")
        // The report's curve is the tally's decision values; its chosen point the counts.
        let report = EvaluationReport.detector(e, dataset: nil, seed: 1)
        let curve = try #require(report.binary.first)
        #expect(curve.chosen.counts == e.counts && curve.comparisons == [book])
        #expect(curve.areaUnderCurve != nil && curve.roc.count > 2)
        // The swept decision values give the tallied counts at 0.
        let swept = ThresholdSweep.counts(positives: tally.positiveValues, negatives: tally.negativeValues, threshold: 0,
                                          orientation: .higherIsPositive)
        #expect(swept == tally.counts)
        #expect(tally.evaluation().chosen.counts == curve.chosen.counts)
    }

    /// `--choose-settings`: the preparation is chosen on inner folds like margin and
    /// strictness; the winner's settings are the ones the thresholds record and decide with.
    @Test func settingsAreChosenOnInnerFolds() throws {
        let m = Self.circleFeatures
        let variants = m.settings.variants
        #expect(variants.first == m.settings && Set(variants).count == variants.count && variants.count == 3)
        #expect(variants.allSatisfy { $0.problem == nil })
        let measured = variants.map { m.remeasured(with: $0) }
        #expect(measured[0].vectors == m.vectors && measured[2].settings.resampleCount == 32)
        let chosen = try DetectorTrainer.train(measured, positive: "circle", target: .falsePositiveRate(0.01), seed: 1)
        let each = try measured.map { try DetectorTrainer.train($0, positive: "circle", target: .falsePositiveRate(0.01), seed: 1) }
        // The winner is one of the variants, none of the others did strictly better on the inner folds.
        let k = try #require(each.firstIndex { $0.thresholds.settings == chosen.thresholds.settings })
        #expect(chosen.thresholds == each[k].thresholds && chosen.chosen == each[k].chosen)
        #expect(!each.contains { BoxTrainer.isBetter($0.chosen, than: chosen.chosen, target: .falsePositiveRate(0.01)) })
        // One variant is the plain training.
        #expect(try DetectorTrainer.train([m], positive: "circle", target: .falsePositiveRate(0.01), seed: 1).thresholds
                == each[0].thresholds)
    }

    /// `--choose-detector`: each fold keeps the detector whose box did better on its inner
    /// folds, and its samples are decided by that detector's measures.
    @Test func evaluationCanChooseTheDetectorOnInnerFolds() throws {
        let shape = DetectorMeasurements.measure(.shape, dataset: Self.data)
        let e = try DetectorEvaluator.evaluate(Self.circleFeatures, positive: "circle", thresholds: .train(.falsePositiveRate(0.01), seed: 1),
                                               protocol: .leaveOneSubjectOut, includeDetails: true, otherDetectors: [(shape, nil)])
        let folds = try #require(e.foldThresholds)
        #expect(folds.count >= 3)
        for s in try #require(e.samples) {
            let t = try #require(folds[s.subject ?? "(none)"])
            let m = t.kind == .circle ? Self.circleFeatures : shape
            #expect(m.decider(t)(s.index).accepted == s.detected)
        }
        // The device-shift evaluation decides each sample with its fold's detector too.
        #expect(DeviceShiftEvaluation.run(Self.data, evaluation: e, transforms: [], seed: 1).first?.counts == e.counts)
        let (subject, t) = try #require(folds.sorted { $0.key < $1.key }.first)
        let train = (0..<shape.count).filter { (shape.subjects[$0] ?? "(none)") != subject }
        let again = try DetectorTrainer.train([Self.circleFeatures, shape], positive: "circle", indices: train,
                                              target: .falsePositiveRate(0.01), seed: 1)
        #expect(again.thresholds == t)
    }

    @Test func aCandidateIsBetterWithinTheLimitThenCloserToIt() {
        func c(tp: Int, fp: Int) -> BoxTrainer.Candidate {
            var v = BinaryCounts()
            for i in 0..<100 { v.record(isPositive: true, accepted: i < tp) }
            for i in 0..<100 { v.record(isPositive: false, accepted: i < fp) }
            return BoxTrainer.Candidate(margin: 0, strictness: 0, validation: v)
        }
        let limit = BoxTrainer.Target.falsePositiveRate(0.02)
        #expect(BoxTrainer.isBetter(c(tp: 90, fp: 1), than: c(tp: 80, fp: 0), target: limit))
        #expect(BoxTrainer.isBetter(c(tp: 50, fp: 2), than: c(tp: 99, fp: 5), target: limit), "within the limit first")
        #expect(!BoxTrainer.isBetter(c(tp: 90, fp: 1), than: c(tp: 90, fp: 0), target: limit), "a tie keeps the earlier")
        #expect(BoxTrainer.isBetter(c(tp: 10, fp: 3), than: c(tp: 99, fp: 5), target: limit), "closer to the limit")
        let floor = BoxTrainer.Target.truePositiveRate(0.9)
        #expect(BoxTrainer.isBetter(c(tp: 95, fp: 3), than: c(tp: 99, fp: 4), target: floor))
        #expect(BoxTrainer.isBetter(c(tp: 91, fp: 50), than: c(tp: 80, fp: 0), target: floor))
    }

    /// `--every-device`: a candidate's decisive rates are its worst device's, so one that
    /// is better on average but over the limit on one shifted device loses.
    @Test func aCandidateMeetsATargetOnlyWhenItDoesOnEveryDevice() throws {
        func counts(tp: Int, fp: Int) -> BinaryCounts {
            var v = BinaryCounts()
            for i in 0..<100 { v.record(isPositive: true, accepted: i < tp) }
            for i in 0..<100 { v.record(isPositive: false, accepted: i < fp) }
            return v
        }
        let average = BoxTrainer.Candidate(margin: 0.5, strictness: 0, validation: counts(tp: 99, fp: 1),
                                           shiftValidation: [counts(tp: 97, fp: 1), counts(tp: 99, fp: 4)])
        let even = BoxTrainer.Candidate(margin: 0, strictness: 0, validation: counts(tp: 96, fp: 1),
                                        shiftValidation: [counts(tp: 93, fp: 2), counts(tp: 95, fp: 1)])
        #expect(average.decisive == (0.97, 0.04) && even.decisive == (0.93, 0.02))
        let limit = BoxTrainer.Target.falsePositiveRate(0.02)
        #expect(BoxTrainer.isBetter(even, than: average, target: limit))
        #expect(BoxTrainer.choose([average, even], target: limit) == even)
        // Without shifts the average alone decides.
        var plain = average
        plain.shiftValidation = nil
        #expect(BoxTrainer.choose([plain, even], target: limit) == plain)
        #expect(BoxTrainer.choose([average, even], target: .truePositiveRate(0.95)) == average, "93% is under the floor")
    }

    /// Training for every device scores each candidate on the held-out subjects' shifted
    /// strokes, every sample once per shift; a shift that changes nothing changes no choice.
    @Test func trainingForEveryDeviceScoresEachHeldOutSubjectsShiftedStrokes() throws {
        let m = Self.checkFeatures
        let shifts = StrokeAugmentation.deviceShifts(tolerance: .of(.checkmark))
        let moved = m.shifted(by: shifts, seed: 1)
        #expect(moved.count == shifts.count && moved.allSatisfy { $0.count == m.count && $0.labels == m.labels })
        #expect(moved[shifts.firstIndex(of: .rotation(20)) ?? 0].vectors != m.vectors)
        let r = try DetectorTrainer.train([m], positive: "check", target: .falsePositiveRate(0.01), seed: 1, shifted: [moved])
        let perShift = try #require(r.chosen.shiftValidation)
        #expect(perShift.count == shifts.count)
        #expect(perShift.allSatisfy { $0.positives == 48 && $0.negatives == 240 })
        #expect(r.chosen.decisive.truePositiveRate <= r.chosen.validation.truePositiveRate)
        #expect(r.chosen.decisive.falsePositiveRate >= r.chosen.validation.falsePositiveRate)

        // Time jitter of 0 leaves the check mark's measures as they were.
        let still = m.shifted(by: [.timeJitter(0)], seed: 1)
        #expect(still[0].vectors == m.vectors)
        let same = try DetectorTrainer.train([m], positive: "check", target: .falsePositiveRate(0.01), seed: 1, shifted: [still])
        let plain = try DetectorTrainer.train([m], positive: "check", target: .falsePositiveRate(0.01), seed: 1)
        #expect(same.thresholds == plain.thresholds && same.chosen.shiftValidation == [plain.chosen.validation])
        // The evaluator passes the shifts to every fold: its samples held out, their copies not.
        let e1 = try DetectorEvaluator.evaluate(m, positive: "check", thresholds: .train(.falsePositiveRate(0.01), seed: 1),
                                                protocol: .leaveOneSubjectOut, includeDetails: true, deviceShifts: [.timeJitter(0)])
        let e0 = try DetectorEvaluator.evaluate(m, positive: "check", thresholds: .train(.falsePositiveRate(0.01), seed: 1),
                                                protocol: .leaveOneSubjectOut, includeDetails: true)
        #expect(e1.foldThresholds == e0.foldThresholds && e1.thresholds == e0.thresholds)
    }

    @Test func thresholdsFilesRoundTripAndNameTheFileOnBadVersions() throws {
        let dir = try TemporaryDirectory("detector-thresholds")
        defer { dir.remove() }
        let t = try DetectorTrainer.train(Self.circleFeatures, positive: "circle", target: .falsePositiveRate(0.01), seed: 1).thresholds
        let path = dir.path("circle.json")
        try DetectorThresholdsFile.write(t, to: path)
        #expect(try DetectorThresholdsFile.load(path, kind: .circle) == t)

        let bad = dir.path("bad.json")
        try Data(#"{"format": "gesturelab.circle/2", "rule": "sadun"}"#.utf8).write(to: URL(fileURLWithPath: bad))
        #expect {
            try DetectorThresholdsFile.load(bad, kind: .circle)
        } throws: { error in
            let text = "\(error)"
            return text.contains(bad) && text.contains("format") && text.contains("gesturelab.circle/2")
        }
        #expect(throws: DetectorTrainingError.self) { try DetectorThresholdsFile.load(dir.path("missing.json"), kind: .circle) }
    }
}

/// The general shape detector trained for a label of the data (`zig_zag`), through the
/// same trainer and evaluator as the check mark and circle.
@Suite struct GeneralShapeTrainingTests {
    static let features = DetectorMeasurements.measure(.shape, dataset: DetectorTrainingTests.data)

    @Test func aZigZagDetectorHoldsOnHeldOutSubjects() throws {
        let e = try DetectorEvaluator.evaluate(Self.features, positive: "zig_zag",
                                               thresholds: .train(.falsePositiveRate(0.01), seed: 1),
                                               protocol: .leaveOneSubjectOut, includeDetails: true)
        #expect(e.truePositiveRate >= 0.9, "TPR \(e.truePositiveRate)")
        #expect(e.falsePositiveRate <= 0.03, "FPR \(e.falsePositiveRate) \(e.falseDetections)")
        #expect(e.detector == .shape)
        // The decision and the margin are separate fields that agree.
        let samples = try #require(e.samples)
        #expect(samples.allSatisfy { s in s.margin.map { ($0 >= 0) == s.detected } ?? !s.detected })
        #expect(samples.filter { $0.margin != nil }.count == samples.count, "every synthetic stroke is measurable")
    }

    @Test func trainedThresholdsCarryTheLabelAndTheSettingsMeasuredWith() throws {
        var settings = GeneralShapeDetector.defaultSettings
        settings.resampleCount = 48
        let t = DetectorKind.shape.trained(settings: settings, box: FeatureBox(), label: nil)
        let m = DetectorMeasurements.measure(.shape, dataset: DetectorTrainingTests.data, settingsFrom: t)
        #expect(m.settings.resampleCount == 48)
        let r = try DetectorTrainer.train(m, positive: "zig_zag", target: .falsePositiveRate(0.01), seed: 1)
        let trained = try #require(r.thresholds.typed(GeneralShapeDetector.self), "not shape thresholds")
        #expect(trained.label == "zig_zag")
        #expect(trained.settings.resampleCount == 48, "the trainer records the settings it measured with")
        // Check mark thresholds record their detector's 32 points, not another default.
        let c = try DetectorTrainer.train(DetectorTrainingTests.checkFeatures, positive: "check", target: .falsePositiveRate(0.01), seed: 1)
        #expect(c.thresholds.settings.resampleCount == 32)
    }

    /// Every registered detector measures through the registry as through its own type.
    @Test(arguments: DetectorKind.allCases)
    func theRegistryMeasuresLikeTheDetectorItNames(kind: DetectorKind) throws {
        let stroke = DetectorTrainingTests.data.samples[0].gesture.strokes[0]
        let direct: [Double]? = switch kind {
        case .checkmark: CheckmarkDetector.shape(stroke)?.vector
        case .circle: CircleDetector.shape(stroke)?.vector
        case .shape: GeneralShapeDetector.featureVector(stroke)
        default: nil
        }
        #expect(kind.detector.featureVector(stroke, settings: kind.detector.defaultSettings) == direct)
        #expect(kind.detector.id == kind.rawValue)
        #expect(DetectorKind(rawValue: kind.rawValue) == kind)
    }

    /// The registry is the detector types' own declarations: presets, moment of decision,
    /// tolerance and default label come from the type, and a kind decodes only its format.
    @Test func theRegistryReadsEverythingFromTheDetectorTypes() throws {
        #expect(DetectorKind.builtIn == [.checkmark, .circle])
        #expect(DetectorKind.shape.defaultPreset == nil)
        #expect(DetectorKind.checkmark.defaultPreset == AnyDetectorThresholds(CheckmarkThresholds.checkPlease))
        #expect(DetectorKind.circle.presets.keys.sorted() == ["sadun", "sadunShapeOnly", "sadunWithoutInflectionTest"])
        #expect(DetectorKind.circle.preset(named: "SADUN-SHAPE-ONLY")?.thresholds == AnyDetectorThresholds(CircleThresholds.sadunShapeOnly))
        #expect(DetectorKind.checkmark.preset(named: "sadun") == nil)
        #expect(DetectorKind.checkmark.decidesWhileMoving && !DetectorKind.circle.decidesWhileMoving && !DetectorKind.shape.decidesWhileMoving)
        #expect(DetectorKind.circle.tolerance.mirror && !DetectorKind.checkmark.tolerance.mirror)
        // A label's gesture keeps its tolerance whichever detector learns it.
        #expect(DetectorKind.shape.tolerance(forLabel: "circle") == DetectorKind.circle.tolerance)
        #expect(DetectorKind.shape.tolerance(forLabel: "check") == DetectorKind.checkmark.tolerance)
        #expect(DetectorKind.shape.tolerance(forLabel: "zig_zag") == .slightTilt)
        #expect(DetectorKind(rawValue: "zigzag") == nil)
        let data = try AnyDetectorThresholds(CircleThresholds.sadun).encoded()
        #expect(try JSONDecoder().decode(AnyDetectorThresholds.self, from: data).kind == .circle)
        #expect(throws: DecodingError.self) { try AnyDetectorThresholds.decode(data, kind: .checkmark) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AnyDetectorThresholds.self, from: Data(#"{"format": "gesturelab.zigzag/1"}"#.utf8))
        }
    }
}
