import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The recorder's tests drive its HTTP server as the page does: over a loopback socket, in this
// process. The client is a small HTTP/1.1 client on blocking POSIX sockets, each request on its
// own thread (so a waiting test never holds a thread of Swift's cooperative pool that the
// server's handlers need), one connection per request ("Connection: close").

/// A response as the tests read it: status, headers and the whole body.
struct TestResponse: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: ByteBuffer
    /// Request bytes the client sent before it read the answer (all of them unless the
    /// server answered early, or stopped reading).
    var sentBytes = 0
    /// The request's size in bytes, head and body.
    var requestBytes = 0
}

/// Why a request got no parsable response.
struct LoopbackHTTPError: Error, CustomStringConvertible {
    var description: String
}

/// An HTTP/1.1 client for a server on 127.0.0.1.
struct HTTPTestClient: Sendable {
    var host = "127.0.0.1"
    var port: Int
    /// Seconds a send or a read may wait before the request fails.
    var timeoutSeconds = 60
    /// Whether an answer is read while the request is still being sent (as browsers do);
    /// false: the whole request is sent first, as simple scripts do.
    var readsWhileSending = true

    /// Sends one request and hands its response to `check`. `authority` is the Host header
    /// (default `host:port`); `Content-Length` and `Connection: close` are added.
    func execute<Value>(uri: String, method: HTTPRequest.Method = .get, authority: String? = nil,
                        headers: HTTPFields = [:], body: ByteBuffer? = nil,
                        _ check: (TestResponse) async throws -> Value) async throws -> Value {
        try await check(execute(uri: uri, method: method, authority: authority, headers: headers, body: body))
    }

    func execute(uri: String, method: HTTPRequest.Method = .get, authority: String? = nil,
                 headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> TestResponse {
        var head = "\(method.rawValue) \(uri) HTTP/1.1\r\nHost: \(authority ?? "\(host):\(port)")\r\n"
        for field in headers { head += "\(field.name.rawName): \(field.value)\r\n" }
        let bytes = body.map { Array($0.readableBytesView) } ?? []
        if body != nil || method == .post || method == .put { head += "Content-Length: \(bytes.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        let request = Array(head.utf8) + bytes
        let (host, port, timeout, early) = (self.host, self.port, self.timeoutSeconds, self.readsWhileSending)
        let (raw, sent): ([UInt8], Int) = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result {
                    try Self.roundTrip(host: host, port: port, request: request, timeout: timeout, readsWhileSending: early)
                })
            }
            thread.start()
        }
        var response = try Self.parse(raw)
        response.sentBytes = sent
        response.requestBytes = request.count
        return response
    }

    /// Connects, sends `request` (a server that answers early and closes may cut the send
    /// short: the answer is still read) and reads until the response is complete or the
    /// server closes.
    static func roundTrip(host: String, port: Int, request: [UInt8], timeout: Int,
                          readsWhileSending: Bool = true) throws -> (response: [UInt8], sent: Int) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let noSignal = Int32(MSG_NOSIGNAL)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        let noSignal: Int32 = 0
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard fd >= 0 else { throw LoopbackHTTPError(description: "socket(): errno \(errno)") }
        defer { close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw LoopbackHTTPError(description: "\(host) is not an IPv4 address")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw LoopbackHTTPError(description: "connect to \(host):\(port): errno \(errno)") }
        // By default sent as a browser sends: while the body goes out, an answer the server
        // gives early (a 413 before it reads a too-large body) is read at once, and the rest
        // is not sent. With `readsWhileSending` false everything is sent first, as simple
        // scripts do: the server must then read (and drop) what it no longer needs.
        var sent = 0
        request.withUnsafeBytes { bytes in
            while sent < bytes.count && !readsWhileSending {
                let n = send(fd, bytes.baseAddress! + sent, bytes.count - sent, noSignal)
                if n <= 0 { break }   // closed, or nothing taken within the timeout
                sent += n
            }
            while sent < bytes.count {
                var ready = pollfd(fd: fd, events: Int16(POLLIN | POLLOUT), revents: 0)
                guard poll(&ready, 1, Int32(timeout * 1000)) > 0 else { break }
                if ready.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { break }   // answered early, or closed
                let n = send(fd, bytes.baseAddress! + sent, bytes.count - sent, noSignal | Int32(MSG_DONTWAIT))
                if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { continue }
                if n <= 0 { break }   // the server answered and closed before taking it all
                sent += n
            }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received += buffer[0..<n]
            if (try? parse(received)) != nil { break }
        }
        guard !received.isEmpty else {
            throw LoopbackHTTPError(description: "no response from \(host):\(port) (sent \(sent) of \(request.count) bytes, errno \(errno))")
        }
        return (received, sent)
    }

    /// A complete response in `raw`, or an error when it is cut short or malformed.
    static func parse(_ raw: [UInt8]) throws -> TestResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = raw.indices.dropLast(3).first(where: { raw[$0..<$0 + 4].elementsEqual(separator) }) else {
            throw LoopbackHTTPError(description: "response head incomplete (\(raw.count) bytes)")
        }
        let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let code = Int(statusParts[1]) else {
            throw LoopbackHTTPError(description: "bad status line \(lines[0].debugDescription)")
        }
        var headers = HTTPFields()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else {
                throw LoopbackHTTPError(description: "bad header line \(line.debugDescription)")
            }
            headers.append(HTTPField(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let rest = Array(raw[(end + 4)...])
        let body: [UInt8]
        if headers[.transferEncoding]?.lowercased().contains("chunked") == true {
            body = try dechunk(rest)
        } else if let length = headers[.contentLength].flatMap({ Int($0) }) {
            guard rest.count >= length else { throw LoopbackHTTPError(description: "body \(rest.count) of \(length) bytes") }
            body = Array(rest.prefix(length))
        } else {
            body = rest   // read until the server closed
        }
        return TestResponse(status: HTTPResponse.Status(code: code), headers: headers, body: ByteBuffer(bytes: body))
    }

    /// The body of a chunked transfer; an error until its last chunk has arrived.
    static func dechunk(_ data: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while true {
            guard let lineEnd = (i..<max(i, data.count - 1)).first(where: { data[$0] == 13 && data[$0 + 1] == 10 }) else {
                throw LoopbackHTTPError(description: "chunk size line incomplete")
            }
            let sizeText = String(decoding: data[i..<lineEnd], as: UTF8.self).split(separator: ";")[0]
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw LoopbackHTTPError(description: "bad chunk size \(sizeText.debugDescription)")
            }
            i = lineEnd + 2
            if size == 0 { return out }
            guard data.count >= i + size + 2 else { throw LoopbackHTTPError(description: "chunk incomplete") }
            out += data[i..<i + size]
            i += size + 2
        }
    }
}

