import Hummingbird

/// Refuses requests a local recorder should never act on.
///
/// - With `loopbackOnly`, the `Host` header must name a loopback host (`127.x.x.x`,
///   `localhost`, `[::1]`): a web page on another site that re-points its own domain name at
///   127.0.0.1 (DNS rebinding) cannot reach the API.
/// - A request that changes something (not GET/HEAD) carrying an `Origin` header must come
///   from the page's own origin: another site's page cannot save or delete samples.
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    let loopbackOnly: Bool

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = request.head.authority ?? Self.hostHeader(request.headers)
        if loopbackOnly, let host, !Self.isLoopbackAuthority(host) {
            throw HTTPError(.forbidden, message: "this recorder answers only requests addressed to 127.0.0.1 or localhost (Host: \(host))")
        }
        if request.method != .get, request.method != .head, let origin = request.headers[.origin] {
            guard let host, origin == "http://\(host)" else {
                throw HTTPError(.forbidden, message: "cross-origin request refused (Origin: \(origin)); nothing was written")
            }
        }
        return try await next(request, context)
    }

    /// HTTP/1 requests carry the authority in `Host`; NIO moves it to `authority`, but a
    /// request built in process may keep the header.
    static func hostHeader(_ headers: HTTPFields) -> String? {
        headers.first { $0.name.canonicalName == "host" }?.value
    }

    /// Whether `authority` (`host[:port]`) names a loopback host.
    static func isLoopbackAuthority(_ authority: String) -> Bool {
        var host = Substring(authority)
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return false }
            host = host[host.index(after: host.startIndex)..<end]
            return host == "::1"
        }
        if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        return host == "localhost" || host.hasPrefix("127.")
    }
}
