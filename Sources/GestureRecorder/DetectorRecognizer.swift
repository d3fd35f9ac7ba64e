import GestureDetectors
import GestureGeometry
import GestureTraining

/// A rule-based detector (check mark, circle, or the general shape detector for a label) as a recorder hook: it measures the
/// drawn stroke and lets its thresholds decide (GestureDetectors), reporting the features
/// behind the decision.
///
/// ```swift
/// let check = DetectorRecognizer(thresholds: .checkmark(.checkPlease), source: "preset checkPlease")
/// check.recognize(gesture)   // [RecognitionResult(name: "checkmark detector", recognized: true, …)]
/// ```
///
/// The detectors read one stroke, as the training and evaluation code does: a multistroke
/// sample is reported as not recognized, saying why. A trained box reports its margin
/// (≥ 0 inside the box, in units of each feature's trained spread) in `measurements`;
/// the book presets (CheckPlease, Sadun) decide yes/no and report their raw measures.
/// There is no 0…1 score for detectors, so `score` stays `nil`.
public struct DetectorRecognizer: SampleRecognizer {
    public let thresholds: AnyDetectorThresholds
    /// Where the thresholds came from (a file path or a preset name), shown on the page.
    public let source: String

    public init(thresholds: AnyDetectorThresholds, source: String) {
        self.thresholds = thresholds
        self.source = source
    }

    /// `checkmark detector`, `circle detector`, or `shape detector for 'LABEL'`.
    public var name: String {
        if case .shape(let t) = thresholds { return "shape detector for '\(t.label ?? "?")'" }
        return "\(thresholds.kind.rawValue) detector"
    }

    public func recognize(_ gesture: Gesture) -> [RecognitionResult] {
        guard gesture.strokes.count == 1, let stroke = gesture.strokes.first else {
            return [result(false, [:], "reads one stroke; this sample has \(gesture.strokes.count) strokes")]
        }
        if let (settings, box) = thresholds.trainedBox {
            let detector = thresholds.kind.detector
            let vector = detector.featureVector(stroke, settings: settings)
            let values = vector.map { Dictionary(uniqueKeysWithValues: zip(detector.featureNames, $0)) }
            let compiled = CompiledFeatureBox(box, names: detector.featureNames)
            let margin = vector.map(compiled.margin) ?? -.infinity
            return [trainedResult(vector.map(compiled.accepts) ?? false, shapeValues: values, margin: margin, box: box)]
        }
        switch thresholds {
        case .checkmark(let t):
            let features = CheckmarkDetector(thresholds: t).measure(stroke)
            let fires = t.accepts(features)
            guard case .book(let rule) = t.rule else { return [] }
            let firing = features.rawTurns.filter(rule.fires).count
            let m: [String: Double] = ["turns": Double(features.rawTurns.count), "firingTurns": Double(firing)]
            return [result(fires, m, "CheckPlease rule (\(Self.fmt(rule.minAngle))°–\(Self.fmt(rule.maxAngle))°, length > \(Self.fmt(rule.minLength))): \(firing) of \(features.rawTurns.count) turns fire")]
        case .circle(let t):
            let features = CircleDetector(thresholds: t).measure(stroke)
            guard let s = features.sadun else {
                return [result(false, [:], "too few points for Sadun's test")]
            }
            var m: [String: Double] = ["points": Double(s.pointCount), "inflections": Double(s.inflections),
                                       "closureDistance": s.closureDistance, "transitMinus2Pi": s.transit - 2 * .pi]
            if let d = s.duration { m["duration"] = d }
            return [result(t.accepts(features), m, "Sadun's circle test: \(s.inflections) inflections, closure \(Self.fmt(s.closureDistance)) pt, transit − 2π = \(Self.fmt(s.transit - 2 * .pi)) rad")]
        case .shape:
            return []  // no book rule: always trained (above)
        }
    }

    /// The result of a trained feature box in plain words: accepted, or rejected naming
    /// the feature farthest outside its trained range; the shape's features (none when the
    /// stroke has too few distinct points) and the finite margin (≥ 0 inside the box, in
    /// units of each feature's trained spread) in `measurements`.
    private func trainedResult(_ fires: Bool, shapeValues: [String: Double]?, margin: Double,
                               box: FeatureBox) -> RecognitionResult {
        var m = shapeValues ?? [:]
        if margin.isFinite { m["margin"] = margin }
        guard let values = shapeValues else { return result(false, m, "rejected: too few distinct points to measure a shape") }
        let what: String
        switch thresholds {
        case .checkmark: what = "a check mark"
        case .circle: what = "a circle"
        case .shape(let t): what = t.label.map { "'\($0)'" } ?? "the shape"
        }
        if fires {
            return result(true, m, "accepted as \(what): every feature within its trained range (margin \(Self.fmt(margin)))")
        }
        var worst: (name: String, margin: Double)?
        for name in box.intervals.keys.sorted() {
            guard let interval = box.intervals[name], let v = values[name] else { continue }
            let mm = interval.margin(v)
            if worst == nil || mm < worst!.margin { worst = (name, mm) }
        }
        let which = worst.map { "\($0.name) outside its trained range" } ?? "outside the trained ranges"
        let why = "rejected: not \(what), \(which) (margin \(Self.fmt(margin)); 0 or more accepts)"
        return result(false, m, why)
    }

    private func result(_ fires: Bool, _ measurements: [String: Double], _ why: String) -> RecognitionResult {
        RecognitionResult(name: name, kind: .detector, recognized: fires, measurements: measurements,
                          detail: "\(why) [\(Self.shortSource(source))]")
    }

    /// A thresholds file named by its folder and file (`templates/checkmark.json`), not by
    /// an absolute path that means nothing on the page; preset names unchanged.
    static func shortSource(_ source: String) -> String {
        guard source.hasPrefix("/") else { return source }
        let parts = source.split(separator: "/")
        return parts.suffix(2).joined(separator: "/")
    }

    /// Two decimals at most; whole numbers without them. Any finite value is formatted,
    /// however large (issue 13: a 1e19 coordinate trapped in `Int(_:)` and killed the server).
    static func fmt(_ x: Double) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x > 0 ? "∞" : "−∞") }
        guard abs(x) < 1e12 else { return String(format: "%.3g", x) }
        let r = (x * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
