import Foundation

/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports where it failed: line,
/// column and the path of the value being read.
///
/// Rules beyond the RFC: nesting deeper than ``maxDepth`` is rejected (no stack
/// exhaustion on hostile input); duplicate object keys are rejected, in linear time
/// overall, and an object holds at most ``maxObjectKeys`` members; numbers that
/// overflow a `Double` (`1e999`) are kept as ±infinity for the caller to reject with a
/// field name; `NaN` and `Infinity` tokens get their own message.
struct JSONParser {
    /// A syntax error with its position.
    struct SyntaxError: Error, Sendable {
        var line: Int
        var column: Int
        /// Path of the value being parsed when the error was met.
        var path: [JSONPathComponent]
        var reason: String
        /// `true` when the error is a `NaN` / `Infinity` token: a non-finite number.
        var isNonFiniteToken: Bool
    }

    /// Deepest nesting of arrays and objects accepted (a sample needs 4).
    static let maxDepth = 64
    /// Most members one object may have (200 000 keys took minutes and froze
    /// the recorder). A sample has fewer than ten; a point three.
    static let maxObjectKeys = 10_000

    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var pos = 0
    private var path: [JSONPathComponent] = []
    /// Values still allowed in this document.
    private var budget = Int.max
    /// `false` when only checking: nothing is kept, so checking costs no more memory than
    /// the keys of the objects open at once (see ``validate(_:)``).
    private var building = true

    /// Parses one complete JSON document; trailing non-space bytes are an error.
    /// - Parameter maxValues: the most values (numbers, strings, arrays, objects, …) the
    ///   document may hold: the tree costs tens of bytes a value, so a caller that knows
    ///   its documents' size bounds memory with it (a 48 MB sample of 8 million
    ///   points peaked at 1 GB before the point limit could refuse it).
    static func parse<Bytes: Collection<UInt8>>(_ data: Bytes, maxValues: Int = Int.max) throws(SyntaxError) -> JSONValue {
        try withBuffer(data) { (buffer) throws(SyntaxError) in try parse(buffer, maxValues: maxValues, building: true) }
    }

    /// Checks a whole document by every rule of ``parse(_:maxValues:)`` (syntax, UTF-8,
    /// duplicate keys, nesting, keys per object) without building anything: the memory
    /// used is that of the keys of the objects open at once, at most ``maxObjectKeys`` an
    /// object. ``JSONCursor`` then reads the checked bytes in place.
    /// - Returns: the offset of the root value (after a byte-order mark and white space).
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> Int {
        var p = JSONParser(bytes: bytes)
        p.building = false
        _ = try p.document()
        return p.rootStart
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxValues: Int, building: Bool) throws(SyntaxError) -> JSONValue {
        var p = JSONParser(bytes: bytes)
        p.budget = maxValues
        p.building = building
        return try p.document()
    }

