import Foundation
import GestureData
import GestureDetectors
import GestureGeometry

/// Transforms of a recorded stroke that imitate another device or person: a different
/// sampling rate, size, rotation, aspect, timing noise, sensor noise, or a resampled
/// path. Used two ways:
///
/// - **Augmentation** (``augmented(_:copies:tolerance:seed:)``): training data grows by
///   random combinations of the transforms, each copy keeping its subject, so that a
///   trained box covers the variation that another device brings and the inner
///   leave-one-subject-out folds (which choose margin and strictness) see it too.
/// - **Device shift** (``deviceShifts(tolerance:)``): one transform at a time at its
///   extreme, applied to held-out samples, to measure how much each kind of shift costs.
///
/// Why these: the same gesture reaches a recognizer sampled at 30–240 Hz (trackpads and
/// older phones near 60 Hz, mice at 125 Hz and more, pens up to 240 Hz), drawn from a
/// thumb-sized 1 cm to a 10 cm mouse stroke (0.3–3× the $1 logs' size), turned by how
/// the device is held, squeezed by non-square pads, and with jittery time stamps. The
/// stochastic resampling is that of Taranta et al.'s gesture path stochastic resampling
/// (GPSR): points placed at random arc-length gaps along the path, which imitates the
/// uneven spacing of a different sampler (``StochasticResampling``).
public enum StrokeTransform: Hashable, Sendable, CustomStringConvertible {
    /// Resampled in time at this rate (Hz), linearly interpolated; strokes without time
    /// stamps are given 100 Hz stamps first.
    case samplingRate(Double)
    /// Scaled about the centroid.
    case scale(Double)
    /// Rotated about the centroid, in degrees (counter-clockwise in y-up terms).
    case rotation(Double)
    /// x stretched by this factor relative to y (1.25: 25% wider).
    case aspect(Double)
    /// Each time gap multiplied by a random factor in 1 ± this (order kept).
    case timeJitter(Double)
    /// Gaussian position noise with this standard deviation as a fraction of the
    /// bounding-box diagonal.
    case positionNoise(Double)
    /// GPSR (``StochasticResampling``): this many points at random arc-length gaps, the
    /// stroke rebuilt from their directions.
    case stochasticResampling(Int)
    /// Mirrored left-right (the stroke turns the other way).
    case mirror
    /// The pen or finger rests before it moves and before it lifts: this many more points
    /// at each end, 10 ms apart, each placed at random within 0.5 % of the bounding-box
    /// diagonal (on either axis) of the end point, as a resting finger's contact jitters.
    case restingEnds(Int)
    /// The pen or finger rests once along the stroke: this many more points, 10 ms apart,
    /// after a point drawn at random from the middle 80 % of the stroke, each placed at
    /// random within 0.5 % of the bounding-box diagonal (on either axis) of it; the points
    /// after the rest come that much later.
    case restingAlong(Int)
    /// Drawn small on a whole-pixel grid, as a mouse or trackpad reports a small stroke:
    /// scaled about the first point so the longer side of the bounding box is this many
    /// pixels, every point snapped to whole pixels, a point on the pixel before it dropped.
    case pixelGrid(Double)
    /// A slow wobble of the hand: each point moved by `amplitude` × the bounding box's
    /// diagonal along two sine waves (across and down) of about `waves` periods over the
    /// stroke's path (0.7–1.3 × `waves`, random phases, drawn per stroke).
    case wobble(amplitude: Double, waves: Double)
    /// A flick as the pen or finger lifts: the stroke runs on for a share of its path drawn
    /// from 3 % to this share, in 4–8 points 10 ms apart, turned 90–150° either way from its
    /// direction over its last tenth.
    case flickAtLift(Double)

