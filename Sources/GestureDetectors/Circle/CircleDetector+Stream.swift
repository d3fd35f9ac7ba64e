import GestureGeometry

extension CircleDetector {
    /// The circle detector fed point by point. Sadun's test runs at touch end; here it is
    /// applied to every prefix (O(n) per point: its transit is measured around the
    /// bounding box's centre, which moves with every point), so the stream fires at the
    /// first point where the stroke so far passes. The trained rule measures the prepared
    /// prefix kept by ``PreparedPrefix``, O(resampleCount) per point whatever the stroke's
    /// length (the whole prefix's measures while its smoothed form has fewer than
    /// 16 · resampleCount points, close to them beyond). ``end()`` decides on the whole
    /// stroke exactly.
    ///
    /// ```swift
    /// var s = CircleDetector.Stream(thresholds: .sadun)
    /// let fired = points.contains { s.add($0) }
    /// ```
    /// Edge cases: after a non-finite point the stream never fires.
    public struct Stream: Sendable {
        public let thresholds: CircleThresholds
        private var raw: [Point] = []
        private var distinct: [Point] = []
        private var poisoned = false
        private var prefix: PreparedPrefix
        private let compiled: CompiledFeatureBox?
        public private(set) var added = 0
        /// Index of the point at which it fired.
        public private(set) var firedAt: Int?

        public init(thresholds: CircleThresholds) {
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
                if !poisoned {
                    raw.append(p)
                    if distinct.last.map({ $0.x != p.x || $0.y != p.y }) ?? true { distinct.append(p) }
                }
                return true
            }
            if poisoned { return false }
            raw.append(p)
            let isNew = distinct.last.map { $0.x != p.x || $0.y != p.y } ?? true
            if isNew { distinct.append(p) }
            switch thresholds.rule {
            case .sadun(let r):
                if let m = CircleDetector.sadunMeasures(raw), r.accepts(m) { firedAt = added }
            case .trained(let settings, _):
                guard isNew, let compiled, prefix.add(p), let r = prefix.resampled(),
                      let shape = CircleDetector.shape(resampled: r, settings: settings)
                else { return false }
                if compiled.accepts(shape.vector) { firedAt = added }
            }
            return firedAt != nil
        }

        /// The whole-stroke decision at touch end, as Sadun's recognizer decides in
        /// `touchesEnded`: exactly what ``CircleDetector/detects(_:)`` says for the points
        /// added. Prefer it to mid-stroke firing for circles: the top loop of a question
        /// mark is a circle until the tail is drawn.
        public func end() -> Bool {
            if poisoned || raw.isEmpty { return false }
            return thresholds.accepts(CircleDetector.measure(Stroke(raw), settings: thresholds.shapeSettings))
        }

        /// Forgets the stroke so far (touch began again).
        public mutating func reset() {
            raw = []
            distinct = []
            prefix.reset()
            poisoned = false
            added = 0
            firedAt = nil
        }
    }
}
