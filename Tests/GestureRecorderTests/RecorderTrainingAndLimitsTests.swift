import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureRecorder
import GestureTestSupport
import GestureTraining
import Hummingbird
#if canImport(Glibc)
import Glibc
#endif

/// Counts the trainings a runner does: how many in all and the most at one moment.
final class TrainingCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private(set) var most = 0
    private(set) var runs = 0

    func enter() { lock.lock(); now += 1; runs += 1; most = max(most, now); lock.unlock() }
    func leave() { lock.lock(); now -= 1; lock.unlock() }
    var snapshot: (now: Int, most: Int, runs: Int) { lock.lock(); defer { lock.unlock() }; return (now, most, runs) }
}

/// A runner wrapped with a ``TrainingCounter``.
struct CountingRunner: TrainingRunner {
    let inner: any TrainingRunner
    let counter: TrainingCounter
    func train(store: SampleStore) async throws -> TrainingReport {
        counter.enter()
        defer { counter.leave() }
        return try await inner.train(store: store)
    }
}

/// A runner whose trainings read the store, wait until the test opens the gate, then
/// report how many samples the store held when they read it.
struct GatedRunner: TrainingRunner {
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var opened = false
        func open() { lock.lock(); opened = true; lock.unlock() }
        var isOpen: Bool { lock.lock(); defer { lock.unlock() }; return opened }
    }
    let gate: Gate
    let counter: TrainingCounter
    func train(store: SampleStore) async throws -> TrainingReport {
        counter.enter()
        defer { counter.leave() }
        let count = try store.list().count
        let deadline = Date().addingTimeInterval(30)
        while !gate.isOpen && Date() < deadline { try await Task.sleep(nanoseconds: 2_000_000) }
        return TrainingReport(summary: "\(count) samples", text: UUID().uuidString)
    }
}

/// A plain TCP client on 127.0.0.1 for requests the test client cannot make (a body that
/// stalls half-way, connections that send nothing).
final class RawConnection {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    func send(_ text: String) { _ = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }

    /// Everything the server sends until it closes the connection (or `seconds` pass), and
    /// whether it closed.
    func readUntilClosed(seconds: Int) -> (text: String, closed: Bool) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var n = recv(fd, &buffer, buffer.count, 0)
        while n > 0 {
            out += buffer[0..<n]
            n = recv(fd, &buffer, buffer.count, 0)
        }
        return (String(decoding: out, as: UTF8.self), n == 0)
    }

    deinit { close(fd) }
}

@Suite(.serialized)
struct RecorderTrainingAndLimitsTests {
    /// A store of `perLabel` drawn examples of each label (zig-zags, spirals, scribbles).
    static func store(_ root: URL, perLabel: Int, labels: [String] = ["zig_zag", "spiral", "scribble"]) throws -> SampleStore {
        let store = try SampleStore(root: root)
        var rng = SeededGenerator(seed: 5)
        for i in 0..<perLabel {
            for label in labels {
                let pts = RecorderLiveLoopTests.drawn(label, &rng).enumerated().map { Point(x: $1.0, y: $1.1, t: Double($0) * 0.01) }
                try store.save(Sample(gesture: Gesture(points: pts), label: label, subject: "s\(i % 4)"))
            }
        }
        return store
    }

    // MARK: One training at a time; reads never wait for it

