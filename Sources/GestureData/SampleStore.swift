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
    /// The time new ids are stamped with.
    private let clock: @Sendable () -> Date

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
        try self.init(root: root, clock: { Date() })
    }

    /// Opens (and creates when missing) the store at `root`, stamping new ids with
    /// `clock` (tests give a clock that advances a millisecond per call instead of
    /// waiting for the wall clock).
    public init(root: URL, clock: @escaping @Sendable () -> Date) throws {
        self.clock = clock
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
    /// First the one label check every label goes through (``GestureLabel/normalized(_:)``:
    /// surrounding white space trimmed, Unicode normalization form C, no control
    /// characters), so "é" typed as one scalar or as "e" + combining acute is one folder.
    /// Then the folder rules: 1–64 bytes of letters (any script), digits, `-`, `_`, `.` and
    /// inner spaces; it must not start with `.` (hidden files, `..`). Anything else — `/`,
    /// `\`, `../../etc` — is rejected rather than rewritten, so two different labels never
    /// land in one folder.
    public static func sanitizedLabel(_ raw: String) throws -> String {
        let label: String
        do { label = try GestureLabel.normalized(raw) } catch {
            throw SampleStoreError.invalidLabel(label: raw, reason: error.reason)
        }
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

    /// The label a folder of the store holds, or `nil` when the folder is not a label's.
    /// A folder made before labels were normalized ("e" + combining acute) holds the same
    /// label as its normalized twin ("é"): the store lists both as one label.
    static func label(ofFolder name: String) -> String? {
        guard let label = try? sanitizedLabel(name), label == name.precomposedStringWithCanonicalMapping else { return nil }
        return label
    }

    /// `id` when it has the shape of a sample id (letters, digits, `-`, `_`; 1–100 bytes);
    /// ids come back from clients, so they are checked before a path is built from them.
    public static func validatedID(_ id: String) throws -> String {
        // Byte tests, not CharacterSet: listing 100 000 samples spent seconds here.
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

    /// Where an entry's file lives (or will be written): the folder named by its
    /// normalized label. The label and id are validated first.
    public func url(of entry: Entry) throws -> URL {
        let label = try Self.sanitizedLabel(entry.label)
        let id = try Self.validatedID(entry.id)
        return root.appendingPathComponent(label, isDirectory: true).appendingPathComponent("\(id).json")
    }

    /// Where an entry's file is: under the folder named by its normalized label, or else
    /// under a folder an older version made for the same label in another Unicode form.
    /// `nil` when there is no such file.
    func existingURL(of entry: Entry) throws -> URL? {
        let url = try url(of: entry)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let label = url.deletingLastPathComponent().lastPathComponent
        for folder in (try? folders(of: label)) ?? [] {  // (String == would call the two forms equal)
            let other = root.appendingPathComponent(folder, isDirectory: true).appendingPathComponent(url.lastPathComponent)
            if FileManager.default.fileExists(atPath: other.path) { return other }
        }
        return nil
    }

    /// The folders holding `label`: its own, and any whose name is the label in another
    /// Unicode form.
    func folders(of label: String) throws -> [String] {
        try visibleNames(in: root, wantFolders: true).filter { Self.label(ofFolder: $0) == label }.sorted()
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
        let entry = Entry(label: try Self.sanitizedLabel(raw), id: Self.newID(now: clock()))
        var stored = sample
        stored.label = entry.label
        // A new unique id: no other edit can touch this file yet, so no lock is needed.
        try writeUnlocked(try encode(stored, as: entry), as: entry)
        return entry
    }

    /// Writes `sample` as `entry` (used to restore a deleted sample under its old id),
    /// replacing any file of that name atomically. Serialized with the other edits.
    public func write(_ sample: Sample, as entry: Entry) throws {
        let data = try encode(sample, as: entry)
        try withEditLock { try writeUnlocked(data, as: entry) }
    }

    /// Puts a deleted sample's file back as it was (the bytes ``delete(_:)`` returned).
    /// - Throws: ``SampleStoreError/alreadyExists(label:id:)`` when a sample with this id
    ///   is in the store again (under any label): nothing is written then.
    public func restore(_ bytes: Data, as entry: Entry) throws {
        let url = try url(of: entry)
        try withEditLock {
            if let existing = try find(id: entry.id) {
                throw SampleStoreError.alreadyExists(label: existing.label, id: entry.id)
            }
            do { try AtomicFile.write(bytes, to: url, removingStaleTemporaries: false) } catch let e as GestureDataError {
                throw SampleStoreError.data(e)
            }
        }
    }

    /// Deletes a sample file, without reading it as a sample (a file that no longer
    /// decodes can still be deleted). Empty label folders are left in place.
    /// Serialized with the other edits of the store, in this process and in others.
    /// - Returns: the file's bytes (for undo), or `nil` when they could not be read within
    ///   ``maxFileBytes``; the file is deleted either way.
    /// - Throws: ``SampleStoreError/notFound(label:id:)`` when there is no such sample.
    @discardableResult
    public func delete(_ entry: Entry) throws -> Data? {
        _ = try url(of: entry)
        return try withEditLock {
            guard let url = try existingURL(of: entry) else { throw SampleStoreError.notFound(label: entry.label, id: entry.id) }
            let bytes = try? BoundedFile.read(url.path, limit: Self.maxFileBytes)
            if unlink(url.path) != 0 {
                if errno == ENOENT { throw SampleStoreError.notFound(label: entry.label, id: entry.id) }
                throw SampleStoreError.data(.writeFailed(file: url.path, reason: String(cString: strerror(errno))))
            }
            return bytes
        }
    }

    /// Deletes the sample `id` under `label`.
    @discardableResult
    public func delete(label: String, id: String) throws -> Data? {
        try delete(Entry(label: label, id: id))
    }

    /// Moves a sample to another label, keeping its id, as one edit serialized with the
    /// store's other edits (in this process and in others): when two moves or a move and
    /// a delete of one sample meet, the first wins and the second finds the sample gone
    /// (``SampleStoreError/notFound(label:id:)``). The sample is in exactly one place at
    /// every moment, a kill included: the file is renamed (atomic) into the new label's
    /// folder, then replaced by its copy with the new label written beforehand; a kill
    /// between the two leaves that copy under a hidden name, which
    /// ``removeStaleTemporaryFiles()`` puts in place at the next start.
    /// - Returns: the sample's new entry (the same entry when the label does not change).
    /// - Throws: ``SampleStoreError/notFound(label:id:)``; ``SampleStoreError/data(_:)``
    ///   when the file does not decode (it cannot be relabeled, only deleted);
    ///   ``SampleStoreError/alreadyExists(label:id:)`` when the new label already holds
    ///   a sample with this id; ``SampleStoreError/invalidLabel(label:reason:)``.
    @discardableResult
    public func move(_ entry: Entry, to newLabel: String) throws -> Entry {
        let target = Entry(label: try Self.sanitizedLabel(newLabel), id: try Self.validatedID(entry.id))
        let from = Entry(label: try Self.sanitizedLabel(entry.label), id: entry.id)
        return try withEditLock {
            var sample = try loadUnlocked(from)
            guard target.label != from.label else { return from }
            guard let source = try existingURL(of: from) else { throw SampleStoreError.notFound(label: from.label, id: from.id) }
            let dest = try url(of: target)
            if FileManager.default.fileExists(atPath: dest.path) {
                throw SampleStoreError.alreadyExists(label: target.label, id: target.id)
            }
            sample.label = target.label
            // The new copy, complete and flushed, under a hidden name beside its destination.
            let pending = Self.pendingURL(for: dest)
            do {
                try AtomicFile.write(try encode(sample, as: target), to: pending, removingStaleTemporaries: false)
            } catch let e as GestureDataError { throw SampleStoreError.data(e) }
            if rename(source.path, dest.path) != 0 {
                let failure = errno
                unlink(pending.path)
                if failure == ENOENT { throw SampleStoreError.notFound(label: from.label, id: from.id) }
                throw SampleStoreError.data(.writeFailed(file: dest.path, reason: String(cString: strerror(failure))))
            }
            if rename(pending.path, dest.path) != 0 {
                // The sample has moved, with its old label inside; the next start completes it.
                throw SampleStoreError.data(.writeFailed(file: dest.path, reason: String(cString: strerror(errno))))
            }
            return target
        }
    }

    private func encode(_ sample: Sample, as entry: Entry) throws -> Data {
        do { return try NativeSampleCodec.encode(sample) } catch let e as GestureDataError {
            throw SampleStoreError.data(e)
        }
    }

    private func writeUnlocked(_ data: Data, as entry: Entry) throws {
        let url = try url(of: entry)
        do {
            try AtomicFile.write(data, to: url, removingStaleTemporaries: false)
        } catch let e as GestureDataError {
            throw SampleStoreError.data(e)
        }
    }

    /// The sample `id` under whichever label holds it.
    private func find(id: String) throws -> Entry? {
        for label in try labels() {
            let entry = Entry(label: label, id: id)
            if try existingURL(of: entry) != nil { return entry }
        }
        return nil
    }

    /// The hidden name a moved sample's new copy waits under: `.ID.json.pending-PID`.
    static func pendingURL(for dest: URL) -> URL {
        dest.deletingLastPathComponent().appendingPathComponent(".\(dest.lastPathComponent)\(pendingMarker)\(getpid())")
    }

    static let pendingMarker = ".pending-"

    /// Runs `body` holding the store's edit lock: `flock(2)` on the store's folder itself
    /// (no lock file is left in the store; the lock is released when the process ends,
    /// even by a kill). The lock is taken on a descriptor of its own, so it serializes the
    /// edits of threads of this process as well as those of other processes sharing the
    /// store.
    func withEditLock<T>(_ body: () throws -> T) throws -> T {
        let fd = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw SampleStoreError.data(.writeFailed(file: root.path, reason: "cannot open the store to lock it: \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw SampleStoreError.data(.writeFailed(file: root.path, reason: "cannot lock the store: \(String(cString: strerror(errno)))"))
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    // MARK: Reading

    /// The labels present, sorted. Hidden folders and folders whose name is not a valid
    /// label are ignored; a folder whose name is a label in another Unicode form than
    /// NFC (made before labels were normalized) counts as that label, so one label is
    /// never listed twice.
    public func labels() throws -> [String] {
        Set(try visibleNames(in: root, wantFolders: true).compactMap(Self.label(ofFolder:))).sorted()
    }

    /// The entries under `label` (or under every label when `nil`), oldest first
    /// (ids start with a time stamp; ties broken by name). Samples in a folder of the
    /// same label in another Unicode form are listed under the normalized label.
    public func list(label: String? = nil) throws -> [Entry] {
        let folderNames = try visibleNames(in: root, wantFolders: true)
        let wanted = try label.map { try Self.sanitizedLabel($0) }
        var entries: Set<Entry> = []
        for folder in folderNames {
            guard let l = Self.label(ofFolder: folder), wanted == nil || wanted == l else { continue }
            let dir = root.appendingPathComponent(folder, isDirectory: true)
            for name in try visibleNames(in: dir, wantFolders: false) where name.hasSuffix(".json") {
                let id = String(name.dropLast(5))
                if (try? Self.validatedID(id)) != nil { entries.insert(Entry(label: l, id: id)) }
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
        try loadUnlocked(entry)
    }

    private func loadUnlocked(_ entry: Entry) throws -> Sample {
        _ = try url(of: entry)
        guard let url = try existingURL(of: entry) else {
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

    /// Clears what writers killed in the middle left in the store, for processes that are
    /// gone (those of processes still running are kept, so this is safe while another
    /// process saves into the same store):
    /// - hidden temporary files and folders (`.NAME.tmp-PID-RANDOM`, as ``AtomicFile``
    ///   and the model folder's writer name them) in the store's folder, every label
    ///   folder and the sessions folder;
    /// - the new copy of a sample whose move to another label was cut short
    ///   (``move(_:to:)``): put in place when the sample has moved, removed otherwise.
    /// - Returns: the paths removed (or completed).
    @discardableResult
    public func removeStaleTemporaryFiles() throws -> [String] {
        // No edit lock: only what dead processes left is touched, and two sweeps at
        // once reach the same decisions.
        do {
            var removed: [String] = []
            let labelFolders = try visibleNames(in: root, wantFolders: true).filter { Self.label(ofFolder: $0) != nil }
            let dirs = [root, root.appendingPathComponent(".sessions", isDirectory: true)]
                + labelFolders.map { root.appendingPathComponent($0, isDirectory: true) }
            for dir in dirs {
                removed += AtomicFile.removeStaleTemporaries(in: dir)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
                for name in names where name.hasPrefix(".") {
                    guard let r = name.range(of: Self.pendingMarker, options: .backwards),
                          let pid = pid_t(name[r.upperBound...]), pid > 0, !AtomicFile.processIsAlive(pid) else { continue }
                    let pending = dir.appendingPathComponent(name).path
                    let dest = dir.appendingPathComponent(String(name[name.index(after: name.startIndex)..<r.lowerBound])).path
                    if FileManager.default.fileExists(atPath: dest) {
                        if rename(pending, dest) == 0 { removed.append(pending) }
                    } else if unlink(pending) == 0 {
                        removed.append(pending)
                    }
                }
            }
            return removed.sorted()
        }
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
