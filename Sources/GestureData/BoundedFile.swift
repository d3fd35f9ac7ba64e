import Foundation

/// Reads a whole untrusted file only after checking its size, so an oversized file is
/// refused in constant time and memory instead of being read (issue 8). Used for every
/// file a command is given: datasets, thresholds, template libraries, sessions.
public enum BoundedFile {
    /// Largest settings-like file (thresholds, rejection thresholds, engine
    /// configuration) accepted: 1 MiB, about 400 times a trained thresholds file.
    public static let maxSettingsBytes = 1 << 20

    /// The bytes of the file at `path`.
    /// - Parameter limit: the largest size accepted, in bytes.
    /// - Throws: ``GestureDataError/tooLarge(file:bytes:limit:)`` before reading anything
    ///   when the file is larger; ``GestureDataError/unreadable(file:reason:)`` when it
    ///   cannot be read.
    public static func read(_ path: String, limit: Int) throws -> Data {
        let attrs = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attrs?[.size] as? Int, size > limit {
            throw GestureDataError.tooLarge(file: path, bytes: size, limit: limit)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw GestureDataError.unreadable(file: path, reason: error.localizedDescription)
        }
    }
}
