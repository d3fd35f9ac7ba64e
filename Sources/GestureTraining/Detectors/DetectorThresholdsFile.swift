import Foundation
import GestureData

/// Reading and writing thresholds files.
public enum DetectorThresholdsFile {
    /// Loads thresholds of `kind` from `path`.
    /// - Throws: ``DetectorTrainingError/badThresholds(file:reason:)`` naming the file and
    ///   the field (unknown format versions, unknown features, missing fields).
    public static func load(_ path: String, kind: DetectorKind) throws -> DetectorThresholds {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DetectorTrainingError.badThresholds(file: path, reason: "cannot read: \(error.localizedDescription)")
        }
        return try DetectorThresholds.decode(data, kind: kind, file: path)
    }

    /// Writes `thresholds` to `path` atomically (never half-written).
    public static func write(_ thresholds: DetectorThresholds, to path: String) throws {
        try AtomicFile.write(try thresholds.encoded(), to: URL(fileURLWithPath: path))
    }
}
