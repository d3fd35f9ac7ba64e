import Foundation
import GestureGeometry

extension CheckmarkDetector {
    /// What a check-mark detector measures on one stroke. Measuring is separate from
    /// deciding: ``CheckmarkThresholds/accepts(_:)`` decides from these values alone.
    public struct Features: Hashable, Sendable {
        /// One entry per raw move from the third point on, as CheckPlease sees it in
        /// `touchesMoved`: the angle between the previous and the current raw segment and
        /// the path length drawn before the current segment.
        public var rawTurns: [RawTurn]
        /// Shape measures on the smoothed, resampled stroke; `nil` for a degenerate stroke.
        public var shape: Shape?

        public init(rawTurns: [RawTurn], shape: Shape?) {
            self.rawTurns = rawTurns
            self.shape = shape
        }
    }

    /// One raw move as the book's recognizer measures it.
    public struct RawTurn: Hashable, Sendable {
        /// Unsigned angle in degrees (0–180) between segment i−2→i−1 and segment i−1→i;
        /// `nil` when either segment has zero length (the original got NaN, which never
        /// passes its range test).
        public var angle: Double?
        /// Path length from the first point to point i−1.
        public var lengthSoFar: Double
    }

    /// Measures of a two-leg stroke on equally spaced, smoothed points. The corner is the
    /// point that most lengthens the path start → corner → end compared with the chord.
    public struct Shape: ShapeMeasures {
        /// Second leg length over first leg length (straight-line lengths).
        public var legRatio: Double
        /// Unit direction of the first leg (x right, y down).
        public var leg1DX: Double
        public var leg1DY: Double
        /// Unit direction of the second leg.
        public var leg2DX: Double
        public var leg2DY: Double
        /// Turn at the corner in degrees, 0 (straight on) … 180 (doubling back).
        public var cornerAngle: Double
        /// Absolute turning in degrees within two points either side of the corner.
        public var cornerSharpness: Double
        /// Arc-length fraction (0…1) at which the corner lies.
        public var cornerPosition: Double
        /// Path length of each leg over its straight-line length (1 = perfectly straight).
        public var leg1Straightness: Double
        public var leg2Straightness: Double
        /// Distance start → end over leg1 + leg2.
        public var chordRatio: Double
        /// Number of sharp corners along the stroke.
        public var cornerCount: Double
        /// Sum of absolute turning angles in degrees.
        public var totalAbsoluteTurning: Double
        /// How much higher the end is than the start, over the bounding-box height
        /// (y grows downward; a check ends well above where it began, a `v` about level).
        public var endRise: Double
        /// Bounding-box width over height.
        public var aspectRatio: Double
        /// Dominant corners: the stroke simplified to straight pieces (Douglas–Peucker at 7%
        /// of its diagonal), turns under 35° merged away, hooks at the ends dropped. A check
        /// mark has one; a zig-zag, a Z or a W has two or more, whatever their angles.
        public var corners: Double = 0
        /// How many times consecutive dominant corners turn to opposite sides (1 for a Z,
        /// 2 for a W, 0 for a check mark).
        public var reversals: Double = 0
        /// Crossings of the stroke with itself (loops); a check mark has none.
        public var crossings: Double = 0
        /// Standard deviation of the points' distance to their centroid over its mean
        /// (``ShapeSpread``): about 0.5 for a check mark, whose long leg carries the
        /// centroid away from the short one; less for a V with level ends or a
        /// round-bottomed U, whose points sit more evenly about their centroid.
        public var radiusDeviation: Double = 0
        /// 4π·area / perimeter² of the stroke closed by its chord: low for a check mark
        /// (two straight legs enclose a thin triangle), higher for a V with level ends and
        /// highest for a round-bottomed U.
        public var compactness: Double = 0

        /// The names of the values in ``values``, in a fixed order.
        public static let names = [
            "legRatio", "leg1DX", "leg1DY", "leg2DX", "leg2DY", "cornerAngle", "cornerSharpness",
            "cornerPosition", "leg1Straightness", "leg2Straightness", "chordRatio", "cornerCount",
            "totalAbsoluteTurning", "endRise", "aspectRatio", "corners", "reversals", "crossings",
            "radiusDeviation", "compactness",
        ]

        /// The measures that count something: bounded by whole numbers, never widened by a
        /// training margin.
        public static let countNames: Set<String> = ["cornerCount", "corners", "reversals", "crossings"]

        /// The measures in the order of ``names``.
        public var vector: [Double] {
            [legRatio, leg1DX, leg1DY, leg2DX, leg2DY, cornerAngle, cornerSharpness, cornerPosition,
             leg1Straightness, leg2Straightness, chordRatio, cornerCount, totalAbsoluteTurning, endRise, aspectRatio,
             corners, reversals, crossings, radiusDeviation, compactness]
        }
    }

