import Foundation

/// Writes touch sessions as JSON Lines (README, Data formats), one compact event a line with
/// sorted keys, so the same events always give the same bytes.
public enum TouchSessionWriter {
    /// The session's bytes: one JSON object and a newline per event.
    /// - Throws: ``GestureDataError/invalidField(file:location:field:reason:)`` for a
    ///   non-finite time or position (JSON cannot carry one).
    public static func encode(_ events: [TouchSessionEvent], file: String = "<session>") throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out = Data()
        for (i, e) in events.enumerated() {
            guard e.t.isFinite, e.touches.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
                throw GestureDataError.invalidField(file: file, location: .line(i + 1), field: "t/touches",
                                                    reason: "non-finite number")
            }
            do {
                out.append(try encoder.encode(e))
            } catch {
                throw GestureDataError.invalidField(file: file, location: .line(i + 1), field: "touches",
                                                    reason: "cannot encode: \(error)")
            }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Writes the session to `url` atomically (``AtomicFile``).
    public static func write(_ events: [TouchSessionEvent], to url: URL) throws {
        try AtomicFile.write(try encode(events, file: url.path), to: url)
    }
}
