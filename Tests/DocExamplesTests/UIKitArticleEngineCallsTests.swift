import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureMatching
import GestureTestSupport
import GestureEngine

/// The engine calls of the DocC article "Recognizing with a trained model in a UIKit app",
/// made on Linux: its UIKit class cannot be compiled here, so this test runs the session
/// class it uses — the article's listing itself, which tools/doc-examples writes at file
/// scope in DocExamples.swift — on touches made from the shipped samples, as the UIKit
/// class would feed them.
struct UIKitArticleEngineCallsTests {
    static func shipped() throws -> (model: ModelRecognizer, samples: [Sample]) {
        let root = DatasetLocator.packageRoot
        let library = try TemplateLibrary.decode(Data(contentsOf: root.appendingPathComponent("templates/templates.json")))
        let file = root.appendingPathComponent("templates/samples/dollar1-medium.jsonl").path
        let samples = try JSONLines.decode(Data(contentsOf: URL(fileURLWithPath: file)), file: file)
        let model = try ModelRecognizer(library: library, matcher: .protractor(.default), rejection: .none)
        return (model, samples)
    }

    /// A sample's strokes as the UIKit class sends them: one touch per stroke, began,
    /// moved for every further point, ended, at the sample's times.
    static func feed(_ sample: Sample, to session: ModelGestureSession, start: Double) throws -> [String] {
        var labels: [String] = []
        var t = start
        for (k, stroke) in sample.gesture.strokes.enumerated() {
            for (i, p) in stroke.points.enumerated() {
                t = max(t, start + (p.t ?? Double(i) * 0.01))
                let phase: TouchSessionPhase = i == 0 ? .began : (i == stroke.points.count - 1 ? .ended : .moved)
                if let label = try session.handle(time: t, phase: phase, touches: [TouchSessionTouch(id: k + 1, x: p.x, y: p.y)]) {
                    labels.append(label)
                }
            }
            if stroke.points.count == 1 {
                if let label = try session.handle(time: t, phase: .ended, touches: [TouchSessionTouch(id: k + 1, x: stroke.points[0].x, y: stroke.points[0].y)]) {
                    labels.append(label)
                }
            }
        }
        return labels
    }

    @Test func theSessionFiresTheModelsLabelWhenTheFingerLifts() throws {
        let (model, samples) = try Self.shipped()
        let session = ModelGestureSession(model: model, folder: "model")
        // Two samples of every label, one after the other on one clock, as on a screen.
        var perLabel: [String: Int] = [:]
        var start = 0.0, checked = 0
        for s in samples where perLabel[s.label ?? "", default: 0] < 2 {
            perLabel[s.label ?? "", default: 0] += 1
            let fired = try Self.feed(s, to: session, start: start)
            let direct = model.recognize(s.gesture).label
            #expect(fired == [direct].compactMap { $0 }, "sample \(s.meta["name"] ?? "?"): fired \(fired), model says \(direct ?? "nil")")
            start += 10
            checked += 1
        }
        #expect(checked == 32)
    }

    @Test func resetForgetsATouchLeftDown() throws {
        let (model, samples) = try Self.shipped()
        let session = ModelGestureSession(model: model, folder: "model")
        // UIKit stops sending a failed recognizer's touches: the session is reset with a
        // finger still down, and the next gesture is recognized as if on a fresh screen.
        #expect(try session.handle(time: 0, phase: .began, touches: [TouchSessionTouch(id: 1, x: 0, y: 0)]) == nil)
        session.reset()
        let sample = try #require(samples.first { model.recognize($0.gesture).label == $0.label })
        let fired = try Self.feed(sample, to: session, start: 5)
        #expect(fired == [sample.label!])
    }

    @Test func touchesOutOfOrderAreAnErrorTheRecognizerTurnsIntoFailure() throws {
        let (model, _) = try Self.shipped()
        let session = ModelGestureSession(model: model, folder: "model")
        #expect(throws: TouchTracker.TrackingError.self) {
            _ = try session.handle(time: 1, phase: .moved, touches: [TouchSessionTouch(id: 7, x: 0, y: 0)])
        }
    }
}
