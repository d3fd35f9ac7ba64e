import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureRecorder
import GestureTestSupport
import Hummingbird

/// Edits of the store through the recorder's API when they meet: two relabels of one
/// sample, a delete and a relabel, a sample file that no longer loads; and what the
/// server refuses before it writes (sessions the engine would refuse, bodies not sent as
/// JSON, huge values echoed back).
struct RecorderStoreEditTests {
    typealias Harness = RecorderServerTests.Harness

    /// Saves one sample under `label` through the API and returns its id.
    static func save(_ client: HTTPTestClient, label: String) async throws -> String {
        let id = try await client.execute(uri: "/api/samples", method: .post, headers: F.json,
                                          body: F.body(F.sampleJSON(label: label, strokes: [F.checkmark]))) { r in
            #expect(r.status == .ok, "\(F.text(r))")
            return F.object(r)["id"] as? String
        }
        return try #require(id)
    }

    /// Where the sample `id` is in the store: every label folder holding a file of it,
    /// with the label written inside that file (`nil` when it does not load).
    static func copies(of id: String, in store: SampleStore) -> [(folder: String, label: String?)] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: store.root.path)) ?? []
        return folders.filter { !$0.hasPrefix(".") }.sorted().compactMap { folder in
            let file = store.root.appendingPathComponent(folder).appendingPathComponent("\(id).json")
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            let label = (try? Data(contentsOf: file)).flatMap { try? NativeSampleCodec.decode($0, file: file.path) }?.label
            return (folder, label)
        }
    }

    static func relabel(_ client: HTTPTestClient, _ label: String, _ id: String, to new: String) async throws -> (HTTPResponse.Status, String) {
        try await client.execute(uri: "/api/samples/\(label)/\(id)/relabel", method: .post, headers: F.json,
                                 body: F.body("{\"label\": \"\(new)\"}")) { r in (r.status, F.text(r)) }
    }

    /// Two relabels of one sample sent at once (alpha and beta) once moved it under both
    /// labels. Now the first wins, the second is told the sample is gone (404 naming it),
    /// and the sample ends in exactly one place with its folder's label inside.
    @Test func concurrentRelabelsOfOneSampleLeaveExactlyOneCopy() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let store = h.store
        try await h.test { client in
            for trial in 0..<40 {
                let id = try await Self.save(client, label: "start")
                let answers = await withTaskGroup(of: (String, HTTPResponse.Status, String).self) { group in
                    for target in ["alpha", "beta"] {
                        group.addTask {
                            let (status, text) = (try? await Self.relabel(client, "start", id, to: target)) ?? (.internalServerError, "no answer")
                            return (target, status, text)
                        }
                    }
                    var out: [(String, HTTPResponse.Status, String)] = []
                    for await a in group { out.append(a) }
                    return out
                }
                let copies = Self.copies(of: id, in: store)
                #expect(copies.count == 1, "trial \(trial): sample under \(copies.map(\.folder))")
                let won = answers.filter { $0.1 == .ok }
                #expect(won.count == 1, "trial \(trial): \(answers.map { "\($0.0) \($0.1.code)" })")
                if let winner = won.first {
                    #expect(copies.map(\.folder) == [winner.0], "trial \(trial)")
                    #expect(copies.first?.label == winner.0, "the file's own label follows its folder")
                }
                for lost in answers where lost.1 != .ok {
                    #expect(lost.1 == .notFound, "trial \(trial): \(lost.1.code) \(lost.2)")
                    #expect(lost.2.contains(id), "the answer names the sample: \(lost.2)")
                }
            }
        }
    }

    /// A delete and a relabel of one sample at once once left the sample alive under the
    /// new label after the delete had answered 200 (in a few of 40 trials: 100 are run).
    /// Now a 200 delete leaves no copy.
    @Test func deleteAndRelabelAtOnceNeverLeaveASurvivorOfA200Delete() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let store = h.store
        try await h.test { client in
            for trial in 0..<100 {
                let id = try await Self.save(client, label: "start")
                async let deleted = client.execute(uri: "/api/samples/start/\(id)", method: .delete) { r in (r.status, F.text(r)) }
                async let moved = Self.relabel(client, "start", id, to: "beta")
                let (d, m) = try await (deleted, moved)
                let copies = Self.copies(of: id, in: store)
                #expect(copies.count <= 1, "trial \(trial): sample under \(copies.map(\.folder))")
                if d.0 == .ok {
                    #expect(copies.isEmpty, "trial \(trial): deleted (200) but still under \(copies.map(\.folder)); relabel said \(m.0.code)")
                    #expect(m.0 == .notFound, "trial \(trial): relabel after the delete: \(m.0.code) \(m.1)")
                } else {
                    #expect(d.0 == .notFound, "trial \(trial): \(d.0.code) \(d.1)")
                    #expect(m.0 == .ok, "trial \(trial): neither edit happened: \(m.1)")
                    #expect(copies.map(\.folder) == ["beta"], "trial \(trial)")
                }
            }
        }
    }

    /// A sample file that does not load could not be deleted from the page (the delete
    /// read it first and answered 500). Now the delete removes it, and a relabel, which
    /// must rewrite the label inside, says why it cannot (4xx naming the sample).
    @Test func aCorruptSampleCanBeDeletedAndRelabelSaysWhyNot() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let id = SampleStore.newID()
        let file = h.root.appendingPathComponent("check").appendingPathComponent("\(id).json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"format": "gesturelab.sample/1", "label": "check", "strokes": [[[1, 2], [3"#.utf8).write(to: file)
        try await h.test { client in
            let (status, text) = try await Self.relabel(client, "check", id, to: "circle")
            #expect(status == .unprocessableContent, "\(status.code) \(text)")
            #expect(text.contains(id) && text.contains("deleted"), "\(text)")
            #expect(FileManager.default.fileExists(atPath: file.path), "a refused relabel changes nothing")
            try await client.execute(uri: "/api/samples", method: .get) { r in
                let rows = F.object(r)["samples"] as? [[String: Any]] ?? []
                #expect(rows.count == 1 && rows.first?["error"] != nil, "the page lists it with its error")
            }
            try await client.execute(uri: "/api/samples/check/\(id)", method: .delete) { r in
                #expect(r.status == .ok, "\(F.text(r))")
                #expect(F.object(r)["action"] as? String == "deleted")
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
            // Undo puts the file back as it was, bytes and all.
            try await client.execute(uri: "/api/undo", method: .post) { r in
                #expect(F.object(r)["action"] as? String == "undid delete", "\(F.text(r))")
            }
            #expect(FileManager.default.fileExists(atPath: file.path))
        }
    }

    /// The README says bodies must be JSON (415 otherwise); sessions and relabels took
    /// text/plain. Every POST with a body now answers 415 and changes nothing.
    @Test func aBodyNotSentAsJSONIsRefusedWith415OnEveryPost() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        try await h.test { client in
            let id = try await Self.save(client, label: "check")
            let before = F.allFiles(h.root)
            let session = #"{"events": [{"t": 0, "phase": "began", "touches": [{"id": 1, "x": 10, "y": 10}]}, {"t": 0.1, "phase": "ended", "touches": [{"id": 1, "x": 10, "y": 10}]}]}"#
            let posts: [(String, String)] = [
                ("/api/samples", F.sampleJSON(label: "check", strokes: [F.checkmark])),
                ("/api/recognize", F.sampleJSON(label: nil, strokes: [F.checkmark])),
                ("/api/sessions", session),
                ("/api/samples/check/\(id)/relabel", #"{"label": "circle"}"#),
            ]
            for (uri, body) in posts {
                for type in ["text/plain", "application/x-www-form-urlencoded"] {
                    try await client.execute(uri: uri, method: .post, headers: [.contentType: type], body: F.body(body)) { r in
                        #expect(r.status == .unsupportedMediaType, "\(uri) as \(type): \(r.status.code) \(F.text(r))")
                        #expect(F.message(r).contains("application/json"), "\(uri): \(F.message(r))")
                    }
                }
            }
            #expect(F.allFiles(h.root) == before, "nothing written or moved")
        }
    }

    /// The recorder saved session labels that `eval engine --sessions` then refused (an
    /// end before the start, an empty name). It now checks them with the engine's reader.
    @Test(arguments: [#"{"name": "x", "start": 5, "end": -3}"#, #"{"name": "", "start": 0, "end": 1}"#])
    func sessionLabelsTheEngineWouldRefuseAreRefusedAndNothingIsWritten(_ label: String) async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let body = """
        {"events": [{"t": 0, "phase": "began", "touches": [{"id": 1, "x": 10, "y": 10}]},
                    {"t": 0.1, "phase": "ended", "touches": [{"id": 1, "x": 10, "y": 10}]}],
         "labels": [\(label)]}
        """
        try await h.test { client in
            try await client.execute(uri: "/api/sessions", method: .post, headers: F.json, body: F.body(body)) { r in
                #expect(r.status == .badRequest, "\(F.text(r))")
                let m = F.message(r)
                #expect(m.contains("gestures[0]"), "names the label: \(m)")
                #expect(m.contains("nothing was written"), "\(m)")
            }
        }
        #expect(F.allFiles(h.root).isEmpty, "\(F.allFiles(h.root))")
    }

    /// A 5 MB `format` came back whole in the error of /api/samples and /api/recognize.
    @Test(arguments: ["/api/samples", "/api/recognize"])
    func aHugeFormatValueIsShownCut(_ uri: String) async throws {
        let h = try Harness(); defer { h.dir.remove() }
        let huge = String(repeating: "f", count: 5_000_000)
        let body = #"{"format": ""# + huge + #"", "label": "check", "strokes": [[[1, 2], [3, 4]]]}"#
        try await h.test { client in
            try await client.execute(uri: uri, method: .post, headers: F.json, body: F.body(body)) { r in
                #expect(r.status == .badRequest)
                #expect(r.body.readableBytes < 2000, "\(uri): \(r.body.readableBytes) bytes of error")
                let m = F.message(r)
                #expect(m.contains("unsupported format") && m.contains("5000000 characters"), "\(m.prefix(300))")
            }
        }
        #expect(F.allFiles(h.root).isEmpty)
    }

    /// The undo history lives in memory; the page says it is lost when the recorder stops.
    @Test func thePageSaysTheUndoHistoryIsLostOnRestart() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        try await h.test { client in
            try await client.execute(uri: "/", method: .get) { r in
                #expect(F.text(r).contains("undo history is lost when the recorder stops"))
            }
        }
    }

    /// Undoing a relabel whose sample was deleted since cannot be done: 409 saying so,
    /// the edit dropped, nothing resurrected.
    @Test func undoOfARelabelWhoseSampleIsGoneSaysSoAndResurrectsNothing() async throws {
        let h = try Harness(); defer { h.dir.remove() }
        try await h.test { client in
            let id = try await Self.save(client, label: "start")
            let (status, _) = try await Self.relabel(client, "start", id, to: "beta")
            #expect(status == .ok)
            try FileManager.default.removeItem(at: h.root.appendingPathComponent("beta/\(id).json"))
            try await client.execute(uri: "/api/undo", method: .post) { r in
                #expect(r.status == .conflict, "\(F.text(r))")
                #expect(F.message(r).contains(id))
            }
            #expect(Self.copies(of: id, in: h.store).isEmpty)
            try await client.execute(uri: "/api/undo", method: .post) { r in
                #expect(F.object(r)["action"] as? String == "undid save", "the next edit is undone: \(F.text(r))")
            }
        }
    }
}
