import Foundation
import GestureData
import GestureDetectors
import GestureGeometry

/// Circles drawn more than once: people asked for a circle often go round two or more
/// times. Two uses:
///
/// - **Training** (``copies(of:label:maxLoops:seed:)``): each recorded circle is drawn
///   again up to `maxLoops − 1` more times from its own points — every extra loop a little
///   larger or smaller and a little off-centre, as hands do — so that a trained box learns
///   how much loops of one person's circle differ (``GestureDetectors/CircleDetector/Shape/loopSizeStep``,
///   ``GestureDetectors/CircleDetector/Shape/loopDriftStep``) and accepts up to `maxLoops` loops.
/// - **Evaluation** (``generated(loops:countPerLoopCount:seed:label:)``): synthetic hand-like
///   circles of a given loop count, for measuring the detector on shapes no recording had.
///
/// ```swift
/// let test = LoopedCircles.generated(loops: 1...4, countPerLoopCount: 100, seed: 99)
/// ```
public enum LoopedCircles {
    /// Largest share of the last loop a repeated copy leaves undrawn: people stop anywhere
    /// in the last loop's final quarter (as ``generated(loops:countPerLoopCount:seed:label:)`` draws them).
    public static let lastLoopShortfall = 0.25

    /// For each sample labelled `label`, one copy drawn with 1…`maxLoops` loops (the count
    /// cycles so each appears equally often; a one-loop copy is the circle as drawn, so
    /// single circles keep their share beside the repeated ones), keeping its label and
    /// subject, with `meta["synthetic"] = "loops"`; a repeated copy's last loop stops up to
    /// ``lastLoopShortfall`` of the circle's points short. Other samples give no copies.
    public static func copies(of samples: [Sample], label: String, maxLoops: Int, seed: UInt64) -> [Sample] {
        guard maxLoops >= 2 else { return [] }
        var out: [Sample] = []
        for (i, s) in samples.enumerated() where s.label == label {
            var rng = SeededGenerator.derived(seed: seed ^ 0x100B_5C1E, stream: UInt64(i))
            let stroke = DetectorMeasurements.stroke(of: s)
            guard stroke.count >= 3, stroke.isFinite, let c = stroke.centroid else { continue }
            let loops = 1 + out.count % maxLoops
            var points = stroke.points
            let duration = (stroke.points.last?.t ?? 0) - (stroke.points.first?.t ?? 0)
            let radius = stroke.points.reduce(0) { $0 + $1.distance(to: c) } / Double(stroke.count)
            var scale = 1.0, offset = Point(x: 0, y: 0)
            for k in 1..<loops {
                scale *= Double.random(in: 0.9...1.1, using: &rng)
                offset = Point(x: offset.x + radius * Double.random(in: -0.12...0.12, using: &rng),
                               y: offset.y + radius * Double.random(in: -0.12...0.12, using: &rng))
                let shift = (duration > 0 ? duration : 0.01 * Double(stroke.count)) * Double(k)
                let keep = k == loops - 1
                    ? stroke.count - 1 - Int(Double(stroke.count - 1) * Double.random(in: 0...lastLoopShortfall, using: &rng))
                    : stroke.count - 1
                points += stroke.points.dropFirst().prefix(keep).map { p in
                    Point(x: c.x + offset.x + (p.x - c.x) * scale, y: c.y + offset.y + (p.y - c.y) * scale,
                          t: p.t.map { $0 + shift })
                }
            }
            var meta = s.meta
            meta["synthetic"] = "loops"
            meta["loops"] = String(loops)
            out.append(Sample(gesture: Gesture([Stroke(points)]), label: s.label, subject: s.subject, meta: meta,
                              source: (s.source ?? "sample \(i)") + " drawn with \(loops) loops"))
        }
        return out
    }

    /// Share of a recorded circle's points trimmed from each end before it is redrawn: a
    /// pen's landing and lifting hooks belong to the ends of a stroke, not to the joins
    /// between its loops.
    public static let redrawTrim = 0.06

