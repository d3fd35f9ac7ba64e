/// An interval on one measured feature, with the scale used to express how far a value
/// lies inside it.
///
/// Either side may be open (`nil`). `scale` is a typical spread of the feature among the
/// positives the interval was trained on; ``FeatureBox/margin(_:)`` divides distances by
/// it so that margins on different features are comparable.
public struct FeatureInterval: Hashable, Codable, Sendable {
    public var lower: Double?
    public var upper: Double?
    /// Positive spread used to normalise margins; 1 when unknown.
    public var scale: Double

    public init(lower: Double? = nil, upper: Double? = nil, scale: Double = 1) {
        self.lower = lower
        self.upper = upper
        self.scale = scale
    }

    /// `true` when `value` is finite and inside both sides (bounds included).
    public func contains(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        if let lower, value < lower { return false }
        if let upper, value > upper { return false }
        return true
    }

    /// Signed distance to the nearer bound in units of `scale`: positive inside, negative
    /// outside; `+infinity` when both sides are open; `-infinity` for a non-finite value.
    public func margin(_ value: Double) -> Double {
        guard value.isFinite else { return -.infinity }
        let s = scale > 0 && scale.isFinite ? scale : 1
        var m = Double.infinity
        if let lower { m = Swift.min(m, (value - lower) / s) }
        if let upper { m = Swift.min(m, (upper - value) / s) }
        return m
    }

    /// The interval widened just enough to contain `value` (unchanged for a non-finite
    /// value or one already inside).
    public func including(_ value: Double) -> FeatureInterval {
        guard value.isFinite else { return self }
        var out = self
        if let l = lower, value < l { out.lower = value }
        if let u = upper, value > u { out.upper = value }
        return out
    }
}

/// A box in feature space: one ``FeatureInterval`` per named feature. A feature vector is
/// accepted when every bounded feature lies inside its interval. This is the decision a
/// trained detector makes; training picks the intervals.
///
/// ```swift
/// let box = FeatureBox(["legRatio": FeatureInterval(lower: 1.2, upper: 4)])
/// box.accepts(["legRatio": 2.0])   // true
/// ```
/// Edge cases: a feature named in the box but missing from the vector, or non-finite,
/// rejects. Features of the vector the box does not name are ignored.
public struct FeatureBox: Hashable, Codable, Sendable {
    public var intervals: [String: FeatureInterval]

    public init(_ intervals: [String: FeatureInterval] = [:]) { self.intervals = intervals }

    public func accepts(_ values: [String: Double]) -> Bool {
        for (name, interval) in intervals {
            guard let v = values[name], interval.contains(v) else { return false }
        }
        return true
    }

    /// The smallest normalised margin over the bounded features: ≥ 0 exactly when
    /// ``accepts(_:)`` holds (up to the sign of zero). A decision value for ROC curves:
    /// growing every interval by `k · scale` accepts the vectors whose margin is ≥ −k.
    public func margin(_ values: [String: Double]) -> Double {
        var m = Double.infinity
        for (name, interval) in intervals {
            guard let v = values[name] else { return -.infinity }
            m = Swift.min(m, interval.margin(v))
        }
        return m
    }

    /// The box widened just enough to accept `values`: each bounded feature's interval
    /// grows to contain its value. Training uses it so that reference shapes (an ideal
    /// circle) are never rejected by bounds that the recorded positives happened to set.
    public func including(_ values: [String: Double]) -> FeatureBox {
        var out = self
        for (name, interval) in intervals {
            if let v = values[name] { out.intervals[name] = interval.including(v) }
        }
        return out
    }

    /// The median of several boxes trained for the same measures (bagging): for each feature
    /// every box bounds, the median of their lower bounds and the median of their upper
    /// bounds (an open side counts as −∞ or +∞), and the median scale. With an even count
    /// the wider of the two middle values is taken on each side. Features that not every box
    /// bounds are left open.
    ///
    /// ```swift
    /// let a = FeatureBox(["x": FeatureInterval(lower: 0, upper: 1)])
    /// let b = FeatureBox(["x": FeatureInterval(lower: 0.2, upper: 3)])
    /// let c = FeatureBox(["x": FeatureInterval(lower: 0.1, upper: 2)])
    /// let middle = FeatureBox.median([a, b, c])   // x from 0.1 to 2
    /// ```
    /// Edge cases: no boxes gives an empty box (accepts everything); one box is returned as is.
    public static func median(_ boxes: [FeatureBox]) -> FeatureBox {
        guard let first = boxes.first else { return FeatureBox() }
        guard boxes.count > 1 else { return first }
        var out: [String: FeatureInterval] = [:]
        let n = boxes.count
        for name in first.intervals.keys {
            let intervals = boxes.compactMap { $0.intervals[name] }
            guard intervals.count == n else { continue }
            let lowers = intervals.map { $0.lower ?? -.infinity }.sorted()
            let uppers = intervals.map { $0.upper ?? .infinity }.sorted()
            let scales = intervals.map(\.scale).sorted()
            let lower = lowers[(n - 1) / 2], upper = uppers[n / 2]
            out[name] = FeatureInterval(lower: lower.isFinite ? lower : nil, upper: upper.isFinite ? upper : nil,
                                        scale: n % 2 == 1 ? scales[n / 2] : (scales[n / 2 - 1] + scales[n / 2]) / 2)
        }
        return FeatureBox(out)
    }
}
