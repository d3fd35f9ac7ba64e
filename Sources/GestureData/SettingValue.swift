/// One value of a file's `settings` record (template libraries, rejection thresholds,
/// model manifests, reports), written with its JSON type: `"seed": 1`, `"sigmaK": 3.0`,
/// `"speed": "medium"`, `"excludedSubjects": ["s01"]`.
///
/// Settings are for the record (what produced a file); the settings a reader must match
/// are typed fields of their own (for example a model's `MatcherSettings`). Files written
/// before values were typed hold strings (`"seed": "1"`) and still read.
public enum SettingValue: Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case list([SettingValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: SettingValue...) { self = .list(elements) }

    public init(_ value: String) { self = .string(value) }
    public init(_ value: Int) { self = .int(Int64(value)) }
    public init(_ value: Double) { self = .double(value) }
    public init(_ value: Bool) { self = .bool(value) }
    /// An unsigned value (a seed); beyond `Int64.max` it is kept exactly as a string,
    /// since JSON readers lose integers above 2⁵³ or 2⁶³.
    public init(_ value: UInt64) { self = value <= UInt64(Int64.max) ? .int(Int64(value)) : .string(String(value)) }
    public init<S: Sequence>(list values: S) where S.Element == Int { self = .list(values.map { .int(Int64($0)) }) }
    public init<S: Sequence>(list values: S) where S.Element == String { self = .list(values.map { .string($0) }) }

    /// The value as a person reads it: `1`, `0.01`, `medium`, `true`, `1, 2, 3`.
    public var description: String {
        switch self {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .bool(let b): String(b)
        case .list(let l): l.map(\.description).joined(separator: ", ")
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int64.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let l = try? c.decode([SettingValue].self) {
            self = .list(l)
        } else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "a setting is a string, number, true/false or a list of them")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .bool(let b): try c.encode(b)
        case .list(let l): try c.encode(l)
        }
    }
}
