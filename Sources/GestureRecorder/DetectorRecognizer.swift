import GestureDetectors
import GestureGeometry
import GestureTraining

/// A rule-based detector (any registered ``GestureDetectors/DetectorKind``: a book preset,
/// trained thresholds, or the general shape detector trained for a label) as a recorder
/// hook: it measures the drawn stroke and lets its thresholds decide (GestureDetectors),
/// reporting the features behind the decision.
///
/// ```swift
/// let check = DetectorRecognizer(thresholds: AnyDetectorThresholds(CheckmarkThresholds.checkPlease), source: "preset checkPlease")
/// check.recognize(gesture)   // [RecognitionResult(name: "checkmark detector", recognized: true, …)]
/// ```
///
/// The detectors read one stroke, as the training and evaluation code does: a multistroke
/// sample is reported as not recognized, saying why. A trained box reports its margin
/// (≥ 0 inside the box, in units of each feature's trained spread) in `measurements`;
/// a book rule decides yes/no and reports its raw measures (``GestureDetectors/ShapeBookRule/explain(_:)``).
/// There is no 0…1 score for detectors, so `score` stays `nil`.
public struct DetectorRecognizer: SampleRecognizer {
    public let thresholds: AnyDetectorThresholds
    /// Where the thresholds came from (a file path or a preset name), shown on the page.
    public let source: String

    public init(thresholds: AnyDetectorThresholds, source: String) {
        self.thresholds = thresholds
        self.source = source
    }

    /// `checkmark detector`, `circle detector` (also for general-shape thresholds trained
    /// for check marks or circles, which stand for them: ``GestureDetectors/AnyDetectorThresholds/role``),
    /// or for a detector trained per label `shape detector for 'LABEL'`.
    public var name: String {
        let role = thresholds.role
        if role.shapeName == nil { return "\(role.rawValue) detector for '\(thresholds.label ?? "?")'" }
        return "\(role.rawValue) detector"
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
        guard let e = thresholds.base.explainBookRule(stroke) else { return [] }  // not reached: trained above
        return [result(e.accepted, e.measurements, e.why)]
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
        let what = thresholds.role.shapeName ?? thresholds.label.map { "'\($0)'" } ?? "the shape"
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
    /// however large (a 1e19 coordinate trapped in `Int(_:)` and killed the server).
    static func fmt(_ x: Double) -> String { BookRuleExplanation.format(x) }
}
