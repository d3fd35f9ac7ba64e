/// Checks the `format` field of a thresholds file (README, Data formats: thresholds are their own
/// small versioned JSON, e.g. `gesturelab.checkmark/1`).
enum ThresholdsFormat {
    static let key = "format"

    /// Throws a `DecodingError` naming the field, what was found and what is supported,
    /// unless `found` is exactly `expected`. Unknown versions are never loaded as nothing.
    static func check<K: CodingKey>(_ found: String, expected: String, key: K,
                                    in container: KeyedDecodingContainer<K>) throws {
        guard found == expected else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "unsupported thresholds format '\(found)'; this version reads '\(expected)'")
        }
    }
}
