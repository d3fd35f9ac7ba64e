import Foundation

/// The one way GestureLab reads a JSON file of any kind: samples, template libraries,
/// model manifests, verifiers, rejection and detector thresholds, engine configurations,
/// session labels. Every document goes through the same checks and the same memory rule.
///
/// **Checks.** The whole document is first checked by the strict parser (``JSONParser``):
/// RFC 8259 syntax, valid UTF-8, nesting at most 64 deep, at most 10 000 keys an object,
/// and *no key twice in one object* — a file that says `"rule"` twice is refused with the
/// key named, instead of one of the two values winning silently.
///
/// **Memory.** Nothing like a tree is built: the checked bytes are read in place
/// (``JSONCursor``), and typed values are made straight from them. What a reader holds for
/// one file is bounded by ``ReadBudget``: at most ``ReadBudget/factor`` times the file's
/// bytes plus ``ReadBudget/constantBytes``, the file's own bytes included. (Reading through
/// `JSONDecoder` or `JSONSerialization` held about 29 times the file: a 63 MB template
/// library took 1.78 GB.) Readers whose output can grow with the file (template libraries,
/// datasets) charge what they build to a ``ReadBudget`` and refuse a file beyond it; the
/// others read files capped at ``BoundedFile/maxSettingsBytes`` or a model part's cap, whose
/// decoded values fit in the constant.
///
/// ```swift
/// struct Point: Decodable { var x: Double }
/// let p = try StrictJSON.decode(Point.self, from: Data(#"{"x": 1, "x": 2}"#.utf8))   // throws: key "x" given twice
/// ```
public enum StrictJSON {
    /// Decodes `type` from `data` like `JSONDecoder` (default strategies), after checking the
    /// whole document strictly.
    /// - Throws: `DecodingError`: `.dataCorrupted` for a syntax error or a duplicate key
    ///   (its description gives the line, the column and the reason, its coding path the
    ///   field), the usual cases for a value of the wrong type or a missing key.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try read(data) { cursor, root in try T(from: CursorDecoder(cursor: cursor, at: root, codingPath: [])) }
    }

    /// ``decode(_:from:)`` for types decoded with a configuration.
    public static func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
    ) throws -> T {
        try read(data) { cursor, root in
            try T(from: CursorDecoder(cursor: cursor, at: root, codingPath: []), configuration: configuration)
        }
    }

    /// Checks `data` strictly without decoding anything (for a caller that must still hand
    /// the bytes to another reader).
    /// - Throws: `DecodingError.dataCorrupted` as ``decode(_:from:)``.
    public static func check(_ data: Data) throws {
        try read(data) { _, _ in () }
    }

    /// Checks the whole document, then runs `body` on its root value, read in place: for
    /// readers that build their values themselves (template libraries), charging them to
    /// a ``ReadBudget``. The node is valid only inside `body`.
    /// - Throws: `DecodingError.dataCorrupted` as ``decode(_:from:)``, or what `body` throws.
    public static func withRoot<R>(_ data: Data, _ body: (JSONNode) throws -> R) throws -> R {
        try read(data) { cursor, root in try body(JSONNode(cursor: cursor, at: root)) }
    }

    /// Checks the document, then runs `body` on a cursor at its root value.
    static func read<R>(_ data: Data, _ body: (JSONCursor, Int) throws -> R) throws -> R {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> R in
            let bytes = raw.bindMemory(to: UInt8.self)
            let root: Int
            do throws(JSONParser.SyntaxError) { root = try JSONParser.validate(bytes) } catch {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: error.path.map(AnyKey.init),
                    debugDescription: "line \(error.line), column \(error.column): \(error.reason)"))
            }
            return try body(JSONCursor(bytes: bytes), root)
        }
    }
}

/// One value of a document checked by ``StrictJSON``, read in place (no copy, no tree).
/// Valid only inside the ``StrictJSON/withRoot(_:_:)`` call that gave it.
public struct JSONNode {
    let cursor: JSONCursor
    let at: Int

    public var kind: JSONKind { cursor.kind(at: at) }

    /// The member `key` of an object; `nil` when absent or when this is not an object.
    public subscript(key: String) -> JSONNode? {
        guard kind == .object else { return nil }
        return cursor.member(key, ofObjectAt: at).map { JSONNode(cursor: cursor, at: $0) }
    }

