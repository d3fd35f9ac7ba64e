/// The fields of one session line, before validation.
struct SessionLineFields {
    struct Touch {
        var id: Double?
        var x: Double?
        var y: Double?
    }
    var t: Double?
    var phase: String?
    var touches: [Touch]?
}

/// A fast reader for session lines in the canonical shape: one flat JSON object with
/// the keys `t` (number), `phase` (string without escapes) and `touches` (a list of flat
/// objects with numeric `id`, `x`, `y`), in any order, with any JSON whitespace.
///
/// It returns `nil` for anything else — other keys, repeated keys, escapes, other value
/// types, invalid JSON — and the reader then parses the line with GestureData's `JSONParser`,
/// which decides and words the error. So the scanner only changes speed, never what is
/// accepted: every line it accepts is valid JSON that the slow path reads the same way.
enum TouchSessionLineScanner {
    static func scan(_ bytes: UnsafeRawBufferPointer) -> SessionLineFields? {
        var s = Cursor(bytes: bytes)
        var fields = SessionLineFields()
        s.skipSpace()
        guard s.take(UInt8(ascii: "{")) else { return nil }
        s.skipSpace()
        if s.take(UInt8(ascii: "}")) { return nil }
        repeat {
            s.skipSpace()
            guard let key = s.plainString() else { return nil }
            s.skipSpace()
            guard s.take(UInt8(ascii: ":")) else { return nil }
            s.skipSpace()
            switch key {
            case "t":
                guard fields.t == nil, let v = s.number() else { return nil }
                fields.t = v
            case "phase":
                guard fields.phase == nil, let v = s.plainString() else { return nil }
                fields.phase = v
            case "touches":
                guard fields.touches == nil, let v = s.touchList() else { return nil }
                fields.touches = v
            default:
                return nil
            }
            s.skipSpace()
        } while s.take(UInt8(ascii: ","))
        guard s.take(UInt8(ascii: "}")) else { return nil }
        s.skipSpace()
        return s.atEnd ? fields : nil
    }

    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var i = 0

        var atEnd: Bool { i >= bytes.count }
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 }
        }

        mutating func take(_ c: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == c else { return false }
            i += 1
            return true
        }

        /// A string with printable ASCII only and no escapes.
        mutating func plainString() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") {
                    let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                    i += 1
                    return s
                }
                guard c >= 0x20, c < 0x7F, c != UInt8(ascii: "\\") else { return nil }
                i += 1
            }
            return nil
        }

        /// A number in JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
        mutating func number() -> Double? {
            let start = i
            _ = take(UInt8(ascii: "-"))
            guard let first = peek, isDigit(first) else { return nil }
            i += 1
            if first != UInt8(ascii: "0") { while let c = peek, isDigit(c) { i += 1 } }
            if take(UInt8(ascii: ".")) {
                guard let c = peek, isDigit(c) else { return nil }
                while let c = peek, isDigit(c) { i += 1 }
            }
            if let e = peek, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                i += 1
                if let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { i += 1 }
                guard let c = peek, isDigit(c) else { return nil }
                while let c = peek, isDigit(c) { i += 1 }
            }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard let v = Double(text), v.isFinite else { return nil }
            return v
        }

        mutating func touchList() -> [SessionLineFields.Touch]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var list: [SessionLineFields.Touch] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return list }
            repeat {
                skipSpace()
                guard let t = touch() else { return nil }
                list.append(t)
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? list : nil
        }

        mutating func touch() -> SessionLineFields.Touch? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var t = SessionLineFields.Touch()
            skipSpace()
            if take(UInt8(ascii: "}")) { return t }
            repeat {
                skipSpace()
                guard let key = plainString() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let v = number() else { return nil }
                switch key {
                case "id" where t.id == nil: t.id = v
                case "x" where t.x == nil: t.x = v
                case "y" where t.y == nil: t.y = v
                default: return nil
                }
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? t : nil
        }

        private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    }
}
