/// Why a ``SampleStore`` operation failed. Each case says what was wrong with which name or file.
public enum SampleStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The label cannot name a folder inside the store.
    case invalidLabel(label: String, reason: String)
    /// The id does not have the shape of a sample id.
    case invalidID(id: String)
    /// No sample with this label and id.
    case notFound(label: String, id: String)
    /// A sample with this id is already under this label (a move or a restore would
    /// make a second copy).
    case alreadyExists(label: String, id: String)
    /// The store's root is an existing file.
    case notAFolder(path: String)
    /// The store's root could not be created.
    case cannotCreate(path: String, reason: String)
    /// Reading, decoding or writing a sample file failed.
    case data(GestureDataError)

    public var description: String {
        switch self {
        case .invalidLabel(let l, let r): return "invalid label \"\(Self.printable(l))\": \(r); nothing was written"
        case .invalidID(let id):
            return "invalid sample id \"\(Self.printable(id))\": ids are 1-100 ASCII letters, digits, '-' or '_'"
        case .notFound(let l, let id): return "no sample \"\(Self.printable(id))\" under label \"\(Self.printable(l))\""
        case .alreadyExists(let l, let id):
            return "sample \"\(Self.printable(id))\" is already under label \"\(Self.printable(l))\"; nothing was changed"
        case .notAFolder(let p): return "\(p): the sample store must be a folder, and this is a file"
        case .cannotCreate(let p, let r): return "\(p): cannot create the sample store: \(r)"
        case .data(let e): return e.description
        }
    }

    /// A name as messages show it (``shownValue(_:limit:)``: cut, control characters escaped).
    private static func printable(_ s: String) -> String { shownValue(s) }
}
