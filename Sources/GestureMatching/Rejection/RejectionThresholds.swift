import GestureData
import Foundation

/// Per-label rejection thresholds in a matcher's native distance units, in the
/// `gesturelab.rejection/1` file format:
///
/// ```json
/// {"format": "gesturelab.rejection/1", "algorithm": "protractor", "method": "f1",
///  "thresholds": {"check": 0.31, "circle": 0.27}, "settings": {"seed": 1}}
/// ```
///
/// Measure, then decide: a matcher ranks templates; ``accepts(_:)`` decides whether the
/// best match stands. A match whose label has no threshold is rejected.
public struct RejectionThresholds: Hashable, Codable, Sendable {
    public static let format = "gesturelab.rejection/1"

    /// The algorithm whose distances the thresholds are in.
    public var algorithm: MatcherAlgorithm
    /// How they were trained (`sigma`, `f1`, `target-fpr`, …), for the record.
    public var method: String
    /// Largest accepted native distance per label.
    public var thresholds: [String: Double]
    /// Free-form provenance.
    public var settings: [String: SettingValue]
    /// The matcher settings the distances were measured with (`nil` in files written
    /// before settings were stored; such files are checked by algorithm only).
    public var matcher: MatcherSettings?

    public init(algorithm: MatcherAlgorithm, method: String, thresholds: [String: Double], settings: [String: SettingValue] = [:],
                matcher: MatcherSettings? = nil) {
        self.algorithm = algorithm
        self.method = method
        self.thresholds = thresholds
        self.settings = settings
        self.matcher = matcher
    }

    /// `true` when `match.distance` is at most its label's threshold.
    public func accepts(_ match: Match) -> Bool {
        guard let limit = thresholds[match.name] else { return false }
        return match.distance <= limit
    }

    private struct File: Codable {
        var format: String
        var algorithm: String
        var method: String
        var thresholds: [String: Double]
        var settings: [String: SettingValue]?
        var matcher: MatcherSettings?
    }

    /// Decodes and validates a thresholds file.
    /// - Throws: ``RejectionThresholdsError``: unknown format or algorithm, a non-finite
    ///   or negative threshold (naming the label).
    public static func decode(_ data: Data) throws -> RejectionThresholds {
        let f: File
        do { f = try JSONDecoder().decode(File.self, from: data) } catch {
            throw RejectionThresholdsError.malformed(reason: "\(error)")
        }
        guard f.format == format else { throw RejectionThresholdsError.unsupportedFormat(found: f.format) }
        guard let algorithm = MatcherAlgorithm(rawValue: f.algorithm) else {
            throw RejectionThresholdsError.invalidField(field: "algorithm", reason: "unknown algorithm '\(f.algorithm)'")
        }
        for (label, v) in f.thresholds where !(v.isFinite && v >= 0) {
            throw RejectionThresholdsError.invalidField(field: "thresholds.\(label)", reason: "must be a finite distance ≥ 0, found \(v)")
        }
        if let m = f.matcher, m.algorithm != algorithm {
            throw RejectionThresholdsError.invalidField(field: "matcher", reason: "settings of '\(m.algorithm.rawValue)' in a file for '\(algorithm.rawValue)'")
        }
        return RejectionThresholds(algorithm: algorithm, method: f.method, thresholds: f.thresholds, settings: f.settings ?? [:],
                                   matcher: f.matcher)
    }

    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(File(format: Self.format, algorithm: algorithm.rawValue, method: method,
                                 thresholds: thresholds, settings: settings, matcher: matcher))
    }
}

/// Bad input found while decoding rejection thresholds.
public enum RejectionThresholdsError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed(reason: String)
    case unsupportedFormat(found: String)
    case invalidField(field: String, reason: String)

    public var description: String {
        switch self {
        case .malformed(let r): return "rejection thresholds are malformed: \(r)"
        case .unsupportedFormat(let f): return "field 'format': unsupported rejection format '\(f)' (expected '\(RejectionThresholds.format)')"
        case .invalidField(let field, let r): return "field '\(field)': \(r)"
        }
    }
}
