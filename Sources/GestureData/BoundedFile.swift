import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole untrusted file within a size limit, in memory bounded by that limit.
/// Used for every file a command is given: datasets, thresholds, template libraries,
/// sessions, samples, model parts.
///
/// The path is opened once and everything is checked on the opened descriptor, never on
/// the path again: `fstat` says whether it is a regular file and how large it is, and at
/// most `limit + 1` bytes are read from that descriptor. A symbolic link is followed when
/// opening (a link to a 200 MB file is refused like the file), but a path swapped for a
/// larger file after the check, or a file that grows while being read, can never make
/// the reader hold more than the limit: reading stops one byte past it and the file is
/// refused as too large. (Checking with `stat` and then reading the path once let a
/// symbolic link swapped in between read a 1 GB file.) A FIFO, a device (`/dev/zero`) or
/// a folder is refused with what it is, never read; opening does not block on a FIFO.
public enum BoundedFile {
    #if canImport(Glibc)
    private static let systemRead = Glibc.read
    #else
    private static let systemRead = Darwin.read
    #endif

    /// Largest settings-like file (thresholds, rejection thresholds, engine
    /// configuration) accepted: 1 MiB, about 400 times a trained thresholds file.
    public static let maxSettingsBytes = 1 << 20

    /// The bytes of the file at `path`.
    /// - Parameters:
    ///   - limit: the largest size accepted, in bytes.
    ///   - displayPath: the name used in errors (default `path`).
    /// - Throws: ``GestureDataError/tooLarge(file:bytes:limit:)`` when the opened file is
    ///   larger, before reading anything, or as soon as more than `limit` bytes come from
    ///   it (a file that grew after the check); ``GestureDataError/unreadable(file:reason:)``
    ///   when it is missing, not a regular file, or cannot be read.
    public static func read(_ path: String, limit: Int, displayPath: String? = nil) throws -> Data {
        try read(path, limit: limit, displayPath: displayPath, afterCheck: {})
    }

    /// ``read(_:limit:displayPath:)`` with a hook run between the size check and the read,
    /// so that tests can change the file in that window.
    static func read(_ path: String, limit: Int, displayPath: String?, afterCheck: () -> Void) throws -> Data {
        let name = displayPath ?? path
        func failure() -> GestureDataError { .unreadable(file: name, reason: String(cString: strerror(errno))) }
        // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever; it is
        // refused below by fstat. Regular files ignore the flag.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure() }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failure() }
        let kind = st.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw GestureDataError.unreadable(file: name, reason: "not a regular file (\(describe(kind))); only regular files are read")
        }
        let size = Int(st.st_size)
        if size > limit { throw GestureDataError.tooLarge(file: name, bytes: size, limit: limit) }
        afterCheck()
        // One byte more than the limit is asked for, to tell "exactly the limit" from "grew past it".
        let most = limit + 1
        var data = Data(count: min(size, limit) + 1)
        var count = 0
        while count < most {
            if count == data.count { data.count = min(data.count * 2, most) }
            let n = data.withUnsafeMutableBytes { raw in
                systemRead(fd, raw.baseAddress! + count, raw.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            if n == 0 { break }
            count += n
        }
        if count > limit { throw GestureDataError.tooLarge(file: name, bytes: max(count, size), limit: limit) }
        data.count = count
        return data
    }

    /// `a folder`, `a FIFO`, … for a `st_mode & S_IFMT` value.
    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// Refuses to write over anything but a regular file: an output path that names a
    /// device (`/dev/null`), FIFO, socket, folder or symbolic link is an error, so writing
    /// (a rename over it) never replaces a special file. A missing path is fine.
    public static func checkWritable(_ path: String) throws {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        let kind = st.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw GestureDataError.writeFailed(file: path, reason: "exists and is \(describe(kind)); GestureLab writes only regular files")
        }
    }
}
