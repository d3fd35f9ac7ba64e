import Foundation

/// Reads and validates touch sessions: JSON Lines, one ``TouchSessionEvent`` a line
/// (README, Data formats).
///
/// ```swift
/// let events = try TouchSessionReader.read("session.jsonl")
/// ```
/// Every line is checked, and the first problem is thrown as a ``GestureDataError``
/// naming the file, the line (1-based) and the field:
/// - a line that is not a JSON object, or lacks `t`, `phase` or `touches`;
/// - a phase other than `began | moved | stationary | ended | cancelled`;
/// - a non-finite number, an empty `touches` list or the same id twice in a line;
/// - time going backwards (equal times are fine: one moment may take several lines);
/// - a touch that moves, rests, ends or is cancelled before it began, or that begins
///   while it is still down;
/// - more than ``maxTouchesDown`` touches down at once.
/// Blank lines are skipped. A session may end with touches still down.
public enum TouchSessionReader {
    /// Largest session file accepted, in bytes.
    public static let maxFileBytes = 64 << 20  // a 200 MB file is refused unread
    /// The most touches down at once (a real screen reports about ten). Every event
    /// carries every touch on the screen, as UIKit's do, and the engine's recognizers look
    /// at them, so a line costs time in proportion to the touches down: without a bound,
    /// 40,000 fingers that began one per line and ended one per line took 43 s to replay.
    /// Every reader of sessions (`replay`, `show`, `eval engine`, the recorder) goes through
    /// this check, so they accept and refuse the same files.
    public static let maxTouchesDown = 1_000
    /// The most JSON values one line may hold (1000 touches of a handful of fields each).
    public static let maxValuesPerLine = 10_000

    /// Reads the session file at `path`.
    /// - Throws: ``GestureDataError`` (unreadable, too large, malformed or invalid field).
    public static func read(_ path: String) throws -> [TouchSessionEvent] {
        try decode(try BoundedFile.read(path, limit: maxFileBytes), file: path)
    }

    /// Decodes and validates a whole session.
    /// - Parameters:
    ///   - data: the JSON Lines bytes.
    ///   - file: the name used in errors.
    /// - Complexity: O(lines + touches).
    public static func decode(_ data: Data, file: String) throws -> [TouchSessionEvent] {
        // Over the bytes themselves: slicing `Data` line by line costs more than the rest.
        try data.withUnsafeBytes { try decode(bytes: $0, file: file, scanning: true) }
    }

    /// ``decode(_:file:)`` with every line read by the strict JSON parser, never by the
    /// fast scanner: the fuzz target and tests compare the two, which must agree on every
    /// input (the same events, or the same error).
    @_spi(ReaderCheck)
    public static func decodeWithoutScanner(_ data: Data, file: String) throws -> [TouchSessionEvent] {
        try data.withUnsafeBytes { try decode(bytes: $0, file: file, scanning: false) }
    }

