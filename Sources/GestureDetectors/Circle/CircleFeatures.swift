import Foundation
import GestureGeometry

extension CircleDetector {
    /// What a circle detector measures on one stroke; ``CircleThresholds/accepts(_:)``
    /// decides from these values alone.
    public struct Features: Hashable, Sendable {
        /// The measures Sadun's test uses, on the raw points; `nil` for a stroke with a
        /// non-finite coordinate or no points.
        public var sadun: SadunMeasures?
        /// Shape measures on the resampled stroke; `nil` for a degenerate stroke.
        public var shape: Shape?

        public init(sadun: SadunMeasures?, shape: Shape?) {
            self.sadun = sadun
            self.shape = shape
        }
    }

    /// Sadun's circle-test measures on raw points (README, Detectors).
    public struct SadunMeasures: Hashable, Sendable {
        public var pointCount: Int
        /// Seconds from the first to the last point; `nil` without timestamps.
        public var duration: Double?
        /// Sign changes of dx or dy between consecutive raw segments (0 counts as positive),
        /// over segment pairs ending before the last segment, as the cookbook's loop runs.
        public var inflections: Int
        /// Distance from the first to the last point, in points.
        public var closureDistance: Double
        /// Sum of the unsigned angles (radians) between consecutive vectors from the
        /// bounding-box centre to the points. A vector of zero length has no direction and
        /// adds nothing (the original would have produced NaN).
        public var transit: Double
    }

    /// Measures of roundness on equally spaced points, around the centroid.
    ///
    /// Roundness is measured twice. ``radiusDeviation``, ``minRadiusRatio`` and
    /// ``maxRadiusRatio`` take the distance to the centroid as drawn, so an oval reads as
    /// uneven however evenly it was drawn; boxes trained before the ellipse measures existed
    /// bound them, and they are still read, but training no longer bounds them
    /// (``legacyNames``). ``ellipseDeviation``, ``ellipseMinRadius`` and
    /// ``ellipseMaxRadius`` take it after the stroke is stretched along its minor axis until
    /// its two principal axes are equally long, so a clean oval reads as round as a clean
    /// circle, and whether an oval is a circle is decided by one trained bound,
    /// ``elongation`` (and the bounding-box ``aspectRatio``).
    public struct Shape: ShapeMeasures {
        /// Standard deviation of the distance to the centroid over its mean (not bounded by
        /// training any more: see ``ellipseDeviation``).
        public var radiusDeviation: Double
        /// Smallest distance to the centroid over the mean distance (not bounded by
        /// training any more: see ``ellipseMinRadius``).
        public var minRadiusRatio: Double
        /// Largest distance to the centroid over the mean distance (not bounded by
        /// training any more: see ``ellipseMaxRadius``).
        public var maxRadiusRatio: Double
        /// Distance first → last point over the mean radius.
        public var closure: Double
        /// |signed total turning| / 2π: about 1 for one loop.
        public var revolutions: Double
        /// |signed total turning| / total absolute turning: 1 when the stroke never turns back.
        public var turningConsistency: Double
        /// |signed angle swept around the centroid| / 2π.
        public var winding: Double
        /// Shorter over longer side of the bounding box.
        public var aspectRatio: Double
        /// Number of sharp corners.
        public var cornerCount: Double
        /// Largest turn over the corner window, in degrees.
        public var maxTurn: Double
        /// Isoperimetric quotient 4π·area / perimeter² of the stroke closed by its chord:
        /// 1 for a circle, π/4 ≈ 0.785 for a square, near 0 for a line.
        public var compactness: Double
        /// Coefficient of variation of the turn over the corner window: near 0 when the
        /// curvature is even (a circle), large when turning gathers in corners.
        public var turningUnevenness: Double
        /// How many loops the stroke makes: a new loop starts each time the tangent has
        /// turned through another full turn, and counts once 70 % of it is drawn
        /// (1 for a circle drawn once, 3 for one drawn three times). With two or more
        /// loops, every measure above is taken on the stroke's **last full turn** alone
        /// (so ``revolutions`` is then about 1), and the loops are compared with each other
        /// by ``loopSizeRatio`` and ``loopDrift``. A box that does not bound the loop count
        /// (one trained before loops were counted) is read with the count bounded to one
        /// loop, so it refuses what it refused before (``CircleDetector/upgradedBox(_:)``).
        public var loops: Double = 1
        /// Smallest loop's mean radius over the largest's: 1 for one loop or loops of one
        /// size; small for a spiral, whose loops shrink or grow. It falls with the loop
        /// count however evenly a hand repeats a circle, so training bounds
        /// ``loopSizeStep`` instead; boxes trained before still bound it (``legacyNames``).
        public var loopSizeRatio: Double = 1
        /// Largest distance between two loops' centres over their mean radius: 0 for one
        /// loop or loops drawn in place; large for a coil that advances along a line. Like
        /// ``loopSizeRatio`` it grows with the loop count, so training bounds
        /// ``loopDriftStep`` instead.
        public var loopDrift: Double = 0
        /// Minor over major principal axis of the region the stroke encloses (closed by its
        /// chord; the square root of the ratio of its second moments of area, or of the
        /// points' spread when it encloses almost nothing): 1 for a circle, 0.5 for an oval
        /// twice as long as wide, whichever way it is turned; 0 for a straight line.
        public var elongation: Double = 1
        /// ``radiusDeviation`` measured after the stroke is stretched along its minor axis to
        /// make ``elongation`` 1: near 0 for a circle *and* for an evenly drawn oval, large
        /// for a spiral, a lopsided loop or a polygon.
        public var ellipseDeviation: Double = 0
        /// ``minRadiusRatio`` after the same stretch: near 1 for a circle or a clean oval,
        /// small for a spiral's inner end.
        public var ellipseMinRadius: Double = 1
        /// ``maxRadiusRatio`` after the same stretch.
        public var ellipseMaxRadius: Double = 1
        /// How far the stroke, continued straight on from its end, would pass from its
        /// start, over the mean radius: a circle left open heads back toward where it began
        /// (small), a C or a curve runs out along a straight tail (about its whole gap or
        /// more). 0 for a stroke that turns through a full turn or more (it has no gap);
        /// the distance from end to start when the end heads away from the start.
        public var returnMiss: Double = 0
        /// ``loopSizeRatio`` per loop: its (loops − 1)-th root, the size a loop keeps from
        /// the one before on average. 1 for one loop or loops of one size; a circle gone
        /// round five times, each loop a little smaller, keeps about 0.9 a loop, a spiral
        /// 0.8 or less (its loops shrink or grow steadily, by a share the count does not
        /// change).
        public var loopSizeStep: Double = 1
        /// ``loopDrift`` per loop: over loops − 1, how far the loops' centres moved a loop.
        /// 0 for one loop; a hand going round in place wanders a fraction of the radius a
        /// loop, a coil advances about a radius or more every loop, whatever its count.
        public var loopDriftStep: Double = 0

