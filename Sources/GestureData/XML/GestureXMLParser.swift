import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GestureGeometry

/// The raw content of a gesture XML log, before any field is interpreted: the
/// `<Gesture>` attributes, `<Point>` elements directly under it ($1 logs) and
/// `<Stroke>` elements holding points (multistroke logs). Shared by
/// ``DollarOneXMLReader`` and ``MultistrokeXMLReader``.
struct RawXMLGesture: Equatable {
    struct RawPoint: Equatable {
        var x: String?, y: String?, t: String?
        var line: Int
    }
    struct RawStroke: Equatable {
        var index: String?
        var line: Int
        var points: [RawPoint] = []
    }

    var attributes: [String: String]
    var line: Int
    /// `<Point>` children of `<Gesture>` (the $1 layout).
    var loosePoints: [RawPoint]
    /// `<Stroke>` children of `<Gesture>` (the multistroke layout).
    var strokes: [RawStroke]

    /// Parses the document, checking its structure: one `<Gesture>` root, points only
    /// inside it, strokes not nested, and a complete document (XMLParser may return
    /// `true` on truncated input, so its error and our own element stack are checked).
    static func parse(_ data: Data, file: String) throws -> RawXMLGesture {
        // Well-formed logs in the plain subset take the fast path; anything else
        // (entities, comments, other encodings, errors) goes through XMLParser, whose
        // findings give the error messages.
        if let g = FastGestureXMLScanner.scan(data, file: file) { return g }
        return try parseWithXMLParser(data, file: file)
    }

    /// The reference path: Foundation's XMLParser (libxml2).
    static func parseWithXMLParser(_ data: Data, file: String) throws -> RawXMLGesture {
        let delegate = Delegate(file: file)
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        let ok = parser.parse()
        if let error = delegate.error { throw error }
        let complete = ok && parser.parserError == nil && delegate.open.isEmpty
        if complete && delegate.gesture == nil {
            throw GestureDataError.invalidField(file: file, location: .whole, field: "Gesture",
                                                reason: "no <Gesture> element")
        }
        guard complete, delegate.closedGesture, let g = delegate.gesture else {
            var reason: String
            if let open = delegate.open.last {
                reason = "document ends inside <\(open)> (truncated?)"
            } else if delegate.gesture != nil {
                reason = "document ends before </Gesture> (truncated?)"
            } else {
                reason = "not a gesture log"
            }
            if let e = parser.parserError { reason += "; XML parser: \(describe(e))" }
            throw GestureDataError.malformed(file: file, location: .line(max(1, parser.lineNumber)), reason: reason)
        }
        return g
    }

    /// XMLParser's Linux errors read "The operation could not be completed"; name the
    /// common ones instead.
    private static func describe(_ error: Error) -> String {
        // Codes are libxml2's xmlParserErrors, which NSXMLParser's error codes mirror.
        let code = (error as NSError).code
        switch code {
        case 3: return "no document start"
        case 4: return "empty document"
        case 5: return "document ends early or has extra content"
        case 39, 40: return "broken attribute"
        case 41: return "attribute without a value"
        case 73: return "'>' expected"
        case 76: return "closing tag does not match"
        case 77: return "document ends inside a tag"
        default: return "XML syntax error \(code)"
        }
    }

    /// Receives XMLParser's callbacks and hands them to a ``RawXMLBuilder``.
    private final class Delegate: NSObject, XMLParserDelegate {
        var builder: RawXMLBuilder

        init(file: String) { builder = RawXMLBuilder(file: file) }

        var gesture: RawXMLGesture? { builder.gesture }
        var open: [String] { builder.open }
        var closedGesture: Bool { builder.closedGesture }
        var error: GestureDataError? { builder.error }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes: [String: String] = [:]) {
            guard builder.error == nil else { return }
            if !builder.start(elementName, attributes: attributes, line: parser.lineNumber) { parser.abortParsing() }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            builder.end(elementName)
        }
    }
}

/// Builds a ``RawXMLGesture`` from element events, checking the structure as it goes.
/// Fed by XMLParser or by ``FastGestureXMLScanner``, so both give the same result.
struct RawXMLBuilder {
    let file: String
    var gesture: RawXMLGesture?
    var open: [String] = []
    var closedGesture = false
    var error: GestureDataError?

    init(file: String) { self.file = file }

    private mutating func fail(line: Int, field: String, _ reason: String) -> Bool {
        error = .invalidField(file: file, location: .line(line), field: field, reason: reason)
        return false
    }

