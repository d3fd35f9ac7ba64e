import Foundation

/// GestureLab's own parser for the XML the gesture logs are written in, byte by byte,
/// with no Foundation XML underneath.
///
/// Why not `XMLParser`: on Linux, FoundationXML trapped on three kinds of input the fuzz
/// targets found (ill-formed UTF-8 in a name, a processing instruction without data, and
/// one hidden behind a broken declaration), and it leaks a `CFError` on every malformed
/// document (FuzzDollarOneXML grew to 3.8 GB over 10 million inputs). This parser
/// handles everything those logs use, and refuses the rest with the line it is on:
///
/// Accepted: a UTF-8 byte-order mark; an `<?xml …?>` declaration naming UTF-8 or no
/// encoding; comments; start, end and empty-element tags; attributes in single or double
/// quotes; the five predefined entities and character references (`&#65;`, `&#x41;`) in
/// attribute values and text; `\n`, `\r\n` and `\r` line ends; white space and comments
/// around the root element.
///
/// Refused, each with a ``GestureDataError/malformed(file:location:reason:)`` naming the
/// line: ill-formed UTF-8; other encodings; other processing instructions; `<!DOCTYPE>`
/// (so no entity-expansion bombs) and CDATA; unknown entities; `<` in an attribute value;
/// a repeated attribute; mismatched, unclosed or stray end tags; text or a second element
/// after the root; nesting deeper than ``maxDepth``; a document that ends early.
///
/// Line numbers follow libxml2, which the readers used before: an element's line is that of
/// the `>` that ends its start tag, except that a lone `\r` (old Mac line ends) counts as a
/// line end here, as editors show it, where libxml2 does not count it. Attribute values are normalized as XML requires (tab,
/// CR and LF become spaces).
enum GestureXMLParser {
    /// The deepest element nesting accepted. The logs need three levels
    /// (`Gesture` › `Stroke` › `Point`); libxml2's default limit is 256.
    static let maxDepth = 256

