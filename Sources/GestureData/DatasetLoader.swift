import Foundation
import GestureGeometry

/// How a loader treats bad samples.
public enum LoadMode: String, Sendable, CaseIterable {
    /// Stop at the first bad file or line and throw its error (the default).
    case strict
    /// Skip each bad file (or bad `.jsonl` line) and report it in ``LoadReport/skipped``.
    case tolerant
}

/// What a load produced: the dataset and, in tolerant mode, every skipped sample with
/// the error that made it unusable (in path order, then line order).
public struct LoadReport: Sendable {
    public var dataset: Dataset
    public var skipped: [GestureDataError]
    public init(dataset: Dataset, skipped: [GestureDataError]) {
        self.dataset = dataset
        self.skipped = skipped
    }
}

/// Loads a dataset from a folder (searched recursively) or a single file.
///
/// Supported: gesture XML logs (`.xml`: the $1 layout and the multistroke layout, told
/// apart by content — see ``GestureXMLReader``), native samples (`.json`) and native
/// datasets (`.jsonl`, one sample a line). Hidden files and other extensions are ignored.
/// Where a file gives no subject, the subject is the first folder under the root, which
/// is also recorded as `meta["folder"]`. Files are read concurrently; the result is in
/// path order whatever the scheduling.
public enum DatasetLoader {
    /// Largest file accepted, in bytes (64 MiB); a larger file is an error, not a crash,
    /// refused from its size before any byte is read. 64 MiB holds about 40 times the
    /// whole $1 set as `.jsonl`; a 200 MB file must be refused this way.
    public static let maxFileBytes = 64 << 20

    /// Loads every supported file under `path`, sorted by path so that order is stable.
    /// - Throws: the first ``GestureDataError`` in path order; nothing is silently dropped.
    public static func load(_ path: String) throws -> Dataset {
        try load(path, mode: .strict).dataset
    }