    public var description: String {
        switch self {
        case .samplingRate(let r): String(format: "sampling %.0f Hz", r)
        case .scale(let s): String(format: "scale %gx", s)
        case .rotation(let d): String(format: "rotation %+.0f°", d)
        case .aspect(let a): String(format: "aspect %gx", a)
        case .timeJitter(let j): String(format: "time jitter ±%.0f%%", j * 100)
        case .positionNoise(let n): String(format: "position noise %.1f%%", n * 100)
        case .stochasticResampling(let n): "stochastic resampling (\(n) points)"
        case .mirror: "mirrored"
        case .restingEnds(let n): "resting ends (\(n) points each)"
        case .restingAlong(let n): "resting along the stroke (\(n) points)"
        case .pixelGrid(let px): String(format: "pixel grid (%g px on the longer side)", px)
        case .wobble(let a, let w): String(format: "wobble %g%% of the diagonal, %g waves", a * 100, w)
        case .flickAtLift(let share): String(format: "flick at the lift (3–%g%% of the path)", share * 100)
        }
    }

    /// The transformed points. Degenerate input (fewer than two points, non-finite
    /// values, zero length) comes back unchanged.
    public func apply(_ points: [Point], using rng: inout SeededGenerator) -> [Point] {
        guard points.count >= 2, points.allSatisfy(\.isFinite) else { return points }
        let cx = points.reduce(0) { $0 + $1.x } / Double(points.count)
        let cy = points.reduce(0) { $0 + $1.y } / Double(points.count)
        switch self {
        case .samplingRate(let rate):
            return Self.resampledInTime(Self.timed(points), rate: rate)
        case .scale(let s):
            return points.map { Point(x: cx + ($0.x - cx) * s, y: cy + ($0.y - cy) * s, t: $0.t) }
        case .rotation(let degrees):
            let a = degrees * .pi / 180, c = cos(a), s = sin(a)
            // Screen y grows downwards: turning counter-clockwise on screen is -a in y-down terms.
            return points.map {
                let dx = $0.x - cx, dy = $0.y - cy
                return Point(x: cx + dx * c + dy * s, y: cy - dx * s + dy * c, t: $0.t)
            }
        case .aspect(let a):
            let sx = a.squareRoot(), sy = 1 / sx
            return points.map { Point(x: cx + ($0.x - cx) * sx, y: cy + ($0.y - cy) * sy, t: $0.t) }
        case .timeJitter(let j):
            let timed = Self.timed(points)
            var out = [timed[0]]
            var t = timed[0].t ?? 0
            for k in 1..<timed.count {
                let gap = Swift.max(0, (timed[k].t ?? 0) - (timed[k - 1].t ?? 0))
                t += gap * Double.random(in: (1 - j)...(1 + j), using: &rng)
                out.append(Point(x: timed[k].x, y: timed[k].y, t: t))
            }
            return out
        case .positionNoise(let n):
            let xs = points.map(\.x), ys = points.map(\.y)
            let diag = hypot((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
            let sd = n * diag
            return points.map { Point(x: $0.x + sd * Self.gaussian(&rng), y: $0.y + sd * Self.gaussian(&rng), t: $0.t) }
        case .stochasticResampling(let count):
            let gpsr = StochasticResampling(pointCount: Swift.max(2, count))
            return gpsr.variant(of: Gesture([Stroke(points)]), using: &rng)?.strokes.first?.points ?? points
        case .mirror:
            return points.map { Point(x: 2 * cx - $0.x, y: $0.y, t: $0.t) }
        case .restingEnds(let count):
            guard count > 0 else { return points }
            let reach = 0.005 * (Stroke(points).boundingBox?.diagonal ?? 0)
            return Self.rest(at: points[0], count: count, reach: reach, step: -0.01, using: &rng).reversed() + points
                + Self.rest(at: points[points.count - 1], count: count, reach: reach, step: 0.01, using: &rng)
        case .restingAlong(let count):
            guard count > 0 else { return points }
            let reach = 0.005 * (Stroke(points).boundingBox?.diagonal ?? 0)
            let n = points.count
            let at = Int.random(in: (n / 10)...Swift.max(n / 10, (9 * n) / 10 - 1), using: &rng)
            let rest = Self.rest(at: points[at], count: count, reach: reach, step: 0.01, using: &rng)
            let after = points[(at + 1)...].map { p in Point(x: p.x, y: p.y, t: p.t.map { $0 + 0.01 * Double(count) }) }
            return Array(points[...at]) + rest + after
        case .pixelGrid(let side):
            return Self.onPixelGrid(points, side: side)
        case .wobble(let amplitude, let waves):
            return Self.wobbled(points, amplitude: amplitude, waves: waves, using: &rng)
        case .flickAtLift(let share):
            return Self.flicked(points, most: share, using: &rng)
        }
    }

    /// A sample with every stroke transformed; label, subject and meta kept, the source
    /// marked with the transform.
    public func apply(_ sample: Sample, using rng: inout SeededGenerator) -> Sample {
        var out = sample
        out.gesture = Gesture(sample.gesture.strokes.map { Stroke(apply($0.points, using: &rng)) })
        out.source = (sample.source ?? "sample") + " [\(description)]"
        return out
    }

    // MARK: helpers

    /// `count` points jittering within `reach` of `q` on either axis, `step` seconds apart
    /// from `q`'s time (negative: before it, nearest first).
    static func rest(at q: Point, count: Int, reach: Double, step: Double, using rng: inout SeededGenerator) -> [Point] {
        (1...count).map { k in
            Point(x: q.x + Double.random(in: -reach...reach, using: &rng),
                  y: q.y + Double.random(in: -reach...reach, using: &rng),
                  t: q.t.map { $0 + step * Double(k) })
        }
    }

    /// Points with time stamps: their own when every point has one and they never go
    /// backwards, else 100 Hz stamps.
    static func timed(_ points: [Point]) -> [Point] {
        var ok = points.allSatisfy { $0.t?.isFinite == true }
        if ok { for k in 1..<points.count where (points[k].t ?? 0) < (points[k - 1].t ?? 0) { ok = false; break } }
        if ok && (points.last?.t ?? 0) > (points.first?.t ?? 0) { return points }
        return points.enumerated().map { Point(x: $1.x, y: $1.y, t: Double($0) / 100) }
    }

    /// Linear interpolation at times t0, t0 + 1/rate, …, ending with the last point.
    static func resampledInTime(_ points: [Point], rate: Double) -> [Point] {
        guard rate > 0, let t0 = points.first?.t, let t1 = points.last?.t, t1 > t0 else { return points }
        let step = 1 / rate
        var out: [Point] = []
        var k = 0, n = 0
        var t = t0
        // Times as t0 + n·step (no accumulated rounding); a time within a millionth of a
        // step of the end is the end point itself, added once below.
        while t < t1 - step * 1e-6 {
            while k + 1 < points.count && (points[k + 1].t ?? t1) < t { k += 1 }
            let a = points[k], b = points[Swift.min(k + 1, points.count - 1)]
            let ta = a.t ?? t0, tb = b.t ?? t1
            let f = tb > ta ? (t - ta) / (tb - ta) : 0
            out.append(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, t: t))
            n += 1
            t = t0 + Double(n) * step
        }
        out.append(points[points.count - 1])
        return out.count >= 2 ? out : points
    }

    /// Standard normal by Box–Muller.
    static func gaussian(_ rng: inout SeededGenerator) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &rng), v = Double.random(in: 0..<1, using: &rng)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}

