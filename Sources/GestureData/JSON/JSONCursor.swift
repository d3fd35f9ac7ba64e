/// Reads a JSON document that ``JSONParser/validate(_:)`` has checked, in place: no tree
/// is built, a value is found by its byte offset and read when asked for. Only valid on
/// the bytes it was made for, inside the scope that lends them (``StrictJSON``).
///
/// Because the whole document was checked first (syntax, UTF-8, duplicate keys, nesting,
/// keys per object), skipping a value is a plain scan and reads here cannot fail on syntax.
struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>

    typealias Kind = JSONKind

    func kind(at p: Int) -> Kind {
        switch bytes[p] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: return .number
        }
    }

    static func kindName(_ k: Kind) -> String { k.name }
}

/// The kind of a JSON value.
public enum JSONKind: Hashable, Sendable {
    case object, array, string, number, bool, null

    /// `an object`, `a number`, … for messages.
    public var name: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

extension JSONCursor {
    func skipSpace(_ p: Int) -> Int {
        var p = p
        while p < bytes.count {
            switch bytes[p] {
            case 0x20, 0x09, 0x0A, 0x0D: p += 1
            default: return p
            }
        }
        return p
    }

    /// The offset just past the value starting at `p`.
    func end(ofValueAt p: Int) -> Int {
        var p = p
        switch bytes[p] {
        case UInt8(ascii: "\""): return end(ofStringAt: p)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while p < bytes.count {
                switch bytes[p] {
                case UInt8(ascii: "\""): p = end(ofStringAt: p); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return p + 1 }
                default: break
                }
                p += 1
            }
            return p
        default:
            while p < bytes.count {
                switch bytes[p] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: return p
                default: p += 1
                }
            }
            return p
        }
    }

    private func end(ofStringAt p: Int) -> Int {
        var p = p + 1
        while p < bytes.count {
            switch bytes[p] {
            case UInt8(ascii: "\\"): p += 2
            case UInt8(ascii: "\""): return p + 1
            default: p += 1
            }
        }
        return p
    }

    /// The offset of the next element after the value at `p` in an array or object, or
    /// `nil` at the closing bracket.
    private func next(after p: Int) -> Int? {
        let q = skipSpace(end(ofValueAt: p))
        guard q < bytes.count, bytes[q] == UInt8(ascii: ",") else { return nil }
        return skipSpace(q + 1)
    }

    /// The first element of the array at `p`, or `nil` when it is empty.
    func firstElement(ofArrayAt p: Int) -> Int? {
        let q = skipSpace(p + 1)
        return bytes[q] == UInt8(ascii: "]") ? nil : q
    }

    /// The element after the one at `p`, or `nil` after the last.
    func nextElement(after p: Int) -> Int? { next(after: p) }

    /// Number of elements of the array at `p` (one scan, nothing kept).
    func count(ofArrayAt p: Int) -> Int {
        var n = 0
        var e = firstElement(ofArrayAt: p)
        while let q = e { n += 1; e = next(after: q) }
        return n
    }

    /// Calls `body` with each element's index and offset, in order.
    func forEachElement(ofArrayAt p: Int, _ body: (Int, Int) throws -> Void) rethrows {
        var i = 0
        var e = firstElement(ofArrayAt: p)
        while let q = e {
            try body(i, q)
            i += 1
            e = next(after: q)
        }
    }

    /// The members of the object at `p`: keys and the offsets of their values, in file
    /// order (at most ``JSONParser/maxObjectKeys``, no key twice: both checked already).
    func members(ofObjectAt p: Int) -> [(key: String, value: Int)] {
        var out: [(key: String, value: Int)] = []
        var q = skipSpace(p + 1)
        guard bytes[q] != UInt8(ascii: "}") else { return out }
        while true {
            let key = string(at: q)
            let colon = skipSpace(end(ofValueAt: q))
            let v = skipSpace(colon + 1)
            out.append((key, v))
            guard let n = next(after: v) else { return out }
            q = n
        }
    }

    /// The value of member `key` of the object at `p`, or `nil` when absent.
    func member(_ key: String, ofObjectAt p: Int) -> Int? {
        var q = skipSpace(p + 1)
        guard bytes[q] != UInt8(ascii: "}") else { return nil }
        let wanted = Array(key.utf8)
        while true {
            let keyEnd = end(ofValueAt: q)
            let raw = bytes[(q + 1)..<(keyEnd - 1)]
            let v = skipSpace(skipSpace(keyEnd) + 1)
            // Keys without escapes compare as bytes; an escaped key is decoded first.
            if raw.contains(UInt8(ascii: "\\")) ? string(at: q) == key : raw.elementsEqual(wanted) { return v }
            guard let n = next(after: v) else { return nil }
            q = n
        }
    }

    /// The string at `p` (its opening quote), unescaped.
    func string(at p: Int) -> String {
        var parser = JSONParser(bytes: bytes, at: p)
        return (try? parser.readString()) ?? ""
    }

    /// The number at `p` as a `Double` (±infinity when it overflows, for the caller to refuse).
    func double(at p: Int) -> Double {
        var parser = JSONParser(bytes: bytes, at: p)
        return (try? parser.readNumber()) ?? .nan
    }

    /// The number at `p` when it is written as an integer that fits an `Int64`.
    func int64(at p: Int) -> Int64? {
        let text = String(decoding: bytes[p..<end(ofValueAt: p)], as: UTF8.self)
        if let i = Int64(text) { return i }
        let d = double(at: p)
        guard d.isFinite, d == d.rounded(), abs(d) < 9.2e18 else { return nil }
        return Int64(d)
    }

    func bool(at p: Int) -> Bool { bytes[p] == UInt8(ascii: "t") }

    /// Line and column (1-based) of offset `p`, for messages.
    func lineAndColumn(of p: Int) -> (line: Int, column: Int) {
        var line = 1, col = 1
        for b in bytes[..<min(p, bytes.count)] {
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return (line, col)
    }
}
