/// How a shape detector prepares a stroke before measuring it: Catmull-Rom smoothing,
/// resampling to equally spaced points, and what counts as a corner. One type for every
/// ``ShapeDetector``; each detector has its own ``ShapeDetector/defaultSettings``
/// (32 points for the two-leg check mark, 64 — $1's N — for the circle and the general
/// shape detector).
///
/// ```swift
/// let s = ShapeSettings(resampleCount: 64)
/// ```
/// Decoding refuses values outside ``limits`` (they size allocations), naming the field.
public struct ShapeSettings: Hashable, Sendable {
    /// Points after resampling.
    public var resampleCount: Int
    /// Catmull-Rom points per raw segment before resampling (4: Sadun's recipe).
    public var smoothingGranularity: Int
    /// Vertices summed when looking for a corner.
    public var cornerWindow: Int
    /// Turn over the window, in degrees, that counts as a corner.
    public var cornerDegrees: Double
    /// Whether the hooks at the stroke's ends are dropped before measuring
    /// (`StrokeStructure.withoutHooks`: an end piece under 8 % of the path beyond a
    /// corner). The circle detector's default. The check mark drops them when its file
    /// says so, and then only the hook where the pen lifts (its first leg is short, so a
    /// hook at the start could be that leg); its default does not (a short third leg is
    /// what a zig-zag has). Files written before it existed read as `false` and measure as
    /// they did. Written to a file only when `true`.
    public var dropsHooks: Bool
    /// Within what distance of the stroke's first and last point, as a fraction of its
    /// bounding-box diagonal, a resting pen's or finger's jitter is looked for and dropped
    /// before measuring (`StrokeStructure.withoutRestingEnds`: resampled points there whose
    /// path ran at least a step further than it got): a finger that rests before it moves
    /// or before it lifts jitters in place, and that jitter otherwise takes resampled points
    /// and adds turning at the ends. 0 (the default, and what files written before it
    /// existed read as) drops nothing; the check mark's and circle's defaults use 0.02.
    /// Written to a file only when above 0.
    public var restingRadius: Double
    /// Jitter in place dropped before resampling, as a fraction of the smoothed path's
    /// bounding-box diagonal (`StrokePreparation.withoutJitter`): a run of points that stays
    /// within this distance of its first point while the path along it runs at least twice
    /// as far (and turns as far as ``jitterTurns`` asks) collapses to that point. A finger
    /// or pen that stops anywhere along the stroke jitters in place, and that jitter
    /// otherwise takes resampled points and turns them at random (the circle file before it
    /// accepted 73 % of the $1 logs' circles given 1–3 such rests of 10–30 points, ±1 px).
    /// A stroke drawn at any pace moves on and loses nothing. 0 (the default, and what files written before it existed read as) drops
    /// nothing; the circle's and the check mark's defaults use 0.02 (the check mark's with
    /// ``jitterTurns`` 1, so that its corner, drawn slowly, is never cut). Written to a file
    /// only when above 0.
    public var jitterRadius: Double
    /// How far a run within ``jitterRadius`` must turn, in whole turns summed over its
    /// path (absolute turning over 2π), to count as jitter. A corner drawn slowly stays
    /// within the radius too, and its path in and out can run twice the radius; it turns
    /// once, by at most half a turn and a little (the $1 logs' check marks, smoothed: at
    /// most 0.85 turns in such a run), while a resting finger's jitter turns back and forth
    /// (rests of 10–30 points, ±1 px, added to them: at least 1.0 turns, nine in ten more
    /// than 2.9). 0 (the default, and what files written before it existed read as) asks
    /// for no turning; the check mark's default asks for 1, so its corner is never cut.
    /// Written to a file only when above 0.
    public var jitterTurns: Double

    public init(resampleCount: Int = 64, smoothingGranularity: Int = 4, cornerWindow: Int = 3, cornerDegrees: Double = 45,
                dropsHooks: Bool = false, restingRadius: Double = 0, jitterRadius: Double = 0, jitterTurns: Double = 0) {
        self.resampleCount = resampleCount
        self.smoothingGranularity = smoothingGranularity
        self.cornerWindow = cornerWindow
        self.cornerDegrees = cornerDegrees
        self.dropsHooks = dropsHooks
        self.restingRadius = restingRadius
        self.jitterRadius = jitterRadius
        self.jitterTurns = jitterTurns
    }

