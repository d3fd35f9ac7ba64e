import Foundation
import GestureData

/// Reads a dataset file by file, so one unreadable or malformed file does not hide the
/// rest: the result holds every sample that could be read and an error for each file
/// that could not. The caller decides whether to stop or to go on and say what was
/// skipped.
///
/// Files are found as `DatasetLoader` finds them: `.xml`, `.json` and `.jsonl` under the
/// folder, hidden files skipped, sorted by path; the subject falls back to the first
/// folder under the root.
public enum DatasetScan {
    public struct Result: Sendable {
        public var dataset: Dataset
        /// One error per file that could not be read, in path order.
        public var failures: [GestureDataError]
    }

    /// - Throws: `GestureDataError.unreadable` only when `path` itself does not exist or
    ///   cannot be listed.
    public static func scan(_ path: String) throws -> Result {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir) else {
            throw GestureDataError.unreadable(file: path, reason: "no such file or folder")
        }
        guard isDir.boolValue else {
            do {
                return Result(dataset: Dataset(try DatasetLoader.loadFile(root, displayPath: path, folder: nil)), failures: [])
            } catch let e as GestureDataError {
                return Result(dataset: Dataset([]), failures: [e])
            }
        }
        guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                     options: [.skipsHiddenFiles]) else {
            throw GestureDataError.unreadable(file: path, reason: "cannot list folder")
        }
        var files: [(URL, String?)] = []
        let depth = root.pathComponents.count
        for case let url as URL in e where ["xml", "json", "jsonl"].contains(url.pathExtension.lowercased()) {
            let comps = url.standardizedFileURL.pathComponents
            files.append((url, comps.count > depth + 1 ? comps[depth] : nil))
        }
        files.sort { $0.0.path < $1.0.path }
        var samples: [Sample] = []
        var failures: [GestureDataError] = []
        for (url, folder) in files {
            do {
                samples += try DatasetLoader.loadFile(url, displayPath: url.path, folder: folder)
            } catch let e as GestureDataError {
                failures.append(e)
            } catch {
                failures.append(.unreadable(file: url.path, reason: "\(error)"))
            }
        }
        return Result(dataset: Dataset(samples), failures: failures)
    }
}