        public static let names = [
            "radiusDeviation", "minRadiusRatio", "maxRadiusRatio", "closure", "revolutions",
            "turningConsistency", "winding", "aspectRatio", "cornerCount", "maxTurn",
            "compactness", "turningUnevenness", "loops", "loopSizeRatio", "loopDrift",
            "elongation", "ellipseDeviation", "ellipseMinRadius", "ellipseMaxRadius", "returnMiss",
            "loopSizeStep", "loopDriftStep",
        ]

        /// Measures read from boxes that bound them, never bounded by training now: the
        /// radius measures taken as drawn (trained before the ellipse measures existed, so
        /// that an oval is refused only by a trained ``elongation`` or ``aspectRatio``
        /// bound), and the loop comparisons over the whole stroke (``loopSizeRatio``,
        /// ``loopDrift``), which refuse a circle for being drawn more times; training bounds
        /// their per-loop forms, ``loopSizeStep`` and ``loopDriftStep``.
        public static let legacyNames: Set<String> = ["radiusDeviation", "minRadiusRatio", "maxRadiusRatio",
                                                      "loopSizeRatio", "loopDrift"]

        /// The measures that count something: bounded by whole numbers, never widened by a
        /// training margin.
        public static let countNames: Set<String> = ["cornerCount", "loops"]

        public var vector: [Double] {
            [radiusDeviation, minRadiusRatio, maxRadiusRatio, closure, revolutions,
             turningConsistency, winding, aspectRatio, cornerCount, maxTurn, compactness, turningUnevenness,
             loops, loopSizeRatio, loopDrift, elongation, ellipseDeviation, ellipseMinRadius, ellipseMaxRadius,
             returnMiss, loopSizeStep, loopDriftStep]
        }
    }

    /// How the shape measures are taken (``CircleDetector/defaultSettings``: 64 points, $1's N).
    public typealias ShapeSettings = GestureDetectors.ShapeSettings