    /// Allowed ranges. `resampleCount` points are made per stroke and
    /// `smoothingGranularity` points per raw segment, so a file saying `2000000000` made a
    /// detector allocate without bound (found by the FuzzThresholds target; its replay is
    /// under Tests/Fuzz/Regressions/FuzzThresholds).
    public enum Limits {
        /// Points after resampling (the presets use 32 and 64; 512 is 8–16 times that).
        public static let resampleCount = 3...512
        /// Catmull-Rom points per raw segment (Sadun's recipe uses 4).
        public static let smoothingGranularity = 1...16
        /// Vertices summed when looking for a corner (the presets use 3).
        public static let cornerWindow = 1...64
        /// Fraction of the diagonal within which a resting end is dropped (a tenth at most:
        /// more would cut into the shape itself).
        public static let restingRadius: ClosedRange<Double> = 0...0.1
        /// Fraction of the diagonal within which jitter in place is dropped (a tenth at most,
        /// as for resting ends).
        public static let jitterRadius: ClosedRange<Double> = 0...0.1
        /// Whole turns a jitter run must make (a run within a tenth of the diagonal that
        /// turns more than 20 times is jitter whatever the bound).
        public static let jitterTurns: ClosedRange<Double> = 0...20
    }

    /// Preparations a trainer may choose among on inner folds (`--choose-settings`): these
    /// settings first, then a wider corner window (two more vertices, which a shaky or
    /// noisy stroke's small turns do not add up over) and half as many resampled points
    /// (at least 16: each point then averages a longer stretch of the stroke).
    public var variants: [ShapeSettings] {
        var wider = self
        wider.cornerWindow = Swift.min(cornerWindow + 2, Limits.cornerWindow.upperBound)
        var coarser = self
        coarser.resampleCount = Swift.max(16, resampleCount / 2)
        var out = [self]
        for v in [wider, coarser] where !out.contains(v) { out.append(v) }
        return out
    }

    /// The first value outside ``Limits`` (or a non-finite `cornerDegrees`), described, or `nil`.
    public var problem: String? {
        let ranges: [(String, Int, ClosedRange<Int>)] = [
            ("resampleCount", resampleCount, Limits.resampleCount),
            ("smoothingGranularity", smoothingGranularity, Limits.smoothingGranularity),
            ("cornerWindow", cornerWindow, Limits.cornerWindow),
        ]
        for (field, value, range) in ranges where !range.contains(value) {
            return "\(field) is \(value); allowed: \(range.lowerBound)…\(range.upperBound)"
        }
        if !Limits.restingRadius.contains(restingRadius) {   // also refuses NaN
            return "restingRadius is \(restingRadius); allowed: \(Limits.restingRadius.lowerBound)…\(Limits.restingRadius.upperBound)"
        }
        if !Limits.jitterRadius.contains(jitterRadius) {   // also refuses NaN
            return "jitterRadius is \(jitterRadius); allowed: \(Limits.jitterRadius.lowerBound)…\(Limits.jitterRadius.upperBound)"
        }
        if !Limits.jitterTurns.contains(jitterTurns) {   // also refuses NaN
            return "jitterTurns is \(jitterTurns); allowed: \(Limits.jitterTurns.lowerBound)…\(Limits.jitterTurns.upperBound)"
        }
        return cornerDegrees.isFinite ? nil : "cornerDegrees must be a finite number"
    }
}

extension ShapeSettings: Codable {
    enum CodingKeys: String, CodingKey { case resampleCount, smoothingGranularity, cornerWindow, cornerDegrees, dropsHooks, restingRadius, jitterRadius, jitterTurns }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(resampleCount: try c.decode(Int.self, forKey: .resampleCount),
                  smoothingGranularity: try c.decode(Int.self, forKey: .smoothingGranularity),
                  cornerWindow: try c.decode(Int.self, forKey: .cornerWindow),
                  cornerDegrees: try c.decode(Double.self, forKey: .cornerDegrees),
                  dropsHooks: try c.decodeIfPresent(Bool.self, forKey: .dropsHooks) ?? false,
                  restingRadius: try c.decodeIfPresent(Double.self, forKey: .restingRadius) ?? 0,
                  jitterRadius: try c.decodeIfPresent(Double.self, forKey: .jitterRadius) ?? 0,
                  jitterTurns: try c.decodeIfPresent(Double.self, forKey: .jitterTurns) ?? 0)
        if let problem {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(resampleCount, forKey: .resampleCount)
        try c.encode(smoothingGranularity, forKey: .smoothingGranularity)
        try c.encode(cornerWindow, forKey: .cornerWindow)
        try c.encode(cornerDegrees, forKey: .cornerDegrees)
        if dropsHooks { try c.encode(true, forKey: .dropsHooks) }
        if restingRadius > 0 { try c.encode(restingRadius, forKey: .restingRadius) }
        if jitterRadius > 0 { try c.encode(jitterRadius, forKey: .jitterRadius) }
        if jitterTurns > 0 { try c.encode(jitterTurns, forKey: .jitterTurns) }
    }
}
