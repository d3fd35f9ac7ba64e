import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of recorded samples, one native JSON file per sample (README, Data formats):
/// `ROOT/LABEL/<id>.json`.
///
/// ```swift
/// let store = try SampleStore(root: URL(fileURLWithPath: "recordings"))
/// let entry = try store.save(sample)            // recordings/check/1763750000123-1A2B….json
/// let again = try store.load(entry)             // the same sample
/// try store.delete(label: entry.label, id: entry.id)
/// ```
///
/// Guarantees:
/// - **Atomic**: every sample is written with ``AtomicFile/write(_:to:removingStaleTemporaries:)``; a crash or a
///   kill in the middle of a save leaves at most a hidden temporary file (`.NAME.tmp-PID-…`),
///   never a half-written `.json`. ``removeStaleTemporaryFiles()`` clears those left by
///   processes that are gone.
/// - **Never outside the root**: labels and ids are checked by ``sanitizedLabel(_:)`` and
///   ``validatedID(_:)`` before any path is built from them; `../../etc` is rejected.
/// - **No lost writes**: ids are a millisecond time stamp plus a random UUID, so two
///   processes saving into the same store at once never pick the same name.
///
/// The store reads what any tool wrote in the native format, and skips hidden files.
public struct SampleStore: Sendable {
    /// The store's folder.
    public let root: URL

    /// One sample file in the store.
    public struct Entry: Hashable, Sendable, Codable {
        /// The sanitized label, which is also the sample's folder name.
        public var label: String
        /// The file name without `.json`.
        public var id: String

        public init(label: String, id: String) {
            self.label = label
            self.id = id
        }
    }

    /// Longest label accepted, in UTF-8 bytes.
    public static let maxLabelBytes = 64
    /// Largest sample file ``load(_:)`` reads (64 MiB), so a stray huge file cannot
    /// exhaust memory.
    public static let maxFileBytes = 64 * 1024 * 1024