/// How far a detector's gesture may be varied and still be the same gesture: each
/// detector declares its own (``GestureDetectors/ShapeDetector/tolerance``).
public typealias AugmentationTolerance = ShapeTolerance

extension ShapeTolerance {
    /// The tolerance of a detector's gesture.
    public static func of(_ kind: DetectorKind) -> ShapeTolerance { kind.tolerance }

    /// The tolerance of `label`'s gesture when `kind` learns it (``GestureDetectors/DetectorKind/tolerance(forLabel:)``).
    public static func of(_ kind: DetectorKind, label: String) -> ShapeTolerance { kind.tolerance(forLabel: label) }
}

public enum StrokeAugmentation {
    /// The sampling rates drawn from (Hz).
    public static let samplingRates: [Double] = [30, 60, 90, 120, 240]
    /// The scale range (log-uniform).
    public static let scaleRange: ClosedRange<Double> = 0.3...3
    /// The aspect range (log-uniform).
    public static let aspectRange: ClosedRange<Double> = 0.8...1.25

    /// One random device: a sampling rate, a scale, a rotation within the tolerance, an
    /// aspect, time jitter, and half of the time GPSR resampling and position noise
    /// (mirrored half of the time when the tolerance allows).
    public static func randomDevice(tolerance: ShapeTolerance, using rng: inout SeededGenerator) -> [StrokeTransform] {
        func logUniform(_ r: ClosedRange<Double>) -> Double {
            exp(Double.random(in: log(r.lowerBound)...log(r.upperBound), using: &rng))
        }
        var t: [StrokeTransform] = [
            .timeJitter(0.2),
            .samplingRate(samplingRates.randomElement(using: &rng) ?? 60),
            .scale(logUniform(scaleRange)),
            .rotation(Double.random(in: -tolerance.rotationDegrees...tolerance.rotationDegrees, using: &rng)),
            .aspect(logUniform(aspectRange)),
        ]
        if Bool.random(using: &rng) { t.append(.stochasticResampling(Int.random(in: 16...64, using: &rng))) }
        if Bool.random(using: &rng) { t.append(.positionNoise(Double.random(in: 0.002...0.01, using: &rng))) }
        if tolerance.mirror && Bool.random(using: &rng) { t.append(.mirror) }
        return t
    }

