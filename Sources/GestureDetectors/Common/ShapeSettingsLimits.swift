/// Bounds on the shape settings a thresholds file may carry.
///
/// The settings size allocations: `resampleCount` points are made per stroke and
/// `smoothingGranularity` points per raw segment, so a file saying `2000000000` made a
/// detector allocate without bound (found while writing the FuzzThresholds target, issue 8;
/// reproduced by its replay of Tests/Fuzz/Regressions/FuzzThresholds).
/// Values outside these ranges are refused when the file is decoded, naming the field.
enum ShapeSettingsLimits {
    /// Points after resampling (the presets use 32 and 64).
    static let resampleCount = 3...4096
    /// Catmull-Rom points per raw segment (Sadun's recipe uses 4).
    static let smoothingGranularity = 1...64
    /// Vertices summed when looking for a corner.
    static let cornerWindow = 1...4096

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
