import Foundation
import GestureDetectors

/// Thresholds of any trainable detector, so training and evaluation can be written once.
/// Encodes as the detector's own versioned JSON (`gesturelab.checkmark/1`, …).
public enum DetectorThresholds: Hashable, Sendable {
    case checkmark(CheckmarkThresholds)
    case circle(CircleThresholds)

    public var kind: DetectorKind {
        switch self {
        case .checkmark: .checkmark
        case .circle: .circle
        }
    }

    /// How these thresholds were made.
    public var provenance: String? {
        get {
            switch self {
            case .checkmark(let t): t.provenance
            case .circle(let t): t.provenance
            }
        }
        set {
            switch self {
            case .checkmark(var t): t.provenance = newValue; self = .checkmark(t)
            case .circle(var t): t.provenance = newValue; self = .circle(t)
            }
        }
    }

    /// `true` for a trained box rule, `false` for a book rule.
    public var isTrained: Bool {
        switch self {
        case .checkmark(let t): if case .trained = t.rule { return true }
        case .circle(let t): if case .trained = t.rule { return true }
        }
        return false
    }

    /// Decodes thresholds of `kind` from JSON.
    /// - Throws: ``DetectorTrainingError/badThresholds(file:reason:)`` naming `file` and the
    ///   field (an unknown `format` version included).
    public static func decode(_ data: Data, kind: DetectorKind, file: String) throws -> DetectorThresholds {
        do {
            switch kind {
            case .checkmark: return .checkmark(try JSONDecoder().decode(CheckmarkThresholds.self, from: data))
            case .circle: return .circle(try JSONDecoder().decode(CircleThresholds.self, from: data))
            }
        } catch let error as DecodingError {
            throw DetectorTrainingError.badThresholds(file: file, reason: DetectorTrainingError.describe(error))
        } catch {
            throw DetectorTrainingError.badThresholds(file: file, reason: "\(error)")
        }
    }

    /// Pretty, key-sorted JSON.
    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try e.encode(self)
    }
}

extension DetectorThresholds: Codable {
    /// Decodes by looking at `format`; see ``decode(_:kind:file:)`` to insist on a kind.
    public init(from decoder: Decoder) throws {
        enum K: String, CodingKey { case format }
        let format = try decoder.container(keyedBy: K.self).decode(String.self, forKey: .format)
        if format.hasPrefix("gesturelab.circle/") {
            self = .circle(try CircleThresholds(from: decoder))
        } else {
            self = .checkmark(try CheckmarkThresholds(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .checkmark(let t): try t.encode(to: encoder)
        case .circle(let t): try t.encode(to: encoder)
        }
    }
}
