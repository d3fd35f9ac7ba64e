/// A small, fast, seedable random number generator (SplitMix64, Steele, Lea, Flood,
/// OOPSLA 2014), so every random choice in GestureLab is reproducible from a seed.
///
/// ```swift
/// var rng = SeededGenerator(seed: 42)
/// let i = Int.random(in: 0..<10, using: &rng)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent generator derived from this one's seed and `stream`, for
    /// per-fold or per-subject randomness that does not depend on iteration order.
    public static func derived(seed: UInt64, stream: UInt64) -> SeededGenerator {
        var g = SeededGenerator(seed: seed ^ (stream &* 0xD6E8_FEB8_6659_FD93))
        _ = g.next()
        return g
    }
}