    /// Each sample labelled `label` redrawn as one continuous stroke going round `k` times,
    /// for every `k` in `loops` of 2 or more: for checking on circles of any study (another
    /// population, device or pen) how a detector holds when people circle repeatedly.
    ///
    /// The recorded circle, trimmed of ``redrawTrim`` of its points at each end, gives its
    /// distance from its centroid at each angle around it; the redrawn stroke goes round in
    /// the recorded direction, every loop following that profile, each loop up to 10 %
    /// larger or smaller and up to 10 % of the radius off-centre from the one before (size
    /// and centre moving smoothly along the loop, as in
    /// ``generated(loops:countPerLoopCount:seed:label:)``), the last loop stopping up to
    /// ``lastLoopShortfall`` of a turn short. Every loop has as many points as the trimmed
    /// circle, and as much time when it had times. Unlike ``copies(of:label:maxLoops:seed:)``
    /// (training copies that repeat the recorded points as they are, jumps across the
    /// circle's gap and hooks included), the joins are smooth.
    ///
    /// A sample that is not one stroke sweeping at least three quarters of a turn around its
    /// centroid, or that has a non-finite coordinate, gives no copies. Copies keep the label,
    /// take the subject `loops-<k>` (so per-subject tables read per loop count) and
    /// `meta["synthetic"] = "redrawn"`.
    ///
    /// With `change`, each loop's size and centre move from the one before by that
    /// ``LoopChange`` instead (normally distributed), for measuring how far loops may
    /// differ before the detector refuses them; check its ``LoopChange/problem`` first (a
    /// NaN there gives strokes no detector accepts).
    public static func redrawn(_ samples: [Sample], label: String, loops: ClosedRange<Int>, seed: UInt64,
                               change: LoopChange? = nil) -> [Sample] {
        var out: [Sample] = []
        for (i, s) in samples.enumerated() where s.label == label {
            let stroke = DetectorMeasurements.stroke(of: s)
            guard stroke.isFinite, let profile = RadiusProfile(stroke.points, trim: redrawTrim) else { continue }
            for k in loops where k >= 2 {
                var rng = SeededGenerator.derived(seed: seed ^ (UInt64(k) &* 0x5EED_C1C1_E5), stream: UInt64(i))
                let points = profile.redrawn(loops: k, change: change, using: &rng)
                var meta = s.meta
                meta["synthetic"] = "redrawn"
                meta["loops"] = String(k)
                out.append(Sample(gesture: Gesture([Stroke(points)]), label: s.label, subject: "loops-\(k)", meta: meta,
                                  source: (s.source ?? "sample \(i)") + " redrawn with \(k) loops"))
            }
        }
        return out
    }

    /// How much each loop of a redrawn circle differs from the one before
    /// (``redrawn(_:label:loops:seed:change:)``): its size is the previous loop's times
    /// ``sizeTrend`` times e^(``sizeSpread`` · z), and its centre steps by ``centreStep``
    /// mean radii times z along each axis, every z an independent standard normal draw.
    /// `LoopChange(sizeSpread: 0.08, centreStep: 0.12)` is a hand whose loops differ by
    /// about 8 % in size and wander about a tenth of the radius; `sizeTrend: 0.92` makes
    /// each loop 8 % smaller than the one before on average.
    public struct LoopChange: Hashable, Sendable {
        public var sizeSpread: Double
        public var centreStep: Double
        public var sizeTrend: Double

        public init(sizeSpread: Double = 0, centreStep: Double = 0, sizeTrend: Double = 1) {
            self.sizeSpread = sizeSpread
            self.centreStep = centreStep
            self.sizeTrend = sizeTrend
        }

        /// The accepted ranges: `sizeSpread` 0…0.5, `centreStep` 0…1, `sizeTrend` 0.5…2.
        public static let sizeSpreadRange = 0.0...0.5, centreStepRange = 0.0...1.0, sizeTrendRange = 0.5...2.0

        /// What is wrong with these values (naming the field and its range), or `nil`.
        public var problem: String? {
            for (name, value, range) in [("sizeSpread", sizeSpread, Self.sizeSpreadRange),
                                         ("centreStep", centreStep, Self.centreStepRange),
                                         ("sizeTrend", sizeTrend, Self.sizeTrendRange)] where !range.contains(value) {
                return "\(name) must be within \(range.lowerBound)…\(range.upperBound), got \(value)"
            }
            return nil
        }
    }

    /// A closed stroke's distance from its centroid by angle around it, in its own turning
    /// direction from where it starts.
    struct RadiusProfile {
        let centre: Point
        /// Angles in [0, 2π), ascending, with the radius at each.
        let angles: [Double], radii: [Double]
        let startAngle: Double, direction: Double, meanRadius: Double
        let pointsPerLoop: Int
        let secondsPerLoop: Double?

