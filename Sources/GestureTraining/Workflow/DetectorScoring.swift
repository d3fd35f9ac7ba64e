import GestureDetectors

/// Turns cached detector measurements into a report's ``BinaryEvaluation``: the trained
/// thresholds' decision values (box margins, ≥ 0 when detected) swept into a ROC curve,
/// with the book's preset measured on the same samples beside it. A tally can pool
/// several folds, each with its own trained thresholds: margins share the scale "≥ 0 is
/// detected" whatever box produced them.
package struct DetectorTally: Sendable {
    /// Margins are in units of the positives' spread; beyond ±3 they only say "far
    /// inside" or "far outside", so they are clamped there to keep histograms readable
    /// (and degenerate strokes, scored −∞, on the scale). The decision at 0 is unchanged.
    package static let marginClamp = 3.0

    package let kind: DetectorKind
    package let positive: String
    package var positives: [Double] = []
    package var negatives: [Double] = []
    package var preset = BinaryCounts()
    package var trained = BinaryCounts()
    package var acceptedByLabel: [String: (accepted: Int, total: Int)] = [:]

    package init(kind: DetectorKind, positive: String) {
        self.kind = kind
        self.positive = positive
    }

    /// The book's rule for a detector: CheckPlease for check marks, Sadun's test for
    /// circles; none for the general shape detector.
    package static func bookPreset(_ kind: DetectorKind) -> (name: String, thresholds: AnyDetectorThresholds)? {
        switch kind {
        case .checkmark: return ("book preset (CheckPlease)", .checkmark(.checkPlease))
        case .circle: return ("book preset (Sadun)", .circle(.sadun))
        case .shape: return nil
        }
    }

    /// Adds the samples at `indices` (all when `nil`) of `m`, decided by `trained`.
    package mutating func add(_ m: DetectorMeasurements, trained thresholds: AnyDetectorThresholds, indices: [Int]? = nil) {
        let book = Self.bookPreset(kind).map { m.decider($0.thresholds) }
        let decide = m.decider(thresholds)
        for i in indices ?? Array(0..<m.count) {
            let isPositive = m.labels[i] == positive
            let (accepted, margin) = decide(i)
            let s = Swift.min(Self.marginClamp, Swift.max(-Self.marginClamp, margin ?? (accepted ? 1 : -1)))
            if isPositive { positives.append(s) } else { negatives.append(s) }
            if let book { preset.record(isPositive: isPositive, accepted: book(i).accepted) }
            trained.record(isPositive: isPositive, accepted: accepted)
            let label = m.labels[i] ?? "(none)"
            let a = acceptedByLabel[label] ?? (0, 0)
            acceptedByLabel[label] = (a.accepted + (accepted ? 1 : 0), a.total + 1)
        }
    }

    package var evaluation: BinaryEvaluation {
        BinaryEvaluation(
            name: kind == .shape ? "shape-\(positive)" : kind.rawValue, positive: "label '\(positive)'",
            scoreName: "box margin (clamped to ±\(Int(Self.marginClamp)); ≥ 0 is detected)",
            positives: positives, negatives: negatives, orientation: .higherIsPositive, chosenName: "trained", threshold: 0,
            comparisons: Self.bookPreset(kind).map { [NamedOperatingPoint(name: $0.name, threshold: nil, counts: preset)] } ?? [],
            acceptedByLabel: acceptedByLabel.mapValues { $0.total > 0 ? Double($0.accepted) / Double($0.total) : 0 })
    }
}
