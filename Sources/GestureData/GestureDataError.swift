/// Where in a file a problem is.
public enum DataLocation: Hashable, Sendable, CustomStringConvertible {
    case line(Int)
    case sample(Int)
    case point(sample: Int, stroke: Int, point: Int)
    case whole

    public var description: String {
        switch self {
        case .line(let n): return "line \(n)"
        case .sample(let n): return "sample \(n)"
        case .point(let s, let k, let p): return "sample \(s), stroke \(k), point \(p)"
        case .whole: return "file"
        }
    }
}

/// Bad input found while reading or writing gesture data. Every case names the file,
/// where in it, and (when there is one) the field.
public enum GestureDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read at all (missing, permissions, not a file).
    case unreadable(file: String, reason: String)
    /// The file is larger than the reader accepts.
    case tooLarge(file: String, bytes: Int, limit: Int)
    /// Syntax error: truncated or malformed XML / JSON.
    case malformed(file: String, location: DataLocation, reason: String)
    /// A field is missing or has an unusable value.
    case invalidField(file: String, location: DataLocation, field: String, reason: String)
    /// A `format` tag this version does not understand.
    case unsupportedFormat(file: String, location: DataLocation, found: String)
    /// Writing an output failed; nothing was left half-written.
    case writeFailed(file: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let f, let r): return "\(f): cannot read: \(r)"
        case .tooLarge(let f, let b, let l):
            // A JSON Lines file (a dataset, a touch session) can be cut into several: each
            // command reads every .jsonl file of a folder.
            let split = f.hasSuffix(".jsonl") ? "; split it into several .jsonl files in one folder and give the folder" : ""
            return "\(f): file is \(b) bytes, over the limit of \(l) bytes (\(l >> 20) MiB)\(split)"
        case .malformed(let f, let loc, let r): return "\(f): \(loc): malformed: \(r)"
        case .invalidField(let f, let loc, let field, let r): return "\(f): \(loc): field '\(field)': \(r)"
        case .unsupportedFormat(let f, let loc, let found):
            // Most readers cut the value already (80 characters and "… (N characters)"); the
            // wider limit cuts a value a reader passed whole without cutting a cut one again,
            // which would lose the length it says.
            return "\(f): \(loc): field 'format': unsupported format '\(shownValue(found, limit: 120))'"
        case .writeFailed(let f, let r): return "\(f): cannot write: \(r)"
        }
    }

    /// The file the error is about.
    public var file: String {
        switch self {
        case .unreadable(let f, _), .tooLarge(let f, _, _), .malformed(let f, _, _),
             .invalidField(let f, _, _, _), .unsupportedFormat(let f, _, _), .writeFailed(let f, _):
            return f
        }
    }
}

/// A decoding error's coding path as messages show it: keys joined by dots, array indices
/// in brackets, `(top level)` for none. A path deeper than six keys shows its first three
/// and last two with the count of those left out between them, so that a file nested
/// thousands of keys deep, or with long keys at every level, still gets a short message
/// (found by the FuzzThresholds target: a 2,000-character message). Each key goes through
/// ``shownValue(_:limit:)`` at 120 characters, which does not cut again a key a reader
/// already cut at 80.
public func shownCodingPath(_ keys: [any CodingKey]) -> String {
    guard !keys.isEmpty else { return "(top level)" }
    let names = keys.map { key in key.intValue.map { "[\($0)]" } ?? shownValue(key.stringValue, limit: 120) }
    guard names.count > 6 else { return names.joined(separator: ".") }
    return (names.prefix(3) + ["… \(names.count - 5) more …"] + names.suffix(2)).joined(separator: ".")
}

/// A value from the input as messages show it: at most `limit` characters, with the
/// full length said when cut, and control characters escaped (`\u{1b}`) so that nothing
/// read from a file reaches a terminal raw. A 50 MB bad value was once echoed whole; every
/// message that shows a value from the input goes through this one function.
///
/// ```swift
/// let long = shownValue(String(repeating: "9", count: 1000))   // 80 nines, then "… (1000 characters)"
/// let escaped = shownValue("a\u{1B}[2J")                      // "a\u{1b}[2J"
/// ```
public func shownValue(_ value: some StringProtocol, limit: Int = 80) -> String {
    var out = ""
    var shown = 0
    for scalar in value.unicodeScalars {
        if shown == limit { break }
        if GestureLabel.isControl(scalar) {
            out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            out.unicodeScalars.append(scalar)
        }
        shown += 1
    }
    guard shown == limit else { return out }
    let total = value.unicodeScalars.count
    return total > limit ? out + "… (\(total) characters)" : out
}