    /// `copies` randomly transformed copies of every sample (each a new random device),
    /// in sample order. Copies keep their sample's label and subject. Deterministic for a
    /// seed.
    public static func copies(of dataset: Dataset, copies: Int, tolerance: ShapeTolerance,
                              seed: UInt64) -> [Sample] {
        guard copies > 0 else { return [] }
        var rng = SeededGenerator(seed: seed ^ 0xA11_6E57)
        var out: [Sample] = []
        out.reserveCapacity(dataset.count * copies)
        for sample in dataset.samples {
            for _ in 0..<copies {
                var s = sample
                for t in randomDevice(tolerance: tolerance, using: &rng) { s = t.apply(s, using: &rng) }
                out.append(s)
            }
        }
        return out
    }

    /// The originals followed by ``copies(of:copies:tolerance:seed:)``.
    public static func augmented(_ dataset: Dataset, copies: Int, tolerance: ShapeTolerance,
                                 seed: UInt64) -> Dataset {
        Dataset(dataset.samples + Self.copies(of: dataset, copies: copies, tolerance: tolerance, seed: seed))
    }

    /// The device shifts measured by `eval detector --device-shift`: those training holds
    /// (``deviceShifts(tolerance:)``), a finger resting 12 points at each end and one
    /// resting 20 points once along the stroke, which the detectors' preparation drops
    /// (``GestureDetectors/ShapeSettings/restingRadius``,
    /// ``GestureDetectors/ShapeSettings/jitterRadius``) rather than training learning it,
    /// and last the ``drawingShifts``.
    public static func measuredDeviceShifts(tolerance: ShapeTolerance) -> [StrokeTransform] {
        deviceShifts(tolerance: tolerance) + [.restingEnds(12), .restingAlong(20)] + drawingShifts
    }

    /// Ways a hand on another device draws differently that `eval detector --device-shift`
    /// measures after the resting fingers and training does not hold: a small stroke on a
    /// mouse's or trackpad's pixel grid (30 px), a slow wobble (2 % of the diagonal, about
    /// 4 waves) and a flick at the lift (3–6 % of the path).
    public static let drawingShifts: [StrokeTransform] = [.pixelGrid(30), .wobble(amplitude: 0.02, waves: 4), .flickAtLift(0.06)]

    /// The device shifts training holds (`--every-device`) and that `eval detector
    /// --device-shift` measures: each transform on its own, at the ends of its range.
    public static func deviceShifts(tolerance: ShapeTolerance) -> [StrokeTransform] {
        var t: [StrokeTransform] = [
            .samplingRate(30), .samplingRate(60), .samplingRate(240),
            .scale(scaleRange.lowerBound), .scale(scaleRange.upperBound),
            .rotation(-Swift.min(tolerance.rotationDegrees, 20)), .rotation(Swift.min(tolerance.rotationDegrees, 20)),
            .aspect(aspectRange.lowerBound), .aspect(aspectRange.upperBound),
            .timeJitter(0.3), .positionNoise(0.01), .stochasticResampling(32),
        ]
        if tolerance.mirror { t.append(.mirror) }
        return t
    }
}
