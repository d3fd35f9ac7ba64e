import GestureGeometry

extension CheckmarkDetector {
    /// The check-mark detector fed point by point, as `touchesMoved` would feed it.
    /// It reports `true` from the point at which it fires and keeps reporting `true`
    /// until ``reset()``.
    ///
    /// ```swift
    /// var s = CheckmarkDetector.Stream(thresholds: .checkPlease)
    /// for p in points where s.add(p) { print("fired at point", s.firedAt ?? 0); break }
    /// ```
    /// The book rule is O(1) per point and fires exactly where the whole-stroke rule first
    /// passes. The trained rule measures the prepared prefix kept by ``PreparedPrefix``
    /// after each new distinct point, O(resampleCount) per point whatever the stroke's
    /// length: the same measures as the whole prefix's while its smoothed form has fewer
    /// than 16 · resampleCount points (about 128 raw points with the defaults), close to
    /// them beyond; ``end()`` measures the whole stroke exactly once.
    ///
    /// Edge cases: after a non-finite point the stream never fires (the whole stroke
    /// would not be detected either); repeated points add nothing.
    public struct Stream: Sendable {
        public let thresholds: CheckmarkThresholds
        /// Distinct points so far (trained rule only), for ``end()``.
        private var points: [Point] = []
        private var prefix: PreparedPrefix
        private let compiled: CompiledFeatureBox?
        private var raw: [Point] = []   // last two raw points (book rule)
        private var lengthSoFar = 0.0
        private var poisoned = false
        /// Number of points added since the last reset.
        public private(set) var added = 0
        /// Index (0-based, counting every added point) of the point at which it fired.
        public private(set) var firedAt: Int?

        public init(thresholds: CheckmarkThresholds) {
            self.thresholds = thresholds
            let s = thresholds.shapeSettings
            prefix = PreparedPrefix(count: s.resampleCount, granularity: s.smoothingGranularity)
            if case .trained(let s, let box) = thresholds.rule, s.problem == nil {
                compiled = CompiledFeatureBox(box, names: Shape.names)
            } else {
                compiled = nil
            }
        }

        public var hasFired: Bool { firedAt != nil }

        /// Adds the next touch location; returns `true` once the detector has fired.
        public mutating func add(_ p: Point) -> Bool {
            defer { added += 1 }
            if !p.isFinite { poisoned = true }
            if firedAt != nil {
                // Keep the points for ``end()``.
                if case .trained = thresholds.rule, !poisoned, points.last.map({ $0.x != p.x || $0.y != p.y }) ?? true {
                    points.append(p)
                }
                return true
            }
            if poisoned { return false }
            switch thresholds.rule {
            case .checkPlease(let r):
                if raw.count == 2 {
                    let turn = RawTurn(angle: Angles.angleBetweenLines(raw[0], raw[1], raw[1], p),
                                       lengthSoFar: lengthSoFar + raw[0].distance(to: raw[1]))
                    lengthSoFar = turn.lengthSoFar
                    if r.fires(turn) { firedAt = added }
                    raw = [raw[1], p]
                } else {
                    raw.append(p)
                }
            case .trained(let settings, _):
                guard let compiled, prefix.add(p) else { return false }
                points.append(p)
                guard let r = prefix.resampled(), let shape = CheckmarkDetector.shape(resampled: r, settings: settings)
                else { return false }
                if compiled.accepts(shape.vector) { firedAt = added }
            }
            return firedAt != nil
        }

        /// The whole-stroke decision at touch end (`touchesEnded`): exactly what
        /// ``CheckmarkDetector/detects(_:)`` says for the points added (without a reset in
        /// between). Use it instead of mid-stroke firing when a prefix of another symbol
        /// must not count: on the $1 logs, firing mid-stroke raises the trained detector's
        /// false-positive rate (see the README).
        public func end() -> Bool {
            if poisoned { return false }
            switch thresholds.rule {
            case .checkPlease:
                return firedAt != nil
            case .trained(let settings, let box):
                guard points.count >= 2, let shape = CheckmarkDetector.shape(Stroke(points), settings: settings)
                else { return false }
                return box.accepts(shape.values)
            }
        }

        /// Forgets the stroke so far (touch began again).
        public mutating func reset() {
            points = []
            prefix.reset()
            raw = []
            lengthSoFar = 0
            poisoned = false
            added = 0
            firedAt = nil
        }
    }
}