        init?(_ raw: [Point], trim: Double) {
            let cut = Int(Double(raw.count) * trim)
            let p = Array(raw.dropFirst(cut).dropLast(cut))
            guard p.count >= 8, let c = Stroke(p).centroid else { return nil }
            // The angle around the centroid, unwrapped: the first point's, then each step's turn.
            var unwrapped = [atan2(p[0].y - c.y, p[0].x - c.x)]
            for (a, b) in zip(p, p.dropFirst()) {
                unwrapped.append(unwrapped[unwrapped.count - 1] + (Angles.signedTurn(from: a - c, to: b - c) ?? 0))
            }
            let sweep = unwrapped[unwrapped.count - 1] - unwrapped[0]
            guard abs(sweep) >= 1.5 * .pi else { return nil }
            let sign: Double = sweep >= 0 ? 1 : -1
            direction = sign
            // One turn's worth: an overlap past the start would give two radii at one angle.
            let pairs = zip(unwrapped, p).compactMap { u, q -> (Double, Double)? in
                let a = sign * (u - unwrapped[0])
                return a >= 0 && a < 2 * .pi ? (a, q.distance(to: c)) : nil
            }.sorted { $0.0 < $1.0 }
            guard pairs.count >= 8 else { return nil }
            angles = pairs.map(\.0)
            radii = pairs.map(\.1)
            meanRadius = radii.reduce(0, +) / Double(radii.count)
            guard meanRadius > 0, meanRadius.isFinite else { return nil }
            centre = c
            startAngle = unwrapped[0]
            pointsPerLoop = p.count
            if let t0 = p[0].t, let t1 = p[p.count - 1].t, t1 > t0 {
                secondsPerLoop = (t1 - t0) * 2 * .pi / abs(sweep)
            } else {
                secondsPerLoop = nil
            }
        }

        /// The radius at angle `a` (any value; read modulo 2π), linearly between the
        /// recorded angles on either side, across 0 as well.
        func radius(at a: Double) -> Double {
            var t = a.truncatingRemainder(dividingBy: 2 * .pi)
            if t < 0 { t += 2 * .pi }
            let n = angles.count
            var hi = 0, end = n   // the first angle ≥ t, by halving
            while hi < end {
                let mid = (hi + end) / 2
                if angles[mid] < t { hi = mid + 1 } else { end = mid }
            }
            let lo = (hi + n - 1) % n
            hi %= n
            let a0 = angles[lo]
            var a1 = angles[hi]
            if a1 < a0 || (hi == lo) { a1 += 2 * .pi }
            if t < a0 { t += 2 * .pi }
            let w = a1 > a0 ? (t - a0) / (a1 - a0) : 0
            return radii[lo] * (1 - w) + radii[hi] * w
        }

        func redrawn(loops k: Int, change: LoopChange? = nil, using rng: inout SeededGenerator) -> [Point] {
            let turns = Double(k) - Double.random(in: 0...lastLoopShortfall, using: &rng)
            var sizes = [1.0], offsets = [Point(x: 0, y: 0)]
            for _ in 0...k {
                let o = offsets[offsets.count - 1]
                if let change {
                    sizes.append(sizes[sizes.count - 1] * change.sizeTrend
                                 * exp(change.sizeSpread * LoopedCircles.gaussian(using: &rng)))
                    offsets.append(Point(x: o.x + meanRadius * change.centreStep * LoopedCircles.gaussian(using: &rng),
                                         y: o.y + meanRadius * change.centreStep * LoopedCircles.gaussian(using: &rng)))
                } else {
                    sizes.append(sizes[sizes.count - 1] * Double.random(in: 0.9...1.1, using: &rng))
                    offsets.append(Point(x: o.x + meanRadius * Double.random(in: -0.1...0.1, using: &rng),
                                         y: o.y + meanRadius * Double.random(in: -0.1...0.1, using: &rng)))
                }
            }
            let n = Swift.max(8, Int(turns * Double(pointsPerLoop)))
            return (0...n).map { i in
                let u = turns * Double(i) / Double(n)
                let loop = Swift.min(Int(u), sizes.count - 2), f = u - Double(loop)
                let size = sizes[loop] * (1 - f) + sizes[loop + 1] * f
                let o = offsets[loop].interpolated(to: offsets[loop + 1], fraction: f)
                let theta = 2 * .pi * u
                let r = radius(at: theta) * size, a = startAngle + direction * theta
                return Point(x: centre.x + o.x + r * cos(a), y: centre.y + o.y + r * sin(a),
                             t: secondsPerLoop.map { u * $0 })
            }
        }
    }