    private static func decode(bytes: UnsafeRawBufferPointer, file: String, scanning: Bool) throws -> [TouchSessionEvent] {
        var events: [TouchSessionEvent] = []
        var down: [Int: Int] = [:]          // touch id → line where it began
        var lastT: Double?
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            start = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let loc = DataLocation.line(lineNumber)
            // The scanner reads lines in the canonical shape quickly; anything else goes
            // through the strict JSON parser, which also produces the error messages.
            let scanned = scanning ? TouchSessionLineScanner.scan(line) : nil
            let wire = try scanned ?? (try slowFields(Data(line), file: file, location: loc))
            guard let t = wire.t else {
                throw GestureDataError.invalidField(file: file, location: loc, field: "t", reason: "missing")
            }
            guard t.isFinite else {
                throw GestureDataError.invalidField(file: file, location: loc, field: "t", reason: "non-finite time")
            }
            if let lastT, t < lastT {
                throw GestureDataError.invalidField(file: file, location: loc, field: "t",
                                                    reason: "time goes backwards (\(t) after \(lastT))")
            }
            lastT = t
            let phase: TouchSessionPhase
            switch wire.phase {
            case nil:
                throw GestureDataError.invalidField(file: file, location: loc, field: "phase", reason: "missing")
            case .known(let p)?:
                phase = p
            case .other(let name)?:
                throw GestureDataError.invalidField(
                    file: file, location: loc, field: "phase",
                    reason: "unknown phase '\(shownValue(name))' (expected began, moved, stationary, ended or cancelled)")
            }
            guard let wireTouches = wire.touches else {
                throw GestureDataError.invalidField(file: file, location: loc, field: "touches", reason: "missing")
            }
            guard !wireTouches.isEmpty else {
                throw GestureDataError.invalidField(file: file, location: loc, field: "touches",
                                                    reason: "a line needs at least one touch")
            }
            var touches: [TouchSessionTouch] = []
            touches.reserveCapacity(wireTouches.count)
            // Ids seen in this line: a set past a few touches (searching the line's
            // touches for each made a line of many fingers cost their square).
            var seen = Set<Int>()
            let manyTouches = wireTouches.count > 16
            if manyTouches { seen.reserveCapacity(wireTouches.count) }
            for (i, w) in wireTouches.enumerated() {
                // The field's name is made only for an error.
                func bad(_ key: String, _ reason: String) -> GestureDataError {
                    .invalidField(file: file, location: loc, field: "touches[\(i)].\(key)", reason: reason)
                }
                guard let idNumber = w.id else { throw bad("id", "missing") }
                guard idNumber == idNumber.rounded(), abs(idNumber) < 1e15 else {
                    throw bad("id", "must be a whole number (found \(idNumber))")
                }
                let id = Int(idNumber)
                guard let x = w.x else { throw bad("x", "missing") }
                guard let y = w.y else { throw bad("y", "missing") }
                guard x.isFinite else { throw bad("x", "non-finite position") }
                guard y.isFinite else { throw bad("y", "non-finite position") }
                if manyTouches ? !seen.insert(id).inserted : touches.contains(where: { $0.id == id }) {
                    throw bad("id", "touch \(id) is listed twice in one line")
                }
                if phase == .began {
                    if let since = down[id] {
                        throw bad("id", "touch \(id) began while still down (it began on line \(since))")
                    }
                } else if down[id] == nil {
                    throw bad("id", "touch \(id) is \(phase.rawValue) before it began")
                }
                touches.append(TouchSessionTouch(id: id, x: x, y: y))
            }
            for touch in touches {
                if phase == .began { down[touch.id] = lineNumber } else if phase.endsTouch { down[touch.id] = nil }
            }
            if down.count > maxTouchesDown {
                throw GestureDataError.invalidField(
                    file: file, location: loc, field: "touches",
                    reason: "\(down.count) touches down at once, over the limit of \(maxTouchesDown) (TouchSessionReader.maxTouchesDown; a screen reports about ten)")
            }
            events.append(TouchSessionEvent(t: t, phase: phase, touches: touches))
        }
        return events
    }

    /// Parses a line with GestureData's strict JSON parser into its fields. A syntax error
    /// names the column and, when it is inside a value, the field; a value of the wrong
    /// type names the field.
    private static func slowFields(_ line: Data, file: String, location: DataLocation) throws -> SessionLineFields {
        let value: JSONValue
        do {
            // A line is one moment: a few touches of five values. The budget keeps one
            // hostile 64 MB line from building a gigabyte tree.
            value = try JSONParser.parse(line, maxValues: maxValuesPerLine)
        } catch {
            let reason = "column \(error.column): \(error.reason)"
            if error.path.isEmpty {
                throw GestureDataError.malformed(file: file, location: location, reason: "not valid JSON: " + reason)
            }
            throw GestureDataError.invalidField(file: file, location: location,
                                                field: JSONPathComponent.string(error.path), reason: reason)
        }
        guard case .object = value else {
            throw GestureDataError.malformed(file: file, location: location,
                                             reason: "not a JSON object with t, phase and touches (found \(value.kindName))")
        }
        var fields = SessionLineFields()
        fields.t = try number(value["t"], field: "t", file: file, location: location)
        if let p = value["phase"] {
            guard case .string(let s) = p else {
                throw GestureDataError.invalidField(file: file, location: location, field: "phase",
                                                    reason: "must be a string (found \(p.kindName))")
            }
            fields.phase = TouchSessionPhase(rawValue: s).map { .known($0) } ?? .other(s)
        }
        if let list = value["touches"] {
            guard case .array(let l) = list else {
                throw GestureDataError.invalidField(file: file, location: location, field: "touches",
                                                    reason: "must be a list (found \(list.kindName))")
            }
            var touches: [SessionLineFields.Touch] = []
            for (i, raw) in l.enumerated() {
                let f = "touches[\(i)]"
                guard case .object = raw else {
                    throw GestureDataError.invalidField(file: file, location: location, field: f,
                                                        reason: "not an object with id, x and y (found \(raw.kindName))")
                }
                touches.append(SessionLineFields.Touch(
                    id: try number(raw["id"], field: f + ".id", file: file, location: location),
                    x: try number(raw["x"], field: f + ".x", file: file, location: location),
                    y: try number(raw["y"], field: f + ".y", file: file, location: location)))
            }
            fields.touches = touches
        }
        return fields
    }

    /// A JSON number, `nil` when absent. A number too large for a `Double` (`1e999`) is
    /// refused here, naming its field.
    private static func number(_ v: JSONValue?, field: String, file: String, location: DataLocation) throws -> Double? {
        guard let v else { return nil }
        guard case .number(let n) = v else {
            throw GestureDataError.invalidField(file: file, location: location, field: field,
                                                reason: "must be a number (found \(v.kindName))")
        }
        guard n.isFinite else {
            throw GestureDataError.invalidField(file: file, location: location, field: field,
                                                reason: "out of range (not a finite number)")
        }
        return n
    }
}
