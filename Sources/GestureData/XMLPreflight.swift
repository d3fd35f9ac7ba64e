import Foundation

/// Checks a gesture XML log's bytes before they reach `XMLParser`.
///
/// FoundationXML's `XMLParser` on Linux traps on some inputs instead of reporting an
/// error (both found by `FuzzDollarOneXML`, issue 8; regression inputs in
/// Tests/Fuzz/Regressions/FuzzDollarOneXML):
/// - an element or attribute name with ill-formed UTF-8 (it force-unwraps the decoding);
/// - a processing instruction without data, such as `<?x?>` (it calls `strlen` on NULL),
///   also when it follows a broken declaration (found by `FuzzMultistrokeXML`).
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

    /// The first `<?…` (other than a leading XML declaration) or `<!…` (other than the
    /// start of a comment), with its line and what it is.
    ///
    /// The scan is deliberately context-free: it does not skip comments, because a
    /// document can fool a skip (`<?xml … <!-- … ?>` is a broken declaration to libxml2,
    /// not a comment, and `<?x?>` after it still reached XMLParser — the third crash).
    /// A `<?` or `<!DOCTYPE` inside a comment is therefore refused too.
    static func firstUnsupportedMarkup(in data: Data) -> (line: Int, reason: String)? {
        let bytes = [UInt8](data)
        let lt = UInt8(ascii: "<"), newline = UInt8(ascii: "\n")
        let question = UInt8(ascii: "?"), bang = UInt8(ascii: "!"), dash = UInt8(ascii: "-")
        // A UTF-8 byte order mark and leading white space may precede the declaration.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start]) { start += 1 }
        var line = 1
        for k in 0..<start where bytes[k] == newline { line += 1 }
        var i = start
        let declaration = Array("<?xml".utf8)
        if bytes.count >= start + 6, Array(bytes[start..<(start + 5)]) == declaration,
           [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start + 5]) {
            // The declaration runs to the first `?>` and holds no markup.
            var k = start + 5
            while k + 1 < bytes.count && !(bytes[k] == question && bytes[k + 1] == UInt8(ascii: ">")) {
                if bytes[k] == lt { return (line, "malformed <?xml …?> declaration") }
                if bytes[k] == newline { line += 1 }
                k += 1
            }
            guard k + 1 < bytes.count else { return (line, "unterminated <?xml …?> declaration") }
            i = k + 2
        }
        while i + 1 < bytes.count {
            let b = bytes[i]
            if b == newline { line += 1 }
            if b == lt {
                let next = bytes[i + 1]
                if next == question {
                    return (line, "processing instructions other than the <?xml …?> declaration are not supported")
                }
                if next == bang {
                    let isComment = i + 3 < bytes.count && bytes[i + 2] == dash && bytes[i + 3] == dash
                    if !isComment {
                        let cdata = Array("<![CDATA[".utf8)
                        let isCDATA = i + cdata.count <= bytes.count && Array(bytes[i..<(i + cdata.count)]) == cdata
                        return (line, isCDATA ? "CDATA sections are not supported"
                                              : "<!DOCTYPE> and other declarations are not supported")
                    }
                }
            }
            i += 1
        }
        return nil
    }
}
