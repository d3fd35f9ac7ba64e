import Foundation

/// The gestures a touch session is known to contain: the sidecar file
/// `NAME.labels.json` beside `NAME.jsonl`.
///
/// ```json
/// {"format": "gesturelab.session-labels/1",
///  "gestures": [{"name": "doubleTap", "start": 12.0, "end": 13.2}]}
/// ```
/// `name` is the name of the recognizer that should fire; `start`…`end` (seconds, the
/// session's clock) is the window in which it should fire exactly once: from the first
/// touch of the gesture to the latest moment its recognition is acceptable (for a tap
/// that waits out a double-tap interval, after that interval).
public struct SessionLabels: Hashable, Sendable, Codable {
    public static let format = "gesturelab.session-labels/1"

    /// One scripted gesture.
    public struct Gesture: Hashable, Sendable, Codable {
        public var name: String
        public var start: Double
        public var end: Double

        public init(name: String, start: Double, end: Double) {
            self.name = name
            self.start = start
            self.end = end
        }

        /// `start <= t <= end`.
        public func contains(_ t: Double) -> Bool { t >= start && t <= end }
    }

    public var gestures: [Gesture]

    public init(gestures: [Gesture]) { self.gestures = gestures }

    /// The sidecar path for a session path: `a/b.jsonl` → `a/b.labels.json`.
    public static func sidecarPath(forSession path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
        return base.path + ".labels.json"
    }

    private struct Wire: Codable {
        var format: String?
        var gestures: [Gesture]?
    }

    /// Decodes and validates a labels file: known format, names not empty, finite
    /// times with `start <= end`.
    public static func decode(_ data: Data, file: String) throws -> SessionLabels {
        let wire: Wire
        do {
            wire = try StrictJSON.decode(Wire.self, from: data)  // strict: a key twice is refused
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw GestureDataError.invalidField(file: file, location: .whole, field: shownCodingPath(ctx.codingPath + [key]),
                                                reason: "missing")
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw GestureDataError.invalidField(file: file, location: .whole, field: shownCodingPath(ctx.codingPath),
                                                reason: "wrong type")
        } catch DecodingError.dataCorrupted(let ctx) {
            throw GestureDataError.malformed(file: file, location: .whole, reason: ctx.debugDescription)
        } catch {
            throw GestureDataError.malformed(file: file, location: .whole, reason: "not a labels JSON object")
        }
        guard let format = wire.format else {
            throw GestureDataError.invalidField(file: file, location: .whole, field: "format", reason: "missing")
        }
        guard format == Self.format else {
            throw GestureDataError.unsupportedFormat(file: file, location: .whole, found: shownValue(format))
        }
        guard let gestures = wire.gestures else {
            throw GestureDataError.invalidField(file: file, location: .whole, field: "gestures", reason: "missing")
        }
        for (i, g) in gestures.enumerated() {
            let f = "gestures[\(i)]"
            guard !g.name.isEmpty else {
                throw GestureDataError.invalidField(file: file, location: .whole, field: f + ".name", reason: "empty name")
            }
            guard g.start.isFinite, g.end.isFinite, g.start <= g.end else {
                throw GestureDataError.invalidField(file: file, location: .whole, field: f,
                                                    reason: "needs finite start <= end (found \(g.start)…\(g.end))")
            }
        }
        return SessionLabels(gestures: gestures)
    }

    /// Reads a labels file.
    public static func read(_ path: String) throws -> SessionLabels {
        let data = try BoundedFile.read(path, limit: DatasetLoader.maxFileBytes)  // size first: an oversized file is refused unread
        return try decode(data, file: path)
    }

    /// Pretty, key-sorted JSON with the format tag.
    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try e.encode(Wire(format: Self.format, gestures: gestures))
    }

    /// Writes the labels atomically.
    public func write(to url: URL) throws {
        try AtomicFile.write(try encoded(), to: url)
    }
}
