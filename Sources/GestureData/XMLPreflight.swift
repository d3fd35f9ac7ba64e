import Foundation

/// Checks a gesture XML log's bytes before they reach `XMLParser`.
///
/// FoundationXML's `XMLParser` on Linux traps on some inputs instead of reporting an
/// error (both found by `FuzzDollarOneXML`, issue 8; regression inputs in
/// Tests/Fuzz/Regressions/FuzzDollarOneXML):
/// - an element or attribute name with ill-formed UTF-8 (it force-unwraps the decoding);
/// - a processing instruction without data, such as `<?x?>` (it calls `strlen` on NULL).
///
/// The gesture logs are UTF-8 (DESIGN.md §2) and use nothing beyond an XML declaration,
/// comments, elements, attributes and text, so this check accepts exactly that: it
/// rejects ill-formed UTF-8, processing instructions other than the leading
/// `<?xml …?>` declaration, and `<!DOCTYPE …>` / `<![CDATA[…]]>` (which also rules out
/// entity-expansion bombs). Errors name the line.
enum XMLPreflight {
    /// Throws ``GestureDataError/malformed(file:location:reason:)`` naming the line of the
    /// first byte sequence the gesture readers do not accept.
    static func check(_ data: Data, file: String) throws {
        if let bad = firstInvalidUTF8(in: data) {
            throw GestureDataError.malformed(file: file, location: .line(bad.line),
                                             reason: "not valid UTF-8 (byte offset \(bad.offset))")
        }
        if let bad = firstUnsupportedMarkup(in: data) {
            throw GestureDataError.malformed(file: file, location: .line(bad.line), reason: bad.reason)
        }
    }

    /// The byte offset and 1-based line of the first ill-formed UTF-8 sequence, or `nil`.
    static func firstInvalidUTF8(in data: Data) -> (offset: Int, line: Int)? {
        var iterator = data.makeIterator()
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

    /// The first `<?…` (other than a leading XML declaration) or `<!…` (other than a
    /// comment) outside comments, with its line and what it is.
    static func firstUnsupportedMarkup(in data: Data) -> (line: Int, reason: String)? {
        let bytes = [UInt8](data)
        let lt = UInt8(ascii: "<"), newline = UInt8(ascii: "\n")
        var line = 1
        var i = 0
        // A UTF-8 byte order mark and leading white space may precede the declaration.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start]) { start += 1 }
        func matches(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            return k + u.count <= bytes.count && Array(bytes[k..<(k + u.count)]) == u
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == newline { line += 1; i += 1; continue }
            guard b == lt, i + 1 < bytes.count else { i += 1; continue }
            if matches("<!--", at: i) {
                // Skip the comment, counting its lines.
                var k = i + 4
                while k < bytes.count && !matches("-->", at: k) {
                    if bytes[k] == newline { line += 1 }
                    k += 1
                }
                i = k + 3
                continue
            }
            if bytes[i + 1] == UInt8(ascii: "?") {
                let isDeclaration = i == start && matches("<?xml", at: i) && i + 5 < bytes.count
                    && [0x20, 0x09, 0x0D, 0x0A].contains(bytes[i + 5])
                if !isDeclaration {
                    return (line, "processing instructions other than the <?xml …?> declaration are not supported")
                }
            } else if bytes[i + 1] == UInt8(ascii: "!") {
                return (line, matches("<![CDATA[", at: i) ? "CDATA sections are not supported"
                                                          : "<!DOCTYPE> and other declarations are not supported")
            }
            i += 1
        }
        return nil
    }
}
