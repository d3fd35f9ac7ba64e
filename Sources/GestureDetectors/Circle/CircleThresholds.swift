import GestureGeometry

/// The decision half of ``CircleDetector``. Stored as JSON with
/// `"format": "gesturelab.circle/1"` and `"rule": "sadun"` (with `"sadun": {…}`) or
/// `"rule": "trained"` (with `"settings"` and `"box"`), plus an optional `"provenance"`.
public typealias CircleThresholds = DetectorThresholds<CircleDetector>

/// Sadun's constants (iOS 6/7 cookbook), tested on the whole raw stroke.
public struct SadunRule: ShapeBookRule {
    public static let ruleName = "sadun"
    /// Longest gesture, seconds (2); `nil` turns the test off. Skipped when the stroke
    /// has no times.
    public var maxDuration: Double?
    /// Most inflections allowed (5); `nil` turns the test off.
    public var maxInflections: Int?
    /// Largest start–end distance: a third of the view width (320 / 3 points).
    public var maxClosureDistance: Double
    /// The band on transit − 2π: [−π/4, +π].
    public var minExcess: Double
    public var maxExcess: Double

    public init(maxDuration: Double? = 2, maxInflections: Int? = 5, maxClosureDistance: Double = 320.0 / 3,
                minExcess: Double = -Double.pi / 4, maxExcess: Double = Double.pi) {
        self.maxDuration = maxDuration
        self.maxInflections = maxInflections
        self.maxClosureDistance = maxClosureDistance
        self.minExcess = minExcess
        self.maxExcess = maxExcess
    }

    /// Sadun's test, in her order.
    public func accepts(_ m: CircleDetector.SadunMeasures) -> Bool {
        if m.pointCount < 2 { return false }
        if let limit = maxDuration, let d = m.duration, d > limit { return false }
        if let limit = maxInflections, m.inflections > limit { return false }
        if m.closureDistance > maxClosureDistance { return false }
        let excess = m.transit - 2 * .pi
        return excess >= minExcess && excess <= maxExcess
    }

    /// Sadun's test on the raw points.
    public func accepts(_ stroke: Stroke) -> Bool {
        CircleDetector.sadunMeasures(stroke.points).map(accepts) ?? false
    }

    /// Inflections, closure and transit against the constants.
    public func explain(_ stroke: Stroke) -> BookRuleExplanation {
        guard let s = CircleDetector.measure(stroke).sadun else {
            return BookRuleExplanation(accepted: false, measurements: [:], why: "too few points for Sadun's test")
        }
        var m: [String: Double] = ["points": Double(s.pointCount), "inflections": Double(s.inflections),
                                   "closureDistance": s.closureDistance, "transitMinus2Pi": s.transit - 2 * .pi]
        if let d = s.duration { m["duration"] = d }
        let f = BookRuleExplanation.format
        return BookRuleExplanation(
            accepted: accepts(s), measurements: m,
            why: "Sadun's circle test: \(s.inflections) inflections, closure \(f(s.closureDistance)) pt, transit − 2π = \(f(s.transit - 2 * .pi)) rad")
    }
}

extension DetectorThresholds where D == CircleDetector {
    /// The type of Sadun's rule (kept for the name `CircleThresholds.SadunRule`).
    public typealias SadunRule = GestureDetectors.SadunRule

    /// Sadun's circle test (iOS 6/7 cookbook): 2 s, 5 inflections, closure a third of a
    /// 320-point view, bounding-box centre, transit − 2π in [−π/4, +π].
    /// - SeeAlso: Sadun, *The iOS Developer's Cookbook*, "Detecting Circles".
    public static let sadun = CircleThresholds(
        rule: .book(SadunRule()),
        provenance: "Sadun, iOS Developer's Cookbook (iOS 6/7): 2 s, 5 inflections, closure 320/3, band [-pi/4, +pi]")

    /// Sadun's test without the inflection count, for comparison (README, Detectors: the book's figures). The 2 s
    /// test stays: on the $1 logs it rejects the slow circles that the inflection test
    /// would otherwise have rejected (see ``sadunShapeOnly``).
    public static let sadunWithoutInflectionTest = CircleThresholds(
        rule: .book(SadunRule(maxInflections: nil)),
        provenance: "Sadun's circle test with the inflection test turned off")

    /// Sadun's closure and transit tests only (no inflection count, no 2 s limit): what
    /// the book's "without inflection test" figure (98 % / 33 %) corresponds to.
    public static let sadunShapeOnly = CircleThresholds(
        rule: .book(SadunRule(maxDuration: nil, maxInflections: nil)),
        provenance: "Sadun's circle test with the inflection and duration tests turned off")

    /// The decision, from measured features only.
    public func accepts(_ features: CircleDetector.Features) -> Bool {
        switch rule {
        case .book(let r): return features.sadun.map(r.accepts) ?? false
        case .trained: return accepts(vector: features.shape?.vector)
        }
    }
}
