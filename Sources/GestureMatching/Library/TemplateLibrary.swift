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
    /// - Throws: ``TemplateLibraryError``: unknown `format`, no templates, a template
    ///   with an empty name, no strokes, an empty stroke, or a non-finite coordinate
    ///   (naming the template index and name, and the field).
    public static func decode(_ data: Data) throws -> TemplateLibrary {
        let raw: RawLibrary
        do {
            let decoder = JSONDecoder()
            // Writers that spell non-finite numbers as strings (Python's json, JavaScript
            // tools) are read, so the validator can name the offending point.
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
            raw = try decoder.decode(RawLibrary.self, from: data)
        } catch let error as DecodingError {
            throw TemplateLibraryError.malformed(reason: Self.describe(error))
        } catch {
            throw TemplateLibraryError.malformed(reason: "\(error)")
        }
        guard raw.format == format else { throw TemplateLibraryError.unsupportedFormat(found: raw.format) }
        guard !raw.templates.isEmpty else { throw TemplateLibraryError.noTemplates }
        guard raw.templates.count <= TemplateLibraryLimits.maxTemplates else {  // issue 8: bounded matching
            throw TemplateLibraryError.invalidTemplate(
                index: TemplateLibraryLimits.maxTemplates, name: nil, field: "templates",
                reason: "more than \(TemplateLibraryLimits.maxTemplates) templates (TemplateLibraryLimits.maxTemplates)")
        }
        var templates: [Template] = []
        templates.reserveCapacity(raw.templates.count)
        for (i, t) in raw.templates.enumerated() {
            guard let name = t.name, !name.isEmpty else {
                throw TemplateLibraryError.invalidTemplate(index: i, name: nil, field: "name", reason: "missing or empty")
            }
            guard let strokes = t.strokes, !strokes.isEmpty else {
                throw TemplateLibraryError.invalidTemplate(index: i, name: name, field: "strokes", reason: "empty template: no strokes")
            }
            let pointCount = strokes.reduce(0) { $0 + $1.count }
            guard pointCount <= TemplateLibraryLimits.maxPointsPerTemplate else {  // issue 8: bounded matching
                throw TemplateLibraryError.invalidTemplate(
                    index: i, name: name, field: "strokes",
                    reason: "\(pointCount) points, over \(TemplateLibraryLimits.maxPointsPerTemplate) (TemplateLibraryLimits.maxPointsPerTemplate)")
            }
            var built: [Stroke] = []
            for (k, stroke) in strokes.enumerated() {
                guard !stroke.isEmpty else {
                    throw TemplateLibraryError.invalidTemplate(index: i, name: name, field: "strokes[\(k)]", reason: "stroke has no points")
                }
                var points: [Point] = []
                points.reserveCapacity(stroke.count)
                for (p, coords) in stroke.enumerated() {
                    guard coords.count == 2 || coords.count == 3 else {
                        throw TemplateLibraryError.invalidTemplate(
                            index: i, name: name, field: "strokes[\(k)][\(p)]",
                            reason: "a point is [x, y] or [x, y, t], found \(coords.count) numbers")
                    }
                    for (j, v) in coords.enumerated() where !v.isFinite {
                        let axis = ["x", "y", "t"][j]
                        throw TemplateLibraryError.invalidTemplate(
                            index: i, name: name, field: "strokes[\(k)][\(p)].\(axis)", reason: "non-finite coordinate")
                    }
                    points.append(Point(x: coords[0], y: coords[1], t: coords.count == 3 ? coords[2] : nil))
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
        return TemplateLibrary(templates: templates, settings: raw.settings ?? [:])
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

    /// Lenient shape so that the validator, not the JSON decoder, reports what is wrong.
    /// Numbers are read as `Double`; `"NaN"` and `"Infinity"` strings become non-finite
    /// values that the validator rejects (a literal such as 1e999 is malformed JSON).
    private struct RawLibrary: Decodable {
        struct RawTemplate: Decodable {
            var name: String?
            var strokes: [[[Double]]]?
        }
        var format: String
        var templates: [RawTemplate]
        var settings: [String: SettingValue]?
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ c: [CodingKey]) -> String {
            c.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let k, let ctx): return "missing field '\(k.stringValue)' at \(path(ctx.codingPath).isEmpty ? "top level" : path(ctx.codingPath))"
        case .typeMismatch(_, let ctx), .valueNotFound(_, let ctx): return "\(ctx.debugDescription) at \(path(ctx.codingPath))"
        case .dataCorrupted(let ctx): return ctx.debugDescription + (ctx.codingPath.isEmpty ? "" : " at \(path(ctx.codingPath))")
        @unknown default: return "\(error)"
        }
    }
}
