import GestureData
import Foundation
import GestureGeometry

/// A set of templates in the `gesturelab.templates/1` file format (README, Data formats):
///
/// ```json
/// {"format": "gesturelab.templates/1",
///  "templates": [{"name": "check", "strokes": [[[77, 199], [79, 201]]]}],
///  "settings": {"source": "dollar1-unistroke", "perClass": 1, "seed": 42}}
/// ```
///
/// Points are stored raw and normalized when a matcher is built. `settings` is free-form
/// provenance (how the library was built; typed values, see `SettingValue`); matchers do not read it.
public struct TemplateLibrary: Hashable, Codable, Sendable {
    /// The format tag this version reads and writes.
    public static let format = "gesturelab.templates/1"

    public var templates: [Template]
    public var settings: [String: SettingValue]

    public init(templates: [Template], settings: [String: SettingValue] = [:]) {
        self.templates = templates
        self.settings = settings
    }

    /// Distinct template names, sorted.
    public var names: [String] { Array(Set(templates.map(\.name))).sorted() }

    /// Decodes and validates a library.
    ///
    /// The file is read by the one strict reader (`StrictJSON`): a key given twice in any
    /// object is refused, and what the library holds in memory while being read is
    /// charged to a `ReadBudget` (at most 4 times the file plus a constant), so a file of
    /// millions of tiny points is refused instead of taking gigabytes. Points are built
    /// straight from the file's bytes, with no intermediate tree or nested arrays.
    /// Template names go through `GestureLabel.normalized` (one Unicode form, no control
    /// characters), like every label.
    ///
    /// - Throws: ``TemplateLibraryError``: malformed JSON or a duplicate key (with line,
    ///   column and field), unknown `format`, no templates, a template with an invalid
    ///   name, no strokes, an empty stroke, or a non-finite coordinate (naming the
    ///   template index and name, and the field), or a library over the memory budget.
    public static func decode(_ data: Data) throws -> TemplateLibrary {
        do {
            return try StrictJSON.withRoot(data) { root in try decode(root, fileBytes: data.count) }
        } catch let error as DecodingError {
            throw TemplateLibraryError.malformed(reason: Self.describe(error))
        }
    }

    private static func decode(_ root: JSONNode, fileBytes: Int) throws -> TemplateLibrary {
        guard root.kind == .object else { throw TemplateLibraryError.malformed(reason: "a library is a JSON object, found \(root.kind.name)") }
        guard let formatNode = root["format"] else { throw TemplateLibraryError.malformed(reason: "missing field 'format' at top level") }
        guard let format = formatNode.string else {
            throw TemplateLibraryError.malformed(reason: "field 'format' must be a string, found \(formatNode.kind.name)")
        }
        guard format == Self.format else { throw TemplateLibraryError.unsupportedFormat(found: shownValue(format)) }
        guard let list = root["templates"] else { throw TemplateLibraryError.malformed(reason: "missing field 'templates' at top level") }
        guard list.kind == .array else {
            throw TemplateLibraryError.malformed(reason: "field 'templates' must be an array, found \(list.kind.name)")
        }
        let count = list.count
        guard count > 0 else { throw TemplateLibraryError.noTemplates }
        guard count <= TemplateLibraryLimits.maxTemplates else {  // bounded matching
            throw TemplateLibraryError.invalidTemplate(
                index: TemplateLibraryLimits.maxTemplates, name: nil, field: "templates",
                reason: "more than \(TemplateLibraryLimits.maxTemplates) templates (TemplateLibraryLimits.maxTemplates)")
        }
        var budget = ReadBudget(fileBytes: fileBytes)
        func charge(_ bytes: Int, _ i: Int, _ name: String?, _ field: String) throws {
            do { try budget.charge(bytes) } catch {
                throw TemplateLibraryError.invalidTemplate(index: i, name: name, field: field, reason: "\(error)")
            }
        }
        var templates: [Template] = []
        try charge(count * MemoryLayout<Template>.stride, 0, nil, "templates")
        templates.reserveCapacity(count)
        try list.forEachElement { i, t in
            guard t.kind == .object else {
                throw TemplateLibraryError.invalidTemplate(index: i, name: nil, field: "(template)", reason: "a template is an object, found \(t.kind.name)")
            }
            guard let nameNode = t["name"], let rawName = nameNode.string, !rawName.isEmpty else {
                throw TemplateLibraryError.invalidTemplate(index: i, name: nil, field: "name", reason: "missing or empty")
            }
            let name: String
            do { name = try GestureLabel.normalized(rawName) } catch {
                throw TemplateLibraryError.invalidTemplate(index: i, name: nil, field: "name", reason: "\(error)")
            }
            guard let strokes = t["strokes"], strokes.kind == .array, strokes.count > 0 else {
                throw TemplateLibraryError.invalidTemplate(index: i, name: name, field: "strokes", reason: "empty template: no strokes")
            }
            var pointCount = 0
            var sizes: [Int] = []
            var shapeError: TemplateLibraryError?
            strokes.forEachElement { k, stroke in
                guard shapeError == nil else { return }
                guard stroke.kind == .array else {
                    shapeError = .invalidTemplate(index: i, name: name, field: "strokes[\(k)]",
                                                  reason: "a stroke is an array of points, found \(stroke.kind.name)")
                    return
                }
                let n = stroke.count
                sizes.append(n)
                pointCount += n
            }
            if let shapeError { throw shapeError }
            guard pointCount <= TemplateLibraryLimits.maxPointsPerTemplate else {  // bounded matching
                throw TemplateLibraryError.invalidTemplate(
                    index: i, name: name, field: "strokes",
                    reason: "\(pointCount) points, over \(TemplateLibraryLimits.maxPointsPerTemplate) (TemplateLibraryLimits.maxPointsPerTemplate)")
            }
            try charge(name.utf8.count + sizes.count * 64 + pointCount * MemoryLayout<Point>.stride, i, name, "strokes")
            var built: [Stroke] = []
            built.reserveCapacity(sizes.count)
            try strokes.forEachElement { k, stroke in
                guard sizes[k] > 0 else {
                    throw TemplateLibraryError.invalidTemplate(index: i, name: name, field: "strokes[\(k)]", reason: "stroke has no points")
                }
                var points: [Point] = []
                points.reserveCapacity(sizes[k])
                try stroke.forEachElement { p, point in
                    points.append(try Self.point(point, template: i, name: name, field: "strokes[\(k)][\(p)]"))
                }
                built.append(Stroke(points))
            }
            let gesture = Gesture(built)
            guard gesture.pathLength > 0 else {
                throw TemplateLibraryError.invalidTemplate(
                    index: i, name: name, field: "strokes", reason: "zero-length template: every point is in one place")
            }
            templates.append(Template(name: name, gesture: gesture))
        }
        var settings: [String: SettingValue] = [:]
        if let s = root["settings"], s.kind != .null {
            do { settings = try s.decode([String: SettingValue].self) } catch let error as DecodingError {
                throw TemplateLibraryError.malformed(reason: "field 'settings': " + Self.describe(error))
            }
        }
        return TemplateLibrary(templates: templates, settings: settings)
    }

