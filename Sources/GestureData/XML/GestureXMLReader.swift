import Foundation

/// The two gesture XML log layouts GestureData reads.
public enum GestureXMLKind: String, Sendable, CaseIterable {
    /// `<Gesture><Point/>…</Gesture>`: the $1 unistroke logs (``DollarOneXMLReader``).
    case dollarOne
    /// `<Gesture><Stroke><Point/>…</Stroke>…</Gesture>`: the $N / $P multistroke logs
    /// (``MultistrokeXMLReader``).
    case multistroke
}

/// Reads either XML layout, deciding by content: a file whose `<Gesture>` holds
/// `<Stroke>` elements is a multistroke log, otherwise a $1 log.
public enum GestureXMLReader {
    /// The layout of a document, by a quick scan for a `<Stroke` tag (no full parse).
    public static func kind(of data: Data) -> GestureXMLKind {
        let needle = Array("<Stroke".utf8)
        return data.withUnsafeBytes { raw in
            guard raw.count >= needle.count else { return .dollarOne }
            let first = needle[0]
            var i = 0
            let last = raw.count - needle.count
            while i <= last {
                if raw[i] == first {
                    var j = 1
                    while j < needle.count && raw[i + j] == needle[j] { j += 1 }
                    if j == needle.count { return .multistroke }
                }
                i += 1
            }
            return .dollarOne
        }
    }

    /// Parses one file, choosing the reader by the document's structure.
    /// - Returns: the sample and the layout it was read as.
    /// - Throws: ``GestureDataError`` naming the file, the line and the field.
    public static func read(_ data: Data, file: String, fallbackSubject: String? = nil) throws -> (sample: Sample, kind: GestureXMLKind) {
        let raw = try RawXMLGesture.parse(data, file: file)
        if raw.strokes.isEmpty {
            return (try DollarOneXMLReader.sample(from: raw, file: file, fallbackSubject: fallbackSubject), .dollarOne)
        }
        return (try MultistrokeXMLReader.sample(from: raw, file: file, fallbackSubject: fallbackSubject), .multistroke)
    }
}
