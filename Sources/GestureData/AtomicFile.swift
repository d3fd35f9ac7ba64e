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
    /// - Throws: ``GestureDataError/writeFailed(file:reason:)``; the destination is untouched.
    public static func write(_ data: Data, to url: URL) throws {
        let path = url.path
        let dir = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            throw GestureDataError.writeFailed(file: path, reason: "cannot create folder \(dir.path): \(error.localizedDescription)")
        }
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
}
