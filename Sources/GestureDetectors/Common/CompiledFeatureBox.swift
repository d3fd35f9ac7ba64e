/// A ``FeatureBox`` laid out by feature index, for deciding on feature vectors without
/// building a dictionary per decision.
///
/// ```swift
/// let box = CompiledFeatureBox(FeatureBox(["closure": FeatureInterval(upper: 0.2)]), names: ["closure"])
/// box.accepts([0.1])   // true
/// ```
/// Same decisions and margins as ``FeatureBox/accepts(_:)`` and ``FeatureBox/margin(_:)``
/// on the vector named by `names`; a bounded feature missing from `names` rejects
/// everything (as a missing value does in the box).
public struct CompiledFeatureBox: Hashable, Sendable {
    public let indices: [Int]
    public let intervals: [FeatureInterval]
    /// `false` when the box bounds a feature `names` does not have.
    public let complete: Bool

    public init(_ box: FeatureBox, names: [String]) {
        let bounded = names.indices.filter { box.intervals[names[$0]] != nil }
        indices = bounded
        intervals = bounded.map { box.intervals[names[$0]] ?? FeatureInterval() }
        complete = box.intervals.keys.allSatisfy(names.contains)
    }

    /// `true` when every bounded value is finite and inside its interval.
    public func accepts(_ v: [Double]) -> Bool {
        guard complete else { return false }
        for (k, j) in indices.enumerated() where !(j < v.count && intervals[k].contains(v[j])) { return false }
        return true
    }

    /// The smallest normalised margin over the bounded features (≥ 0 exactly when accepted).
    public func margin(_ v: [Double]) -> Double {
        guard complete else { return -.infinity }
        var m = Double.infinity
        for (k, j) in indices.enumerated() {
            guard j < v.count else { return -.infinity }
            m = Swift.min(m, intervals[k].margin(v[j]))
        }
        return m
    }
}