    /// How the shape measures are taken (``CheckmarkDetector/defaultSettings``: 32 points,
    /// enough for two legs as Protractor's 16 are for letters).
    public typealias ShapeSettings = GestureDetectors.ShapeSettings

    /// Measures `stroke` for both rules.
    ///
    /// Edge cases: a stroke with a non-finite coordinate gets no raw turns and no shape;
    /// fewer than three points get no raw turns; fewer than two distinct points or zero
    /// length get no shape. Such strokes are never detected.
    /// - Complexity: O(n · granularity + resampleCount).
    public static func measure(_ stroke: Stroke, settings: ShapeSettings = defaultSettings) -> Features {
        guard stroke.isFinite else { return Features(rawTurns: [], shape: nil) }
        return Features(rawTurns: rawTurns(stroke.points), shape: shape(stroke, settings: settings))
    }

    static func rawTurns(_ p: [Point]) -> [RawTurn] {
        guard p.count >= 3 else { return [] }
        var out: [RawTurn] = []
        out.reserveCapacity(p.count - 2)
        var length = p[0].distance(to: p[1])
        for i in 2..<p.count {
            out.append(RawTurn(angle: Angles.angleBetweenLines(p[i - 2], p[i - 1], p[i - 1], p[i]), lengthSoFar: length))
            length += p[i - 1].distance(to: p[i])
        }
        return out
    }

    /// Shape measures on equally spaced, smoothed points (what ``shape(_:settings:)``
    /// measures after preparing the stroke).
    public static func shape(resampled points: [Point], settings: ShapeSettings) -> Shape? {
        let rested = StrokeStructure.withoutRestingEnds(points, radius: settings.restingRadius)
        let p = settings.dropsHooks
            ? StrokeStructure.withoutHooks(rested, window: settings.cornerWindow, degrees: settings.cornerDegrees, atStart: false) : rested
        guard p.count >= 3 else { return nil }
        let n = p.count, first = p[0], last = p[n - 1]
        let chord = first.distance(to: last)
        var corner = 1
        var best = -Double.infinity
        for i in 1..<(n - 1) {
            let excess = first.distance(to: p[i]) + p[i].distance(to: last) - chord
            if excess > best { best = excess; corner = i }
        }
        let c = p[corner]
        let leg1 = first.distance(to: c), leg2 = c.distance(to: last)
        guard leg1 > 0, leg2 > 0 else { return nil }
        let cum = Path.cumulativeLengths(p)
        let total = cum[n - 1]
        guard total > 0 else { return nil }
        let turns = Stroke(p).turningAngles
        // Turning angle k sits at vertex k + 1 when no segment is zero length (resampled
        // points are equally spaced, so none is).
        var sharp = 0.0
        if turns.count == n - 2 {
            for v in Swift.max(1, corner - 2)...Swift.min(n - 2, corner + 2) { sharp += turns[v - 1] }
        }
        let absTurning = turns.reduce(0) { $0 + abs($1) } * 180 / .pi
        guard let box = Stroke(p).boundingBox else { return nil }
        // A flat or thin stroke has no height or width: measure against the longer side.
        let height = Swift.max(box.height, 1e-3 * box.longerSide)
        let width = Swift.max(box.width, 1e-3 * box.longerSide)
        let structure = StrokeStructure.corners(p)
        var shape = Shape(
            legRatio: leg2 / leg1,
            leg1DX: (c.x - first.x) / leg1, leg1DY: (c.y - first.y) / leg1,
            leg2DX: (last.x - c.x) / leg2, leg2DY: (last.y - c.y) / leg2,
            cornerAngle: Angles.angleBetweenLines(first, c, c, last) ?? 0,
            cornerSharpness: abs(sharp) * 180 / .pi,
            cornerPosition: cum[corner] / total,
            leg1Straightness: cum[corner] / leg1,
            leg2Straightness: (total - cum[corner]) / leg2,
            chordRatio: chord / (leg1 + leg2),
            cornerCount: Double(StrokePreparation.cornerCount(p, window: settings.cornerWindow,
                                                              degrees: settings.cornerDegrees)),
            totalAbsoluteTurning: absTurning,
            endRise: (first.y - last.y) / height,
            aspectRatio: width / height)
        shape.corners = Double(structure.count)
        shape.reversals = Double(StrokeStructure.reversals(structure))
        shape.crossings = Double(GeneralShapeDetector.selfIntersections(p))
        if let centroid = Stroke(p).centroid { shape.radiusDeviation = ShapeSpread.radiusDeviation(p, centroid: centroid) }
        shape.compactness = ShapeSpread.compactness(p, length: total)
        return shape
    }
}
