import GestureData

/// Bad input found while decoding a template library. Every case names the template
/// (index and, when known, name) and the field.
public enum TemplateLibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not JSON, or not the expected shape.
    case malformed(reason: String)
    /// A `format` tag this version does not understand, as shown (cut, escaped).
    case unsupportedFormat(found: String)
    /// The library holds no templates.
    case noTemplates
    /// A template field is missing or unusable.
    case invalidTemplate(index: Int, name: String?, field: String, reason: String)

    public var description: String {
        switch self {
        case .malformed(let r): return "template library is malformed: \(r)"
        case .unsupportedFormat(let f):
            return "field 'format': unsupported template library format '\(f)' (expected '\(TemplateLibrary.format)')"
        case .noTemplates: return "field 'templates': the library holds no templates"
        case .invalidTemplate(let i, let n, let field, let r):
            // Names and reasons come from the file: shown cut and escaped, never whole or raw.
            let who = n.map { "template \(i) ('\(shownValue($0))')" } ?? "template \(i)"
            return "\(who): field '\(field)': \(r)"
        }
    }
}