    /// One `[x, y]` or `[x, y, t]` point of finite numbers. Writers that spell non-finite
    /// numbers as strings (`"NaN"`, `"Infinity"`: Python's json, JavaScript tools) are told
    /// the coordinate is non-finite, as for a literal too large for a `Double` (`1e999`).
    private static func point(_ node: JSONNode, template i: Int, name: String, field: String) throws -> Point {
        var coords: (Double, Double, Double?) = (0, 0, nil)
        var n = 0
        var bad: TemplateLibraryError?
        if node.kind == .array {
            node.forEachElement { j, c in
                n += 1
                guard bad == nil, j < 3 else { return }
                let axis = ["x", "y", "t"][j]
                let v: Double
                if let number = c.number {
                    v = number
                } else if let text = c.string, ["NaN", "Infinity", "-Infinity"].contains(text) {
                    v = .nan
                } else {
                    bad = .invalidTemplate(index: i, name: name, field: "\(field).\(axis)", reason: "must be a number, found \(c.kind.name)")
                    return
                }
                guard v.isFinite else {
                    bad = .invalidTemplate(index: i, name: name, field: "\(field).\(axis)", reason: "non-finite coordinate")
                    return
                }
                switch j {
                case 0: coords.0 = v
                case 1: coords.1 = v
                default: coords.2 = v
                }
            }
        }
        guard n == 2 || n == 3 else {
            throw TemplateLibraryError.invalidTemplate(
                index: i, name: name, field: field,
                reason: node.kind == .array ? "a point is [x, y] or [x, y, t], found \(n) numbers"
                                            : "a point is [x, y] or [x, y, t], found \(node.kind.name)")
        }
        if let bad { throw bad }
        return Point(x: coords.0, y: coords.1, t: coords.2)
    }

    /// The library as compact, key-sorted JSON in the `gesturelab.templates/1` format.
    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try e.encode(Encoded(format: Self.format, templates: templates, settings: settings))
    }

    private struct Encoded: Encodable {
        var format: String
        var templates: [Template]
        var settings: [String: SettingValue]
    }

    /// A decoding error in words; the path goes through ``shownCodingPath(_:)``, so a key
    /// megabytes long or a path nested deep still gives a short message (a 5,000-character
    /// settings key once gave a 5,000-character message).
    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let k, let ctx): return "missing field '\(shownValue(k.stringValue))' at \(shownCodingPath(ctx.codingPath))"
        case .typeMismatch(_, let ctx), .valueNotFound(_, let ctx):
            return "\(shownValue(ctx.debugDescription, limit: 200)) at \(shownCodingPath(ctx.codingPath))"
        case .dataCorrupted(let ctx):
            return shownValue(ctx.debugDescription, limit: 200) + (ctx.codingPath.isEmpty ? "" : " at \(shownCodingPath(ctx.codingPath))")
        @unknown default: return shownValue("\(error)", limit: 200)
        }
    }
}