    /// Measures `stroke` for both rules.
    ///
    /// Edge cases: a non-finite coordinate or an empty stroke gives neither measure; fewer
    /// than two distinct points or zero length give no shape. Such strokes are never
    /// detected.
    public static func measure(_ stroke: Stroke, settings: ShapeSettings = defaultSettings) -> Features {
        guard stroke.isFinite, !stroke.isEmpty else { return Features(sadun: nil, shape: nil) }
        return Features(sadun: sadunMeasures(stroke.points), shape: shape(stroke, settings: settings))
    }

    static func sign(_ v: Double) -> Bool { v >= 0 }

    /// Sadun's measures on raw points.
    static func sadunMeasures(_ p: [Point]) -> SadunMeasures? {
        guard let first = p.first, let last = p.last, let box = Stroke(p).boundingBox else { return nil }
        var inflections = 0
        // The cookbook's loop stops before the last segment (i < count − 1); with it the
        // test reproduces the book's figure (15 % / 5 %), counting the last pair gives 13 % / 5 %.
        if p.count >= 4 {
            for i in 2..<(p.count - 1) {
                let dx = p[i].x - p[i - 1].x, dy = p[i].y - p[i - 1].y
                let px = p[i - 1].x - p[i - 2].x, py = p[i - 1].y - p[i - 2].y
                if sign(dx) != sign(px) || sign(dy) != sign(py) { inflections += 1 }
            }
        }
        let center = box.center
        var transit = 0.0
        if p.count >= 2 {
            for i in 0..<(p.count - 1) {
                transit += Angles.angleBetweenLines(center, p[i], center, p[i + 1]).map { $0 * .pi / 180 } ?? 0
            }
        }
        var duration: Double?
        if let t0 = first.t, let t1 = last.t { duration = t1 - t0 }
        return SadunMeasures(pointCount: p.count, duration: duration, inflections: inflections,
                             closureDistance: first.distance(to: last), transit: transit)
    }

    /// Shape measures on equally spaced, smoothed points (what ``shape(_:settings:)``
    /// measures after preparing the stroke). A stroke of two or more loops
    /// (``Shape/loops``) is measured on its last full turn — the shortest end of the
    /// stroke whose tangent turns through 2π, resampled to as many points — and its loops
    /// compared by size and centre.
    public static func shape(resampled points: [Point], settings: ShapeSettings) -> Shape? {
        let rested = StrokeStructure.withoutRestingEnds(points, radius: settings.restingRadius)
        let p = settings.dropsHooks
            ? StrokeStructure.withoutHooks(rested, window: settings.cornerWindow, degrees: settings.cornerDegrees) : rested
        guard StrokeStructure.loops(p).count >= 2 else { return singleLoopShape(p, settings: settings) }
        // Loops are cut and compared on a finer copy: a few resampled points a loop are
        // too coarse to place a loop's centre.
        let fine = Stroke(p).smoothed(granularity: 4).resampled(count: Swift.max(p.count, 32) * 4).points
        let loops = StrokeStructure.loops(fine)
        guard loops.count >= 2, fine.allSatisfy(\.isFinite) else { return singleLoopShape(p, settings: settings) }
        var centres: [Point] = [], radii: [Double] = []
        for range in loops {
            let part = Array(fine[range])
            guard let c = Stroke(part).centroid else { return nil }
            centres.append(c)
            radii.append(part.reduce(0) { $0 + $1.distance(to: c) } / Double(part.count))
        }
        guard let smallest = radii.min(), let largest = radii.max(), largest > 0 else { return nil }
        let meanRadius = radii.reduce(0, +) / Double(radii.count)
        var drift = 0.0
        for i in centres.indices { for j in centres.indices where j > i { drift = Swift.max(drift, centres[i].distance(to: centres[j])) } }
        // The last full turn is closed however far into its last loop the stroke ended, so
        // its closure, roundness and turning read as one circle's, whatever the count.
        let last = Array(fine[lastFullTurnStart(fine)...])
        let resampled = Stroke(last).resampled(count: p.count).points
        guard resampled.count == p.count, var shape = singleLoopShape(resampled, settings: settings) else { return nil }
        shape.loops = Double(loops.count)
        shape.loopSizeRatio = smallest / largest
        shape.loopDrift = drift / meanRadius
        shape.loopSizeStep = pow(shape.loopSizeRatio, 1 / Double(loops.count - 1))
        shape.loopDriftStep = shape.loopDrift / Double(loops.count - 1)
        return shape
    }

