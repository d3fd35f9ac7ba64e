import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole untrusted file only after checking its size, so an oversized file is
/// refused in constant time and memory instead of being read (issue 8). Used for every
/// file a command is given: datasets, thresholds, template libraries, sessions, samples.
///
/// The check is on what the path finally names (`stat`, following symbolic links: a
/// link to a 200 MB file is refused like the file), and only regular files are read: a
/// FIFO, a device (`/dev/zero`) or a folder is refused with what it is, never read.
public enum BoundedFile {
    /// Largest settings-like file (thresholds, rejection thresholds, engine
    /// configuration) accepted: 1 MiB, about 400 times a trained thresholds file.
    public static let maxSettingsBytes = 1 << 20

    /// The bytes of the file at `path`.
    /// - Parameters:
    ///   - limit: the largest size accepted, in bytes.
    ///   - displayPath: the name used in errors (default `path`).
    /// - Throws: ``GestureDataError/tooLarge(file:bytes:limit:)`` before reading anything
    ///   when the file is larger; ``GestureDataError/unreadable(file:reason:)`` when it is
    ///   missing, not a regular file, or cannot be read.
    public static func read(_ path: String, limit: Int, displayPath: String? = nil) throws -> Data {
        let name = displayPath ?? path
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw GestureDataError.unreadable(file: name, reason: String(cString: strerror(errno)))
        }
        let kind = st.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw GestureDataError.unreadable(file: name, reason: "not a regular file (\(describe(kind))); only regular files are read")
        }
        if Int(st.st_size) > limit {
            throw GestureDataError.tooLarge(file: name, bytes: Int(st.st_size), limit: limit)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw GestureDataError.unreadable(file: name, reason: error.localizedDescription)
        }
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