    /// A start tag. Returns `false` (with ``error`` set) when the structure is wrong.
    mutating func start(_ name: String, attributes: [String: String], line: Int) -> Bool {
        open.append(name)
        switch name {
        case "Gesture":
            guard gesture == nil else {
                return fail(line: line, field: "Gesture", "a log holds one gesture; found a second <Gesture>")
            }
            guard open.count == 1 else { return fail(line: line, field: "Gesture", "<Gesture> must be the root element") }
            gesture = RawXMLGesture(attributes: attributes, line: line, loosePoints: [], strokes: [])
        case "Stroke":
            guard open.count == 2, open[0] == "Gesture" else {
                return fail(line: line, field: "Stroke", "<Stroke> must be a child of <Gesture>")
            }
            gesture?.strokes.append(RawXMLGesture.RawStroke(index: attributes["index"], line: line))
        case "Point":
            let p = RawXMLGesture.RawPoint(x: attributes["X"], y: attributes["Y"], t: attributes["T"], line: line)
            if open.count == 2, open[0] == "Gesture" {
                gesture?.loosePoints.append(p)
            } else if open.count == 3, open[0] == "Gesture", open[1] == "Stroke" {
                if let last = gesture?.strokes.indices.last { gesture?.strokes[last].points.append(p) }
            } else {
                return fail(line: line, field: "Point", "<Point> must be inside <Gesture> or <Gesture><Stroke>")
            }
        default:
            break  // other elements are ignored
        }
        return true
    }

    /// An end tag.
    mutating func end(_ name: String) {
        if !open.isEmpty { open.removeLast() }
        if name == "Gesture" && open.isEmpty { closedGesture = true }
    }
}

/// Field rules shared by the XML readers.
enum XMLFields {
    /// Converts raw points to points, stroke by stroke, with the time rule of the XML
    /// logs: when every `T` is an integer literal the times are milliseconds; when any
    /// has a fraction or an exponent they are all seconds. Times are returned in seconds.
    /// `T` must be on every point or on none, and may not decrease through the gesture.
    static func points(_ strokes: [[RawXMLGesture.RawPoint]], file: String) throws -> [[Point]] {
        let all = strokes.joined()
        let withT = all.filter { $0.t != nil }.count
        if withT != 0, withT != all.count, let missing = all.first(where: { $0.t == nil }) {
            throw GestureDataError.invalidField(file: file, location: .line(missing.line), field: "T",
                                                reason: "missing here, but other points of the gesture have times")
        }
        let inSeconds = all.contains { $0.t.map(isFractional) ?? false }
        var previous: (t: Double, text: String)?
        return try strokes.map { raw in
            try raw.map { r in
                let x = try number(r.x, field: "X", line: r.line, file: file)
                let y = try number(r.y, field: "Y", line: r.line, file: file)
                var t: Double?
                if let text = r.t {
                    let v = try number(text, field: "T", line: r.line, file: file)
                    let seconds = inSeconds ? v : v / 1000
                    if let p = previous, seconds < p.t {
                        throw GestureDataError.invalidField(file: file, location: .line(r.line), field: "T",
                                                            reason: "time goes backwards (\(text) after \(p.text))")
                    }
                    previous = (seconds, text)
                    t = seconds
                }
                return Point(x: x, y: y, t: t)
            }
        }
    }

    /// Checks an optional `NumPts` attribute against the number of points.
    static func checkNumPts(_ declared: String?, actual: Int, line: Int, file: String) throws {
        guard let declared else { return }
        guard let n = Int(trimmedASCII(declared)) else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: "NumPts",
                                                reason: "'\(declared)' is not an integer")
        }
        if n != actual {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: "NumPts",
                                                reason: "declares \(n) points but the file has \(actual)")
        }
    }

    /// `text` without leading and trailing ASCII spaces, tabs and line breaks.
    static func trimmedASCII(_ text: String) -> Substring {
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" }
        func isSpaceByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        // Fast path: attribute values almost never carry spaces.
        if let f = text.utf8.first, let l = text.utf8.last, !isSpaceByte(f), !isSpaceByte(l) { return Substring(text) }
        var s = Substring(text)
        while let f = s.first, isSpace(f) { s = s.dropFirst() }
        while let l = s.last, isSpace(l) { s = s.dropLast() }
        return s
    }

    static func isFractional(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// A decimal number (`-12`, `3.5`, `1e3`): hexadecimal, `nan` and `inf` spellings are
    /// rejected, and so is a value too large for a `Double` (`1e400`).
    static func number(_ text: String?, field: String, line: Int, file: String) throws -> Double {
        guard let text else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: field, reason: "missing")
        }
        // Byte-level checks: Foundation's trimmingCharacters cost a third of the load time.
        let trimmed = trimmedASCII(text)
        let decimal = !trimmed.isEmpty && trimmed.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
        }
        guard decimal, let v = Double(trimmed) else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: field,
                                                reason: "'\(text)' is not a number")
        }
        guard v.isFinite else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: field,
                                                reason: "'\(text)' is out of range (not a finite number)")
        }
        return v
    }
}
