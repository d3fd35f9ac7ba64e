import Foundation
import GestureGeometry

/// Loads a dataset from a folder (searched recursively) or a single file.
///
/// Supported: $1 XML logs (`.xml` whose root is `<Gesture>` with `<Point>` children),
/// native samples (`.json`) and native datasets (`.jsonl`, one sample a line).
/// Where a file gives no subject, the subject is the first folder under the root, which
/// is also recorded as `meta["folder"]`.
public enum DatasetLoader {
    /// Largest file accepted, in bytes.
    public static let maxFileBytes = 256 << 20

    /// Loads every supported file under `path`, sorted by path so that order is stable.
    /// - Throws: the first ``GestureDataError`` met; nothing is silently dropped.
    public static func load(_ path: String) throws -> Dataset {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir) else {
            throw GestureDataError.unreadable(file: path, reason: "no such file or folder")
        }
        if !isDir.boolValue { return Dataset(try loadFile(root, displayPath: path, folder: nil)) }
        let files = try listFiles(root)
        var results = [Result<[Sample], Error>](repeating: .success([]), count: files.count)
        results.withUnsafeMutableBufferPointer { buf in
            let out = UnsafeSendableBuffer(buf)
            DispatchQueue.concurrentPerform(iterations: files.count) { i in
                let (url, folder) = files[i]
                out.buffer[i] = Result { try loadFile(url, displayPath: url.path, folder: folder) }
            }
        }
        var samples: [Sample] = []
        for r in results { samples += try r.get() }
        return Dataset(samples)
    }

    /// Supported files under `root` with the first folder below the root (or `nil` for
    /// files directly in it), sorted by path.
    static func listFiles(_ root: URL) throws -> [(URL, String?)] {
        guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                     options: [.skipsHiddenFiles]) else {
            throw GestureDataError.unreadable(file: root.path, reason: "cannot list folder")
        }
        var out: [(URL, String?)] = []
        let rootComponents = root.pathComponents.count
        for case let url as URL in e {
            let ext = url.pathExtension.lowercased()
            guard ["xml", "json", "jsonl"].contains(ext) else { continue }
            let comps = url.standardizedFileURL.pathComponents
            let folder = comps.count > rootComponents + 1 ? comps[rootComponents] : nil
            out.append((url, folder))
        }
        return out.sorted { $0.0.path < $1.0.path }
    }

    /// Loads one file of any supported format.
    public static func loadFile(_ url: URL, displayPath: String, folder: String?) throws -> [Sample] {
        let data = try readBytes(url, displayPath: displayPath)
        var samples: [Sample]
        switch url.pathExtension.lowercased() {
        case "xml":
            samples = [try DollarOneXMLReader.read(data, file: displayPath, fallbackSubject: folder)]
        case "jsonl":
            samples = try JSONLines.decode(data, file: displayPath)
        default:
            samples = [try NativeSampleCodec.decode(data, file: displayPath)]
        }
        if let folder {
            for i in samples.indices {
                samples[i].meta["folder"] = folder
                if samples[i].subject == nil { samples[i].subject = folder }
            }
        }
        return samples
    }

    static func readBytes(_ url: URL, displayPath: String) throws -> Data {
        let attrs = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attrs?[.size] as? Int, size > maxFileBytes {
            throw GestureDataError.tooLarge(file: displayPath, bytes: size, limit: maxFileBytes)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw GestureDataError.unreadable(file: displayPath, reason: error.localizedDescription)
        }
    }
}

/// Lets `concurrentPerform` write disjoint slots of one buffer.
struct UnsafeSendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(_ b: UnsafeMutableBufferPointer<T>) { buffer = b }
}

/// `.jsonl` datasets: one native sample per non-blank line.
public enum JSONLines {
    /// Decodes every line; errors name the line number (1-based).
    public static func decode(_ data: Data, file: String) throws -> [Sample] {
        var samples: [Sample] = []
        var lineNumber = 0
        var start = data.startIndex
        while start < data.endIndex {
            lineNumber += 1
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            let line = data[start..<end]
            start = end < data.endIndex ? data.index(after: end) : end
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            samples.append(try NativeSampleCodec.decode(Data(line), file: file, location: .line(lineNumber)))
        }
        return samples
    }

    /// One compact JSON object a line, each ending in a newline.
    public static func encode(_ samples: [Sample]) throws -> Data {
        var out = Data()
        for s in samples {
            out.append(try NativeSampleCodec.encode(s))
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }
}
