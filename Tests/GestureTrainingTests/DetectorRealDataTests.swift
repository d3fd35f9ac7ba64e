import Foundation
import GestureData
import GestureTestSupport
import GestureTraining
import Testing

/// Leave-one-subject-out training on the medium-speed third of the $1 logs (a subset, to
/// keep the debug suite fast; full-dataset figures come from the release CLI). Skipped
/// without the data.
@Suite struct DetectorRealDataTests {
    static func subset() throws -> Dataset? {
        try DatasetLocator.dollarOne()?.filter { $0.speed == "medium" }
    }

    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func trainedCheckmarkHoldsOnUnseenSubjects() throws {
        let data = try #require(try Self.subset(), "the $1 logs vanished while the suite ran")
        let m = DetectorMeasurements.measure(.checkmark, dataset: data)
        let e = try DetectorEvaluator.evaluate(m, positive: "check", thresholds: .train(.falsePositiveRate(0.01), seed: 1),
                                               protocol: .leaveOneSubjectOut)
        #expect(e.positives == 100 && e.negatives == 1500)
        #expect(e.truePositiveRate >= 0.9, "TPR \(e.truePositiveRate)")
        #expect(e.falsePositiveRate <= 0.02, "FPR \(e.falsePositiveRate) \(e.falseDetections)")
        #expect((e.perLabel["caret"] ?? 1) <= 0.02)
    }

    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func trainedCircleHoldsOnUnseenSubjects() throws {
        let data = try #require(try Self.subset(), "the $1 logs vanished while the suite ran")
        let m = DetectorMeasurements.measure(.circle, dataset: data)
        let e = try DetectorEvaluator.evaluate(m, positive: "circle", thresholds: .train(.falsePositiveRate(0.01), seed: 1),
                                               protocol: .leaveOneSubjectOut)
        #expect(e.truePositiveRate >= 0.9, "TPR \(e.truePositiveRate)")
        #expect(e.falsePositiveRate <= 0.02, "FPR \(e.falsePositiveRate) \(e.falseDetections)")
    }
}