    /// Where the stroke's last full turn starts: the latest vertex from which the tangent
    /// turns through 2π (in the stroke's overall turning direction) up to the end; 0 when
    /// the whole stroke turns less.
    static func lastFullTurnStart(_ p: [Point]) -> Int {
        guard p.count >= 3 else { return 0 }
        var total = 0.0
        for i in 1..<(p.count - 1) { total += Angles.signedTurn(from: p[i] - p[i - 1], to: p[i + 1] - p[i]) ?? 0 }
        let sign: Double = total >= 0 ? 1 : -1
        var turned = 0.0
        var i = p.count - 2
        while i >= 1 {
            turned += sign * (Angles.signedTurn(from: p[i] - p[i - 1], to: p[i + 1] - p[i]) ?? 0)
            if turned >= 2 * .pi { return i - 1 }
            i -= 1
        }
        return 0
    }

    /// The measures of one loop (every measure but the loop count and comparisons).
    static func singleLoopShape(_ p: [Point], settings: ShapeSettings) -> Shape? {
        guard p.count >= 3, let c = Stroke(p).centroid, let box = Stroke(p).boundingBox else { return nil }
        let r = p.map { $0.distance(to: c) }
        let n = Double(r.count)
        let mean = r.reduce(0, +) / n
        guard mean > 0, mean.isFinite else { return nil }
        let variance = r.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        let turns = Stroke(p).turningAngles
        let signed = turns.reduce(0, +)
        let absolute = turns.reduce(0) { $0 + abs($1) }
        var swept = 0.0
        for i in 0..<(p.count - 1) {
            swept += Angles.signedTurn(from: p[i] - c, to: p[i + 1] - c) ?? 0
        }
        var maxTurn = 0.0
        var windowed: [Double] = []
        let w = Swift.max(1, settings.cornerWindow)
        if turns.count >= w {
            for i in 0...(turns.count - w) {
                var s = 0.0
                for j in i..<(i + w) { s += turns[j] }
                windowed.append(abs(s))
                maxTurn = Swift.max(maxTurn, abs(s))
            }
        }
        var unevenness = 0.0
        if !windowed.isEmpty {
            let m = windowed.reduce(0, +) / Double(windowed.count)
            let v = windowed.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(windowed.count)
            unevenness = m > 0 ? v.squareRoot() / m : 0
        }
        // Shoelace area of the polygon closed by the chord back to the start.
        var twiceArea = 0.0
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count]
            twiceArea += a.x * b.y - b.x * a.y
        }
        let perimeter = Path.length(p) + p[p.count - 1].distance(to: p[0])
        let longer = box.longerSide
        let ellipse = ellipseRadii(p, centroid: c)
        return Shape(
            radiusDeviation: variance.squareRoot() / mean,
            minRadiusRatio: (r.min() ?? 0) / mean,
            maxRadiusRatio: (r.max() ?? 0) / mean,
            closure: p[0].distance(to: p[p.count - 1]) / mean,
            revolutions: abs(signed) / (2 * .pi),
            turningConsistency: absolute > 0 ? abs(signed) / absolute : 0,
            winding: abs(swept) / (2 * .pi),
            aspectRatio: longer > 0 ? Swift.min(box.width, box.height) / longer : 0,
            cornerCount: Double(StrokePreparation.cornerCount(p, window: settings.cornerWindow,
                                                              degrees: settings.cornerDegrees)),
            maxTurn: maxTurn * 180 / .pi,
            compactness: perimeter > 0 ? 4 * .pi * (abs(twiceArea) / 2) / (perimeter * perimeter) : 0,
            turningUnevenness: unevenness,
            elongation: ellipse.elongation,
            ellipseDeviation: ellipse.deviation,
            ellipseMinRadius: ellipse.minRatio,
            ellipseMaxRadius: ellipse.maxRatio,
            returnMiss: abs(signed) >= 2 * .pi ? 0 : returnMiss(p) / mean)
    }

    /// The distance from the start of `p` to the ray that continues its last tenth (at
    /// least one segment) straight on, or to its end when that ray heads away from the
    /// start or the last tenth has no length (no direction); 0 for fewer than two points.
    static func returnMiss(_ p: [Point]) -> Double {
        let n = p.count
        guard n >= 2 else { return 0 }
        let k = Swift.min(n - 1, Swift.max(1, n / 10))
        let end = p[n - 1], toStart = p[0] - end
        let heading = end - p[n - 1 - k]
        let length = (heading.x * heading.x + heading.y * heading.y).squareRoot()
        let gap = (toStart.x * toStart.x + toStart.y * toStart.y).squareRoot()
        guard length > 0, length.isFinite else { return gap }
        let ux = heading.x / length, uy = heading.y / length
        let along = toStart.x * ux + toStart.y * uy
        return along > 0 ? abs(toStart.x * uy - toStart.y * ux) : gap
    }

    /// The most a stroke is stretched to make its principal axes equal: 10 times (an
    /// elongation of 0.1). A near-straight stroke would otherwise have its jitter blown up
    /// without bound; stretched 10 times it still reads as far from round.
    static let maxEllipseStretch = 10.0

    /// ``Shape/elongation`` and the radius measures after stretching `p` along its minor
    /// principal axis (through `centroid`) until both axes are equally long.
    ///
    /// The axes are those of the region the stroke encloses (closed by its chord): its
    /// second moments of area give an ellipse's true axis ratio, where the points' own
    /// spread would not (equally spaced points crowd the ends of an oval, 0.58 for a 2:1
    /// one). A stroke that encloses almost nothing (a line, an arc of a few degrees) or
    /// whose region's moments are not those of a real shape (a figure eight's lobes
    /// cancel) takes the points' spread instead.
    static func ellipseRadii(_ p: [Point], centroid c: Point)
        -> (elongation: Double, deviation: Double, minRatio: Double, maxRatio: Double) {
        let n = Double(p.count)
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for q in p {
            let dx = q.x - c.x, dy = q.y - c.y
            sxx += dx * dx; syy += dy * dy; sxy += dx * dy
        }
        sxx /= n; syy /= n; sxy /= n
        if let region = regionMoments(p, origin: c) { (sxx, syy, sxy) = region }
        let half = (sxx + syy) / 2, root = (((sxx - syy) / 2) * ((sxx - syy) / 2) + sxy * sxy).squareRoot()
        let major = half + root, minor = Swift.max(0, half - root)
        guard major > 0, major.isFinite else { return (0, 1, 0, 2) }   // not reached: the caller checked the mean radius
        let elongation = (minor / major).squareRoot()
        let stretch = Swift.min(maxEllipseStretch, elongation > 0 ? 1 / elongation : maxEllipseStretch)
        let theta = 0.5 * atan2(2 * sxy, sxx - syy)
        let cosT = cos(theta), sinT = sin(theta)
        let r = p.map { q -> Double in
            let dx = q.x - c.x, dy = q.y - c.y
            let u = dx * cosT + dy * sinT, v = (-dx * sinT + dy * cosT) * stretch
            return (u * u + v * v).squareRoot()
        }
        let mean = r.reduce(0, +) / n
        guard mean > 0, mean.isFinite else { return (elongation, 1, 0, 2) }
        let variance = r.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        return (elongation, variance.squareRoot() / mean, (r.min() ?? 0) / mean, (r.max() ?? 0) / mean)
    }

    /// The second moments of area (x², y², xy, each over the area, about the area's own
    /// centroid) of the polygon `p` closed by its chord, by Green's theorem; `nil` when it
    /// encloses less than 1 % of a circle of the same perimeter or its moments do not form
    /// a positive semi-definite matrix.
    static func regionMoments(_ p: [Point], origin c: Point) -> (xx: Double, yy: Double, xy: Double)? {
        guard p.count >= 3 else { return nil }
        var a2 = 0.0, cx = 0.0, cy = 0.0, ixx = 0.0, iyy = 0.0, ixy = 0.0, perimeter = 0.0
        for i in 0..<p.count {
            let x0 = p[i].x - c.x, y0 = p[i].y - c.y
            let j = (i + 1) % p.count
            let x1 = p[j].x - c.x, y1 = p[j].y - c.y
            let cross = x0 * y1 - x1 * y0
            a2 += cross
            cx += (x0 + x1) * cross; cy += (y0 + y1) * cross
            iyy += (y0 * y0 + y0 * y1 + y1 * y1) * cross
            ixx += (x0 * x0 + x0 * x1 + x1 * x1) * cross
            ixy += (x0 * y1 + 2 * x0 * y0 + 2 * x1 * y1 + x1 * y0) * cross
            perimeter += p[i].distance(to: p[j])
        }
        let area = a2 / 2
        guard area.isFinite, perimeter > 0, abs(area) >= 0.01 * perimeter * perimeter / (4 * .pi) else { return nil }
        let mx = cx / (6 * area), my = cy / (6 * area)
        let xx = ixx / (12 * area) - mx * mx, yy = iyy / (12 * area) - my * my, xy = ixy / (24 * area) - mx * my
        guard xx > 0, yy > 0, xx * yy - xy * xy >= 0, (xx + yy).isFinite else { return nil }
        return (xx, yy, xy)
    }
}
