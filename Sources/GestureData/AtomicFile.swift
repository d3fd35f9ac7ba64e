import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file writes that never leave a half-written file: the bytes go to a temporary
/// file in the same folder, are flushed to disk, and the temporary file is renamed over
/// the destination (rename(2) is atomic within a file system). A reader sees either the
/// complete previous file or the complete new one.
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating missing parent folders.
    /// - Parameter removingStaleTemporaries: first remove the temporary files that earlier
    ///   writers of `url` left when they were killed (``removeStaleTemporaries(of:)``).
    ///   The sample store, which writes many files into one folder, passes `false` and
    ///   sweeps once when it opens.
    /// - Throws: ``GestureDataError/writeFailed(file:reason:)``; the destination is untouched.
    public static func write(_ data: Data, to url: URL, removingStaleTemporaries: Bool = true) throws {
        let path = url.path
        let dir = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            throw GestureDataError.writeFailed(file: path, reason: "cannot create folder \(dir.path): \(error.localizedDescription)")
        }
        try BoundedFile.checkWritable(path)  // never replace a special file: `--to /dev/null` turned the device into a file
        if removingStaleTemporaries { removeStaleTemporaries(of: url) }
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(tmp.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            throw GestureDataError.writeFailed(file: path, reason: String(cString: strerror(errno)))
        }
        var failure: String?
        data.withUnsafeBytes { (buf: UnsafeRawBufferPointer) in
            guard let base = buf.baseAddress else { return }  // empty data: nothing to write
            var offset = 0
            while offset < buf.count {
                let n = Foundation.write(fd, base + offset, buf.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno)); return
                }
                offset += n
            }
        }
        if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil && rename(tmp.path, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(tmp.path)
            throw GestureDataError.writeFailed(file: path, reason: failure)
        }
    }

    /// Removes the hidden temporaries (`.NAME.tmp-PID-N`, files or, from ``OutputFolder``,
    /// folders) that writers of `url` left beside it when they died. Those of processes
    /// still running are kept, so this is safe while another process writes `url`.
    /// - Returns: the paths removed.
    @discardableResult
    public static func removeStaleTemporaries(of url: URL) -> [String] {
        let dir = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = writerPID(ofTemporaryName: name), !processIsAlive(pid) else { continue }
            let path = dir.appendingPathComponent(name).path
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed.sorted()
    }

    /// Removes every hidden temporary (`.NAME.tmp-PID-N`, a file or a folder such as the
    /// `..model.tmp-PID-N` a killed training left) in `dir` whose writer is gone; those
    /// of processes still running are kept. Used by start-up sweeps of folders that
    /// many files are written into.
    /// - Returns: the paths removed.
    @discardableResult
    public static func removeStaleTemporaries(in dir: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        var removed: [String] = []
        for name in names where name.hasPrefix(".") {
            guard let pid = writerPID(ofTemporaryName: name), !processIsAlive(pid) else { continue }
            let path = dir.appendingPathComponent(name).path
            // unlink first: a file (the common case) needs no directory walk.
            if unlink(path) == 0 || (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed.sorted()
    }

    /// The writer's process id in a temporary name (`.NAME.tmp-PID-N`), or `nil` when
    /// `name` is not such a name.
    static func writerPID(ofTemporaryName name: String) -> pid_t? {
        guard name.hasPrefix("."), let range = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let rest = name[range.upperBound...].split(separator: "-")
        guard rest.count == 2, let pid = pid_t(rest[0]), pid > 0, UInt32(rest[1]) != nil else { return nil }
        return pid
    }

    /// Whether process `pid` exists (a process of another user counts).
    static func processIsAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
