import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import GestureData
import GestureTestSupport

/// Two recorder processes saving into the same sample store at once lose nothing
/// at all: every acknowledged save is in the store, complete, exactly once.
struct StoreConcurrencyTests {
    /// Starts `gesturelab record` on `store` with a free port; returns the process and its URL.
    static func startRecorder(store: String) throws -> (Process, URL) {
        let p = Process()
        p.executableURL = CLIRunner.executable
        p.arguments = ["record", "--store", store, "--port", "0", "--pause-ms", "0"]
        p.currentDirectoryURL = DatasetLocator.packageRoot
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let r = text.range(of: #"http://[^ ]+/"#, options: .regularExpression), let url = URL(string: String(text[r])) {
                return (p, url)
            }
        }
        p.terminate()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "recorder did not start: \(text)"])
    }

    static func post(_ body: String, to url: URL) async throws -> (Int, String) {
        var request = URLRequest(url: url.appendingPathComponent("api/samples"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func twoRecordersSavingIntoOneStoreLoseNothing() async throws {
        let dir = try TemporaryDirectory("two-writers")
        defer { dir.remove() }
        let store = dir.path("store")
        let (a, urlA) = try Self.startRecorder(store: store)
        defer { a.terminate() }
        let (b, urlB) = try Self.startRecorder(store: store)
        defer { b.terminate() }
        let perWriter = 40
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for (w, url) in [(0, urlA), (1, urlB)] {
                for i in 0..<perWriter {
                    group.addTask {
                        let body = #"{"format": "gesturelab.sample/1", "label": "same", "meta": {"writer": "\#(w)", "n": "\#(i)"}, "strokes": [[[0, 0, 0], [\#(i), \#(w + 1), 0.1]]]}"#
                        return try await Self.post(body, to: url).0
                    }
                }
            }
            var all: [Int] = []
            for try await s in group { all.append(s) }
            return all
        }
        #expect(statuses.count == 2 * perWriter && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        // Every save is there once and complete: the strict loader reads all of them.
        let samples = try DatasetLoader.load(store).samples
        #expect(samples.count == 2 * perWriter)
        let keys = Set(samples.map { "\($0.meta["writer"] ?? "?")-\($0.meta["n"] ?? "?")" })
        #expect(keys.count == 2 * perWriter)
    }
}
