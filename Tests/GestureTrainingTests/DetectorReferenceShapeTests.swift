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
            #expect(thresholds.accepts(CircleDetector.measure(Self.perfectCircle(radius: 120, start: 2, clockwise: clockwise))))
        }
    }

    @Test func wideningABoxKeepsItsOtherBoundsAndIgnoresNonFiniteValues() {
        let box = FeatureBox(["a": FeatureInterval(lower: 1, upper: 2), "b": FeatureInterval(lower: 0, upper: nil)])
        let wider = box.including(["a": 0.5, "b": 7])
        #expect(wider.intervals["a"] == FeatureInterval(lower: 0.5, upper: 2))
        #expect(wider.intervals["b"] == FeatureInterval(lower: 0, upper: nil))
        #expect(box.including(["a": .nan]) == box)
    }
}
