import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureMatching
@testable import GestureTraining

struct RejectionTrainingTests {
    @Test func sigmaIsMeanPlusKStandardDeviations() {
        let t = RejectionTrainer.threshold(positives: [1, 2, 3, 4, 5], negatives: [], method: .sigma(k: 3))
        #expect(abs(t - (3 + 3 * 2.0.squareRoot())) < 1e-12)
    }

    @Test func f1PicksTheGapBetweenSeparableClasses() {
        let t = RejectionTrainer.threshold(positives: [0.1, 0.2, 0.3], negatives: [0.5, 0.6, 0.7], method: .f1)
        #expect(t >= 0.3 && t < 0.5)
    }

    @Test func targetFPRKeepsTheFalsePositiveRateAtOrUnderTheTarget() {
        let neg = (1...100).map { Double($0) / 100 }
        for target in [0.0, 0.05, 0.1, 0.5] {
            let t = RejectionTrainer.threshold(positives: [0.01, 0.5], negatives: neg, method: .targetFPR(target))
            let fpr = Double(neg.filter { $0 <= t }.count) / Double(neg.count)
            #expect(fpr <= target + 1e-12)
            #expect(fpr >= target - 0.01 - 1e-12)
        }
    }

    @Test func acceptFractionKeepsAtLeastThatShare() {
        let pos = (1...20).map(Double.init)
        let t = RejectionTrainer.threshold(positives: pos, negatives: [], method: .acceptFraction(0.95))
        #expect(t == 19)
    }

    // Edge cases: no positives; no negatives.
    @Test func degenerateInputsGiveDocumentedThresholds() {
        #expect(RejectionTrainer.threshold(positives: [], negatives: [1], method: .f1) == 0)
        #expect(RejectionTrainer.threshold(positives: [0.2, 0.4], negatives: [], method: .f1) == 0.4)
        #expect(RejectionTrainer.threshold(positives: [0.2, 0.4], negatives: [], method: .targetFPR(0.01)) == 0.4)
    }

    @Test func trainedThresholdsSeparateVocabularyFromOtherLabels() {
        let data = MatcherFixtures.dataset()
        let inVocab = data.filter { $0.label != "zigzag" }
        var rng = SeededGenerator(seed: 2)
        let templates = TemplateSelector.select(from: inVocab, perClass: 2, method: .random, matcher: ProtractorMatcher.self,
                                                settings: .default, using: &rng)
        let library = TemplateLibrary(templates: templates)
        let trained = RejectionTrainer.train(library: library, matcher: ProtractorMatcher.self, settings: .default,
                                             samples: data.samples, method: .f1)
        #expect(Set(trained.thresholds.thresholds.keys) == ["caret", "check", "circle"])
        #expect(trained.splices == 0)
        let m = ProtractorMatcher(library: library, settings: .default)
        let zigzags = data.samples.filter { $0.label == "zigzag" }
        let accepted = zigzags.filter { s in m.recognize(s.gesture, limit: 1).first.map(trained.thresholds.accepts) ?? false }
        #expect(Double(accepted.count) / Double(zigzags.count) < 0.2)
    }

    @Test func oneLabelDatasetsUseSplicesAsNegatives() {
        let checks = MatcherFixtures.dataset().filter { $0.label == "check" }
        let library = TemplateLibrary(templates: [Template(name: "check", gesture: checks.samples[0].gesture)])
        let trained = RejectionTrainer.train(library: library, matcher: DollarOneMatcher.self, settings: .default,
                                             samples: checks.samples, method: .f1, spliceCount: 50, seed: 4)
        #expect(trained.splices == 50)
        #expect((trained.distances["check"]?.negatives.count ?? 0) == 50)
        #expect((trained.thresholds.thresholds["check"] ?? 0) > 0)
    }

    @Test func leaveOneLabelOutReportsARowPerLabel() {
        let corpus = PreparedCorpus<ProtractorMatcher>(MatcherFixtures.dataset(), settings: .default)
        let r = LeaveOneLabelOutStudy.run(corpus, settings: .default, templatesPerClass: 2, seed: 3)
        #expect(r.rows.map(\.label) == ["caret", "check", "circle", "zigzag"])
        for row in r.rows {
            #expect(row.negatives == 3 * 2 * 6)
            #expect(row.inVocabularySamples == 3 * 3 * 2 * 6)
            #expect(row.inVocabularyAccepted > 0.7)
            // Calibrated on the tested subject's own in-vocabulary samples, ~95% of them pass
            // (a best match of another label can still fall under that label's threshold).
            #expect(row.inVocabularyAcceptedAtTestCalibration >= 0.9)
            #expect(row.falsePositiveRateAtTestCalibration >= 0 && row.falsePositiveRateAtTestCalibration <= 1)
        }
        #expect(r.meanFalsePositiveRateAtTestCalibration == r.rows.map(\.falsePositiveRateAtTestCalibration).reduce(0, +) / 4)
    }
}

struct MatcherSplicingTests {
    @Test func aSpliceJoinsTwoHalvesContinuously() throws {
        let a = Gesture(points: (0...10).map { Point(x: Double($0) * 10, y: 0) })
        let b = Gesture(points: (0...10).map { Point(x: 0, y: Double($0) * 10) })
        let s = try #require(Splicing.splice(a, b))
        let pts = s.strokes[0].points
        #expect(pts.count == Splicing.resamplePoints)
        #expect(pts.first == Point(x: 0, y: 0))
        // First half horizontal, second half vertical from where the first ended.
        #expect(pts[31].y == 0)
        #expect(abs(pts.last!.x - pts[31].x) < 1e-9)
        #expect(pts.last!.y > 40)
    }

    @Test func splicesNeedPointsAndTwoGestures() {
        #expect(Splicing.splice(Gesture([]), Gesture(points: [Point(x: 0, y: 0)])) == nil)
        var rng = SeededGenerator(seed: 1)
        #expect(Splicing.negatives(from: [Gesture(points: [Point(x: 0, y: 0)])], count: 5, using: &rng).isEmpty)
    }
}

struct MatcherTemplateSelectionTests {
    @Test(arguments: [TemplateSelection.random, .medoid])
    func selectsPerClassTemplatesOfEveryLabel(method: TemplateSelection) {
        var rng = SeededGenerator(seed: 8)
        let t = TemplateSelector.select(from: MatcherFixtures.dataset(), perClass: 3, method: method,
                                        matcher: ProtractorMatcher.self, settings: .default, using: &rng)
        #expect(t.count == 12)
        #expect(Dictionary(grouping: t, by: \.name).mapValues(\.count) == ["caret": 3, "check": 3, "circle": 3, "zigzag": 3])
    }

    @Test func medoidIsDeterministicAndRandomFollowsTheSeed() {
        let d = MatcherFixtures.dataset()
        var r1 = SeededGenerator(seed: 1), r2 = SeededGenerator(seed: 99)
        let m1 = TemplateSelector.select(from: d, perClass: 1, method: .medoid, matcher: ProtractorMatcher.self, settings: .default, using: &r1)
        let m2 = TemplateSelector.select(from: d, perClass: 1, method: .medoid, matcher: ProtractorMatcher.self, settings: .default, using: &r2)
        #expect(m1 == m2)
        var a = SeededGenerator(seed: 1), b = SeededGenerator(seed: 1)
        #expect(TemplateSelector.select(from: d, perClass: 2, method: .random, matcher: ProtractorMatcher.self, settings: .default, using: &a)
                == TemplateSelector.select(from: d, perClass: 2, method: .random, matcher: ProtractorMatcher.self, settings: .default, using: &b))
    }
}
