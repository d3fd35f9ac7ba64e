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
/// When the destination exists, the new folder and the previous one are exchanged
/// atomically (`renameat2(RENAME_EXCHANGE)`, Linux 3.15+) and the previous one is then
/// removed. Where that call is missing, the previous folder is renamed aside first and
/// put back if the second rename fails (a kill between the two renames then leaves the
/// previous folder under its hidden `.old-` name).
///
/// Only a folder GestureLab wrote is replaced: every output folder gets a marker file
/// (``markerFile``) listing the files written, and an existing destination is replaced
/// only when it is empty or holds nothing but the files its marker lists. Anything else —
/// a folder of the user's own files, the current folder, the input — is refused, naming
/// the folder and a file that would be lost.
public enum OutputFolder {
    /// The marker in every folder GestureLab writes: JSON `{"format": "gesturelab.output/1", "files": [...]}`.
    public static let markerFile = ".gesturelab-output"
    static let markerFormat = "gesturelab.output/1"

    /// Writes `files` (relative path → bytes) as the folder `url`.
    /// - Throws: `GestureDataError.writeFailed` naming the folder or file; the
    ///   temporary folder is removed and the destination left as it was. A destination
    ///   that holds files GestureLab did not write is refused and left untouched.
    public static func write(_ files: [String: Data], to url: URL) throws {
        let fm = FileManager.default
        let dest = url.standardizedFileURL
        try checkReplaceable(dest)
        var files = files
        files[markerFile] = try JSONSerialization.data(
            withJSONObject: ["format": markerFormat, "files": files.keys.sorted()], options: [.sortedKeys, .withoutEscapingSlashes])
        let parent = dest.deletingLastPathComponent()
        let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let tmp = parent.appendingPathComponent(".\(dest.lastPathComponent).tmp-\(tag)")
        AtomicFile.removeStaleTemporaries(of: dest)  // folders left by killed writers
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
                try AtomicFile.write(data, to: tmp.appendingPathComponent(name), removingStaleTemporaries: false)
            }
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: dest.path, isDirectory: &isDir) {
                guard isDir.boolValue else {
                    throw GestureDataError.writeFailed(file: dest.path, reason: "exists and is not a folder")
                }
                // Issue 8: swap the two folders in one step where the system can
                // (renameat2 RENAME_EXCHANGE on Linux); with two renames, a kill between
                // them left no folder at the destination at all.
                if FolderExchange.exchange(tmp.path, dest.path) {
                    try? fm.removeItem(at: tmp)  // now holds the previous folder
                    return
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

extension OutputFolder {
    /// Refuses a destination GestureLab may not replace: anything but a folder, or a
    /// folder holding a file that is neither listed in its marker nor, for folders written
    /// before markers existed, one of a GestureLab model's or report's own files.
    static func checkReplaceable(_ dest: URL) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: dest.path, isDirectory: &isDir) else { return }
        guard isDir.boolValue else { throw GestureDataError.writeFailed(file: dest.path, reason: "exists and is not a folder") }
        let entries: [String]
        do { entries = try fm.contentsOfDirectory(atPath: dest.path).sorted() } catch {
            throw GestureDataError.writeFailed(file: dest.path, reason: "cannot list the existing folder: \(error.localizedDescription)")
        }
        if entries.isEmpty { return }
        var allowed: Set<String> = []
        if let data = fm.contents(atPath: dest.appendingPathComponent(markerFile).path),
           let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any], o["format"] as? String == markerFormat,
           let listed = o["files"] as? [String] {
            allowed = Set(listed + [markerFile])
        } else if isLegacyOutput(dest, entries: entries) {
            allowed = Set(entries)
        }
        if let foreign = entries.first(where: { !allowed.contains($0) }) {
            throw GestureDataError.writeFailed(
                file: dest.path,
                reason: "the folder holds files GestureLab did not write (\(foreign)\(entries.count > 1 ? " and \(entries.count - 1) more" : "")); it is replaced as a whole, so it was left untouched: choose a new or empty folder")
        }
    }

    /// A model or report folder written before markers: only `.json`, `.md` and `.svg`
    /// files, one of them a `manifest.json` or `report.json` of a GestureLab format.
    static func isLegacyOutput(_ dest: URL, entries: [String]) -> Bool {
        guard entries.allSatisfy({ e in [".json", ".md", ".svg"].contains { e.hasSuffix($0) } && !e.hasPrefix(".") }) else { return false }
        for name in ["manifest.json", "report.json"] where entries.contains(name) {
            if let data = FileManager.default.contents(atPath: dest.appendingPathComponent(name).path),
               let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
               (o["format"] as? String)?.hasPrefix("gesturelab.") == true {
                return true
            }
        }
        return false
    }
}

/// Atomic exchange of two paths, looked up at run time: `renameat2` is in glibc 2.28+ but
/// not in Swift's Glibc module.
enum FolderExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    private static let renameat2: RenameAt2? = {
        #if os(Linux)
        guard let symbol = dlsym(nil, "renameat2") else { return nil }  // nil is RTLD_DEFAULT
        return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
        return nil
        #endif
    }()

    /// Exchanges `a` and `b` in one step; `false` when the system cannot (then nothing
    /// changed).
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        guard let f = renameat2 else { return false }
        let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE, linux/fs.h
        return f(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
        return false
        #endif
    }
}
