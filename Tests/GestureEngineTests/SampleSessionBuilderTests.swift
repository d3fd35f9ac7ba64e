import Testing
import GestureData
import GestureDetectors
import GestureGeometry
import GestureTestSupport
@testable import GestureEngine

struct SampleSessionBuilderTests {
    func sample(_ label: String, _ points: [(Double, Double, Double?)]) -> Sample {
        Sample(gesture: Gesture([Stroke(points.map { Point(x: $0.0, y: $0.1, t: $0.2) })]), label: label)
    }

    @Test func noSamplesMakeAnEmptySession() {
        let s = SampleSessionBuilder().session([], labelNames: [:])
        #expect(s.events.isEmpty && s.labels.gestures.isEmpty)
    }

    @Test func strokesBecomeTouchesAtTheirRecordedTimes() throws {
        let a = sample("check", [(0, 0, 100.0), (5, 5, 100.1), (10, 0, 100.25)])
        let b = sample("other", [(1, 1, nil), (2, 2, nil)])
        let s = SampleSessionBuilder().session([a, b], labelNames: ["check": "checkmark"])
        #expect(s.events.map(\.phase) == [.began, .moved, .ended, .began, .ended])
        #expect(s.events.map(\.touches[0].id) == [1, 1, 1, 2, 2])
        #expect(abs(s.events[2].t - s.events[0].t - 0.25) < 1e-9)
        #expect(s.labels.gestures.map(\.name) == ["checkmark"])
        // Valid as a file.
        _ = try TouchSessionReader.decode(try TouchSessionWriter.encode(s.events), file: "x")
    }

    @Test func timesThatStepBackAreClampedAndOnePointStrokesEnd() throws {
        let a = sample("x", [(0, 0, 5.0), (1, 1, 4.0), (2, 2, 6.0)])
        let b = sample("y", [(3, 3, 1.0)])
        let s = SampleSessionBuilder().session([a, b], labelNames: [:])
        #expect(zip(s.events, s.events.dropFirst()).allSatisfy { $0.t <= $1.t })
        #expect(s.events.suffix(2).map(\.phase) == [.began, .ended])
    }

    /// On the real $1 logs the engine's check-mark recognizer fires exactly where the
    /// detector's own stream fires: the engine adds nothing and loses nothing.
    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func theEngineFiresTheBookCheckMarkWhereTheDetectorDoes() throws {
        let data = try #require(try DatasetLocator.dollarOne(), "the $1 logs vanished while the suite ran")
        var expectedChecks = 0, expectedOthers = 0
        for s in data.samples {
            var stream = CheckmarkDetector.Stream(thresholds: .checkPlease)
            let fired = s.gesture.strokes.flatMap(\.points).contains { stream.add($0) }
            if fired { if s.label == "check" { expectedChecks += 1 } else { expectedOthers += 1 } }
        }
        var detected = 0, falseActivations = 0
        for subject in data.subjects {
            let session = SampleSessionBuilder().session(data.onlySubjects([subject]).samples, labelNames: ["check": "checkmark"])
            let arena = GestureArena([StrokeRecognizer(name: "checkmark", detector: ShapeStrokeDetector<CheckmarkDetector>(thresholds: .checkPlease))])
            let result = try SessionReplayer.replay(session.events, through: arena)
            let e = SessionEvaluation.evaluate(result.activations, labels: session.labels, recognizerNames: ["checkmark"])
            detected += e.total.detected
            falseActivations += e.total.falseActivations
        }
        let checks = data.samples.filter { $0.label == "check" }.count
        print("engine, book check mark on the $1 logs: \(detected)/\(checks) check samples, "
              + "\(falseActivations)/\(data.count - checks) others")
        #expect(detected == expectedChecks)
        #expect(falseActivations == expectedOthers)
    }
}
