import Foundation
import Testing
import GestureData
import GestureTestSupport
import Hummingbird
#if canImport(Glibc)
import Glibc
#endif

/// `gesturelab record` as a separate process over real loopback sockets (127.0.0.1 only):
/// killed in the middle of saves, two servers on one store, a 50 MB body.
@Suite(.serialized)
struct RecorderProcessTests {
    /// A native sample body of `points` points with times, about 25 bytes a point.
    static func bigSample(label: String, points: Int, seed: Int) -> ByteBuffer {
        var b = ByteBuffer(string: #"{"format":"gesturelab.sample/1","label":"\#(label)","subject":"kill","strokes":[["#)
        b.reserveCapacity(points * 28)
        for i in 0..<points {
            let a = Double(i) / Double(points) * 2 * Double.pi
            let x = 240 + 90 * cos(a) + Double(seed)
            let y = 240 + 90 * sin(a)
            b.writeString(String(format: "%@[%.3f,%.3f,%.5f]", i == 0 ? "" : ",", x, y, Double(i) * 0.001))
        }
        b.writeString("]]}")
        return b
    }

    static let json: HTTPFields = [.contentType: "application/json"]

    /// Posts `body` to a running server; errors (the server was killed) are swallowed.
    static func post(_ body: ByteBuffer, port: Int) async -> HTTPResponse.Status? {
        try? await HTTPTestClient(port: port).execute(uri: "/api/samples", method: .post, headers: json, body: body).status
    }

    /// Names of files under `root` that are AtomicFile temporaries.
    static func temporaryFiles(_ root: URL) -> [String] {
        RecorderFixtures.allFiles(root).filter { $0.contains(".tmp-") }
    }

    @Test func killingTheServerDuringSavesLeavesNoHalfWrittenSample() async throws {
        let dir = try TemporaryDirectory("recorder-kill"); defer { dir.remove() }
        let store = dir.url.appendingPathComponent("store")
        let points = SampleLimits.maxPoints  // the largest sample the readers accept
        let bodies = (0..<6).map { Self.bigSample(label: "big", points: points, seed: $0) }
        #expect(bodies[0].readableBytes > 200_000)
        var killedMidWrite = false
        var rounds = 0
        // Each round: start a server, post large samples concurrently, SIGKILL it as soon as a
        // temporary file shows that a save is being written after at least one save finished.
        // Up to 4 rounds, until a kill lands while a write is in flight (the write takes
        // milliseconds; we poll every 0.5 ms).
        while !killedMidWrite && rounds < 4 {
            rounds += 1
            let server = try RecorderProcess(store: store, extraArguments: ["--max-body-bytes", "67108864"])
            let port = server.port
            let before = Set(Self.temporaryFiles(store))
            let finishedPosts = LockedCounter()
            let senders = Task {
                await withTaskGroup(of: Void.self) { group in
                    for body in bodies { group.addTask { _ = await Self.post(body, port: port); finishedPosts.add(1) } }
                }
            }
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline && finishedPosts.values.count < bodies.count {
                let files = RecorderFixtures.allFiles(store)
                let writing = !Set(files.filter { $0.contains(".tmp-") }).subtracting(before).isEmpty
                let finished = files.contains { $0.hasSuffix(".json") && !$0.contains("/.") }
                if writing && finished { break }
                usleep(500)
            }
            kill(server.process.processIdentifier, SIGKILL)
            server.process.waitUntilExit()
            #expect(server.process.terminationReason == .uncaughtSignal)
            await senders.value
            killedMidWrite = !Set(Self.temporaryFiles(store)).subtracting(before).isEmpty
            server.stop()
        }
        #expect(killedMidWrite, "no kill landed during a write in \(rounds) rounds")

        // Every sample file that exists decodes completely, with all its points.
        let s = try SampleStore(root: store)
        let complete = try s.list()
        for entry in complete {
            let sample = try s.load(entry)
            #expect(sample.gesture.pointCount == points, "\(entry.id)")
        }
        // The killed writes left only hidden temporaries, which a restarted server clears.
        let leftovers = Self.temporaryFiles(store)
        #expect(!leftovers.isEmpty)
        print("kill test: \(rounds) round(s) of SIGKILL, \(complete.count) complete samples of \(points) points, "
              + "\(leftovers.count) hidden temporary file(s) left by killed writes, 0 half-written samples")
        let again = try RecorderProcess(store: store)
        #expect(Self.temporaryFiles(store).isEmpty)
        #expect(again.stderr.contains("removed a temporary file left by a killed writer"))
        // And it still works, then stops cleanly on SIGTERM.
        let small = ByteBuffer(string: RecorderFixtures.sampleJSON(label: "check", strokes: [RecorderFixtures.checkmark]))
        #expect(await Self.post(small, port: again.port) == .ok)
        kill(again.process.processIdentifier, SIGTERM)
        again.process.waitUntilExit()
        #expect(again.process.terminationStatus == 0)
        again.stop()
        #expect(try s.list(label: "check").count == 1)
    }

    @Test func twoServersSavingIntoOneStoreAtOnceLoseNothing() async throws {
        let dir = try TemporaryDirectory("recorder-two"); defer { dir.remove() }
        let store = dir.url.appendingPathComponent("store")
        let a = try RecorderProcess(store: store), b = try RecorderProcess(store: store)
        let perServer = 30
        let statuses = await withTaskGroup(of: HTTPResponse.Status?.self) { group in
            for port in [a.port, b.port] {
                for i in 0..<perServer {
                    let label = i % 2 == 0 ? "check" : "circle"
                    let stroke = i % 2 == 0 ? RecorderFixtures.checkmark : RecorderFixtures.circle
                    let body = ByteBuffer(string: RecorderFixtures.sampleJSON(label: label, strokes: [stroke], subject: "p\(port)"))
                    group.addTask { await Self.post(body, port: port) }
                }
            }
            var out: [HTTPResponse.Status?] = []
            for await s in group { out.append(s) }
            return out
        }
        a.stop(); b.stop()
        #expect(statuses.count == 2 * perServer)
        #expect(statuses.allSatisfy { $0 == .ok })
        let s = try SampleStore(root: store)
        #expect(try s.counts() == ["check": perServer, "circle": perServer])
        for e in try s.list() { _ = try s.load(e) }
    }

    @Test func fiftyMegabyteBodyAndForeignHostOverASocketAreRefusedAndNothingIsWritten() async throws {
        let dir = try TemporaryDirectory("recorder-big"); defer { dir.remove() }
        let store = dir.url.appendingPathComponent("store")
        let server = try RecorderProcess(store: store)
        defer { server.stop() }
        var big = ByteBuffer(string: #"{"format":"gesturelab.sample/1","label":"big","strokes":[["#)
        let point = "[1,2],"
        big.writeString(String(repeating: point, count: 50 * 1024 * 1024 / point.utf8.count + 1))
        big.writeString("[1,2]]]}")
        let body = big
        let client = HTTPTestClient(port: server.port)
        let response = try await client.execute(uri: "/api/samples", method: .post, headers: Self.json, body: body)
        // A page on another domain that re-points its name at 127.0.0.1 is refused by Host.
        let rebound = try await client.execute(uri: "/api/state", method: .get, authority: "evil.example:\(server.port)")
        let local = try await client.execute(uri: "/api/state", method: .get, authority: "127.0.0.1:\(server.port)")
        // Names that only start with 127. were let through, with a matching Origin even to write.
        var rebinding: [HTTPResponse.Status] = []
        for name in ["127.evil.com", "127.0.0.1.nip.io"] {
            let authority = "\(name):\(server.port)"
            rebinding.append(try await client.execute(uri: "/api/state", method: .get, authority: authority).status)
            var headers = Self.json
            headers[.origin] = "http://\(authority)"
            rebinding.append(try await client.execute(uri: "/api/samples", method: .post, authority: authority, headers: headers,
                                                            body: ByteBuffer(string: RecorderFixtures.sampleJSON(label: "check", strokes: [RecorderFixtures.checkmark])))
                                .status)
        }
        #expect(rebinding == [.forbidden, .forbidden, .forbidden, .forbidden])
        #expect(rebound.status == .forbidden)
        #expect(local.status == .ok)
        #expect(response.status == .contentTooLarge)
        let message = String(buffer: response.body)
        #expect(message.contains("request body too large"), "\(message)")
        #expect(message.contains("nothing was written"), "\(message)")
        #expect(RecorderFixtures.allFiles(store).isEmpty)
    }

    @Test func badCommandLinesFailWithAClearMessage() throws {
        let dir = try TemporaryDirectory("recorder-cli"); defer { dir.remove() }
        let file = dir.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let asFile = try CLIRunner.run(["record", "--store", file.path, "--port", "0"])
        #expect(asFile.status != 0)
        #expect(asFile.stderr.contains("must be a folder"), "\(asFile.stderr)")
        let badPort = try CLIRunner.run(["record", "--store", dir.path("s"), "--port", "70000"])
        #expect(badPort.status != 0)
        #expect(badPort.stderr.contains("--port must be 0…65535"), "\(badPort.stderr)")
        let exposed = try CLIRunner.run(["record", "--store", dir.path("s"), "--host", "0.0.0.0"])
        #expect(exposed.status != 0)
        #expect(exposed.stderr.contains("--allow-host"), "\(exposed.stderr)")
        let noTemplates = try CLIRunner.run(["record", "--store", dir.path("s"), "--templates", dir.path("none.json")])
        #expect(noTemplates.status != 0)
        #expect(noTemplates.stderr.contains("no such file"), "\(noTemplates.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("s")), "validation failures create nothing")
    }
}

/// A client that stops sending in the middle of its request headers is
/// disconnected after the idle timeout instead of holding the connection for ever.
struct RecorderSlowClientTests {
    @Test func aClientThatStallsMidHeaderIsDisconnected() throws {
        let dir = try TemporaryDirectory("recorder-slow"); defer { dir.remove() }
        let server = try RecorderProcess(store: dir.url.appendingPathComponent("store"), extraArguments: ["--idle-timeout", "1"])
        defer { server.stop() }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(server.port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        let partial = "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n"   // no blank line: headers never end
        _ = partial.withCString { send(fd, $0, strlen($0), 0) }
        // Wait (up to 10 s) for the server to close: recv returns 0 at end of stream.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 512)
        let start = Date()
        var n = recv(fd, &buffer, buffer.count, 0)
        while n > 0 { n = recv(fd, &buffer, buffer.count, 0) }  // a 408 response, if any, then the close
        #expect(n == 0, "the connection is still open after \(Date().timeIntervalSince(start)) s (recv \(n), errno \(errno))")
    }
}
