/// A parsed JSON value, as ``JSONParser`` produces it. Object members keep their order.
///
/// GestureData parses JSON itself rather than through `JSONDecoder` so that every error
/// can name the line, the column and the field path (`strokes[0][3][1]`), and so that a
/// `NaN` or `Infinity` token, which JSON does not allow, is reported at the field where it
/// stands.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The member named `key` of an object (the last one when repeated is impossible:
    /// the parser rejects duplicate keys).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of the value's kind for error messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One step of a path into a JSON document, printed as `.key` or `[index]`.
enum JSONPathComponent: Sendable {
    case key(String)
    case index(Int)

    /// `strokes[0][1]`; `(root)` for the empty path.
    static func string(_ path: [JSONPathComponent]) -> String {
        var s = ""
        for c in path {
            switch c {
            case .key(let k): s += s.isEmpty ? k : ".\(k)"
            case .index(let i): s += "[\(i)]"
            }
        }
        return s.isEmpty ? "(root)" : s
    }
}
