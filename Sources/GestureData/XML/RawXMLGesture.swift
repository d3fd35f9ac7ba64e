import Foundation
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

    /// Parses the document, checking its XML syntax and its structure: one `<Gesture>`
    /// root, points only inside it, strokes not nested (``GestureXMLParser``).
    static func parse(_ data: Data, file: String) throws -> RawXMLGesture {
        try GestureXMLParser.parse(data, file: file)
    }
}