    /// Hand-like synthetic circles: for each loop count in `loops`, `countPerLoopCount`
    /// circles of radius 15–150 pt, either direction, any starting angle, aspect within
    /// 0.85–1.15, each loop up to 10 % larger or smaller and up to 10 % of the radius
    /// off-centre from the one before, with hand wobble and sensor jitter, sampled at
    /// 60–240 Hz at 1–2.5 s a loop. Subject `"loops-<k>"` (so per-subject tables read as
    /// per loop count), `meta["synthetic"] = "circle"`.
    public static func generated(loops: ClosedRange<Int>, countPerLoopCount: Int, seed: UInt64,
                                 label: String = "circle") -> [Sample] {
        loops.flatMap { k in
            (0..<Swift.max(0, countPerLoopCount)).map { i in
                var rng = SeededGenerator.derived(seed: seed ^ (UInt64(k) &* 0xA24B_AED4_963E_E407), stream: UInt64(i))
                return Sample(gesture: Gesture([circle(loops: k, using: &rng)]), label: label, subject: "loops-\(k)",
                              meta: ["synthetic": "circle", "loops": String(k)],
                              source: "synthetic circle, \(k) loops, \(i) (seed \(seed))")
            }
        }
    }

    static func circle(loops: Int, using rng: inout SeededGenerator) -> Stroke {
        let radius = exp(Double.random(in: log(15.0)...log(150.0), using: &rng))
        let aspect = Double.random(in: 0.85...1.15, using: &rng)
        let tilt = Double.random(in: 0..<(.pi), using: &rng)
        let direction: Double = Bool.random(using: &rng) ? 1 : -1
        let start = Double.random(in: 0..<(2 * .pi), using: &rng)
        // A single circle is closed to within ±15 % of a turn; repeated ones end anywhere
        // in their last loop's final quarter.
        let turns = Double(loops) + (loops == 1 ? Double.random(in: -0.08...0.15, using: &rng)
                                                 : Double.random(in: -0.25...0.1, using: &rng))
        let rate = [60.0, 120, 240, 125, 90][Int.random(in: 0..<5, using: &rng)]
        let secondsPerLoop = Double.random(in: 1...2.5, using: &rng)
        let n = Swift.max(8, Int(turns * secondsPerLoop * rate))
        let wobble = Double.random(in: 0.01...0.04, using: &rng)
        let f1 = Double.random(in: 1...3, using: &rng), p1 = Double.random(in: 0..<(2 * .pi), using: &rng)
        var growth = [1.0], drift = [Point(x: 0, y: 0)]
        for _ in 0...loops {
            growth.append(growth[growth.count - 1] * Double.random(in: 0.9...1.1, using: &rng))
            let d = drift[drift.count - 1]
            drift.append(Point(x: d.x + Double.random(in: -0.1...0.1, using: &rng), y: d.y + Double.random(in: -0.1...0.1, using: &rng)))
        }
        let jitter = Double.random(in: 0.2...0.8, using: &rng)
        var points: [Point] = []
        for i in 0...n {
            let u = Double(i) / Double(n) * turns
            let loop = Swift.min(Int(u), growth.count - 2), f = u - Double(loop)
            // Size and centre move smoothly from one loop to the next.
            let g = growth[loop] * (1 - f) + growth[loop + 1] * f
            let dc = drift[loop].interpolated(to: drift[loop + 1], fraction: f)
            let r = radius * g * (1 + wobble * sin(2 * .pi * f1 * u / Swift.max(turns, 1) + p1))
            let a = start + direction * 2 * .pi * u
            let x = r * cos(a) * aspect, y = r * sin(a) / aspect
            let px = x * cos(tilt) - y * sin(tilt) + dc.x * radius
            let py = x * sin(tilt) + y * cos(tilt) + dc.y * radius
            let gx = jitter * gaussian(using: &rng), gy = jitter * gaussian(using: &rng)
            points.append(Point(x: 200 + px + gx, y: 200 + py + gy, t: Double(i) / rate))
        }
        return Stroke(points)
    }

    fileprivate static func gaussian(using rng: inout SeededGenerator) -> Double {
        let u1 = Swift.max(Double.random(in: 0..<1, using: &rng), 1e-12), u2 = Double.random(in: 0..<1, using: &rng)
        return sqrt(-2 * log(u1)) * cos(2 * .pi * u2)
    }
}