/// The application with its address replaced by 127.0.0.1 and a port the system picks,
/// reporting the port once it listens.
private struct LoopbackApplication<Base: ApplicationProtocol>: ApplicationProtocol {
    typealias Responder = Base.Responder
    let base: Base
    let listening: @Sendable (Int) -> Void

    var responder: Base.Responder { get async throws { try await base.responder } }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration {
        var c = base.configuration
        c.address = .hostname("127.0.0.1", port: 0)
        return c
    }
    /// Critical only: the server stopped at the end of each test would log an error line.
    var logger: Logger {
        var logger = Logger(label: "gesturelab-recorder-test")
        logger.logLevel = .critical
        return logger
    }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        listening(channel.localAddress?.port ?? 0)
    }
}

extension ApplicationProtocol {
    /// Runs the application on 127.0.0.1 at a free port for the length of `body`, which gets
    /// a client for it; the server stops when `body` returns or throws.
    func served<Value>(timeoutSeconds: Int = 60,
                                 _ body: @Sendable (HTTPTestClient) async throws -> Value) async throws -> Value {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = LoopbackApplication(base: self) { port in
            portContinuation.yield(port)
            portContinuation.finish()
        }
        let running = Task {
            defer { portContinuation.finish() }   // a server that fails to start reports no port
            try await app.run()
        }
        defer { running.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            running.cancel()
            _ = await running.result
            throw LoopbackHTTPError(description: "the server did not report a port")
        }
        let result: Result<Value, any Error>
        do { result = .success(try await body(HTTPTestClient(port: port, timeoutSeconds: timeoutSeconds))) } catch { result = .failure(error) }
        running.cancel()
        _ = await running.result
        return try result.get()
    }
}