    /// An object's members in file order (no key twice); empty for other kinds.
    public var members: [(key: String, value: JSONNode)] {
        guard kind == .object else { return [] }
        return cursor.members(ofObjectAt: at).map { ($0.key, JSONNode(cursor: cursor, at: $0.value)) }
    }

    /// An array's element count (one scan); 0 for other kinds.
    public var count: Int { kind == .array ? cursor.count(ofArrayAt: at) : 0 }

    /// Calls `body` with each element of an array and its index, in order, holding nothing.
    public func forEachElement(_ body: (Int, JSONNode) throws -> Void) rethrows {
        guard kind == .array else { return }
        try cursor.forEachElement(ofArrayAt: at) { i, p in try body(i, JSONNode(cursor: cursor, at: p)) }
    }

    /// The text of a string value.
    public var string: String? { kind == .string ? cursor.string(at: at) : nil }
    /// A number's value; ±infinity when it overflows a `Double` (`1e999`), for the caller
    /// to refuse with the field named.
    public var number: Double? { kind == .number ? cursor.double(at: at) : nil }

    /// This value decoded like `JSONDecoder` would (see ``StrictJSON/decode(_:from:)``).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: CursorDecoder(cursor: cursor, at: at, codingPath: []))
    }
}

/// The memory a reader may hold for one file: ``factor`` times the file's bytes plus
/// ``constantBytes``, counting the file's own bytes. A reader charges what it builds as it
/// builds it and stops with an error naming the place as soon as the total would pass the
/// limit, so its peak stays under the limit whatever the file holds.
public struct ReadBudget: Sendable {
    /// Times the file's size a reader may hold.
    public static let factor = 4
    /// Bytes a reader may hold beyond ``factor`` times the file: room for small files,
    /// one object's key index and the decoded values of size-capped settings files.
    public static let constantBytes = 16 << 20

    /// The file's size in bytes.
    public let fileBytes: Int
    /// Bytes charged so far, the file's own bytes included.
    public private(set) var held: Int

    /// The most bytes the reader may hold.
    public var limit: Int { Self.factor * fileBytes + Self.constantBytes }

    public init(fileBytes: Int) {
        self.fileBytes = fileBytes
        held = fileBytes
    }

    /// Charges `bytes` more.
    /// - Throws: ``Exceeded`` when the total would pass ``limit``.
    public mutating func charge(_ bytes: Int) throws(Exceeded) {
        guard held + bytes <= limit else { throw Exceeded(fileBytes: fileBytes, wanted: held + bytes, limit: limit) }
        held += bytes
    }

    /// What reading would have held, over the limit.
    public struct Exceeded: Error, Hashable, Sendable, CustomStringConvertible {
        public let fileBytes: Int
        public let wanted: Int
        public let limit: Int
        public var description: String {
            "reading it would hold more than \(limit) bytes in memory (\(ReadBudget.factor) times the file's \(fileBytes) bytes plus \(ReadBudget.constantBytes >> 20) MiB)" + Self.suffix
        }
        /// How every budget refusal ends, so that callers can tell it from other errors.
        public static let suffix = "; refused"
    }
}

/// A coding key for any name or index.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
    init(_ c: JSONPathComponent) {
        switch c {
        case .key(let k): self.init(stringValue: shownValue(k))  // a key from the file, shown in messages
        case .index(let i): self.init(intValue: i)
        }
    }
}

