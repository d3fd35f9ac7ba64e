import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureRecorder
import GestureTestSupport
import GestureTraining
import Hummingbird

/// The closed loop: a person saves a few examples of new gestures on the page, the server
/// trains the store's own model by itself and the next example is recognized with it.
struct RecorderLiveLoopTests {
    /// A zig-zag and a spiral, drawn with hand-like variation (scale, offset, jitter).
    static func drawn(_ label: String, _ rng: inout SeededGenerator) -> [(Double, Double)] {
        let scale = Double.random(in: 0.8...1.25, using: &rng)
        let dx = Double.random(in: -30...30, using: &rng), dy = Double.random(in: -30...30, using: &rng)
        let base: [(Double, Double)]
        switch label {
        case "zig_zag":
            let corners: [(Double, Double)] = [(0, 0), (40, 80), (80, 0), (120, 80), (160, 0)]
            base = (0..<64).map { i in
                let u = Double(i) / 63 * 4, k = min(3, Int(u)), f = u - Double(k)
                return (corners[k].0 + f * (corners[k + 1].0 - corners[k].0), corners[k].1 + f * (corners[k + 1].1 - corners[k].1))
            }
        case "spiral":
            base = (0..<64).map { i in
                let a = Double(i) / 63 * 4 * Double.pi, r = 10 + 60 * Double(i) / 63
                return (r * cos(a), r * sin(a))
            }
        default:
            // A scribble: a random walk.
            var p = (0.0, 0.0)
            base = (0..<64).map { _ in
                p.0 += Double.random(in: -25...25, using: &rng); p.1 += Double.random(in: -25...25, using: &rng)
                return p
            }
        }
        return base.map { (200 + dx + scale * $0.0 + Double.random(in: -2...2, using: &rng),
                           200 + dy + scale * $0.1 + Double.random(in: -2...2, using: &rng)) }
    }

    @Test func fiveExamplesEachThenTheSixthIsRecognizedWithTheStoresOwnModel() async throws {
        let dir = try TemporaryDirectory("recorder-live"); defer { dir.remove() }
        var settings = RecorderSettings.default
        settings.trainAfterEditMilliseconds = 50
        let store = try SampleStore(root: dir.url.appendingPathComponent("store"))
        let shipped = ClosureRecognizer(name: "shipped library") { _ in
            [RecognitionResult(name: "shipped library", kind: .matcher, recognized: true, match: "star", detail: "shipped")]
        }
        let server = RecorderServer(store: store, settings: settings, recognizers: [shipped], trainer: WorkflowTrainingRunner())
        var rng = SeededGenerator(seed: 12)
        var training: [(String, [(Double, Double)])] = []
        for _ in 0..<5 { for label in ["zig_zag", "spiral"] { training.append((label, Self.drawn(label, &rng))) } }
        let examples = training
        let sixth = ["zig_zag", "spiral", "scribble"].map { ($0, Self.drawn($0, &rng)) }
        try await server.makeApplication().served { client in
            do {
                for (label, stroke) in examples {
                    try await client.execute(uri: "/api/samples", method: .post, headers: RecorderFixtures.json,
                                             body: RecorderFixtures.body(RecorderFixtures.sampleJSON(label: label, strokes: [stroke]))) { r in
                        #expect(r.status == .ok, "\(RecorderFixtures.text(r))")
                    }
                }
            }
            // Training runs by itself after the last save: wait for the page's state to name the model.
            let clock = ContinuousClock(), saved = clock.now
            var model: String?
            var done = false
            while !done && clock.now - saved < .seconds(120) {
                try await Task.sleep(nanoseconds: 20_000_000)
                let st = try await client.execute(uri: "/api/state", method: .get) { RecorderFixtures.object($0) }
                model = st["model"] as? String
                let summary = (st["report"] as? [String: Any])?["summary"] as? String ?? ""
                done = st["trainingPending"] as? Bool == false && summary.contains("from 10 samples") && model != nil
            }
            #expect(done, "a training after the last save finished")
            let waited = clock.now - saved
            print("live loop: the store's model of all ten examples was in use \(waited) after the tenth save (debug build)")
            #expect(model == StoreModel.folder(of: store).path)
            try await client.execute(uri: "/api/state", method: .get) { r in
                let names = RecorderFixtures.object(r)["recognizers"] as? [String] ?? []
                #expect(!names.contains("shipped library") && names.contains { $0.hasPrefix("model (") }, "\(names)")
            }
            for (label, stroke) in sixth {
                let body = RecorderFixtures.sampleJSON(label: nil, strokes: [stroke])
                try await client.execute(uri: "/api/recognize", method: .post, headers: RecorderFixtures.json, body: RecorderFixtures.body(body)) { r in
                    let results = RecorderFixtures.object(r)["results"] as? [[String: Any]] ?? []
                    let model = try #require(results.first { ($0["name"] as? String)?.hasPrefix("model (") == true }, "\(results)")
                    let detail = model["detail"] as? String ?? ""
                    if label == "scribble" {
                        #expect(model["recognized"] as? Bool == false, "a scribble is rejected: \(detail)")
                    } else {
                        #expect(model["recognized"] as? Bool == true && model["match"] as? String == label, "\(label): \(detail)")
                    }
                }
            }
        }
        // The samples are all still there, and the model folder is not one of them.
        #expect(try store.list().count == 10)
        #expect(try store.labels() == ["spiral", "zig_zag"])
    }

