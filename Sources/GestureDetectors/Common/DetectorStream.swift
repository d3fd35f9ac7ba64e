import GestureGeometry

/// A ``ShapeDetector`` fed point by point, as `touchesMoved` feeds it: it fires at the
/// first point where the stroke so far passes and reports `true` from then on until
/// ``reset()``.
///
/// ```swift
/// var s = DetectorStream(thresholds: CheckmarkThresholds.checkPlease)
/// for p in points where s.add(p) { print("fired at point", s.firedAt ?? 0); break }
/// ```
/// Cost per point, whatever the stroke's length: a trained rule measures the prepared
/// prefix kept by ``PreparedPrefix`` after each new distinct point, O(resampleCount) —
/// the same measures as the whole prefix's while its smoothed form has fewer than
/// 16 · resampleCount points (about 128 raw points with 32, 256 with 64), close to them
/// beyond. A book rule goes through its ``ShapeBookRule/passes(adding:to:)``: O(1) for
/// CheckPlease; Sadun's test re-measures the prefix (its transit is taken around the
/// bounding box's centre, which moves with every point), O(n).
///
/// ``end()`` is the whole-stroke decision on every point added (at touch end), exactly
/// what ``DetectorThresholds/accepts(_:)`` says.
///
/// Edge cases: after a non-finite point the stream never fires and ``end()`` is `false`
/// (the whole stroke would not be detected either); repeated points add nothing to a
/// trained rule's measures.
public struct DetectorStream<D: ShapeDetector>: Sendable {
    public let thresholds: DetectorThresholds<D>
    private var prefix: PreparedPrefix
    private var progress: D.BookRule.Progress?
    /// Every finite point added, for ``end()``.
    private var raw: [Point] = []
    private var poisoned = false
    /// Points added since the last reset.
    public private(set) var added = 0
    /// Index (0-based, counting every added point) of the point at which it fired.
    public private(set) var firedAt: Int?

    public init(thresholds: DetectorThresholds<D>) {
        self.thresholds = thresholds
        let s = thresholds.settings
        prefix = PreparedPrefix(count: s.resampleCount, granularity: s.smoothingGranularity, jitterRadius: s.jitterRadius,
                                 jitterTurns: s.jitterTurns)
        if case .book(let r) = thresholds.rule { progress = r.begin() }
    }

    public var hasFired: Bool { firedAt != nil }

    /// Adds the next touch location; returns `true` once the detector has fired.
    public mutating func add(_ p: Point) -> Bool {
        defer { added += 1 }
        if !p.isFinite { poisoned = true }
        if poisoned { return firedAt != nil }
        raw.append(p)
        if firedAt != nil {
            // Keep the prepared prefix current for ``margin()``; nothing to decide.
            if case .trained = thresholds.rule { prefix.add(p) }
            return true
        }
        let passes: Bool
        switch thresholds.rule {
        case .book(let r):
            guard var pr = progress else { return false }
            passes = r.passes(adding: p, to: &pr)
            progress = pr
        case .trained(let settings, _):
            guard prefix.add(p) else { return false }
            passes = thresholds.accepts(vector: prefix.resampled().flatMap { D.features(ofResampled: $0, settings: settings) })
        }
        if passes { firedAt = added }
        return passes
    }

    /// The whole-stroke decision on every point added (touch end).
    public func end() -> Bool { !poisoned && !raw.isEmpty && thresholds.accepts(Stroke(raw)) }

    /// The margin of the current prefix (trained rule; `nil` for a book rule or before
    /// two distinct points).
    public mutating func margin() -> Double? {
        guard !poisoned, case .trained(let settings, _) = thresholds.rule, let p = prefix.resampled() else { return nil }
        return thresholds.margin(vector: D.features(ofResampled: p, settings: settings))
    }

    /// Forgets the stroke so far (touch began again).
    public mutating func reset() {
        prefix.reset()
        if case .book(let r) = thresholds.rule { progress = r.begin() }
        raw.removeAll(keepingCapacity: true)
        poisoned = false
        added = 0
        firedAt = nil
    }
}