    /// Two trainings at once once stalled the server (GET /api/state took up to 18.6 s):
    /// several trainings requested together on a store large enough to take a while (36
    /// examples: seconds per training in a debug build, dozens of polls) run one at a
    /// time, and the state answers promptly throughout.
    @Test func trainingsRequestedTogetherRunOneAtATimeAndStateAnswersPromptly() async throws {
        let dir = try TemporaryDirectory("recorder-train-once"); defer { dir.remove() }
        let store = try Self.store(dir.url.appendingPathComponent("store"), perLabel: 12)
        let counter = TrainingCounter()
        var settings = RecorderSettings.default
        settings.port = 0
        let server = RecorderServer(store: store, settings: settings, recognizers: [],
                                    trainer: CountingRunner(inner: WorkflowTrainingRunner(), counter: counter))
        let requests = 3
        try await server.makeApplication().served { client in
            let port = client.port
            let trainings = Task {
                await withTaskGroup(of: HTTPResponse.Status?.self) { group in
                    for _ in 0..<requests {
                        group.addTask {
                            let c = HTTPTestClient(port: port, timeoutSeconds: 300)
                            return try? await c.execute(uri: "/api/train", method: .post, body: ByteBuffer()).status
                        }
                    }
                    var out: [HTTPResponse.Status?] = []
                    for await s in group { out.append(s) }
                    return out
                }
            }
            // Poll the state while the trainings run: each answer's time is measured.
            let clock = ContinuousClock()
            var slowest = Duration.zero, duringTraining = 0
            let start = clock.now
            while clock.now - start < .seconds(300) {
                let asked = clock.now
                let pending = try await client.execute(uri: "/api/state", method: .get) { r in
                    #expect(r.status == .ok)
                    return RecorderFixtures.object(r)["trainingPending"] as? Bool ?? false
                }
                let took = clock.now - asked
                slowest = max(slowest, took)
                if counter.snapshot.now > 0 { duringTraining += 1 }
                if !pending && counter.snapshot.runs > 0 && counter.snapshot.now == 0 { break }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            let statuses = await trainings.value
            let seen = counter.snapshot
            print("trainings at once: \(requests) requests → \(seen.runs) training(s), at most \(seen.most) at a time; "
                  + "GET /api/state slowest \(slowest) over \(duringTraining) polls during training (debug build)")
            #expect(statuses == Array(repeating: .ok, count: requests), "\(statuses)")
            #expect(seen.most == 1, "at most one training at a time, saw \(seen.most)")
            #expect(seen.runs < requests, "requests made while one runs share the next training: \(seen.runs) runs")
            #expect(duringTraining >= 3, "the state was asked while training ran (\(duringTraining) times)")
            // (The time bound is checked against a server process of its own below: in here the
            // server shares this test process's threads with other suites' blocking tests.)
        }
    }

    /// The same against `gesturelab record` as its own process, timed with blocking sockets
    /// so nothing in the test process can delay the figure: GET /api/state answers within
    /// 1 s while three trainings requested at once run.
    @Test func stateAnswersPromptlyWhileTrainingsRunInARecorderProcess() throws {
        let dir = try TemporaryDirectory("recorder-train-process"); defer { dir.remove() }
        let store = try Self.store(dir.url.appendingPathComponent("store"), perLabel: 12)
        let server = try RecorderProcess(store: store.root, extraArguments: ["--train-after-ms", "0"])
        defer { server.stop() }
        func get(_ path: String) throws -> (seconds: Double, body: String) {
            let started = Date()
            let c = try RawConnection(port: server.port)
            c.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let text = c.readUntilClosed(seconds: 60).text
            return (Date().timeIntervalSince(started), text)
        }
        let trainings = try (0..<3).map { _ in try RawConnection(port: server.port) }
        for t in trainings {
            t.send("POST /api/train HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        var slowest = 0.0, duringTraining = 0, seenPending = false
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            let (seconds, text) = try get("/api/state")
            #expect(text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(200))")
            slowest = max(slowest, seconds)
            let pending = text.contains("\"trainingPending\":true")
            if pending { seenPending = true; duringTraining += 1 }
            if seenPending && !pending { break }
            usleep(50_000)
        }
        let answers = trainings.map { String($0.readUntilClosed(seconds: 120).text.prefix(12)) }
        print("trainings at once (process): GET /api/state slowest \(slowest) s over \(duringTraining) polls during training (debug build)")
        #expect(answers == Array(repeating: "HTTP/1.1 200", count: 3), "\(answers)")
        #expect(duringTraining >= 3, "the state was asked while training ran (\(duringTraining) times)")
        #expect(slowest < 1, "GET /api/state took \(slowest) s while training ran")
    }

    /// Requests made while a training runs wait for one more training, which starts after
    /// it and so sees the store as it is then: a newer request supersedes a queued one.
    @Test func requestsDuringATrainingShareOneNextTrainingThatSeesTheLatestStore() async throws {
        let dir = try TemporaryDirectory("recorder-train-next"); defer { dir.remove() }
        let store = try Self.store(dir.url.appendingPathComponent("store"), perLabel: 2)
        let counter = TrainingCounter(), gate = GatedRunner.Gate()
        let server = RecorderServer(store: store, settings: .default, recognizers: [],
                                    trainer: GatedRunner(gate: gate, counter: counter))
        func waitFor(_ what: String, _ condition: () async -> Bool) async throws {
            let deadline = Date().addingTimeInterval(20)
            while await !condition() {
                guard Date() < deadline else { Issue.record("timed out waiting for \(what)"); return }
                try await Task.sleep(nanoseconds: 2_000_000)
            }
        }
        let first = Task { try await server.train().report }
        try await waitFor("the first training to start") { counter.snapshot.runs == 1 }
        let second = Task { try await server.train().report }
        let third = Task { try await server.train().report }
        try await waitFor("two requests to wait") { await server.scheduler.waitingRequests == 2 }
        // The store changes while the first training runs.
        _ = try store.save(Sample(gesture: Gesture(points: [Point(x: 0, y: 0, t: 0), Point(x: 9, y: 9, t: 0.1)]),
                                  label: "spiral", subject: "late"))
        #expect(counter.snapshot.most == 1)
        gate.open()
        let r1 = try await first.value, r2 = try await second.value, r3 = try await third.value
        #expect(r1?.summary == "6 samples")
        #expect(r2?.summary == "7 samples", "the next training reads the store as it is after the first")
        #expect(r2 == r3, "both waiting requests got the one next training")
        #expect(counter.snapshot.runs == 2 && counter.snapshot.most == 1, "\(counter.snapshot)")
    }

    // MARK: An invalid store model is said, not replaced in silence

    /// A truncated STORE/.model/verifier.json once made the recorder fall back to the
    /// preset detectors with `model: null` and no word of why.
    @Test func aTruncatedStoreModelIsNamedInTheStateWithItsFile() async throws {
        let dir = try TemporaryDirectory("recorder-bad-model"); defer { dir.remove() }
        let store = try Self.store(dir.url.appendingPathComponent("store"), perLabel: 8, labels: ["zig_zag", "spiral"])
        _ = try await WorkflowTrainingRunner().train(store: store)
        let verifier = StoreModel.folder(of: store).appendingPathComponent(GestureModel.verifierFile)
        let whole = try Data(contentsOf: verifier)
        try whole.prefix(whole.count / 2).write(to: verifier)
        let preset = ClosureRecognizer(name: "preset detector") { _ in [] }
        let server = RecorderServer(store: store, settings: .default, recognizers: [preset], trainer: WorkflowTrainingRunner())
        try await server.makeApplication().served { client in
            try await client.execute(uri: "/api/state", method: .get) { r in
                #expect(r.status == .ok)
                let o = RecorderFixtures.object(r)
                let error = o["modelError"] as? String ?? ""
                #expect(error.contains(GestureModel.verifierFile), "the state names the file: '\(error)'")
                #expect(error.contains(StoreModel.folderName), "'\(error)'")
                #expect(o["model"] == nil || o["model"] is NSNull)
            }
            // Training again writes a model that loads: the error is gone and the model named.
            try await client.execute(uri: "/api/train", method: .post) { r in
                #expect(r.status == .ok, "\(RecorderFixtures.text(r))")
            }
            try await client.execute(uri: "/api/state", method: .get) { r in
                let o = RecorderFixtures.object(r)
                #expect(o["modelError"] == nil || o["modelError"] is NSNull, "\(o["modelError"] ?? "")")
                #expect(o["model"] as? String == StoreModel.folder(of: store).path)
            }
        }
        // The page shows the error where it shows the model in use.
        let page = String(decoding: RecorderPage.assets.first { $0.path.hasSuffix(".js") }?.bytes ?? [], as: UTF8.self)
        #expect(page.contains("st.modelError"))
    }

    // MARK: Slow uploads: a body deadline, a cap on connections and on bytes held

    static func limited(_ configure: (inout RecorderSettings) -> Void) -> (RecorderServer, TemporaryDirectory)? {
        guard let dir = try? TemporaryDirectory("recorder-limits"),
              let store = try? SampleStore(root: dir.url.appendingPathComponent("store")) else { return nil }
        var settings = RecorderSettings.default
        settings.port = 0
        configure(&settings)
        return (RecorderServer(store: store, settings: settings, recognizers: [], trainer: nil), dir)
    }

    static func head(_ path: String, contentLength: Int) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(contentLength)\r\n\r\n"
    }

    /// Slow uploads once held their buffers for ever (a byte every 15 s is never idle): a
    /// body not complete within the deadline is answered 408 and its connection closed.
    @Test func aBodyThatStallsIsAnswered408AfterTheDeadline() async throws {
        let (server, dir) = try #require(Self.limited { $0.bodyTimeoutSeconds = 1 })
        defer { dir.remove() }
        try await server.makeApplication().served { client in
            let port = client.port
            let raw = try RawConnection(port: port)
            raw.send(Self.head("/api/samples", contentLength: 10_000) + #"{"format":"gesturelab.sample/1","label":"x","strokes":[[[1,2,0],"#)
            let started = Date()
            let (text, closed) = raw.readUntilClosed(seconds: 10)
            let waited = Date().timeIntervalSince(started)
            #expect(text.hasPrefix("HTTP/1.1 408"), "\(text.prefix(300))")
            #expect(text.contains("did not arrive within 1 s"), "\(text.prefix(300))")
            #expect(closed, "the connection is closed")
            #expect(waited >= 0.8 && waited < 5, "answered after \(waited) s")
            #expect(RecorderFixtures.allFiles(server.store.root).isEmpty, "nothing written")
            // A body that completes in time is not affected.
            try await client.execute(uri: "/api/samples", method: .post, headers: RecorderFixtures.json,
                                     body: RecorderFixtures.body(RecorderFixtures.sampleJSON(label: "check", strokes: [RecorderFixtures.checkmark]))) { r in
                #expect(r.status == .ok, "\(RecorderFixtures.text(r))")
            }
        }
    }

    /// No cap on connections once let a hundred slow uploads in at once: beyond the cap a
    /// connection is answered 503 and closed; once one closes, a new one is served.
    @Test func connectionsBeyondTheCapAreAnswered503() async throws {
        let (server, dir) = try #require(Self.limited { $0.maxConnections = 4 })
        defer { dir.remove() }
        try await server.makeApplication().served { client in
            let port = client.port
            // Four open connections fill the cap (the test client closes each of its own).
            try await client.execute(uri: "/api/state", method: .get) { #expect($0.status == .ok) }
            var held = try (0..<4).map { _ in try RawConnection(port: port) }
            held[0].send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // Connections are set up on several event loops: wait until the server counts all four.
            let deadline = Date().addingTimeInterval(10)
            while server.connectionBudget.current.connections < 4 && Date() < deadline { usleep(2_000) }
            #expect(server.connectionBudget.current.connections == 4)
            let extra = try RawConnection(port: port)
            extra.send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let (text, closed) = extra.readUntilClosed(seconds: 10)
            #expect(text.hasPrefix("HTTP/1.1 503"), "\(text.prefix(300))")
            #expect(text.contains("too many open connections (limit 4)"), "\(text.prefix(300))")
            #expect(closed)
            // Connections within the cap are still served (this one then closes).
            held[1].send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(held[1].readUntilClosed(seconds: 10).text.hasPrefix("HTTP/1.1 200"))
            // Free a place: a new connection is served again (the close is seen asynchronously).
            held.removeLast()
            var status = ""
            for _ in 0..<50 {
                let again = try RawConnection(port: port)
                again.send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                status = String(again.readUntilClosed(seconds: 10).text.prefix(12))
                if status == "HTTP/1.1 200" { break }
                try await Task.sleep(nanoseconds: 20_000_000)
            }
            #expect(status == "HTTP/1.1 200")
        }
    }

    /// Bodies held by all requests together are capped: a body that would go beyond is
    /// answered 503 while another request holds the budget.
    @Test func bodyBytesBeyondTheSharedBudgetAreAnswered503() async throws {
        let (server, dir) = try #require(Self.limited {
            $0.maxBodyBytes = 64 * 1024; $0.maxBufferedBytes = 64 * 1024; $0.bodyTimeoutSeconds = 5
        })
        defer { dir.remove() }
        try await server.makeApplication().served { client in
            let port = client.port
            let first = try RawConnection(port: port)
            first.send(Self.head("/api/samples", contentLength: 60_000) + String(repeating: " ", count: 50_000))
            // Wait until the server holds the first body (bounded).
            let deadline = Date().addingTimeInterval(10)
            while server.connectionBudget.current.bufferedBytes < 50_000 && Date() < deadline { usleep(5_000) }
            #expect(server.connectionBudget.current.bufferedBytes >= 50_000)
            let second = try RawConnection(port: port)
            second.send(Self.head("/api/samples", contentLength: 30_000) + String(repeating: " ", count: 30_000))
            let (text, closed) = second.readUntilClosed(seconds: 10)
            #expect(text.hasPrefix("HTTP/1.1 503"), "\(text.prefix(300))")
            #expect(text.contains("too many request bytes"), "\(text.prefix(300))")
            #expect(closed)
            // The stalled first body ends with 408 and frees its bytes.
            #expect(first.readUntilClosed(seconds: 10).text.hasPrefix("HTTP/1.1 408"))
            #expect(server.connectionBudget.current.bufferedBytes == 0)
        }
    }
}
