import GestureData
import GestureGeometry

/// Strokes people draw that no user recorded: the open world a model must not fire on.
public enum OpenWorld {
    /// Label prefix of synthetic open-world strokes.
    public static let syntheticPrefix = "synthetic"

    /// `count` synthetic everyday strokes, seeded, each labelled by its kind.
    public static func synthetic(count: Int, seed: UInt64, size: Double = 200) -> [Sample] {
        guard count > 0 else { return [] }
        var rng = SeededGenerator.derived(seed: seed, stream: 2900)
        return RandomScribble(size: size, label: "random scribble").samples(count: count, using: &rng)
    }
}
