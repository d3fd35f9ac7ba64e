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
