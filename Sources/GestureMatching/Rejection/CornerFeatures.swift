import Foundation
import GestureGeometry

/// How sharply a candidate turns, and where, against the templates of the label it was
/// matched to: the features ``VerifierFeatures/cornerSet`` adds.
///
/// A sharp V and a round U drawn in the same direction start, turn and end in the same
/// places; the matchers see two close shapes. What tells them apart is how the turning is
/// spread along the stroke: concentrated in one corner with straight legs on either side,
/// or spread over an arc. Each stroke (strokes joined in drawing order, uniformly scaled,
/// resampled to ``points`` points) is summarised by
///
/// - its *sharpest turn*: the largest absolute turning over three consecutive points, over π;
/// - its *concentration*: that turn over the total absolute turning (1 for a single corner,
///   small for a smooth arc);
///
/// (turning within ``endTrim`` steps of either end left out of all three: the hooks a pen
/// makes as it lands and lifts);
/// - the turn's *position* along the stroke (0 at the start, 1 at the end);
/// - the *bend of its legs*: the stroke split at that turn, the larger of the two legs'
///   greatest distance from their own chord over the chord's length (0 for straight legs);
/// - its *total turning*, over π.
///
/// The features compare these with the label's templates, never in absolute terms alone
/// (a user's chevron may be rounder than another user's), so a prior learned across people
/// can learn "a corner where this user's template has a curve":
///
/// - `corner.sharpGain`, `corner.concentrationGain`, `corner.legsGain`,
///   `corner.turningGain`: candidate minus the closest template (the one the primary
///   matcher found nearest);
/// - `corner.position`: |candidate's turn position − the closest template's|;
/// - `corner.sharpGap`, `corner.legsGap`: the smallest |candidate − template| over all the
///   label's templates (does any of the user's examples turn like this?);
/// - `corner.sharp`, `corner.templateSharp`: the candidate's and the closest template's
///   sharpest turn, for context.
public struct CornerFeatures: Sendable {
    /// Feature names, in row order (stored in model files: never reorder).
    public static let names = ["corner.sharpGain", "corner.concentrationGain", "corner.legsGain", "corner.turningGain",
                               "corner.position", "corner.sharpGap", "corner.legsGap", "corner.sharp", "corner.templateSharp"]
    /// Points each stroke is resampled to.
    public static let points = 48
    /// Turns this many resampled steps or fewer from either end are left out: pen-down and
    /// pen-up hooks turn sharply there in strokes of every shape.
    public static let endTrim = 4

    /// A gesture summarised for these features.
    public struct Prepared: Sendable, Hashable {
        /// Largest absolute turning over three consecutive points, over π.
        public var sharp: Double
        /// `sharp` over the total absolute turning (0…1; 0 for no turning).
        public var concentration: Double
        /// Where the sharpest turn is, 0…1 along the resampled points.
        public var position: Double
        /// The larger leg's greatest distance from its chord over the chord's length.
        public var legs: Double
        /// Total absolute turning, over π.
        public var turning: Double
    }

    /// Summarises `gesture`; `nil` when it has no length.
    public static func prepare(_ gesture: Gesture) -> Prepared? {
        guard let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        let pts = Stroke(fitted.allPoints).resampled(count: points).points
        return prepare(points: pts)
    }

    /// Summarises points already resampled at equal path steps.
    static func prepare(points pts: [Point]) -> Prepared? {
        guard pts.count >= 3 else { return nil }
        var turns = [Double](repeating: 0, count: pts.count)  // turns[i]: signed turning at point i
        var total = 0.0
        let lo = Swift.min(endTrim + 1, (pts.count - 1) / 2), hi = Swift.max(lo, pts.count - 1 - endTrim - 1)
        for i in lo...hi where i >= 1 && i < pts.count - 1 {
            let ax = pts[i].x - pts[i - 1].x, ay = pts[i].y - pts[i - 1].y
            let bx = pts[i + 1].x - pts[i].x, by = pts[i + 1].y - pts[i].y
            guard ax * ax + ay * ay > 0, bx * bx + by * by > 0 else { continue }
            let t = atan2(ax * by - ay * bx, ax * bx + ay * by)
            turns[i] = t
            total += abs(t)
        }
        var sharp = 0.0, at = pts.count / 2
        for i in lo...hi where i >= 1 && i < pts.count - 1 {
            let w = abs(turns[i - 1] + turns[i] + turns[i + 1])
            if w > sharp { sharp = w; at = i }
        }
        let legs = Swift.max(bend(Array(pts[0...at])), bend(Array(pts[at...])))
        let f = [sharp / .pi, total > 0 ? Swift.min(1, sharp / total) : 0, Double(at) / Double(pts.count - 1), legs, total / .pi]
        guard f.allSatisfy(\.isFinite) else { return nil }
        return Prepared(sharp: f[0], concentration: f[1], position: f[2], legs: f[3], turning: f[4])
    }

    /// Greatest distance of `pts` from the chord of its ends, over the chord's length
    /// (clamped to 4; 0 for fewer than three points).
    static func bend(_ pts: [Point]) -> Double {
        guard pts.count >= 3, let a = pts.first, let b = pts.last else { return 0 }
        let dx = b.x - a.x, dy = b.y - a.y
        let chord = (dx * dx + dy * dy).squareRoot()
        var far = 0.0
        for p in pts {
            let d = chord > 0 ? abs((p.x - a.x) * dy - (p.y - a.y) * dx) / chord : p.distance(to: a)
            far = Swift.max(far, d)
        }
        return chord > 0 ? Swift.min(4, far / chord) : 4
    }

    /// The features of `candidate` against `templates` (each with its label index): `closest`
    /// is the template the primary matcher found nearest, `label` the chosen label. Zeros when
    /// the candidate or every template of the label is `nil`.
    public static func values(candidate: Prepared?, templates: [Prepared?], templateLabels: [Int], label: Int, closest: Int?) -> [Double] {
        let zeros = [Double](repeating: 0, count: names.count)
        guard let c = candidate else { return zeros }
        var sharpGap = Double.infinity, legsGap = Double.infinity
        var nearest: Prepared?
        for (i, t) in templates.enumerated() {
            guard let t, i < templateLabels.count, templateLabels[i] == label else { continue }
            sharpGap = Swift.min(sharpGap, abs(c.sharp - t.sharp))
            legsGap = Swift.min(legsGap, abs(c.legs - t.legs))
            if nearest == nil || i == closest { nearest = t }
        }
        guard let t = nearest else { return zeros }
        return [c.sharp - t.sharp, c.concentration - t.concentration, c.legs - t.legs, c.turning - t.turning,
                abs(c.position - t.position), sharpGap, legsGap, c.sharp, t.sharp]
    }
}
