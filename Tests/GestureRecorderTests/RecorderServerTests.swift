import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureRecorder
import GestureTestSupport
import Hummingbird

typealias F = RecorderFixtures

/// The recorder's HTTP API, served in this process and driven over a loopback socket.
struct RecorderServerTests {
    struct Harness {
        let dir: TemporaryDirectory
        let server: RecorderServer
        var store: SampleStore { server.store }
        var root: URL { dir.url.appendingPathComponent("store") }

        init(settings: RecorderSettings = .default, recognizers: [any SampleRecognizer] = [],
             trainer: (any TrainingRunner)? = nil) throws {
            dir = try TemporaryDirectory("recorder-test")
            server = RecorderServer(store: try SampleStore(root: dir.url.appendingPathComponent("store")),
                                    settings: settings, recognizers: recognizers, trainer: trainer)
        }

        func test<T>(_ body: @Sendable (HTTPTestClient) async throws -> T) async throws -> T {
            try await server.makeApplication().served(body)
        }
    }

    @Test func pageHasCanvasControlsAndNoExternalResources() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        try await h.test { client in
            try await client.execute(uri: "/", method: .get) { r in
                #expect(r.status == .ok)
                #expect(r.headers[.contentType]?.hasPrefix("text/html") == true)
                let html = F.text(r)
                for id in ["pad", "label-select", "new-label", "subject", "save", "undo", "done", "results", "thumbs", "train", "pause-ms"] {
                    #expect(html.contains("id=\"\(id)\""), "page lacks #\(id)")
                }
                #expect(html.contains("<script src=\"/recorder.js\"></script>"))
                #expect(html.contains("<link rel=\"stylesheet\" href=\"/recorder.css\">"))
                #expect(!html.contains("src=\"http"), "no external scripts")
                #expect(!html.contains("href=\"http"), "no external style sheets")
            }
            // The script and the style sheet are the package's resource files, served as such.
            try await client.execute(uri: "/recorder.js", method: .get) { r in
                #expect(r.status == .ok)
                #expect(r.headers[.contentType]?.hasPrefix("text/javascript") == true)
                let js = F.text(r)
                #expect(js.contains("pointerdown"))
                #expect(js.contains("window.GestureLabRecorder"))
                #expect(!js.contains("http://") && !js.contains("https://"), "no external requests")
            }
            try await client.execute(uri: "/recorder.css", method: .get) { r in
                #expect(r.status == .ok)
                #expect(r.headers[.contentType]?.hasPrefix("text/css") == true)
                #expect(F.text(r).contains("touch-action: none"))
            }
        }
    }

    /// The served page is byte for byte the files in Sources/GestureRecorder/Page (the
    /// resources are compiled in, not copies that could drift).
    @Test func servedAssetsAreThePackagesPageFiles() throws {
        let page = DatasetLocator.packageRoot.appendingPathComponent("Sources/GestureRecorder/Page")
        for (file, asset) in [("recorder.html", RecorderPage.html), ("recorder.css", RecorderPage.css),
                              ("recorder.js", RecorderPage.script)] {
            let onDisk = try [UInt8](Data(contentsOf: page.appendingPathComponent(file)))
            #expect(onDisk == asset.bytes, "\(file) differs from the compiled resource")
        }
    }

    @Test func savedSampleIsWrittenAsNativeJSONUnderItsLabel() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let body = F.sampleJSON(label: "check", strokes: [F.checkmark])
        let saved = try await h.test { client in
            try await client.execute(uri: "/api/samples", method: .post, headers: F.json, body: F.body(body)) { r in
                #expect(r.status == .ok, "\(F.text(r))")
                return F.object(r)
            }
        }
        let id = try #require(saved["id"] as? String)
        #expect(saved["label"] as? String == "check")
        #expect((saved["facts"] as? [String: Any])?["points"] as? Int == F.checkmark.count)
        #expect(F.allFiles(h.root) == ["check/\(id).json"])
        let s = try h.store.load(.init(label: "check", id: id))
        #expect(s.gesture.pointCount == F.checkmark.count)
        #expect(s.subject == "s01")
        #expect(s.meta["device"] == "mouse")
    }

    @Test func multistrokeSampleKeepsItsStrokes() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let x1: [(Double, Double)] = [(0, 0), (10, 10), (20, 20)], x2: [(Double, Double)] = [(20, 0), (10, 10), (0, 20), (-5, 25)]
        let id = try await h.test { client in
            try await client.execute(uri: "/api/samples", method: .post, headers: F.json,
                                     body: F.body(F.sampleJSON(label: "x", strokes: [x1, x2]))) { F.object($0)["id"] as? String }
        }
        let s = try h.store.load(.init(label: "x", id: try #require(id)))
        #expect(s.gesture.strokes.map(\.count) == [3, 4])
    }

    @Test(arguments: ["../../etc", "..", "a/b", "/etc", ".hidden", "x\\y"])
    func pathTraversalLabelIsRejectedWith400AndNothingIsWritten(_ label: String) async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let body = F.sampleJSON(label: label, strokes: [F.checkmark])
        try await h.test { client in
            try await client.execute(uri: "/api/samples", method: .post, headers: F.json, body: F.body(body)) { r in
                #expect(r.status == .badRequest)
                let m = F.message(r)
                #expect(m.contains("invalid label"), "\(m)")
                #expect(m.contains("nothing was written"), "\(m)")
            }
        }
        #expect(F.allFiles(h.dir.url).isEmpty)
        #expect(try h.store.labels().isEmpty)
    }

    @Test func traversalInTheDeletePathIsRejected() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let victim = h.dir.url.appendingPathComponent("victim.json")
        try Data("{}".utf8).write(to: victim)
        try await h.test { client in
            for uri in ["/api/samples/..%2F..%2F/victim", "/api/samples/check/..%2F..%2Fvictim", "/api/samples/%2E%2E/victim"] {
                try await client.execute(uri: uri, method: .delete) { r in
                    #expect(r.status == .badRequest, "\(uri): \(r.status)")
                    #expect(F.message(r).contains("invalid"), "\(uri): \(F.message(r))")
                }
            }
        }
        #expect(FileManager.default.fileExists(atPath: victim.path))
    }

    @Test func fiftyMegabyteBodyIsRejectedWith413AndNothingIsWritten() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        // A syntactically valid sample, 50 MB long: only the size makes it wrong.
        let head = #"{"format":"gesturelab.sample/1","label":"big","strokes":[["#
        let point = "[1,2],"
        let count = (50 * 1024 * 1024 - head.utf8.count) / point.utf8.count + 1
        var big = ByteBuffer(string: head)
        big.writeString(String(repeating: point, count: count))
        big.writeString("[1,2]]]}")
        #expect(big.readableBytes >= 50 * 1024 * 1024)
        let sent = big
        try await h.test { client in
            try await client.execute(uri: "/api/samples", method: .post, headers: F.json, body: sent) { r in
                #expect(r.status == .contentTooLarge)
                let m = F.message(r)
                #expect(m.contains("too large"), "\(m)")
                #expect(m.contains("\(RecorderSettings.default.maxBodyBytes)"), "\(m)")
                #expect(m.contains("nothing was written"), "\(m)")
            }
        }
        #expect(F.allFiles(h.dir.url).isEmpty)
    }

    /// A client that sends its whole request before reading (and asks to close the
    /// connection) gets its 413 as soon as it has sent: the rest of the body is read and
    /// dropped. Before, nothing read it, and the client waited until the connection was
    /// dropped as idle (30 s), having sent a fifth of it.
    @Test func aTooLargeBodySentWholeBeforeReadingIsDrainedAndAnswered() async throws {
        var settings = RecorderSettings.default
        settings.bodyTimeoutSeconds = 600   // far beyond the client's own 20 s
        let h = try Harness(settings: settings); defer { h.dir.remove() }
        var big = ByteBuffer(string: #"{"format":"gesturelab.sample/1","label":"big","strokes":[["#)
        big.writeString(String(repeating: "[1,2],", count: 20 * 1024 * 1024 / 6))
        big.writeString("[1,2]]]}")
        let sent = big
        try await h.test { client in
            var whole = client
            whole.readsWhileSending = false
            whole.timeoutSeconds = 20
            let r = try await whole.execute(uri: "/api/samples", method: .post, headers: F.json, body: sent)
            #expect(r.status == .contentTooLarge)
            #expect(F.message(r).contains("nothing was written"), "\(F.message(r))")
            #expect(r.sentBytes == r.requestBytes, "sent \(r.sentBytes) of \(r.requestBytes) bytes: the server stopped reading")
            // The connection's bytes were given back: a normal save still goes through.
            try await client.execute(uri: "/api/samples", method: .post, headers: F.json,
                                     body: F.body(F.sampleJSON(label: "check", strokes: [F.checkmark]))) { r in
                #expect(r.status == .ok, "\(F.message(r))")
            }
        }
        #expect(try h.store.counts() == ["check": 1])
    }

    @Test(arguments: [
        ("{\"format\": \"gesturelab.sample/1\", \"label\": \"check\", \"strokes\": [[[1, 2], [3", "truncated"),
        ("not json at all", "not valid JSON"),
        ("", "not valid JSON"),
        ("{\"format\": \"gesturelab.sample/1\", \"label\": \"check\", \"strokes\": []}", "field 'strokes'"),
        ("{\"format\": \"gesturelab.sample/1\", \"label\": \"check\", \"strokes\": [[[1, 2, 3, 4]]]}", "field 'strokes[0][0]'"),
        ("{\"format\": \"gesturelab.sample/1\", \"label\": \"check\", \"strokes\": [[[1, \"a\"]]]}", "strokes[0][0][1]"),
        ("{\"format\": \"gesturelab.sample/9\", \"label\": \"check\", \"strokes\": [[[1, 2]]]}", "unsupported format"),
        ("{\"label\": \"check\", \"strokes\": [[[1, 2]]]}", "field 'format'"),
        ("{\"format\": \"gesturelab.sample/1\", \"strokes\": [[[1, 2]]]}", "no label"),
    ])
    func malformedBodiesAreRejectedWithAClearMessageAndNothingIsWritten(_ body: String, _ expected: String) async throws {
        let h = try Harness(); defer { h.dir.remove() }
        try await h.test { client in
            try await client.execute(uri: "/api/samples", method: .post, headers: F.json, body: F.body(body)) { r in
                #expect(r.status == .badRequest)
                let m = F.message(r)
                #expect(m.contains(expected), "\(m)")
                #expect(m.contains("nothing was written"), "\(m)")
            }
        }
        #expect(F.allFiles(h.dir.url).isEmpty)
    }

    @Test func nonJSONContentTypeIsRefused() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let body = F.sampleJSON(label: "check", strokes: [F.checkmark])
        try await h.test { client in
            try await client.execute(uri: "/api/samples", method: .post, headers: [.contentType: "text/plain"], body: F.body(body)) { r in
                #expect(r.status == .unsupportedMediaType)
                #expect(F.message(r).contains("application/json"))
            }
        }
        #expect(F.allFiles(h.dir.url).isEmpty)
    }

    @Test func crossOriginWritesAreRefusedAndSameOriginAccepted() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let body = F.sampleJSON(label: "check", strokes: [F.checkmark])
        try await h.test { client in
            var foreign = F.json
            foreign[.origin] = "http://evil.example"
            try await client.execute(uri: "/api/samples", method: .post, headers: foreign, body: F.body(body)) { r in
                #expect(r.status == .forbidden)
                #expect(F.message(r).contains("cross-origin"))
            }
            // The page's own origin: the address the client connects to.
            var same = F.json
            same[.origin] = "http://\(client.host):\(client.port)"
            try await client.execute(uri: "/api/samples", method: .post, headers: same, body: F.body(body)) { r in
                #expect(r.status == .ok, "\(F.text(r))")
            }
        }
        #expect(try h.store.list().count == 1)
    }

    /// DNS rebinding: only literal loopback addresses and `localhost` pass;
    /// names that merely start with `127.` do not.
    @Test(arguments: [("127.0.0.1:8377", true), ("localhost", true), ("localhost:80", true), ("LOCALHOST:80", true),
                      ("[::1]:8377", true), ("[::1]", true), ("127.1.2.3", true), ("evil.example:8377", false),
                      ("192.168.1.5:8377", false), ("localhost.evil.example", false), ("[::2]:80", false), ("[::1", false),
                      ("127.evil.com:8377", false), ("127.0.0.1.nip.io:8377", false), ("127.0.0.1.nip.io", false),
                      ("127.0.0.256", false), ("127.0.0", false), ("127.0.0.1:80x", false), ("127.0.0.1:", false),
                      ("[::1]x", false)])
    func onlyLoopbackHostNamesPassTheGuard(_ authority: String, _ passes: Bool) {
        #expect(RequestGuardProbe.isLoopbackAuthority(authority) == passes)
    }

    @Test func aNonLoopbackBindAcceptsOnlyItsAllowList() {
        let allowed: Set<String> = ["lab-pc.local"]
        #expect(RequestGuardProbe.accepts("lab-pc.local:8377", allowed))
        #expect(RequestGuardProbe.accepts("LAB-PC.local", allowed))
        #expect(RequestGuardProbe.accepts("127.0.0.1:8377", allowed))
        #expect(!RequestGuardProbe.accepts("127.evil.com:8377", allowed))
        #expect(!RequestGuardProbe.accepts("lab-pc.local.evil.com", allowed))
        #expect(RecorderSettings.isLoopback("127.0.0.1") && !RecorderSettings.isLoopback("127.evil.com")
                && !RecorderSettings.isLoopback("0.0.0.0"))
    }

    /// The collections' JSON layouts are for datasets on disk; the recorder takes native
    /// samples only (a bare array would otherwise be labelled by the server's folder).
    @Test func onlyNativeSamplesAreAcceptedInRequests() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        try await h.test { client in
            for body in ["[[[0, 0], [10, 10]]]", #"{"name": "star", "paths": {"Pen": {"strokes": [{"x": 1, "y": 1}, {"x": 5, "y": 5}]}}}"#] {
                try await client.execute(uri: "/api/samples", method: .post, headers: F.json, body: F.body(body)) { r in
                    #expect(r.status == .badRequest, "\(body): \(F.text(r))")
                }
            }
        }
        #expect(try h.store.list().isEmpty)
    }

    @Test func deleteThenUndoRestoresAndUndoOfSaveRemoves() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        try await h.test { client in
            let id = try await client.execute(uri: "/api/samples", method: .post, headers: F.json,
                                              body: F.body(F.sampleJSON(label: "circle", strokes: [F.circle]))) { F.object($0)["id"] as? String }
            let sid = try #require(id)
            try await client.execute(uri: "/api/samples/circle/\(sid)", method: .delete) { r in
                #expect(r.status == .ok)
                #expect(F.object(r)["action"] as? String == "deleted")
            }
            #expect(try h.store.list().isEmpty)
            try await client.execute(uri: "/api/samples/circle/\(sid)", method: .delete) { r in
                #expect(r.status == .notFound)
            }
            try await client.execute(uri: "/api/undo", method: .post) { r in
                #expect(F.object(r)["action"] as? String == "undid delete")
            }
            #expect(try h.store.list() == [.init(label: "circle", id: sid)])
            #expect(try h.store.load(.init(label: "circle", id: sid)).gesture.pointCount == F.circle.count)
            try await client.execute(uri: "/api/undo", method: .post) { r in
                #expect(F.object(r)["action"] as? String == "undid save")
            }
            #expect(try h.store.list().isEmpty)
            try await client.execute(uri: "/api/undo", method: .post) { r in
                #expect(F.object(r)["action"] as? String == "nothing to undo")
            }
        }
    }

    @Test func recognizeCallsTheHookAndWritesNothing() async throws {
        let seen = LockedCounter()
        let hook = ClosureRecognizer(name: "points") { g in
            seen.add(g.pointCount)
            return [RecognitionResult(name: "many points", kind: .detector, recognized: g.pointCount > 30,
                                      measurements: ["points": Double(g.pointCount)], detail: "fires above 30 points")]
        }
        let h = try Harness(recognizers: [hook]); defer { h.dir.remove() }
        try await h.test { client in
            try await client.execute(uri: "/api/recognize", method: .post, headers: F.json,
                                     body: F.body(F.sampleJSON(label: nil, strokes: [F.circle]))) { r in
                #expect(r.status == .ok)
                let results = F.object(r)["results"] as? [[String: Any]]
                #expect(results?.count == 1)
                #expect(results?.first?["name"] as? String == "many points")
                #expect(results?.first?["recognized"] as? Bool == true)
            }
            try await client.execute(uri: "/api/state", method: .get) { r in
                #expect(F.object(r)["recognizers"] as? [String] == ["points"])
            }
        }
        #expect(seen.values == [F.circle.count])
        #expect(F.allFiles(h.dir.url).isEmpty)
    }

    @Test func sampleListHasCountsAndThumbnailsInTheUnitSquare() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        try await h.test { client in
            for (label, stroke) in [("check", F.checkmark), ("circle", F.circle), ("check", F.checkmark)] {
                try await client.execute(uri: "/api/samples", method: .post, headers: F.json,
                                         body: F.body(F.sampleJSON(label: label, strokes: [stroke])))
            }
            try await client.execute(uri: "/api/state", method: .get) { r in
                let o = F.object(r)
                #expect(o["total"] as? Int == 3)
                let labels = (o["labels"] as? [[String: Any]])?.map { "\($0["label"] ?? "")=\($0["count"] ?? "")" }
                #expect(labels == ["check=2", "circle=1"])
            }
            try await client.execute(uri: "/api/samples?label=circle", method: .get) { r in
                let rows = F.object(r)["samples"] as? [[String: Any]] ?? []
                #expect(rows.count == 1)
                #expect(rows.first?["points"] as? Int == 40)
                let thumb = rows.first?["thumbnail"] as? [[[Double]]] ?? []
                #expect(thumb.count == 1)
                #expect(thumb[0].count == RecorderSettings.default.thumbnailPointsPerStroke)
                #expect(thumb.flatMap { $0 }.flatMap { $0 }.allSatisfy { (0...1).contains($0) })
            }
            try await client.execute(uri: "/api/samples?label=..%2Fetc", method: .get) { r in
                #expect(r.status == .badRequest)
            }
        }
    }

    @Test func trainButtonWithoutWorkflowSaysSoAndWithOneShowsTheReport() async throws {
        let bare = try Harness(); defer { bare.dir.remove() }
        try await bare.test { client in
            try await client.execute(uri: "/api/train", method: .post) { r in
                #expect(r.status == .notImplemented)
                #expect(F.message(r).contains("not part of this build"))
            }
        }
        struct CountingTrainer: TrainingRunner {
            func train(store: SampleStore) async throws -> TrainingReport {
                let n = try store.list().count
                return TrainingReport(summary: "counted \(n) samples", text: "labels: \(try store.labels())")
            }
        }
        let h = try Harness(trainer: CountingTrainer()); defer { h.dir.remove() }
        try await h.test { client in
            try await client.execute(uri: "/api/samples", method: .post, headers: F.json,
                                     body: F.body(F.sampleJSON(label: "check", strokes: [F.checkmark])))
            try await client.execute(uri: "/api/train", method: .post) { r in
                #expect(r.status == .ok)
                #expect((F.object(r)["report"] as? [String: Any])?["summary"] as? String == "counted 1 samples")
            }
            try await client.execute(uri: "/api/state", method: .get) { r in
                #expect((F.object(r)["report"] as? [String: Any])?["text"] as? String == "labels: [\"check\"]")
                #expect(F.object(r)["trainingAvailable"] as? Bool == true)
            }
        }
    }
}

/// A thread-safe list of integers, for observing hooks.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func add(_ v: Int) { lock.lock(); stored.append(v); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return stored }
}

/// The guard's host check, reached through `@testable`.
enum RequestGuardProbe {
    static func isLoopbackAuthority(_ a: String) -> Bool { RequestGuard<BasicRequestContext>.isLoopbackAuthority(a) }
    static func accepts(_ a: String, _ allowed: Set<String>) -> Bool { RequestGuard<BasicRequestContext>.accepts(authority: a, allowed: allowed) }
}

