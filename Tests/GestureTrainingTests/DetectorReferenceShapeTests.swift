import Foundation
import Testing
import GestureDetectors
import GestureGeometry
import GestureTestSupport
@testable import GestureTraining

struct DetectorReferenceShapeTests {
    /// A perfect circle with its own radius, centre and starting angle.
    static func perfectCircle(radius: Double, start: Double, clockwise: Bool) -> Stroke {
        let n = 90
        return Stroke((0...n).map { i in
            let a = start + (clockwise ? 1 : -1) * 2 * Double.pi * Double(i) / Double(n)
            return Point(x: 400 + radius * cos(a), y: 300 + radius * sin(a))
        })
    }

    @Test(arguments: [true, false])
    func trainedCircleAcceptsAPerfectCircle(clockwise: Bool) throws {
        let result = try DetectorTrainer.train(DetectorTrainingTests.circleFeatures, positive: "circle",
                                               target: .falsePositiveRate(0.01), seed: 1)
        let thresholds = try #require(result.thresholds.typed(CircleDetector.self), "circle training returned other thresholds")
        for r in [20.0, 80.0, 300.0] {
            let stroke = Self.perfectCircle(radius: r, start: 0.7, clockwise: clockwise)
            #expect(thresholds.accepts(CircleDetector.measure(stroke)), "radius \(r)")
        }
    }

    @Test func shippedCircleThresholdsAcceptAPerfectCircle() throws {
        let url = DatasetLocator.packageRoot.appendingPathComponent("templates/circle.json")
        let thresholds = try JSONDecoder().decode(CircleThresholds.self, from: Data(contentsOf: url))
        for clockwise in [true, false] {
            #expect(thresholds.accepts(Self.perfectCircle(radius: 120, start: 2, clockwise: clockwise)))
        }
    }

    /// The reference shapes belong to the gesture: the general detector trained for `check`
    /// or `circle` is widened to accept the check mark's or the circle's ideal strokes as
    /// the detector made for them is; trained for another label, it is not.
    @Test func theGeneralDetectorTrainedForACheckOrACircleAcceptsTheirIdealStrokes() throws {
        let shape = DetectorMeasurements.measure(.shape, dataset: DetectorTrainingTests.data)
        for (label, ideal) in [("check", CheckmarkDetector.referenceStrokes), ("circle", CircleDetector.referenceStrokes)] {
            #expect(!ideal.isEmpty)
            let t = try DetectorTrainer.train(shape, positive: label, target: .falsePositiveRate(0.01), seed: 1).thresholds
            #expect(t.kind == .shape && t.role.defaultLabel == label)
            for stroke in ideal { #expect(t.accepts(stroke), "\(label)") }
        }
        #expect(DetectorTrainer.referenceShapes(.shape, label: "zig_zag", settings: GeneralShapeDetector.defaultSettings).isEmpty)
        #expect(DetectorTrainer.referenceShapes(.shape, label: "check", settings: GeneralShapeDetector.defaultSettings).count
                == CheckmarkDetector.referenceStrokes.count)
        // The check mark's own box: a generated check is no less a check mark.
        let own = try DetectorTrainer.train(DetectorTrainingTests.checkFeatures, positive: "check", target: .falsePositiveRate(0.01), seed: 1)
        for stroke in CheckmarkDetector.referenceStrokes { #expect(own.thresholds.accepts(stroke)) }
    }

    @Test func wideningABoxKeepsItsOtherBoundsAndIgnoresNonFiniteValues() {
        let box = FeatureBox(["a": FeatureInterval(lower: 1, upper: 2), "b": FeatureInterval(lower: 0, upper: nil)])
        let wider = box.including(["a": 0.5, "b": 7])
        #expect(wider.intervals["a"] == FeatureInterval(lower: 0.5, upper: 2))
        #expect(wider.intervals["b"] == FeatureInterval(lower: 0, upper: nil))
        #expect(box.including(["a": .nan]) == box)
    }
}
