import Foundation
import Testing
import GestureData
import GestureDetectors
import GestureGeometry
import GestureTestSupport
@testable import GestureEngine

/// The engine's circle recognizer agrees with the circle detector on circles drawn more
/// than once: it fires once, when the finger lifts.
struct RepeatedCircleRecognizerTests {
    /// A slightly uneven circle of radius 80 gone round `turns` times in 2 s a turn, 60 Hz.
    func circle(turns: Double) -> Sample {
        let n = Int(120 * turns)
        let points = (0...n).map { i -> Point in
            let u = turns * Double(i) / Double(n), a = -Double.pi / 2 + 2 * .pi * u
            let r = 80 * (1 + 0.04 * sin(3 * a)) * (1 + 0.05 * u)
            return Point(x: 200 + 3 * u + r * cos(a), y: 200 + r * sin(a), t: Double(i) / 60)
        }
        return Sample(gesture: Gesture(points: points), label: "circle")
    }

    @Test(arguments: [1.0, 2.0, 2.9]) func aCircleDrawnOnceOrMoreFiresAtTouchEnd(_ turns: Double) throws {
        // (A spiral of as many turns is refused by the same box: its loops shrink.)
        // A box that accepts one to four loops drawn in place, as training with `--loops 4` makes.
        let thresholds = CircleThresholds(rule: .trained(settings: CircleDetector.defaultSettings, box: FeatureBox([
            "loops": FeatureInterval(lower: 1, upper: 4),
            "revolutions": FeatureInterval(lower: 0.7, upper: 4.3),
            "loopSizeRatio": FeatureInterval(lower: 0.7),
            "loopDrift": FeatureInterval(upper: 0.5),
            "closure": FeatureInterval(upper: 1.0),
            "radiusDeviation": FeatureInterval(upper: 0.2),
        ])))
        let sample = circle(turns: turns)
        // The detector itself accepts the stroke …
        #expect(CircleDetector(thresholds: thresholds).detects(sample.gesture.strokes[0]))
        // … and the engine's recognizer fires exactly once, at the lift.
        let recognizer = StrokeRecognizer(name: "circle", detector: ShapeStrokeDetector<CircleDetector>(thresholds: thresholds))
        let (events, _) = SampleSessionBuilder().session([sample], labelNames: ["circle": "circle"])
        let fired = try SessionReplayer.replay(events, through: GestureArena([recognizer])).activations.filter(\.isActivation)
        #expect(fired.map(\.recognizer) == ["circle"])
        #expect(fired.first?.time == events.last?.t)
    }
}