    /// Opens (and creates when missing) the store at `root`.
    /// - Throws: ``SampleStoreError/cannotCreate(path:reason:)`` when the folder cannot be made,
    ///   or ``SampleStoreError/notAFolder(path:)`` when `root` is a file.
    public init(root: URL) throws {
        let root = root.standardizedFileURL
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw SampleStoreError.notAFolder(path: root.path) }
        } else {
            do {
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            } catch {
                throw SampleStoreError.cannotCreate(path: root.path, reason: error.localizedDescription)
            }
        }
        self.root = root
    }

    // MARK: Names

    /// The label as it will be stored, or an error saying why it cannot be a folder name.
    ///
    /// Surrounding white space is trimmed. What remains must be 1–64 bytes of letters
    /// (any script), digits, `-`, `_`, `.` and inner spaces; it must not start with `.`
    /// (hidden files, `..`). Anything else — `/`, `\`, control characters, `../../etc` —
    /// is rejected rather than rewritten, so two different labels never land in one folder.
    public static func sanitizedLabel(_ raw: String) throws -> String {
        let label = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !label.isEmpty else { throw SampleStoreError.invalidLabel(label: raw, reason: "the label is empty") }
        guard label.utf8.count <= maxLabelBytes else {
            throw SampleStoreError.invalidLabel(label: raw, reason: "longer than \(maxLabelBytes) bytes")
        }
        guard !label.hasPrefix(".") else {
            throw SampleStoreError.invalidLabel(label: raw, reason: "it may not start with '.' (no hidden folders, no '..')")
        }
        for scalar in label.unicodeScalars {
            let ok = CharacterSet.letters.contains(scalar) || CharacterSet.decimalDigits.contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == "." || scalar == " "
            guard ok else {
                let shown = scalar.properties.generalCategory == .control ? "U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(scalar)'"
                throw SampleStoreError.invalidLabel(
                    label: raw,
                    reason: "character \(shown) is not allowed (letters, digits, '-', '_', '.', and spaces only; no path separators)")
            }
        }
        return label
    }

    /// `id` when it has the shape of a sample id (letters, digits, `-`, `_`; 1–100 bytes);
    /// ids come back from clients, so they are checked before a path is built from them.
    public static func validatedID(_ id: String) throws -> String {
        // Byte tests, not CharacterSet: listing 100 000 samples spent seconds here (issue 13).
        guard !id.isEmpty, id.utf8.count <= 100,
              id.utf8.allSatisfy({ b in
                  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
              })
        else { throw SampleStoreError.invalidID(id: id) }
        return id
    }

    /// A new unique id: milliseconds since 1970 (so ids sort by time) and a random UUID.
    public static func newID(now: Date = Date()) -> String {
        let ms = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        return "\(ms)-\(UUID().uuidString)"
    }

    /// Where an entry's file lives. The label and id are validated first.
    public func url(of entry: Entry) throws -> URL {
        let label = try Self.sanitizedLabel(entry.label)
        let id = try Self.validatedID(entry.id)
        return root.appendingPathComponent(label, isDirectory: true).appendingPathComponent("\(id).json")
    }

    // MARK: Writing

    /// Saves `sample` under its label with a new unique id and returns where it went.
    /// The file holds the sample in the native format with the sanitized label.
    /// - Throws: ``SampleStoreError/invalidLabel(label:reason:)`` for a missing or unusable
    ///   label (nothing written); ``SampleStoreError/data(_:)`` when encoding or writing fails.
    @discardableResult
    public func save(_ sample: Sample) throws -> Entry {
        guard let raw = sample.label else {
            throw SampleStoreError.invalidLabel(label: "", reason: "the sample has no label")
        }
        let entry = Entry(label: try Self.sanitizedLabel(raw), id: Self.newID())
        var stored = sample
        stored.label = entry.label
        try write(stored, as: entry)
        return entry
    }

    /// Writes `sample` as `entry` (used to restore a deleted sample under its old id),
    /// replacing any file of that name atomically.
    public func write(_ sample: Sample, as entry: Entry) throws {
        let url = try url(of: entry)
        do {
            let data = try NativeSampleCodec.encode(sample)
            try AtomicFile.write(data, to: url, removingStaleTemporaries: false)
        } catch let e as GestureDataError {
            throw SampleStoreError.data(e)
        }
    }

    /// Deletes a sample file. Empty label folders are left in place.
    /// - Throws: ``SampleStoreError/notFound(label:id:)`` when there is no such sample.
    public func delete(_ entry: Entry) throws {
        let url = try url(of: entry)
        if unlink(url.path) != 0 {
            if errno == ENOENT { throw SampleStoreError.notFound(label: entry.label, id: entry.id) }
            throw SampleStoreError.data(.writeFailed(file: url.path, reason: String(cString: strerror(errno))))
        }
    }

    /// Deletes the sample `id` under `label`.
    public func delete(label: String, id: String) throws {
        try delete(Entry(label: label, id: id))
    }

    // MARK: Reading

    /// The label folders present, sorted. Hidden folders and folders whose name is not a
    /// valid label are ignored.
    public func labels() throws -> [String] {
        try visibleNames(in: root, wantFolders: true).filter { (try? Self.sanitizedLabel($0)) == $0 }.sorted()
    }

    /// The entries under `label` (or under every label when `nil`), oldest first
    /// (ids start with a time stamp; ties broken by name).
    public func list(label: String? = nil) throws -> [Entry] {
        let labels = try label.map { [try Self.sanitizedLabel($0)] } ?? self.labels()
        var entries: [Entry] = []
        for l in labels {
            let dir = root.appendingPathComponent(l, isDirectory: true)
            guard FileManager.default.fileExists(atPath: dir.path) else { continue }
            for name in try visibleNames(in: dir, wantFolders: false) where name.hasSuffix(".json") {
                let id = String(name.dropLast(5))
                if (try? Self.validatedID(id)) != nil { entries.append(Entry(label: l, id: id)) }
            }
        }
        // Keys computed once per entry, not once per comparison.
        return entries.map { ($0, Self.sortKey($0.id)) }
            .sorted { a, b in (a.0.label, a.1.0, a.1.1) < (b.0.label, b.1.0, b.1.1) }
            .map(\.0)
    }

    /// The number of samples per label.
    public func counts() throws -> [String: Int] {
        Dictionary(try list().map { ($0.label, 1) }, uniquingKeysWith: +)
    }

    /// Reads and validates one sample.
    /// - Throws: ``SampleStoreError/notFound(label:id:)`` or ``SampleStoreError/data(_:)``
    ///   naming the file and field when the file is not a valid native sample.
    public func load(_ entry: Entry) throws -> Sample {
        let url = try url(of: entry)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SampleStoreError.notFound(label: entry.label, id: entry.id)
        }
        do {
            let data = try BoundedFile.read(url.path, limit: Self.maxFileBytes)
            return try NativeSampleCodec.decode(data, file: url.path, nativeOnly: true)
        } catch let e as GestureDataError {
            throw SampleStoreError.data(e)
        }
    }

    // MARK: Housekeeping

    /// Removes hidden temporary files (`.NAME.tmp-PID-RANDOM`) that ``AtomicFile`` left
    /// behind when the process writing them died. Files of processes still running are
    /// kept, so this is safe while another process saves into the same store.
    /// - Returns: the paths removed.
    @discardableResult
    public func removeStaleTemporaryFiles() throws -> [String] {
        var removed: [String] = []
        let dirs = [root] + (try labels()).map { root.appendingPathComponent($0, isDirectory: true) }
        for dir in dirs {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names where name.hasPrefix(".") {
                guard let pid = AtomicFile.writerPID(ofTemporaryName: name), !AtomicFile.processIsAlive(pid) else { continue }
                let path = dir.appendingPathComponent(name).path
                if unlink(path) == 0 { removed.append(path) }
            }
        }
        return removed.sorted()
    }

    private static func sortKey(_ id: String) -> (Int64, String) {
        let stamp = id.split(separator: "-", maxSplits: 1).first.flatMap { Int64($0) } ?? Int64.max
        return (stamp, id)
    }

    /// Names of the visible files (or folders) in `dir`, from the directory entries' own
    /// types where the file system gives them (one `readdir`, no `stat` per file: listing
    /// 100 000 samples took seconds with a `stat` each).
    private func visibleNames(in dir: URL, wantFolders: Bool) throws -> [String] {
        guard let d = opendir(dir.path) else {
            throw SampleStoreError.data(.unreadable(file: dir.path, reason: String(cString: strerror(errno))))
        }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let isDir: Bool
            switch Int32(e.pointee.d_type) {
            case Int32(DT_DIR): isDir = true
            case Int32(DT_REG): isDir = false
            default:  // unknown type or a link: ask the file system
                var flag: ObjCBool = false
                guard FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path, isDirectory: &flag) else { continue }
                isDir = flag.boolValue
            }
            if isDir == wantFolders { out.append(name) }
        }
        return out
    }
}
