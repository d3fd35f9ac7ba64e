import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GestureGeometry

/// Reads the $1 unistroke logs (Wobbrock, Wilson, Li, UIST 2007): one `<Gesture>` with
/// `<Point X Y T/>` children per file.
///
/// Rules for the variants seen in the wild:
/// - `label` is the `Name` attribute (else the file name) with trailing digits removed:
///   `check01` → `check`, `delete_mark10` → `delete_mark`.
/// - `subject` is the `Subject` attribute; when absent, the caller's fallback (the first
///   folder under the dataset root). `Speed` goes to `meta["speed"]` when present, else
///   the parent folder name when that is slow / medium / fast.
/// - `T`: when every value is an integer literal it is milliseconds (the original
///   logger); when any value has a fraction or exponent they are all seconds.
///   Times are stored in seconds. A gesture without `T` has no times.
/// - `NumPts`, when present, must equal the number of points.
/// - `X` and `Y` are required and must be finite; times must not decrease.
public enum DollarOneXMLReader {
    /// Parses one file's bytes.
    /// - Parameters:
    ///   - data: the XML.
    ///   - file: the path, used in errors.
    ///   - fallbackSubject: subject used when the file has no `Subject` attribute.
    public static func read(_ data: Data, file: String, fallbackSubject: String? = nil) throws -> Sample {
        try XMLPreflight.check(data, file: file)  // XMLParser traps on some inputs (issue 8)
        let delegate = Delegate(file: file)
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        let ok = parser.parse()
        if let error = delegate.error { throw error }
        // XMLParser can return true on truncated input and only set parserError.
        if !ok || parser.parserError != nil || !delegate.closedGesture {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "document ends before </Gesture>"
            throw GestureDataError.malformed(file: file, location: .line(parser.lineNumber), reason: reason)
        }
        guard let attrs = delegate.gestureAttributes else {
            throw GestureDataError.invalidField(file: file, location: .whole, field: "Gesture",
                                                reason: "no <Gesture> element")
        }
        let raw = delegate.points
        guard !raw.isEmpty else {
            throw GestureDataError.invalidField(file: file, location: .line(delegate.gestureLine), field: "Point",
                                                reason: "the gesture has no points (empty stroke)")
        }
        if let declared = attrs["NumPts"] {
            guard let n = Int(declared) else {
                throw GestureDataError.invalidField(file: file, location: .line(delegate.gestureLine), field: "NumPts",
                                                    reason: "'\(declared)' is not an integer")
            }
            if n != raw.count {
                throw GestureDataError.invalidField(file: file, location: .line(delegate.gestureLine), field: "NumPts",
                                                    reason: "declares \(n) points but the file has \(raw.count)")
            }
        }
        let timesInSeconds = raw.contains { $0.tText.map(isFractional) ?? false }
        var points: [Point] = []
        points.reserveCapacity(raw.count)
        var previousT: Double?
        for r in raw {
            let x = try number(r.xText, field: "X", line: r.line, file: file)
            let y = try number(r.yText, field: "Y", line: r.line, file: file)
            var t: Double?
            if let tText = r.tText {
                let v = try number(tText, field: "T", line: r.line, file: file)
                t = timesInSeconds ? v : v / 1000
                if let p = previousT, let t, t < p {
                    throw GestureDataError.invalidField(file: file, location: .line(r.line), field: "T",
                                                        reason: "time goes backwards (\(tText) after a later time)")
                }
                previousT = t
            }
            points.append(Point(x: x, y: y, t: t))
        }
        let url = URL(fileURLWithPath: file)
        let name = attrs["Name"] ?? url.deletingPathExtension().lastPathComponent
        var meta: [String: String] = [:]
        if let s = attrs["Speed"] {
            meta["speed"] = s
        } else {
            let parent = url.deletingLastPathComponent().lastPathComponent
            if ["slow", "medium", "fast"].contains(parent) { meta["speed"] = parent }
        }
        if let n = attrs["Number"] { meta["number"] = n }
        meta["name"] = name
        return Sample(gesture: Gesture(points: points), label: labelFromName(name),
                      subject: attrs["Subject"] ?? fallbackSubject, meta: meta, source: file)
    }

    /// `check01` → `check`; a name of digits only is kept whole.
    public static func labelFromName(_ name: String) -> String {
        var s = Substring(name)
        while let last = s.last, last.isASCII, last.isNumber { s = s.dropLast() }
        return s.isEmpty ? name : String(s)
    }

    private static func isFractional(_ text: String) -> Bool {
        text.contains(".") || text.contains("e") || text.contains("E")
    }

    private static func number(_ text: String?, field: String, line: Int, file: String) throws -> Double {
        guard let text else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: field, reason: "missing")
        }
        guard let v = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: field,
                                                reason: "'\(text)' is not a number")
        }
        guard v.isFinite else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: field,
                                                reason: "'\(text)' is not a finite number")
        }
        return v
    }

    private struct RawPoint {
        var xText: String?, yText: String?, tText: String?
        var line: Int
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        let file: String
        var gestureAttributes: [String: String]?
        var gestureLine = 0
        var closedGesture = false
        var points: [RawPoint] = []
        var error: GestureDataError?

        init(file: String) { self.file = file }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes: [String: String] = [:]) {
            switch elementName {
            case "Gesture":
                if gestureAttributes != nil {
                    error = .invalidField(file: file, location: .line(parser.lineNumber), field: "Gesture",
                                          reason: "a $1 log holds one gesture; found a second")
                    parser.abortParsing()
                    return
                }
                gestureAttributes = attributes
                gestureLine = parser.lineNumber
            case "Point":
                guard gestureAttributes != nil else {
                    error = .invalidField(file: file, location: .line(parser.lineNumber), field: "Point",
                                          reason: "<Point> outside <Gesture>")
                    parser.abortParsing()
                    return
                }
                points.append(RawPoint(xText: attributes["X"], yText: attributes["Y"], tText: attributes["T"],
                                       line: parser.lineNumber))
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            if elementName == "Gesture" { closedGesture = true }
        }
    }
}
