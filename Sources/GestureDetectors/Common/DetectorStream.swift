import GestureGeometry

/// A ``ShapeDetector`` fed point by point, as `touchesMoved` feeds it, in bounded time per
/// point: it fires at the first point where the stroke so far passes and reports `true`
/// from then on until ``reset()``.
///
/// ```swift
/// var s = DetectorStream(thresholds: zigZag)     // DetectorThresholds<GeneralShapeDetector>
/// for p in points where s.add(p) { print("fired at point", s.firedAt ?? 0); break }
/// ```
/// A trained rule measures the prepared prefix kept by ``PreparedPrefix`` after each new
/// distinct point: O(resampleCount) per point whatever the stroke's length, and the same
/// measures as the whole stroke's while the smoothed prefix has fewer than
/// 16 · resampleCount points (close to them beyond). A book rule is applied to every
/// prefix (O(n) per point); the check mark's and circle's own streams do better.
///
/// Edge cases: after a non-finite point the stream never fires; repeated points add
/// nothing; ``end()`` is the decision on everything added.
public struct DetectorStream<D: ShapeDetector>: Sendable {
    public let thresholds: DetectorThresholds<D>
    private var prefix: PreparedPrefix
    private var raw: [Point] = []   // book rule only
    private var poisoned = false
    private var lastDecision = false
    /// Points added since the last reset.
    public private(set) var added = 0
    /// Index (0-based, counting every added point) of the point at which it fired.
    public private(set) var firedAt: Int?

    public init(thresholds: DetectorThresholds<D>) {
        self.thresholds = thresholds
        let s = thresholds.settings
        prefix = PreparedPrefix(count: s.resampleCount, granularity: s.smoothingGranularity)
    }

    public var hasFired: Bool { firedAt != nil }

    /// Adds the next touch location; returns `true` once the detector has fired.
    public mutating func add(_ p: Point) -> Bool {
        defer { added += 1 }
        if !p.isFinite { poisoned = true; lastDecision = false }
        if poisoned { return firedAt != nil }
        switch thresholds.rule {
        case .book(let r):
            raw.append(p)
            lastDecision = r.accepts(Stroke(raw))
        case .trained(let settings, _):
            guard prefix.add(p) else { return firedAt != nil }
            let v = prefix.resampled().flatMap { D.features(ofResampled: $0, settings: settings) }
            lastDecision = thresholds.accepts(vector: v)
        }
        if lastDecision && firedAt == nil { firedAt = added }
        return firedAt != nil
    }

    /// The decision on every point added (at touch end): the stroke as a whole passes.
    public func end() -> Bool { !poisoned && lastDecision }

    /// The margin of the current prefix (trained rule; `nil` for a book rule or before
    /// two distinct points).
    public mutating func margin() -> Double? {
        guard !poisoned, case .trained(let settings, _) = thresholds.rule, let p = prefix.resampled() else { return nil }
        return thresholds.margin(vector: D.features(ofResampled: p, settings: settings))
    }

    /// Forgets the stroke so far (touch began again).
    public mutating func reset() {
        prefix.reset()
        raw.removeAll(keepingCapacity: true)
        poisoned = false
        lastDecision = false
        added = 0
        firedAt = nil
    }
}
