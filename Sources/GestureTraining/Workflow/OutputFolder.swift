import Foundation
import GestureData
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole folder of outputs at once: every file goes into a hidden temporary
/// sibling folder, and only when all are written is that folder renamed into place
/// (rename(2) is atomic within a file system). A reader never sees a half-written
/// output folder: either the previous folder (or none) or the complete new one.
///
/// When the destination exists it is first renamed aside and removed after the swap;
/// if the swap fails the previous folder is put back.
public enum OutputFolder {
    /// Writes `files` (relative path → bytes) as the folder `url`.
    /// - Throws: `GestureDataError.writeFailed` naming the folder or file; the
    ///   temporary folder is removed and the destination left as it was.
    public static func write(_ files: [String: Data], to url: URL) throws {
        let fm = FileManager.default
        let dest = url.standardizedFileURL
        let parent = dest.deletingLastPathComponent()
        let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let tmp = parent.appendingPathComponent(".\(dest.lastPathComponent).tmp-\(tag)")
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
            try fm.createDirectory(at: tmp, withIntermediateDirectories: false)
        } catch {
            throw GestureDataError.writeFailed(file: dest.path, reason: "cannot create \(tmp.path): \(error.localizedDescription)")
        }
        do {
            for (name, data) in files.sorted(by: { $0.key < $1.key }) {
                guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
                    throw GestureDataError.writeFailed(file: dest.path, reason: "bad output file name '\(name)'")
                }
                try AtomicFile.write(data, to: tmp.appendingPathComponent(name))
            }
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: dest.path, isDirectory: &isDir) {
                guard isDir.boolValue else {
                    throw GestureDataError.writeFailed(file: dest.path, reason: "exists and is not a folder")
                }
                let old = parent.appendingPathComponent(".\(dest.lastPathComponent).old-\(tag)")
                guard rename(dest.path, old.path) == 0 else {
                    throw GestureDataError.writeFailed(file: dest.path, reason: String(cString: strerror(errno)))
                }
                if rename(tmp.path, dest.path) != 0 {
                    let reason = String(cString: strerror(errno))
                    _ = rename(old.path, dest.path)
                    throw GestureDataError.writeFailed(file: dest.path, reason: reason)
                }
                try? fm.removeItem(at: old)
            } else if rename(tmp.path, dest.path) != 0 {
                throw GestureDataError.writeFailed(file: dest.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            try? fm.removeItem(at: tmp)
            if let e = error as? GestureDataError { throw e }
            throw GestureDataError.writeFailed(file: dest.path, reason: "\(error)")
        }
    }
}