    @Test func aModelAlreadyInTheStoreIsUsedFromTheStartUnlessTheServerIsToldNotTo() async throws {
        let dir = try TemporaryDirectory("recorder-live"); defer { dir.remove() }
        let store = try SampleStore(root: dir.url.appendingPathComponent("store"))
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<4 {
            for label in ["zig_zag", "spiral"] {
                let pts = Self.drawn(label, &rng).enumerated().map { Point(x: $1.0, y: $1.1, t: Double($0) * 0.01) }
                try store.save(Sample(gesture: Gesture(points: pts), label: label, subject: "s01"))
            }
        }
        _ = try await WorkflowTrainingRunner().train(store: store)
        for uses in [true, false] {
            var settings = RecorderSettings.default
            settings.usesStoreModel = uses
            let server = RecorderServer(store: store, settings: settings, recognizers: [], trainer: nil)
            try await server.makeApplication().served { client in
                try await client.execute(uri: "/api/state", method: .get) { r in
                    let o = RecorderFixtures.object(r)
                    #expect((o["model"] as? String) == (uses ? StoreModel.folder(of: store).path : nil))
                    #expect(((o["recognizers"] as? [String]) ?? []).isEmpty == !uses)
                }
            }
        }
    }

    @Test func confusionsListAMislabelledExampleAndRelabelMovesItWithUndo() async throws {
        let dir = try TemporaryDirectory("recorder-live"); defer { dir.remove() }
        let store = try SampleStore(root: dir.url.appendingPathComponent("store"))
        var rng = SeededGenerator(seed: 21)
        func save(_ drawn: String, as label: String) throws -> SampleStore.Entry {
            let pts = Self.drawn(drawn, &rng).enumerated().map { Point(x: $1.0, y: $1.1, t: Double($0) * 0.01) }
            return try store.save(Sample(gesture: Gesture(points: pts), label: label, subject: "s01"))
        }
        for _ in 0..<6 { _ = try save("zig_zag", as: "zig_zag"); _ = try save("spiral", as: "spiral") }
        let wrong = try save("spiral", as: "zig_zag")   // a spiral saved under the wrong label
        _ = try await WorkflowTrainingRunner().train(store: store)
        let server = RecorderServer(store: store, settings: .default, recognizers: [], trainer: WorkflowTrainingRunner())
        try await server.makeApplication().served { client in
            let listed = try await client.execute(uri: "/api/confusions", method: .get) { r in
                #expect(r.status == .ok, "\(RecorderFixtures.text(r))")
                let o = RecorderFixtures.object(r)
                #expect(o["checked"] as? Int == 13)
                return (o["confusions"] as? [[String: Any]] ?? []).map { (($0["sample"] as? [String: Any])?["id"] as? String ?? "", $0["match"] as? String) }
            }
            #expect(listed.contains { $0.0 == wrong.id }, "the mislabelled spiral is listed: \(listed)")
            let moved = "{\"label\": \"spiral\"}"
            try await client.execute(uri: "/api/samples/zig_zag/\(wrong.id)/relabel", method: .post, headers: RecorderFixtures.json,
                                     body: RecorderFixtures.body(moved)) { r in
                #expect(r.status == .ok, "\(RecorderFixtures.text(r))")
                #expect(RecorderFixtures.object(r)["action"] as? String == "relabeled")
            }
            #expect(try store.list(label: "spiral").contains { $0.id == wrong.id })
            #expect(try !store.list(label: "zig_zag").contains { $0.id == wrong.id })
            #expect(try store.load(.init(label: "spiral", id: wrong.id)).label == "spiral")
            try await client.execute(uri: "/api/samples/zig_zag/\(wrong.id)/relabel", method: .post, headers: RecorderFixtures.json,
                                     body: RecorderFixtures.body("{\"label\": \"../x\"}")) { r in
                #expect(r.status == .badRequest)
            }
            try await client.execute(uri: "/api/undo", method: .post) { r in
                #expect(RecorderFixtures.object(r)["action"] as? String == "undid relabel")
            }
            #expect(try store.list(label: "zig_zag").contains { $0.id == wrong.id })
            #expect(try store.load(.init(label: "zig_zag", id: wrong.id)).label == "zig_zag")
        }
        #expect(try store.list().count == 13)
    }