/// A `Decoder` over one value of a checked document.
private struct CursorDecoder: Decoder {
    let cursor: JSONCursor
    let at: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(cursor: JSONCursor, at: Int, codingPath: [any CodingKey]) {
        self.cursor = cursor
        self.at = at
        self.codingPath = codingPath
    }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath,
                                  debugDescription: "expected \(expected), found \(JSONCursor.kindName(cursor.kind(at: at)))"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard cursor.kind(at: at) == .object else { throw mismatch([String: Any].self, "an object") }
        return KeyedDecodingContainer(KeyedCursor<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard cursor.kind(at: at) == .array else { throw mismatch([Any].self, "an array") }
        return UnkeyedCursor(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func child(_ p: Int, _ key: any CodingKey) -> CursorDecoder {
        CursorDecoder(cursor: cursor, at: p, codingPath: codingPath + [key])
    }
}

extension CursorDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { cursor.kind(at: at) == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard cursor.kind(at: at) == .bool else { throw mismatch(type, "true or false") }
        return cursor.bool(at: at)
    }

    func decode(_ type: String.Type) throws -> String {
        guard cursor.kind(at: at) == .string else { throw mismatch(type, "a string") }
        return cursor.string(at: at)
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard cursor.kind(at: at) == .number else { throw mismatch(type, "a number") }
        let d = cursor.double(at: at)
        guard d.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "number out of range for a Double"))
        }
        return d
    }

    func decode(_ type: Float.Type) throws -> Float {
        let d = try decode(Double.self)
        guard abs(d) <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "number out of range for a Float"))
        }
        return Float(d)
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard cursor.kind(at: at) == .number else { throw mismatch(type, "a whole number") }
        let text = String(decoding: cursor.bytes[at..<cursor.end(ofValueAt: at)], as: UTF8.self)
        if let i = I(text) { return i }
        let d = cursor.double(at: at)
        if d.isFinite, d == d.rounded(), let i = I(exactly: d) { return i }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                debugDescription: "'\(shownValue(text))' does not fit \(type)"))
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

private struct KeyedCursor<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CursorDecoder
    /// Value offsets by key: one object's members, at most ``JSONParser/maxObjectKeys``.
    let members: [String: Int]
    let order: [String]

    init(decoder: CursorDecoder) {
        self.decoder = decoder
        let m = decoder.cursor.members(ofObjectAt: decoder.at)
        members = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        order = m.map(\.key)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { order.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func value(_ key: Key) throws -> CursorDecoder {
        guard let p = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing field '\(key.stringValue)'"))
        }
        return decoder.child(p, key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: try value(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try value(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try value(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try value(key) }
}

private struct UnkeyedCursor: UnkeyedDecodingContainer {
    let decoder: CursorDecoder
    /// Offset of the next element; `nil` at the end.
    private var next: Int?
    private(set) var currentIndex = 0
    let count: Int?

    init(decoder: CursorDecoder) {
        self.decoder = decoder
        next = decoder.cursor.firstElement(ofArrayAt: decoder.at)
        count = decoder.cursor.count(ofArrayAt: decoder.at)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { next == nil }

    private mutating func element() throws -> CursorDecoder {
        guard let p = next else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath + [AnyKey(intValue: currentIndex)],
                                                              debugDescription: "the array has only \(currentIndex) elements"))
        }
        let d = decoder.child(p, AnyKey(intValue: currentIndex))
        next = decoder.cursor.nextElement(after: p)
        currentIndex += 1
        return d
    }

    mutating func decodeNil() throws -> Bool {
        guard let p = next, decoder.cursor.kind(at: p) == .null else { return false }
        _ = try element()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The position moves only once the element is read, as JSONDecoder does.
        let saved = (next, currentIndex)
        do { return try element().decode(type) } catch {
            (next, currentIndex) = saved
            throw error
        }
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decode(Box<Bool>.self).value }
    mutating func decode(_ type: String.Type) throws -> String { try decode(Box<String>.self).value }
    mutating func decode(_ type: Double.Type) throws -> Double { try decode(Box<Double>.self).value }
    mutating func decode(_ type: Float.Type) throws -> Float { try decode(Box<Float>.self).value }
    mutating func decode(_ type: Int.Type) throws -> Int { try decode(Box<Int>.self).value }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decode(Box<Int8>.self).value }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decode(Box<Int16>.self).value }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decode(Box<Int32>.self).value }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decode(Box<Int64>.self).value }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decode(Box<UInt>.self).value }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(Box<UInt8>.self).value }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(Box<UInt16>.self).value }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(Box<UInt32>.self).value }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(Box<UInt64>.self).value }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try element().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try element().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try element() }
}

/// Routes an unkeyed container's typed reads through its generic one.
private struct Box<T: Decodable>: Decodable {
    let value: T
    init(from decoder: any Decoder) throws { value = try T(from: decoder) }
}
