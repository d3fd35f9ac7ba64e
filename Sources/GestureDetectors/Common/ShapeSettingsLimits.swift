/// Bounds on the shape settings a thresholds file may carry.
///
/// The settings size allocations: `resampleCount` points are made per stroke and
/// `smoothingGranularity` points per raw segment, so a file saying `2000000000` made a
/// detector allocate without bound (found while writing the FuzzThresholds target, issue 8;
/// reproduced by its replay of Tests/Fuzz/Regressions/FuzzThresholds).
/// Values outside these ranges are refused when the file is decoded, naming the field.
enum ShapeSettingsLimits {
    /// Points after resampling (the presets use 32 and 64). Issue 13: 4096 with the other
    /// maxima cost ~50 s per 10 000-point stroke in streaming, which re-measures every
    /// prefix; 512 is 8–16 times the presets.
    static let resampleCount = 3...512
    /// Catmull-Rom points per raw segment (Sadun's recipe uses 4).
    static let smoothingGranularity = 1...16
    /// Vertices summed when looking for a corner (the presets use 3).
    static let cornerWindow = 1...64

    /// Throws a `DecodingError` at `key` unless every value is in range and
    /// `cornerDegrees` is finite.
    static func check<K: CodingKey>(resampleCount: Int, smoothingGranularity: Int, cornerWindow: Int,
                                    cornerDegrees: Double, key: K, in container: KeyedDecodingContainer<K>) throws {
        let ranges: [(String, Int, ClosedRange<Int>)] = [
            ("resampleCount", resampleCount, Self.resampleCount),
            ("smoothingGranularity", smoothingGranularity, Self.smoothingGranularity),
            ("cornerWindow", cornerWindow, Self.cornerWindow),
        ]
        for (field, value, range) in ranges where !range.contains(value) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\(field) is \(value); allowed: \(range.lowerBound)…\(range.upperBound)")
        }
        guard cornerDegrees.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                   debugDescription: "cornerDegrees must be a finite number")
        }
    }
}

/// What ``ShapeSettingsLimits`` bounds; both detectors' `ShapeSettings` have these fields.
protocol BoundedShapeSettings: Decodable {
    var resampleCount: Int { get }
    var smoothingGranularity: Int { get }
    var cornerWindow: Int { get }
    var cornerDegrees: Double { get }
    static var `default`: Self { get }
}

extension CheckmarkDetector.ShapeSettings: BoundedShapeSettings {}
extension CircleDetector.ShapeSettings: BoundedShapeSettings {}

/// Decoding of a `"rule": "trained"` thresholds file, shared by the check-mark and circle
/// thresholds: the feature box (every feature name must be one of `known`) and the shape
/// settings (default when absent, bounded by ``ShapeSettingsLimits``).
enum TrainedRuleDecoding {
    static func decode<S: BoundedShapeSettings, K: CodingKey>(
        _: S.Type, from c: KeyedDecodingContainer<K>, boxKey: K, settingsKey: K, known: [String], kind: String
    ) throws -> (settings: S, box: FeatureBox) {
        let box = try c.decode(FeatureBox.self, forKey: boxKey)
        if let unknown = box.intervals.keys.sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorruptedError(
                forKey: boxKey, in: c,
                debugDescription: "unknown \(kind) feature '\(unknown)'; known: \(known.joined(separator: ", "))")
        }
        let settings = try c.decodeIfPresent(S.self, forKey: settingsKey) ?? S.default
        try ShapeSettingsLimits.check(resampleCount: settings.resampleCount,  // issue 8: bounded allocations
                                      smoothingGranularity: settings.smoothingGranularity,
                                      cornerWindow: settings.cornerWindow, cornerDegrees: settings.cornerDegrees,
                                      key: settingsKey, in: c)
        return (settings, box)
    }
}