    @Test func aSessionFromThePageIsValidatedAndWrittenWithItsLabels() async throws {
        let dir = try TemporaryDirectory("recorder-session"); defer { dir.remove() }
        let store = try SampleStore(root: dir.url.appendingPathComponent("store"))
        let server = RecorderServer(store: store, settings: .default, recognizers: [], trainer: nil)
        let folder = store.root.appendingPathComponent(RecorderServer.sessionsFolder)
        let good = """
        {"events": [{"t": 0, "phase": "began", "touches": [{"id": 1, "x": 10, "y": 10}]},
                    {"t": 0.01, "phase": "began", "touches": [{"id": 2, "x": 50, "y": 10}]},
                    {"t": 0.05, "phase": "moved", "touches": [{"id": 2, "x": 90, "y": 10}]},
                    {"t": 0.1, "phase": "ended", "touches": [{"id": 1, "x": 10, "y": 10}, {"id": 2, "x": 90, "y": 10}]}],
         "labels": [{"name": "pinch", "start": 0, "end": 0.1}]}
        """
        // A finger that moves before it began: refused, nothing written.
        let bad = #"{"events": [{"t": 0, "phase": "moved", "touches": [{"id": 1, "x": 10, "y": 10}]}]}"#
        try await server.makeApplication().served { client in
            try await client.execute(uri: "/api/sessions", method: .post, headers: RecorderFixtures.json, body: RecorderFixtures.body(bad)) { r in
                #expect(r.status == .badRequest)
                #expect(RecorderFixtures.text(r).contains("nothing was written"))
            }
            let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            #expect(left.isEmpty, "nothing written: \(left)")
            let file = try await client.execute(uri: "/api/sessions", method: .post, headers: RecorderFixtures.json, body: RecorderFixtures.body(good)) { r in
                #expect(r.status == .ok, "\(RecorderFixtures.text(r))")
                let o = RecorderFixtures.object(r)
                #expect(o["lines"] as? Int == 4 && o["touches"] as? Int == 2 && o["labels"] as? Int == 1)
                return o["file"] as? String ?? ""
            }
            let events = try TouchSessionReader.decode(try Data(contentsOf: URL(fileURLWithPath: file)), file: file)
            #expect(events.count == 4)
            let labels = try SessionLabels.decode(try Data(contentsOf: URL(fileURLWithPath: SessionLabels.sidecarPath(forSession: file))), file: "labels")
            #expect(labels.gestures.map(\.name) == ["pinch"])
        }
        #expect(try store.labels().isEmpty, "sessions are not samples")
    }
}