    /// Parses `data` into the raw gesture, checking XML syntax and the log's structure.
    static func parse(_ data: Data, file: String) throws -> RawXMLGesture {
        if let bad = firstInvalidUTF8(in: data) {
            throw GestureDataError.malformed(file: file, location: .line(bad.line),
                                             reason: "not valid UTF-8 (byte offset \(bad.offset))")
        }
        return try data.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self), file: file)
            return try scanner.document()
        }
    }

    /// The byte offset and 1-based line of the first ill-formed UTF-8 sequence, or `nil`.
    static func firstInvalidUTF8(in data: Data) -> (offset: Int, line: Int)? {
        data.withUnsafeBytes { raw -> (offset: Int, line: Int)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Valid UTF-8, the common case, decodes to the same bytes (the standard library's
            // decoding, which replaces what is ill-formed, is fast in any build); only a
            // file that changes is walked scalar by scalar for the place.
            var decoded = String(decoding: bytes, as: UTF8.self)
            let same = decoded.withUTF8 { utf8 in
                utf8.count == bytes.count && (bytes.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
            }
            if same { return nil }
            var iterator = bytes.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            var offset = 0
            var line = 1
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar):
                    if scalar.count == 1 && scalar.first == UInt8(ascii: "\n") { line += 1 }
                    offset += scalar.count
                case .emptyInput:
                    return nil
                case .error:
                    return (offset, line)
                }
            }
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let file: String
        var i = 0
        var line = 1
        var builder: RawXMLBuilder
        /// Names of open elements with the line each was opened on.
        var open: [(name: String, line: Int)] = []
        var sawRoot = false

        init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
            self.bytes = bytes
            self.file = file
            builder = RawXMLBuilder(file: file)
        }

        var atEnd: Bool { i >= bytes.count }

        func malformed(_ reason: String, line: Int? = nil) -> GestureDataError {
            .malformed(file: file, location: .line(line ?? self.line), reason: reason)
        }

        func peek(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard i + n <= bytes.count else { return false }
            let p = text.utf8Start
            for k in 0..<n where bytes[i + k] != p[k] { return false }
            return true
        }

        /// Consumes one byte, counting line ends (`\n`, `\r\n` and a lone `\r` are one each).
        mutating func advance() {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) { line += 1 }
            i += 1
        }

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        mutating func skipSpace() {
            while !atEnd && Self.isSpace(bytes[i]) { advance() }
        }

        static func isNameStart(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x3A || b >= 0x80
        }
        static func isNameByte(_ b: UInt8) -> Bool {
            isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
        }

        mutating func name(_ what: String) throws -> String {
            guard !atEnd else { throw malformed("document ends inside a tag (truncated?)") }
            guard Self.isNameStart(bytes[i]) else { throw malformed("\(what) name expected, found \(describe(bytes[i]))") }
            let s = i
            while !atEnd && Self.isNameByte(bytes[i]) { i += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<i]), as: UTF8.self)
        }

        func describe(_ b: UInt8) -> String {
            switch b {
            case 0x20...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
            case 0x0A, 0x0D: return "a line end"
            default: return "byte 0x\(String(b, radix: 16, uppercase: true))"
            }
        }

        // MARK: Document

        mutating func document() throws -> RawXMLGesture {
            if peek("\u{FEFF}") { i += 3 }
            if peek("<?xml") && i + 5 < bytes.count && Self.isSpace(bytes[i + 5]) { try declaration() }
            while true {
                skipSpace()
                if atEnd { break }
                guard bytes[i] == 0x3C else {
                    throw malformed(sawRoot ? "text after the root element" : "text before the root element (not an XML gesture log?)")
                }
                if peek("<!--") { try comment(); continue }
                if peek("<?") || peek("<!") { try unsupportedMarkup() }
                if peek("</") { throw malformed("end tag without a start tag") }
                if sawRoot { throw malformed("a second root element; a log holds one <Gesture>") }
                try element()
                sawRoot = true
            }
            guard let g = builder.gesture else {
                throw GestureDataError.invalidField(file: file, location: .whole, field: "Gesture",
                                                    reason: sawRoot ? "no <Gesture> element" : "empty document (no <Gesture> element)")
            }
            return g
        }

        mutating func declaration() throws {
            let start = line
            i += 5
            let s = i
            while !atEnd && !peek("?>") {
                if bytes[i] == 0x3C { throw malformed("malformed <?xml …?> declaration") }
                advance()
            }
            guard !atEnd else { throw malformed("unterminated <?xml …?> declaration", line: start) }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<i]), as: UTF8.self).lowercased()
            i += 2
            if let r = text.range(of: "encoding") {
                let rest = text[r.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                guard let q = rest.first, q == "\"" || q == "'" else { throw malformed("malformed encoding in the <?xml …?> declaration", line: start) }
                let value = rest.dropFirst().prefix { $0 != q }
                guard value == "utf-8" || value == "utf8" else {
                    throw malformed("encoding '\(shownValue(value))' is not supported; gesture logs are UTF-8", line: start)
                }
            }
        }

        mutating func comment() throws {
            let start = line
            i += 4
            while !atEnd && !peek("-->") { advance() }
            guard !atEnd else { throw malformed("unterminated comment (truncated?)", line: start) }
            i += 3
        }

        func unsupportedMarkup() throws -> Never {
            if peek("<![CDATA[") { throw malformed("CDATA sections are not supported") }
            if peek("<!") { throw malformed("<!DOCTYPE> and other declarations are not supported") }
            throw malformed("processing instructions other than the <?xml …?> declaration are not supported")
        }

        // MARK: Elements

        /// The root element and everything inside it, without recursion.
        mutating func element() throws {
            repeat {
                guard !atEnd else {
                    let (name, opened) = open[open.count - 1]
                    throw malformed("document ends inside <\(name)> opened on line \(opened) (truncated?)")
                }
                if bytes[i] != 0x3C {
                    try text()
                } else if peek("<!--") {
                    try comment()
                } else if peek("</") {
                    try endTag()
                } else if peek("<?") || peek("<!") {
                    try unsupportedMarkup()
                } else {
                    try startTag()
                }
            } while !open.isEmpty
        }

        mutating func startTag() throws {
            i += 1
            let name = try name("element")
            var attributes: [String: String] = [:]
            var selfClosing = false
            while true {
                let before = i
                skipSpace()
                guard !atEnd else { throw malformed("document ends inside the <\(name)> tag (truncated?)") }
                if bytes[i] == 0x3E { i += 1; break }
                if bytes[i] == 0x2F {
                    guard i + 1 < bytes.count, bytes[i + 1] == 0x3E else { throw malformed("'/>' expected in <\(name)>") }
                    i += 2
                    selfClosing = true
                    break
                }
                guard i > before else { throw malformed("space expected before an attribute in <\(name)>") }
                let key = try self.name("attribute")
                skipSpace()
                guard !atEnd, bytes[i] == 0x3D else { throw malformed("attribute \(key) in <\(name)> has no '=' and value") }
                i += 1
                skipSpace()
                guard !atEnd, bytes[i] == 0x22 || bytes[i] == 0x27 else {
                    throw malformed("the value of attribute \(key) in <\(name)> must be quoted")
                }
                let value = try attributeValue(key, in: name)
                guard attributes.updateValue(value, forKey: key) == nil else {
                    throw malformed("attribute \(key) appears twice in <\(name)>")
                }
            }
            guard open.count < GestureXMLParser.maxDepth else {
                throw malformed("elements nested deeper than \(GestureXMLParser.maxDepth) levels")
            }
            open.append((name, line))
            guard builder.start(name, attributes: attributes, line: line) else {
                throw builder.error ?? malformed("unexpected <\(name)>")
            }
            if selfClosing { close(name) }
        }

        mutating func close(_ name: String) {
            open.removeLast()
            builder.end(name)
        }

        mutating func endTag() throws {
            i += 2
            let name = try self.name("end tag")
            skipSpace()
            guard !atEnd else { throw malformed("document ends inside </\(name)> (truncated?)") }
            guard bytes[i] == 0x3E else { throw malformed("'>' expected to end </\(name)>") }
            i += 1
            let (expected, opened) = open[open.count - 1]
            guard name == expected else {
                throw malformed("end tag </\(name)> does not match <\(expected)> opened on line \(opened)")
            }
            close(name)
        }

        /// Text between tags: ignored, but its entity references must be valid.
        mutating func text() throws {
            while !atEnd && bytes[i] != 0x3C {
                let b = bytes[i]
                if b == 0x26 {
                    _ = try reference()
                } else if b < 0x20 && !Self.isSpace(b) {
                    throw malformed("control character \(describe(b)) is not allowed in XML")
                } else {
                    advance()
                }
            }
        }

        /// A quoted attribute value, with references replaced and white space normalized.
        mutating func attributeValue(_ key: String, in element: String) throws -> String {
            let quote = bytes[i]
            let startLine = line
            i += 1
            var out: [UInt8] = []
            var plainFrom = i
            while true {
                guard !atEnd else {
                    throw malformed("unterminated value of attribute \(key) in <\(element)> (truncated?)", line: startLine)
                }
                let b = bytes[i]
                if b == quote { break }
                switch b {
                case 0x3C:
                    throw malformed("'<' in the value of attribute \(key) in <\(element)>")
                case 0x26:
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<i]))
                    let scalar = try reference()
                    out.append(contentsOf: String(Character(scalar)).utf8)
                    plainFrom = i
                case 0x00..<0x20 where b != 0x09 && b != 0x0A && b != 0x0D:
                    throw malformed("control character \(describe(b)) in the value of attribute \(key) in <\(element)>")
                case 0x09, 0x0A, 0x0D:
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<i]))
                    if b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { advance() }
                    advance()
                    out.append(0x20)
                    plainFrom = i
                default:
                    i += 1
                }
            }
            let value: String
            if out.isEmpty {
                value = String(decoding: UnsafeBufferPointer(rebasing: bytes[plainFrom..<i]), as: UTF8.self)
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainFrom..<i]))
                value = String(decoding: out, as: UTF8.self)
            }
            i += 1
            return value
        }

        /// `&name;` or `&#…;` at `i`; returns the character it stands for.
        mutating func reference() throws -> Unicode.Scalar {
            let s = i
            i += 1
            while !atEnd && bytes[i] != 0x3B && i - s <= 12 && !Self.isSpace(bytes[i]) && bytes[i] != 0x3C { i += 1 }
            guard !atEnd, bytes[i] == 0x3B else { throw malformed("'&' must start an entity reference such as &amp;") }
            let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[(s + 1)..<i]), as: UTF8.self)
            i += 1
            switch body {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default:
                var digits = Substring(body)
                var radix = 10
                guard digits.first == "#" else { throw malformed("unknown entity &\(body);") }
                digits = digits.dropFirst()
                if digits.first == "x" { radix = 16; digits = digits.dropFirst() }
                guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit }), let v = UInt32(digits, radix: radix),
                      let scalar = Unicode.Scalar(v), v != 0 else {
                    throw malformed("invalid character reference &\(body);")
                }
                return scalar
            }
        }
    }
}
