import Hummingbird

/// Refuses requests a local recorder should never act on.
///
/// - The `Host` header must name a loopback address literally (`127.a.b.c` as four
///   decimal numbers, `[::1]`) or `localhost`, or a name in the allow-list given for a
///   non-loopback bind (`record --host 0.0.0.0 --allow-host NAME`). A web page on
///   another site that re-points its own domain name at 127.0.0.1 (DNS rebinding:
///   `127.evil.com`, `127.0.0.1.nip.io`) is refused.
/// - A request that changes something (not GET/HEAD) carrying an `Origin` header must come
///   from the page's own origin: another site's page cannot save or delete samples.
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    /// Host names accepted besides the loopback ones, lower-cased.
    let allowedHosts: Set<String>

    init(allowedHosts: [String] = []) {
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
    }

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = request.head.authority ?? Self.hostHeader(request.headers)
        if let host, !Self.accepts(authority: host, allowed: allowedHosts) {
            let extra = allowedHosts.isEmpty ? "" : " or \(allowedHosts.sorted().joined(separator: ", "))"
            throw HTTPError(.forbidden, message: "this recorder answers only requests addressed to 127.0.0.1, [::1] or localhost\(extra) (Host: \(host.prefix(80)))")
        }
        if request.method != .get, request.method != .head, let origin = request.headers[.origin] {
            guard let host, origin == "http://\(host)" else {
                throw HTTPError(.forbidden, message: "cross-origin request refused (Origin: \(origin.prefix(80))); nothing was written")
            }
        }
        return try await next(request, context)
    }

    /// HTTP/1 requests carry the authority in `Host`; NIO moves it to `authority`, but a
    /// request built in process may keep the header.
    static func hostHeader(_ headers: HTTPFields) -> String? {
        headers.first { $0.name.canonicalName == "host" }?.value
    }

    /// Whether `authority` (`host[:port]`) names a loopback host literally, or a host in `allowed`.
    static func accepts(authority: String, allowed: Set<String>) -> Bool {
        guard let host = hostPart(authority) else { return false }
        return RecorderSettings.isLoopback(host) || allowed.contains(host.lowercased())
    }

    /// Whether `authority` (`host[:port]`) names a loopback host.
    static func isLoopbackAuthority(_ authority: String) -> Bool { accepts(authority: authority, allowed: []) }

    /// The host of `host[:port]` or `[v6][:port]` (brackets removed); `nil` when the
    /// brackets do not close or the port is not a number.
    static func hostPart(_ authority: String) -> String? {
        var rest = Substring(authority)
        let host: Substring
        if rest.hasPrefix("[") {
            guard let end = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<end]
            rest = rest[rest.index(after: end)...]
            if rest.isEmpty { return String(host) }
            guard rest.hasPrefix(":") else { return nil }
            rest = rest.dropFirst()
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            rest = rest[rest.index(after: colon)...]
        } else {
            return String(rest)
        }
        guard !rest.isEmpty, rest.count <= 5, rest.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return String(host)
    }
}
