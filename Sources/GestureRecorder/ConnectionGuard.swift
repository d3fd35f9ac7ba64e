import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// The limits every connection of one recorder shares, so slow or many clients cannot hold
/// memory without bound: a cap on open connections, a cap on request-body bytes held in
/// all, and a deadline for each request's body (see ``ConnectionGuardHandler``).
///
/// Slow uploads once held memory without limit: a hundred connections each sending a body
/// just under the size limit, then a byte now and then, stayed open with their buffers.
final class ConnectionBudget: @unchecked Sendable {
    let maxConnections: Int
    let maxBufferedBytes: Int
    let bodyDeadline: TimeAmount
    private let lock = NSLock()
    private var open = 0
    private var buffered = 0

    init(maxConnections: Int, maxBufferedBytes: Int, bodyDeadline: TimeAmount) {
        self.maxConnections = maxConnections
        self.maxBufferedBytes = maxBufferedBytes
        self.bodyDeadline = bodyDeadline
    }

    convenience init(_ settings: RecorderSettings) {
        self.init(maxConnections: settings.maxConnections, maxBufferedBytes: settings.maxBufferedBytes,
                  bodyDeadline: .milliseconds(Int64(settings.bodyTimeoutSeconds * 1000)))
    }

    /// Counts a new connection; false when it is over the cap (it is then answered 503).
    func opened() -> Bool {
        lock.lock(); defer { lock.unlock() }
        open += 1
        return open <= maxConnections
    }

    func closed() {
        lock.lock(); defer { lock.unlock() }
        open -= 1
    }

    /// Takes `bytes` of the shared budget; false (nothing taken) when it would go over.
    func reserve(_ bytes: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard buffered + bytes <= maxBufferedBytes else { return false }
        buffered += bytes
        return true
    }

    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        lock.lock(); defer { lock.unlock() }
        buffered -= bytes
    }

    /// Open connections and body bytes held now (for tests and the soak tool).
    var current: (connections: Int, bufferedBytes: Int) {
        lock.lock(); defer { lock.unlock() }
        return (open, buffered)
    }
}

/// One per connection, between HTTP decoding and the request handlers. It answers by
/// itself, then closes the connection and frees what the request held:
/// - `503` to a connection beyond ``RecorderSettings/maxConnections`` (on its first request);
/// - `408` when a request's body is not complete within ``RecorderSettings/bodyTimeoutSeconds``
///   of its head;
/// - `503` when a body chunk would take the bytes held by all requests beyond
///   ``RecorderSettings/maxBufferedBytes``.
/// A request's bytes count from its head until its response ends.
///
/// A response that ends before its request's body has all arrived (a 413 answered from the
/// declared length) leaves the rest of the body unread, and a client that sends it all
/// before reading (one that asked to close the connection, as many scripts do) saw its
/// answer only 30 s later, when the connection was dropped as idle. The rest of such a body
/// is now read and dropped as it comes, uncounted, so the client finishes sending and
/// reads the answer at once; the body deadline still ends a client that never stops.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Raised into the request's body stream when the guard answers in its place, so a
    /// handler reading the body fails instead of acting on part of it.
    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    private let budget: ConnectionBudget
    private var counted = false
    private var overCap = false
    /// Our own answer was sent: the connection is closing, nothing more goes in or out.
    private var answered = false
    private var held = 0
    private var responseStarted = false
    /// The current request's body has all arrived (its end part was read).
    private var bodyEnded = true
    /// The response has ended before the body: what is left of the body is dropped.
    private var draining = false
    private var deadline: Scheduled<Void>?

    init(budget: ConnectionBudget) {
        self.budget = budget
    }

    func handlerAdded(context: ChannelHandlerContext) {
        counted = true
        guard budget.opened() else {
            overCap = true
            // Answered on its first request; one that never sends a head is closed soon.
            schedule(context, in: .seconds(2)) { context in context.close(promise: nil) }
            return
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if counted { budget.closed() }
        counted = false
        releaseHeld()
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if answered { return }
        let part = unwrapInboundIn(data)
        if overCap {
            if case .head = part {
                answer(context, .serviceUnavailable,
                       "too many open connections (limit \(budget.maxConnections)): try again when others have finished; nothing was written")
            }
            return
        }
        switch part {
        case .head:
            responseStarted = false
            bodyEnded = false
            draining = false
            deadline?.cancel()
            let seconds = Double(budget.bodyDeadline.nanoseconds) / 1e9
            deadline = schedule(context, in: budget.bodyDeadline) { context in
                self.deadline = nil
                self.answer(context, .requestTimeout,
                            "the request body did not arrive within \(Self.format(seconds)) s; nothing was written")
            }
        case .body(let buffer):
            if draining { return }   // answered already: nobody reads it
            if !responseStarted {
                guard budget.reserve(buffer.readableBytes) else {
                    answer(context, .serviceUnavailable,
                           "the server holds too many request bytes right now (limit \(budget.maxBufferedBytes) bytes in all): try again shortly; nothing was written")
                    return
                }
                held += buffer.readableBytes
            }
        case .end:
            bodyEnded = true
            draining = false
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // The request handlers no longer ask for reads (their answer is out): ask ourselves
        // while the rest of the body is dropped.
        if draining && !answered { context.read() }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !answered else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        var drainAfter = false
        switch unwrapOutboundIn(data) {
        case .head: responseStarted = true
        case .body: break
        case .end:
            releaseHeld()
            drainAfter = !bodyEnded && !overCap
        }
        context.write(data, promise: promise)
        if drainAfter && !draining {
            draining = true
            context.read()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        releaseHeld()
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    private func releaseHeld() {
        budget.release(held)
        held = 0
    }

    /// Answers `status` with `{"error": {"message": ...}}` unless a response has begun,
    /// fails the request's body stream, then closes the connection.
    private func answer(_ context: ChannelHandlerContext, _ status: HTTPResponse.Status, _ message: String) {
        guard !answered else { return }
        answered = true
        deadline?.cancel()
        deadline = nil
        releaseHeld()
        context.fireErrorCaught(Refused(description: message))
        guard !responseStarted else {
            context.close(promise: nil)
            return
        }
        let text = (try? JSONSerialization.data(withJSONObject: ["error": ["message": message]])) ?? Data()
        let body = ByteBuffer(bytes: text)
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.contentLength] = String(body.readableBytes)
        fields[.connection] = "close"
        if status == .serviceUnavailable { fields[.retryAfter] = "1" }
        context.write(wrapOutboundOut(.head(HTTPResponse(status: status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    @discardableResult
    private func schedule(_ context: ChannelHandlerContext, in delay: TimeAmount,
                          _ body: @escaping (ChannelHandlerContext) -> Void) -> Scheduled<Void> {
        context.eventLoop.assumeIsolated().scheduleTask(in: delay) { body(context) }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
