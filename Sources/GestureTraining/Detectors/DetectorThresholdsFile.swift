import Foundation
import GestureData
import GestureDetectors

/// Reading and writing thresholds files.
public enum DetectorThresholdsFile {
    /// Loads thresholds of `kind` from `path`.
    /// - Throws: ``DetectorTrainingError/badThresholds(file:reason:)`` naming the file and
    ///   the field (unknown format versions, unknown features, missing fields).
    public static func load(_ path: String, kind: DetectorKind) throws -> AnyDetectorThresholds {
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: BoundedFile.maxSettingsBytes)  // size first: an oversized file is refused unread
        } catch let GestureDataError.tooLarge(_, bytes, limit) {
            throw DetectorTrainingError.badThresholds(file: path, reason: "file is \(bytes) bytes, over the limit of \(limit) bytes")
        } catch let GestureDataError.unreadable(_, reason) {
            throw DetectorTrainingError.badThresholds(file: path, reason: "cannot read: \(reason)")
        } catch {
            throw DetectorTrainingError.badThresholds(file: path, reason: "cannot read: \(error)")
        }
        return try AnyDetectorThresholds.decode(data, kind: kind, file: path)
    }

    /// Writes `thresholds` to `path` atomically (never half-written).
    public static func write(_ thresholds: AnyDetectorThresholds, to path: String) throws {
        try AtomicFile.write(try thresholds.encoded(), to: URL(fileURLWithPath: path))
    }
}

extension AnyDetectorThresholds {
    /// Decodes thresholds of `kind` from JSON.
    /// - Throws: ``DetectorTrainingError/badThresholds(file:reason:)`` naming `file` and the
    ///   field (an unknown `format` version included).
    public static func decode(_ data: Data, kind: DetectorKind, file: String) throws -> AnyDetectorThresholds {
        do {
            return try decode(data, kind: kind)
        } catch let error as DecodingError {
            throw DetectorTrainingError.badThresholds(file: file, reason: DetectorTrainingError.describe(error))
        } catch {
            throw DetectorTrainingError.badThresholds(file: file, reason: "\(error)")
        }
    }
}
