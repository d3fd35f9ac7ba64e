import GestureGeometry

/// One recorded gesture with what is known about it.
public struct Sample: Hashable, Sendable {
    public var gesture: Gesture
    /// The gesture class, e.g. `"check"`; `nil` when unlabelled.
    public var label: String?
    /// Who drew it; `nil` when unknown.
    public var subject: String?
    /// Free-form string metadata: `speed`, `device`, `folder`, …
    public var meta: [String: String]
    /// Where it came from (`path` or `path:line`), for messages. Not serialized.
    public var source: String?

    public init(gesture: Gesture, label: String? = nil, subject: String? = nil,
                meta: [String: String] = [:], source: String? = nil) {
        self.gesture = gesture
        self.label = label
        self.subject = subject
        self.meta = meta
        self.source = source
    }

    /// The drawing speed recorded in `meta["speed"]` (the $1 logs' slow / medium / fast).
    public var speed: String? { meta["speed"] }

    /// The input device recorded in `meta["device"]` (a collection file's key under
    /// `paths`, a multistroke log's `InputType`, a native sample's `meta.device`), e.g.
    /// `touchscreen`, `stylus`, `mouse`, `trackpad`.
    public var device: String? { meta["device"] }
}