    /// Loads every supported file under `path` in the given mode.
    ///
    /// ```swift
    /// let report = try DatasetLoader.load("logs", mode: .tolerant)
    /// for e in report.skipped { print("skipped:", e) }
    /// ```
    /// - Throws: in strict mode, the first bad sample's error; in both modes, an error
    ///   when `path` does not exist or a folder cannot be listed.
    public static func load(_ path: String, mode: LoadMode) throws -> LoadReport {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir) else {
            throw GestureDataError.unreadable(file: path, reason: "no such file or folder")
        }
        if !isDir.boolValue {
            let r = loadFile(root, displayPath: path, folder: nil, mode: mode)
            if mode == .strict, let e = r.skipped.first { throw e }
            return LoadReport(dataset: Dataset(r.samples), skipped: r.skipped)
        }
        let (files, unlistable) = try listFiles(root)
        // A folder that cannot be listed is an error, never silently empty (which would look like a dataset with no samples).
        if mode == .strict, let e = unlistable.first { throw e }
        var samples: [Sample] = []
        var skipped: [GestureDataError] = unlistable
        // Files are read in parallel a batch at a time, in path order, so strict mode stops
        // at the batch holding the first bad file instead of parsing the rest first, and at
        // most one batch of files (bounded in count and bytes) is in memory being parsed.
        var start = 0
        while start < files.count {
            var end = start, bytes = 0
            while end < files.count && end - start < batchFiles && (end == start || bytes + files[end].size <= batchBytes) {
                bytes += files[end].size
                end += 1
            }
            var results = [FileResult](repeating: FileResult(samples: [], skipped: []), count: end - start)
            let base = start
            results.withUnsafeMutableBufferPointer { buf in
                let out = UnsafeSendableBuffer(buf)
                DispatchQueue.concurrentPerform(iterations: end - start) { i in
                    let f = files[base + i]
                    out.buffer[i] = loadFile(f.url, displayPath: f.url.path, folder: f.folder, mode: mode)
                }
            }
            for r in results {
                if mode == .strict, let e = r.skipped.first { throw e }
                samples += r.samples
                skipped += r.skipped
            }
            start = end
        }
        return LoadReport(dataset: Dataset(samples), skipped: skipped)
    }

    /// Most files parsed at once.
    static let batchFiles = 256
    /// Most bytes of files parsed at once (a batch always holds at least one file).
    static let batchBytes = 128 << 20

    /// Supported files under `root` with the first folder below the root (or `nil` for
    /// files directly in it) and their sizes, sorted by path; and the folders that could
    /// not be listed, as errors.
    static func listFiles(_ root: URL) throws -> (files: [(url: URL, folder: String?, size: Int)], unlistable: [GestureDataError]) {
        let failures = ListingFailures()
        guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
                                                     options: [.skipsHiddenFiles], errorHandler: { url, error in
                                                         failures.add(.unreadable(file: url.path, reason: "cannot list this folder: \(error.localizedDescription)"))
                                                         return true
                                                     }) else {
            throw GestureDataError.unreadable(file: root.path, reason: "cannot list folder")
        }
        var out: [(path: String, url: URL, folder: String?, size: Int)] = []
        let rootComponents = root.pathComponents.count
        for case let url as URL in e {
            let ext = url.pathExtension.lowercased()
            guard ["xml", "json", "jsonl"].contains(ext) else { continue }
            let comps = url.standardizedFileURL.pathComponents
            let folder = comps.count > rootComponents + 1 ? comps[rootComponents] : nil
            let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            out.append((url.path, url, folder, size))
        }
        // Sorting on the cached path: URL.path is rebuilt on every call.
        return (out.sorted { $0.path < $1.path }.map { ($0.url, $0.folder, $0.size) }, failures.all)
    }

    /// Errors the folder enumerator reports from its callback.
    final class ListingFailures: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [GestureDataError] = []
        func add(_ e: GestureDataError) { lock.lock(); errors.append(e); lock.unlock() }
        var all: [GestureDataError] { lock.lock(); defer { lock.unlock() }; return errors }
    }

    struct FileResult {
        var samples: [Sample]
        var skipped: [GestureDataError]
    }

    /// Loads one file of any supported format (strict).
    /// - Throws: the file's first ``GestureDataError``.
    public static func loadFile(_ url: URL, displayPath: String, folder: String?) throws -> [Sample] {
        let r = loadFile(url, displayPath: displayPath, folder: folder, mode: .strict)
        if let e = r.skipped.first { throw e }
        return r.samples
    }

    static func loadFile(_ url: URL, displayPath: String, folder: String?, mode: LoadMode) -> FileResult {
        var result: FileResult
        do {
            let data = try readBytes(url, displayPath: displayPath)
            switch url.pathExtension.lowercased() {
            case "xml":
                result = FileResult(samples: [try GestureXMLReader.read(data, file: displayPath, fallbackSubject: folder).sample],
                                    skipped: [])
            case "jsonl":
                if mode == .strict {
                    result = FileResult(samples: try JSONLines.decode(data, file: displayPath), skipped: [])
                } else {
                    let (s, e) = JSONLines.decodeSkippingInvalid(data, file: displayPath)
                    result = FileResult(samples: s, skipped: e)
                }
            default:
                result = FileResult(samples: [try NativeSampleCodec.decode(data, file: displayPath)], skipped: [])
            }
        } catch let e as GestureDataError {
            return FileResult(samples: [], skipped: [e])
        } catch {
            return FileResult(samples: [], skipped: [.unreadable(file: displayPath, reason: "\(error)")])
        }
        // Labels: the one label check (NFC, so "é" typed two ways is one label; no control
        // characters, which would reach text output raw), whatever the file's kind.
        var kept: [Sample] = []
        for (i, var sample) in result.samples.enumerated() {
            guard let label = sample.label else { kept.append(sample); continue }
            do {
                sample.label = try GestureLabel.normalized(label)
            } catch {
                let e = GestureDataError.invalidField(
                    file: displayPath, location: result.samples.count > 1 ? .sample(i + 1) : .whole, field: "label",
                    reason: error.description)
                if mode == .strict { return FileResult(samples: [], skipped: [e]) }
                result.skipped.append(e)
                continue
            }
            kept.append(sample)
        }
        result.samples = kept
        if let folder {
            for i in result.samples.indices {
                result.samples[i].meta["folder"] = folder
                if result.samples[i].subject == nil { result.samples[i].subject = folder }
            }
        }
        return result
    }

    static func readBytes(_ url: URL, displayPath: String) throws -> Data {
        try BoundedFile.read(url.path, limit: maxFileBytes, displayPath: displayPath)
    }
}

/// Lets `concurrentPerform` write disjoint slots of one buffer.
struct UnsafeSendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(_ b: UnsafeMutableBufferPointer<T>) { buffer = b }
}