    /// Runs `body` on the bytes of `data` in place when they are contiguous (`Data`,
    /// `[UInt8]`, slices), copying them only otherwise.
    static func withBuffer<Bytes: Collection<UInt8>, R>(
        _ data: Bytes, _ body: (UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> R
    ) throws(SyntaxError) -> R {
        var result: Result<R, SyntaxError>?
        if let data = data as? Data {
            data.withUnsafeBytes { raw in
                do throws(SyntaxError) { result = .success(try body(raw.bindMemory(to: UInt8.self))) } catch { result = .failure(error) }
            }
        } else {
            _ = data.withContiguousStorageIfAvailable { buffer in
                do throws(SyntaxError) { result = .success(try body(buffer)) } catch { result = .failure(error) }
            }
        }
        if result == nil {
            Array(data).withUnsafeBufferPointer { buffer in
                do throws(SyntaxError) { result = .success(try body(buffer)) } catch { result = .failure(error) }
            }
        }
        return try result!.get()
    }

    private var rootStart = 0

    /// Parses (or only checks) the whole document; `rootStart` is where its value begins.
    private mutating func document() throws(SyntaxError) -> JSONValue {
        // A UTF-8 byte-order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
        skipSpace()
        rootStart = pos
        let v = try value(depth: 0)
        skipSpace()
        if pos < bytes.count { throw error("unexpected \(describeHere()) after the JSON value") }
        return v
    }

    init(bytes: UnsafeBufferPointer<UInt8>, at pos: Int = 0) {
        self.bytes = bytes
        self.pos = pos
    }

    /// The string starting at `pos` (its opening quote), for ``JSONCursor``.
    mutating func readString() throws(SyntaxError) -> String { try string() }
    /// The number starting at `pos`, for ``JSONCursor``.
    mutating func readNumber() throws(SyntaxError) -> Double { try number() }

    private func error(_ reason: String, nonFinite: Bool = false) -> SyntaxError {
        var line = 1, col = 1
        for b in bytes[..<min(pos, bytes.count)] {
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return SyntaxError(line: line, column: col, path: path, reason: reason, isNonFiniteToken: nonFinite)
    }

    private func describeHere() -> String {
        guard pos < bytes.count else { return "end of input" }
        let b = bytes[pos]
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    private mutating func skipSpace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
        guard pos < bytes.count else { throw error("unexpected end of input (truncated?)") }
        budget -= 1
        guard budget >= 0 else { throw error("more JSON values than one sample can hold; refused before reading the rest") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("\(word()) is not a JSON value: JSON has no NaN or Infinity, and non-finite numbers are not allowed",
                        nonFinite: true)
        default:
            throw error("unexpected \(describeHere()) where a value was expected")
        }
    }

    /// The run of letters at `pos`, for messages.
    private func word() -> String {
        var end = pos
        while end < bytes.count, end - pos < 16,
              (bytes[end] >= UInt8(ascii: "A") && bytes[end] <= UInt8(ascii: "Z"))
                || (bytes[end] >= UInt8(ascii: "a") && bytes[end] <= UInt8(ascii: "z")) { end += 1 }
        return "'" + String(decoding: bytes[pos..<max(end, pos + 1)], as: UTF8.self) + "'"
    }

    private mutating func literal(_ text: String) throws(SyntaxError) {
        let expected = Array(text.utf8)
        let n = expected.count
        guard pos + n <= bytes.count, bytes[pos..<(pos + n)].elementsEqual(expected) else {
            throw error("unexpected \(word()) where a value was expected")
        }
        pos += n
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        pos += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen: Set<String> = []  // duplicate test in O(1) per key, not a scan of the members
        var memberCount = 0
        skipSpace()
        if pos < bytes.count && bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object(members) }
        while true {
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else {
                throw error(pos < bytes.count ? "expected a quoted key, found \(describeHere())"
                                              : "unexpected end of input inside an object (truncated?)")
            }
            let key = try string()
            guard seen.insert(key).inserted else { throw error("duplicate key '\(shownValue(key))'") }
            guard members.count + memberCount < Self.maxObjectKeys else { throw error("more than \(Self.maxObjectKeys) keys in one object") }
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else {
                throw error("expected ':' after key '\(shownValue(key))', found \(describeHere())")
            }
            pos += 1
            skipSpace()
            path.append(.key(key))
            let v = try value(depth: depth)
            path.removeLast()
            if building { members.append((key, v)) } else { memberCount += 1 }
            skipSpace()
            guard pos < bytes.count else { throw error("unexpected end of input inside an object (truncated?)") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object(members) }
            throw error("expected ',' or '}' in an object, found \(describeHere())")
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        pos += 1
        var items: [JSONValue] = []
        var index = 0
        skipSpace()
        if pos < bytes.count && bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array(items) }
        while true {
            skipSpace()
            path.append(.index(index))
            let v = try value(depth: depth)
            path.removeLast()
            if building { items.append(v) }
            index += 1
            skipSpace()
            guard pos < bytes.count else { throw error("unexpected end of input inside an array (truncated?)") }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array(items) }
            throw error("expected ',' or ']' in an array, found \(describeHere())")
        }
    }

    private mutating func number() throws(SyntaxError) -> Double {
        let start = pos
        func digits() -> Int {
            let s = pos
            while pos < bytes.count, bytes[pos] >= UInt8(ascii: "0"), bytes[pos] <= UInt8(ascii: "9") { pos += 1 }
            return pos - s
        }
        if bytes[pos] == UInt8(ascii: "-") {
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "I") {
                throw error("'-Infinity' is not a JSON value: non-finite numbers are not allowed", nonFinite: true)
            }
        }
        let intStart = pos
        guard digits() > 0 else { throw error("a number needs digits") }
        if bytes[intStart] == UInt8(ascii: "0") && pos - intStart > 1 {
            pos = intStart
            throw error("a number may not have leading zeros")
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        guard let v = Double(text) else { throw error("'\(shownValue(text))' is not a number") }
        return v  // may be ±infinity for huge exponents; the caller names the field
    }

    private mutating func string() throws(SyntaxError) -> String {
        pos += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard pos < bytes.count else { throw error("unexpected end of input inside a string (truncated?)") }
            let b = bytes[pos]
            switch b {
            case UInt8(ascii: "\""):
                pos += 1
                // Ill-formed UTF-8 is an error, not silently replaced by U+FFFD, which would alter the text unseen.
                guard let text = String(bytes: out, encoding: .utf8) else { throw error("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                pos += 1
                guard pos < bytes.count else { throw error("unexpected end of input inside a string (truncated?)") }
                let e = bytes[pos]
                pos += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired UTF-16 surrogate in \\u escape")
                        }
                        pos += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired UTF-16 surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw error("unpaired UTF-16 surrogate in \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    pos -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string")
                }
            default:
                guard b >= 0x20 else { throw error("unescaped control character in a string") }
                out.append(b)
                pos += 1
            }
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard pos + 4 <= bytes.count else { throw error("unexpected end of input in a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[pos]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            v = v << 4 | UInt32(d)
            pos += 1
        }
        return v
    }
}
