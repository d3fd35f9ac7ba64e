import Foundation

/// A byte-level scanner for the plain XML subset the gesture logs use, about ten times
/// cheaper than XMLParser, which builds Foundation strings and dictionaries for every
/// attribute. It gives up (returns `nil`) on anything outside the subset or anything
/// wrong, and the caller then parses with XMLParser, so errors and unusual documents
/// are always handled by the reference parser.
///
/// The subset: an optional UTF-8 byte-order mark and `<?xml …?>` declaration (UTF-8 or
/// no encoding named); start, end and empty-element tags with ASCII names; attribute
/// values in single or double quotes without `&`, `<`, tabs or line breaks; text without
/// `&`; `\n` or `\r\n` line ends. Comments, DOCTYPE, CDATA, processing instructions and
/// entity references are outside it. Line numbers are those of each tag's closing `>`,
/// as libxml2 reports them.
enum FastGestureXMLScanner {
    static func scan(_ data: Data, file: String) -> RawXMLGesture? {
        data.withUnsafeBytes { raw -> RawXMLGesture? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var builder = RawXMLBuilder(file: file)
            var i = 0
            var line = 1
            let n = bytes.count
            if n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }

            @inline(__always) func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
            @inline(__always) func isNameByte(_ b: UInt8) -> Bool {
                (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D || b == 0x2E
            }
            /// Advances over spaces, counting lines; `false` on a lone CR.
            func skipSpace() -> Bool {
                while i < n, isSpace(bytes[i]) {
                    if bytes[i] == 0x0A { line += 1 }
                    if bytes[i] == 0x0D && (i + 1 >= n || bytes[i + 1] != 0x0A) { return false }
                    i += 1
                }
                return true
            }
            func name() -> String? {
                let s = i
                guard i < n, (bytes[i] >= 0x61 && bytes[i] <= 0x7A) || (bytes[i] >= 0x41 && bytes[i] <= 0x5A) || bytes[i] == 0x5F
                else { return nil }
                while i < n, isNameByte(bytes[i]) { i += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<i]), as: UTF8.self)
            }

            // XML declaration.
            if i + 5 <= n && bytes[i] == 0x3C && bytes[i + 1] == 0x3F {
                let s = i
                while i + 1 < n && !(bytes[i] == 0x3F && bytes[i + 1] == 0x3E) {
                    if bytes[i] == 0x0A || bytes[i] == 0x0D { return nil }
                    i += 1
                }
                guard i + 1 < n else { return nil }
                let decl = String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<i]), as: UTF8.self).lowercased()
                guard decl.hasPrefix("<?xml ") else { return nil }
                if decl.contains("encoding") && !(decl.contains("\"utf-8\"") || decl.contains("'utf-8'")) { return nil }
                i += 2
            }

            while true {
                // Text up to the next tag: no entity references, no lone CR.
                while i < n && bytes[i] != 0x3C {
                    let b = bytes[i]
                    if b == 0x26 { return nil }
                    if builder.open.isEmpty && !isSpace(b) { return nil }  // text outside the root
                    if b == 0x0A { line += 1 }
                    if b == 0x0D && (i + 1 >= n || bytes[i + 1] != 0x0A) { return nil }
                    i += 1
                }
                if i >= n { break }
                i += 1  // '<'
                guard i < n else { return nil }
                if bytes[i] == 0x2F {  // end tag
                    i += 1
                    guard let nm = name(), skipSpace(), i < n, bytes[i] == 0x3E else { return nil }
                    guard builder.open.last == nm else { return nil }
                    i += 1
                    builder.end(nm)
                    continue
                }
                guard let nm = name() else { return nil }  // '<!', '<?' and others: not in the subset
                guard builder.open.count > 0 || builder.gesture == nil else { return nil }  // a second root
                var attributes: [String: String] = [:]
                var selfClosing = false
                while true {
                    let before = i
                    guard skipSpace(), i < n else { return nil }
                    if bytes[i] == 0x3E { i += 1; break }
                    if bytes[i] == 0x2F {
                        guard i + 1 < n, bytes[i + 1] == 0x3E else { return nil }
                        i += 2
                        selfClosing = true
                        break
                    }
                    guard i > before, let key = name(), skipSpace(), i < n, bytes[i] == 0x3D else { return nil }
                    i += 1
                    guard skipSpace(), i < n, bytes[i] == 0x22 || bytes[i] == 0x27 else { return nil }
                    let quote = bytes[i]
                    i += 1
                    let s = i
                    while i < n && bytes[i] != quote {
                        let b = bytes[i]
                        if b == 0x26 || b == 0x3C || b == 0x09 || b == 0x0A || b == 0x0D { return nil }
                        i += 1
                    }
                    guard i < n else { return nil }
                    guard let value = String(validating: UnsafeBufferPointer(rebasing: bytes[s..<i]), as: UTF8.self),
                          attributes.updateValue(value, forKey: key) == nil else { return nil }
                    i += 1
                }
                guard builder.start(nm, attributes: attributes, line: line) else { return nil }
                if selfClosing { builder.end(nm) }
            }
            guard builder.error == nil, builder.open.isEmpty, builder.closedGesture, let g = builder.gesture else { return nil }
            return g
        }
    }
}
