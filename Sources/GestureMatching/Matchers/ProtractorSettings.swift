/// How Protractor treats the rotation between a candidate and a template.
public enum ProtractorRotation: Hashable, Codable, Sendable {
    /// Rotation invariant: both are rotated by their indicative angle, then the closed-form
    /// best rotation θ = atan(b/a) is applied without limit (Li, CHI 2010).
    case invariant
    /// Orientation aware: the indicative angle is snapped to the nearest of 8 base
    /// orientations (Li's orientation-sensitive mode), and the closed-form rotation is
    /// clamped to ±`maxRadians`.
    case bounded(maxRadians: Double)
    /// Orientation aware, no rotation search: snapped to 8 base orientations, distance
    /// `acos(a)`.
    case sensitive
}

/// Settings of the Protractor recognizer; defaults are the paper's.
public struct ProtractorSettings: Hashable, Codable, Sendable {
    /// Points after resampling. 16: Protractor (Li, CHI 2010) found 16 as accurate as 64.
    public var points: Int = 16
    /// Rotation handling; `.invariant` as in the $1 comparison of Li's paper.
    public var rotation: ProtractorRotation = .invariant

    public init(points: Int = 16, rotation: ProtractorRotation = .invariant) {
        self.points = points
        self.rotation = rotation
    }
    public static let `default` = ProtractorSettings()
}

/// Which arithmetic computes Protractor's dot products.
public enum ScoringPath: String, CaseIterable, Codable, Sendable {
    /// The BLAS products (`BLASScorer`: Accelerate, OpenBLAS, or without a BLAS its
    /// plain-Swift products): sgemm for one candidate and for a batch.
    case blas
    /// A plain Swift loop (for tests and benchmarks).
    case scalar
}
