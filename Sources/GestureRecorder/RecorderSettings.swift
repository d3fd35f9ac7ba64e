/// How the recorder server listens and what it accepts.
public struct RecorderSettings: Hashable, Sendable {
    /// Address to bind. Loopback by default, so the page (which writes files) is not
    /// reachable from other machines unless asked for.
    public var host: String
    /// TCP port; 0 picks a free one (the chosen port is reported to `onListening`).
    public var port: Int
    /// Largest request body accepted, in bytes. A drawn sample is about 40 bytes a point,
    /// so 8 MiB holds some 200 000 points — far more than a person draws — while a
    /// mistaken upload is refused with 413 before anything is written.
    public var maxBodyBytes: Int
    /// Thumbnails keep at most this many points per stroke.
    public var thumbnailPointsPerStroke: Int
    /// The page ends a sample after this pause (milliseconds) with no pointer down;
    /// the user can change it on the page (0 = only the Done button ends a sample).
    public var defaultPauseMilliseconds: Int
    /// Undo remembers at most this many saves and deletes.
    public var undoDepth: Int
    /// Host names (as clients write them in the address bar) accepted besides loopback
    /// ones. A non-loopback bind needs at least one: requests addressed to any other name
    /// are refused (DNS rebinding).
    public var allowedHosts: [String] = []
    /// A connection that sends nothing for this many seconds (mid-request or between
    /// requests) is closed.
    public var idleTimeoutSeconds: Int = 30
    /// A request whose body is not complete this many seconds after its head is answered
    /// 408 and its connection closed, freeing what it held (a client trickling a byte now
    /// and then never counts as idle).
    public var bodyTimeoutSeconds: Double = 30
    /// Open connections served at once; one more is answered 503 and closed.
    public var maxConnections: Int = 64
    /// Request-body bytes held by all requests together; a body that would go beyond is
    /// answered 503 and its connection closed. At least ``maxBodyBytes``.
    public var maxBufferedBytes: Int = 64 * 1024 * 1024
    /// Whether the page recognizes with the store's own model (``StoreModel``) once one is
    /// trained, or found in the store at start. Off when the user serves a given model.
    public var usesStoreModel = true
    /// Train (with the server's trainer) this many milliseconds after the last saved or
    /// deleted example, so the page learns each new example without a button; `nil`: only
    /// the Train button trains.
    public var trainAfterEditMilliseconds: Int? = nil
    /// Which detector cards (check mark, circle) the page shows: by default only those
    /// whose label the store has or the user picked.
    public var detectorCards: DetectorCards = .forLabels

    public init(host: String = "127.0.0.1", port: Int = 8377, maxBodyBytes: Int = 8 * 1024 * 1024,
                thumbnailPointsPerStroke: Int = 32, defaultPauseMilliseconds: Int = 800, undoDepth: Int = 100) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.thumbnailPointsPerStroke = thumbnailPointsPerStroke
        self.defaultPauseMilliseconds = defaultPauseMilliseconds
        self.undoDepth = undoDepth
    }

    /// Whether `host` is literally a loopback address or `localhost`: `127.a.b.c` with
    /// four decimal numbers 0…255, `::1`, or `localhost` (any case). Names that merely
    /// start with `127.` (`127.evil.com`, `127.0.0.1.nip.io`) are not.
    public static func isLoopback(_ host: String) -> Bool {
        if host.lowercased() == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { p in
            !p.isEmpty && p.count <= 3 && p.allSatisfy { $0.isASCII && $0.isNumber } && (Int(p) ?? 256) <= 255
        }
    }

    /// The defaults: 127.0.0.1:8377, 8 MiB bodies, 800 ms pause.
    public static let `default` = RecorderSettings()
}
