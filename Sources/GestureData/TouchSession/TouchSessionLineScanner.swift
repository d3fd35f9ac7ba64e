/// The fields of one session line, before validation.
struct SessionLineFields {
    struct Touch {
        var id: Double?
        var x: Double?
        var y: Double?
    }
    /// A phase as written: one of the five names, or something else (refused by the reader).
    enum Phase {
        case known(TouchSessionPhase)
        case other(String)
    }
    var t: Double?
    var phase: Phase?
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
            guard let key = s.plainSpan() else { return nil }
            s.skipSpace()
            guard s.take(UInt8(ascii: ":")) else { return nil }
            s.skipSpace()
            if s.matches(key, "t") {
                guard fields.t == nil, let v = s.number() else { return nil }
                fields.t = v
            } else if s.matches(key, "phase") {
                guard fields.phase == nil, let v = s.plainSpan() else { return nil }
                fields.phase = s.phase(v)
            } else if s.matches(key, "touches") {
                guard fields.touches == nil, let v = s.touchList() else { return nil }
                fields.touches = v
            } else {
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

        /// A string with printable ASCII only and no escapes: where its characters are.
        mutating func plainSpan() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    return start..<(i - 1)
                }
                guard c >= 0x20, c < 0x7F, c != UInt8(ascii: "\\") else { return nil }
                i += 1
            }
            return nil
        }

        /// Whether the characters at `span` are `word` (compared as bytes: no string is made).
        func matches(_ span: Range<Int>, _ word: StaticString) -> Bool {
            guard span.count == word.utf8CodeUnitCount else { return false }
            let w = word.utf8Start
            for k in 0..<span.count where bytes[span.lowerBound + k] != w[k] { return false }
            return true
        }

        /// The phase named at `span`.
        func phase(_ span: Range<Int>) -> SessionLineFields.Phase {
            if matches(span, "moved") { return .known(.moved) }
            if matches(span, "began") { return .known(.began) }
            if matches(span, "ended") { return .known(.ended) }
            if matches(span, "stationary") { return .known(.stationary) }
            if matches(span, "cancelled") { return .known(.cancelled) }
            return .other(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[span]), as: UTF8.self))
        }

        /// A number in JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
        ///
        /// Without an exponent and with at most 15 digits it is worked out exactly: the
        /// digits as a whole number (exact below 2^53) divided by a power of ten (exact up
        /// to 10^22) is one correctly rounded division, the same `Double` as the text's
        /// (Clinger's fast path). Anything else goes through `Double(String)`.
        mutating func number() -> Double? {
            let start = i
            let negative = take(UInt8(ascii: "-"))
            guard let first = peek, isDigit(first) else { return nil }
            var digits = 0, mantissa: UInt64 = 0, fraction = 0
            func digit(_ c: UInt8) { mantissa = mantissa &* 10 &+ UInt64(c - 0x30); digits += 1 }
            i += 1
            digit(first)
            if first != UInt8(ascii: "0") { while let c = peek, isDigit(c) { digit(c); i += 1 } }
            if take(UInt8(ascii: ".")) {
                guard let c = peek, isDigit(c) else { return nil }
                while let c = peek, isDigit(c) { digit(c); fraction += 1; i += 1 }
            }
            var exponent = false
            if let e = peek, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                exponent = true
                i += 1
                if let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { i += 1 }
                guard let c = peek, isDigit(c) else { return nil }
                while let c = peek, isDigit(c) { i += 1 }
            }
            if !exponent && digits <= 15 {
                let v = Double(mantissa) / Self.powersOfTen[fraction]
                return negative ? -v : v
            }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard let v = Double(text), v.isFinite else { return nil }
            return v
        }

        /// 10^0 … 10^15, each exactly representable.
        static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

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
                guard let key = plainSpan() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let v = number() else { return nil }
                if matches(key, "x") && t.x == nil {
                    t.x = v
                } else if matches(key, "y") && t.y == nil {
                    t.y = v
                } else if matches(key, "id") && t.id == nil {
                    t.id = v
                } else {
                    return nil
                }
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? t : nil
        }

        private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    }
}
