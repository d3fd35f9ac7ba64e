import Foundation
import GestureGeometry

/// How a candidate is turned or drawn against the templates of the label it was matched
/// to: the features of ``VerifierFeatures/orientationSet`` and later.
///
/// The verifier's matchers forgive orientation or drawing direction (a point cloud has no
/// order; the rotation-invariant vector matcher turns the candidate onto each template),
/// so a user's chevron drawn upwards can come close to their chevron drawn leftwards. These
/// features measure exactly what the matchers forgive, each as the best over the label's
/// templates (the label has several when the user gave several examples):
///
/// - `orient.direct`: the angle between the candidate's and a template's vectors with no
///   rotation (centred, scaled, resampled, points in drawing order), over π: 0 when drawn
///   the same way, large when turned or reversed;
/// - `orient.reversedGain`: `direct` minus the same with the candidate's points reversed:
///   positive when the stroke matches better drawn backwards;
/// - `orient.rotation`: the rotation (over π, 0…1) that best aligns the candidate with the
///   template it is closest to after any rotation (Protractor's closed form, Li 2010);
/// - `orient.chord`: the angle between the start-to-end vectors, over π (0 for a closed
///   stroke of either, whose chord says nothing);
/// - `orient.indicative`: the difference of the indicative angles (centroid to first
///   point, as $1 computes it), over π;
/// - `orient.directMargin`: the best `direct` of any other label minus the chosen label's
///   (1 with a single label): positive when the chosen label also wins drawn as it is.
public struct OrientationFeatures: Sendable {
    /// Feature names, in row order (stored in model files: never reorder).
    public static let names = ["orient.direct", "orient.reversedGain", "orient.rotation", "orient.chord", "orient.indicative",
                               "orient.directMargin"]
    /// Points each stroke is resampled to.
    public static let points = 32
    /// A chord shorter than this share of the path is a closed stroke: no direction.
    static let closedChord = 0.2

    /// A gesture prepared for these features.
    public struct Prepared: Sendable, Hashable {
        /// Unit vector of the centred, resampled points in drawing order.
        var forward: [Double]
        /// The same with the points reversed.
        var backward: [Double]
        /// Start-to-end angle, or `nil` for a closed stroke.
        var chord: Double?
        var indicative: Double
    }

    /// Prepares `gesture` (strokes joined in drawing order); `nil` when it has no length.
    public static func prepare(_ gesture: Gesture) -> Prepared? {
        guard let fitted = gesture.fittedToUnitBox(), fitted.pathLength > 0 else { return nil }
        let raw = Stroke(fitted.allPoints)
        let length = raw.pathLength
        let pts = raw.resampled(count: points).translated(centroidTo: .zero).points
        guard pts.count >= 2 else { return nil }
        var v: [Double] = []
        v.reserveCapacity(2 * pts.count)
        for p in pts { v.append(p.x); v.append(p.y) }
        let norm = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm.isFinite, norm > 0 else { return nil }
        v = v.map { $0 / norm }
        var back: [Double] = []
        back.reserveCapacity(v.count)
        for p in pts.reversed() { back.append(p.x / norm); back.append(p.y / norm) }
        let first = pts[0], last = pts[pts.count - 1]
        let chordLength = first.distance(to: last)
        let chord = length > 0 && chordLength >= closedChord * length ? atan2(last.y - first.y, last.x - first.x) : nil
        // The centroid is the origin after centring: $1's angle from the centroid to the first point.
        let indicative = atan2(-first.y, -first.x)
        return Prepared(forward: v, backward: back, chord: chord, indicative: indicative)
    }

    /// |a − b| folded into 0…π, over π.
    static func angleGap(_ a: Double, _ b: Double) -> Double {
        var d = abs(a - b).truncatingRemainder(dividingBy: 2 * .pi)
        if d > .pi { d = 2 * .pi - d }
        return d / .pi
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double {
        var s = 0.0
        for i in 0..<Swift.min(a.count, b.count) { s += a[i] * b[i] }
        return s
    }

    /// Protractor's a and b: the best rotation is atan2(b, a), the cosine after it √(a² + b²).
    static func rotationTerms(_ c: [Double], _ t: [Double]) -> (a: Double, b: Double) {
        var a = 0.0, b = 0.0
        var i = 0
        while i + 1 < Swift.min(c.count, t.count) {
            a += c[i] * t[i] + c[i + 1] * t[i + 1]
            b += c[i] * t[i + 1] - c[i + 1] * t[i]
            i += 2
        }
        return (a, b)
    }

    static func angle(_ cosine: Double) -> Double { acos(Swift.max(-1, Swift.min(1, cosine))) / .pi }

    /// The features of `candidate` against `templates` (prepared, `nil` for a template that
    /// could not be), each with its label index; `label` is the chosen one.
    /// Zeros when the candidate or every template of the label is `nil`.
    public static func values(candidate: Prepared?, templates: [Prepared?], templateLabels: [Int], label: Int) -> [Double] {
        guard let c = candidate else { return [Double](repeating: 0, count: names.count) }
        var direct = Double.infinity, reversed = Double.infinity, otherDirect = Double.infinity
        var chord = Double.infinity, indicative = Double.infinity
        var bestAligned = -Double.infinity, rotation = 0.0
        var anyChord = false
        for (i, t) in templates.enumerated() {
            guard let t, i < templateLabels.count else { continue }
            let d = angle(dot(c.forward, t.forward))
            guard templateLabels[i] == label else { otherDirect = Swift.min(otherDirect, d); continue }
            direct = Swift.min(direct, d)
            reversed = Swift.min(reversed, angle(dot(c.backward, t.forward)))
            let (a, b) = rotationTerms(c.forward, t.forward)
            let aligned = (a * a + b * b).squareRoot()
            if aligned > bestAligned { bestAligned = aligned; rotation = abs(atan2(b, a)) / .pi }
            if let x = c.chord, let y = t.chord { chord = Swift.min(chord, angleGap(x, y)); anyChord = true }
            indicative = Swift.min(indicative, angleGap(c.indicative, t.indicative))
        }
        guard direct.isFinite else { return [Double](repeating: 0, count: names.count) }
        let margin = otherDirect.isFinite ? otherDirect - direct : 1
        return [direct, direct - reversed, rotation, anyChord ? chord : 0, indicative, margin].map { $0.isFinite ? $0 : 0 }
    }
}
