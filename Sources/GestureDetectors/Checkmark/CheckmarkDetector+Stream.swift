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
    /// Agreement: it tests every prefix of the stroke with the whole-stroke rule, so a
    /// stroke that ``CheckmarkDetector/detects(_:)`` accepts has fired by its last point.
    /// The book rule is O(1) per point; the trained rule re-measures the prefix whenever
    /// a new distinct point arrives, O(n) per point.
    ///
    /// Edge cases: after a non-finite point the stream never fires (the whole stroke
    /// would not be detected either); repeated points add nothing.
    public struct Stream: Sendable {
        public let thresholds: CheckmarkThresholds
        /// Distinct points so far (trained rule only).
        private var points: [Point] = []
        private var raw: [Point] = []   // last two raw points (book rule)
        private var lengthSoFar = 0.0
        private var poisoned = false
        /// Number of points added since the last reset.
        public private(set) var added = 0
        /// Index (0-based, counting every added point) of the point at which it fired.
        public private(set) var firedAt: Int?

        public init(thresholds: CheckmarkThresholds) { self.thresholds = thresholds }

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
            case .trained(let settings, let box):
                if let last = points.last, last.x == p.x, last.y == p.y { return false }
                points.append(p)
                guard points.count >= 2, let shape = CheckmarkDetector.shape(Stroke(points), settings: settings)
                else { return false }
                if box.accepts(shape.values) { firedAt = added }
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
            raw = []
            lengthSoFar = 0
            poisoned = false
            added = 0
            firedAt = nil
        }
    }
}
