import GestureGeometry

/// The decision half of ``CheckmarkDetector``: the book's CheckPlease rule or a trained
/// box. Stored as JSON with `"format": "gesturelab.checkmark/1"`:
///
/// ```json
/// {"format": "gesturelab.checkmark/1", "rule": "checkPlease",
///  "checkPlease": {"minAngle": 50, "maxAngle": 135, "minLength": 10}}
/// ```
/// A trained file has `"rule": "trained"`, `"settings"` (``ShapeSettings``) and `"box"`
/// (``FeatureBox`` over ``CheckmarkDetector/Shape/names``), plus an optional
/// `"provenance"` saying how it was made.
public typealias CheckmarkThresholds = DetectorThresholds<CheckmarkDetector>

/// The book's constants (CheckPlease: 50°, 135°, 10 points), tested on each raw move.
public struct CheckPleaseRule: ShapeBookRule {
    public static let ruleName = "checkPlease"
    public var minAngle: Double
    public var maxAngle: Double
    public var minLength: Double

    public init(minAngle: Double = 50, maxAngle: Double = 135, minLength: Double = 10) {
        self.minAngle = minAngle
        self.maxAngle = maxAngle
        self.minLength = minLength
    }

    /// The book's test on one move: angle in range (inclusive) and more than
    /// `minLength` drawn before it.
    public func fires(_ turn: CheckmarkDetector.RawTurn) -> Bool {
        guard let a = turn.angle else { return false }
        return a >= minAngle && a <= maxAngle && turn.lengthSoFar > minLength
    }

    /// Some raw move of the stroke fires.
    public func accepts(_ stroke: Stroke) -> Bool { CheckmarkDetector.rawTurns(stroke.points).contains(where: fires) }

    /// How many raw moves fire, of how many.
    public func explain(_ stroke: Stroke) -> BookRuleExplanation {
        let turns = CheckmarkDetector.measure(stroke).rawTurns
        let firing = turns.filter(fires).count
        return BookRuleExplanation(
            accepted: firing > 0, measurements: ["turns": Double(turns.count), "firingTurns": Double(firing)],
            why: "CheckPlease rule (\(BookRuleExplanation.format(minAngle))°–\(BookRuleExplanation.format(maxAngle))°, length > \(BookRuleExplanation.format(minLength))): \(firing) of \(turns.count) turns fire")
    }

    /// The last two raw points and the length drawn before them: O(1) per point.
    public struct Progress: Sendable {
        var last: [Point] = []
        var lengthSoFar = 0.0
        var fired = false
    }

    public func begin() -> Progress { Progress() }

    public func passes(adding p: Point, to progress: inout Progress) -> Bool {
        if progress.fired { return true }
        if progress.last.count == 2 {
            let a = progress.last[0], b = progress.last[1]
            let turn = CheckmarkDetector.RawTurn(angle: Angles.angleBetweenLines(a, b, b, p),
                                                 lengthSoFar: progress.lengthSoFar + a.distance(to: b))
            progress.lengthSoFar = turn.lengthSoFar
            progress.fired = fires(turn)
            progress.last = [b, p]
        } else {
            progress.last.append(p)
        }
        return progress.fired
    }
}

extension DetectorThresholds where D == CheckmarkDetector {
    /// The type of the book's rule (kept for the name `CheckmarkThresholds.CheckPleaseRule`).
    public typealias CheckPleaseRule = GestureDetectors.CheckPleaseRule

    /// The book's CheckPlease recognizer: 50°–135° between consecutive raw touch segments,
    /// more than 10 points drawn. Point by point on raw input, sampling-rate dependent.
    /// - SeeAlso: *Beginning iPhone Development*, "Taps, Touches, and Gestures", CheckPlease.
    public static let checkPlease = CheckmarkThresholds(rule: .book(CheckPleaseRule()),
                                                        provenance: "CheckPlease (Beginning iPhone Development): 50°, 135°, 10 points")

    /// The decision, from measured features only.
    public func accepts(_ features: CheckmarkDetector.Features) -> Bool {
        switch rule {
        case .book(let r): return features.rawTurns.contains(where: r.fires)
        case .trained: return accepts(vector: features.shape?.vector)
        }
    }
}
