import GestureDetectors
import GestureGeometry

/// Trains a ``FeatureBox`` from cached feature vectors.
///
/// 1. Start wide: each feature's interval is the training positives' full range, widened
///    by `margin` times the feature's spread (its 5–95 % range among positives).
/// 2. Tighten greedily: each step moves one side of one interval inward to the next of a
///    fixed ladder of positive quantiles (``levels``), choosing the move that removes the
///    most false-positive rate per true-positive rate lost, until the training FPR reaches
///    a goal (or, for a TPR target, until no move keeps the TPR above a floor).
/// 3. Optionally release (``release``): each side no training negative presses on moves
///    outward, halfway to the nearest negative it alone refuses and at most `release`
///    spreads, so a bound the negatives never needed is not left on the positives' edge.
/// 4. Choose `margin` and how hard to push (``strictness``) on inner leave-one-subject-out
///    folds of the training data, so that the operating point holds on people the box
///    has not seen; then refit on all training samples.
///
/// Every bound sits on a quantile of the positives (plus margin), so the result reads as
/// a list of ranges ("leg ratio ≥ 1.6") and negatives only decide which sides to tighten.
///
/// - Complexity: O(grid · folds · steps · features · accepted samples) on cached features.
public struct BoxTrainer: Sendable {
    /// What the operating point aims for.
    public enum Target: Hashable, Codable, Sendable, CustomStringConvertible {
        /// Highest TPR with FPR at most this.
        case falsePositiveRate(Double)
        /// Lowest FPR with TPR at least this.
        case truePositiveRate(Double)

        public var description: String {
            switch self {
            case .falsePositiveRate(let f): "false-positive rate <= \(f)"
            case .truePositiveRate(let t): "true-positive rate >= \(t)"
            }
        }

        enum CodingKeys: String, CodingKey { case falsePositiveRate, truePositiveRate }

        /// Encoded as `{"falsePositiveRate": 0.01}` or `{"truePositiveRate": 0.95}`.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            if let f = try c.decodeIfPresent(Double.self, forKey: .falsePositiveRate) {
                self = .falsePositiveRate(f)
            } else {
                self = .truePositiveRate(try c.decode(Double.self, forKey: .truePositiveRate))
            }
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .falsePositiveRate(let f): try c.encode(f, forKey: .falsePositiveRate)
            case .truePositiveRate(let t): try c.encode(t, forKey: .truePositiveRate)
            }
        }
    }

    /// One (margin, strictness) candidate with its inner-validation counts.
    public struct Candidate: Hashable, Codable, Sendable {
        public var margin: Double
        public var strictness: Double
        /// Counts on the held-out subjects' samples (and their augmented copies, when
        /// training has them).
        public var validation: BinaryCounts
        /// Counts on the held-out subjects' recorded samples under each device shift
        /// (``ShiftedVectors``); `nil` when training was not asked to hold on every device.
        public var shiftValidation: [BinaryCounts]?
        /// Counts on the held-out negatives of each negative family (``BoxTrainer/family(ofLabel:)``);
        /// `nil` when every negative is of one family. A dataset held out whole adds one
        /// family per label of its negatives, named `held-out:<label>`.
        public var familyValidation: [String: BinaryCounts]?
        /// Counts of the box fitted on all training samples with this margin and strictness,
        /// on another dataset held out whole (``DetectorTrainer/HeldOutDataset``): its
        /// positives and negatives. `nil` without one.
        public var heldOutDataset: BinaryCounts?

        public init(margin: Double, strictness: Double, validation: BinaryCounts, shiftValidation: [BinaryCounts]? = nil,
                    familyValidation: [String: BinaryCounts]? = nil, heldOutDataset: BinaryCounts? = nil) {
            self.margin = margin
            self.strictness = strictness
            self.validation = validation
            self.shiftValidation = shiftValidation
            self.familyValidation = familyValidation
            self.heldOutDataset = heldOutDataset
        }

        /// The rates the choice goes by: the validation's own; with device shifts, the
        /// worst over the validation and every shift (the lowest TPR, the highest FPR), so
        /// that a candidate meets a target only when it does so on every shifted device;
        /// with negative families, the FPR is the worst family's, so that a target holds
        /// against every kind of negative, not on average; with a dataset held out whole,
        /// its positives' TPR counts as one more device (and its labels as families).
        public var decisive: (truePositiveRate: Double, falsePositiveRate: Double) {
            let all = [validation] + (shiftValidation ?? [])
            let heldOut = heldOutDataset.map { $0.positives > 0 ? [$0.truePositiveRate] : [] } ?? []
            let families = (familyValidation ?? [:]).values.filter { $0.negatives > 0 }.map(\.falsePositiveRate)
            return ((all.map(\.truePositiveRate) + heldOut).min() ?? 0, (all.map(\.falsePositiveRate) + families).max() ?? 1)
        }

        /// The negative family with the highest FPR on the inner folds, with that FPR.
        public var worstFamily: (family: String, falsePositiveRate: Double)? {
            (familyValidation ?? [:]).filter { $0.value.negatives > 0 }
                .map { ($0.key, $0.value.falsePositiveRate) }
                .max { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 > $1.0 }
        }
    }

    /// Feature vectors of some training rows as another device would have delivered them:
    /// `vectors[t][k]` is row `rows[k]` of the training vectors measured after device
    /// shift `t` (``StrokeAugmentation/deviceShifts(tolerance:)``). Only recorded samples
    /// have shifted forms; augmented copies are shifted already.
    public struct ShiftedVectors: Sendable {
        public var rows: [Int]
        public var vectors: [[[Double]?]]

        public init(rows: [Int], vectors: [[[Double]?]]) {
            precondition(vectors.allSatisfy { $0.count == rows.count }, "one shifted vector per row and shift")
            self.rows = rows
            self.vectors = vectors
        }
    }

    /// Quantile levels (fraction of positives cut off on one side) a bound may move to.
    public var levels: [Double] = [0, 0.0025, 0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1, 0.15]
    /// Widening, in units of the feature's spread.
    public var margins: [Double] = [0, 0.05, 0.1, 0.2, 0.35, 0.5]
    /// How hard the greedy steps push, 0…1. For an FPR target f the training FPR goal is
    /// f · (1 − strictness); for a TPR target t the TPR floor is t + (1 − t) · strictness.
    public var strictnesses: [Double] = [0, 0.25, 0.5, 0.75, 1]
    /// Folds used when the training data has fewer than three subjects (random, seeded).
    public var randomFolds = 5
    /// After tightening, each side of each measured (not counted) feature moves outward by
    /// half its distance to the nearest training negative that this side alone refuses (the
    /// negative is inside every other bound), and by at most `release` times the feature's
    /// spread; a side that refuses no negative alone moves the whole `release`. 0 (the
    /// default): no release. The greedy steps and the margin leave every bound on a quantile
    /// of the positives, also the bounds no negative needed (a check mark's end rising at
    /// least so much: only the training writers' habit); a person who turns the gesture a
    /// little further than they did crosses such a bound for nothing. Released, those bounds
    /// sit halfway between the positives and the nearest negative, as a maximum-margin
    /// boundary would, while a bound the negatives press on (the one between a check mark
    /// and a V) barely moves. Each side is released against the box before release, so two
    /// sides released together may let in a negative outside both.
    public var release: Double = 0
    /// Feature values the fitted box must accept (reference shapes such as an ideal
    /// circle): after fitting, each interval is widened just enough to contain them.
    public var references: [[String: Double]] = []
    /// Features that count something (corners, loops; ``GestureDetectors/ShapeDetector/countFeatureNames``):
    /// their bounds are whole numbers on the positives' quantiles, never widened by the
    /// margin, and their scale is one count.
    public var countFeatures: Set<String> = []
    /// Features left unbounded (``GestureDetectors/ShapeDetector/untrainedFeatureNames``:
    /// measures kept only so that older boxes decide as they did).
    public var untrainedFeatures: Set<String> = []
    /// Bounds no fitted interval reaches past (``GestureDetectors/ShapeDetector/definitionLimits(settings:)``):
    /// each trained feature's interval starts inside its limit, so the negatives a limit
    /// refuses press on no other bound, and stays inside it after the ``references`` widen
    /// the box. Names that are not trained features are ignored.
    public var limits: [String: ClosedRange<Double>] = [:]

    public init() {}

    /// The negative family of a label, for choosing by the worst family: an everyday
    /// stroke's family label (`everyday.zigzag`), a given negative's label kept with its
    /// `negatives:` prefix, and `recorded` for every other label.
    public static func family(ofLabel label: String?) -> String {
        guard let label else { return "recorded" }
        if label.hasPrefix("everyday.") || label.hasPrefix("negatives:") { return label }
        return "recorded"
    }

    /// Per-feature sorted positive values and spreads.
    struct Profile {
        var sorted: [[Double]]
        var spread: [Double]
        var isCount: [Bool]

        init(positives: [[Double]], featureCount: Int, isCount: [Bool] = []) {
            sorted = (0..<featureCount).map { j in positives.map { $0[j] }.filter(\.isFinite).sorted() }
            self.isCount = (0..<featureCount).map { $0 < isCount.count && isCount[$0] }
            spread = sorted.enumerated().map { j, v in
                if j < isCount.count, isCount[j] { return 1 }
                guard !v.isEmpty else { return 1 }
                let s = BoxTrainer.quantile(v, 0.95) - BoxTrainer.quantile(v, 0.05)
                return s > 0 ? s : Swift.max(1e-6, 0.01 * abs(BoxTrainer.quantile(v, 0.5)))
            }
        }

        // A count's bound is the whole number at the quantile (rounded outward at level 0,
        // so every positive is inside; inward beyond), never widened by the margin.
        func lower(_ j: Int, level: Double, margin: Double) -> Double {
            guard !sorted[j].isEmpty else { return -.infinity }
            let q = BoxTrainer.quantile(sorted[j], level)
            if isCount[j] { return level == 0 ? q.rounded(.down) : q.rounded(.up) }
            return q - margin * spread[j]
        }
        func upper(_ j: Int, level: Double, margin: Double) -> Double {
            guard !sorted[j].isEmpty else { return .infinity }
            let q = BoxTrainer.quantile(sorted[j], 1 - level)
            if isCount[j] { return level == 0 ? q.rounded(.up) : q.rounded(.down) }
            return q + margin * spread[j]
        }
    }

    /// Fits a box on training vectors (steps 1–2 above).
    /// - Parameters:
    ///   - fprGoal: stop tightening once the training FPR is at most this.
    ///   - tprFloor: never take a step that brings the training TPR below this.
    ///   - families: each row's negative family (``family(ofLabel:)``), or `nil` for one
    ///     family. With families the FPR goal must hold on the worst family, and each step
    ///     weighs what it removes from each family still above the goal by that family's size.
    public func fit(vectors: [[Double]?], isPositive: [Bool], names: [String], margin: Double,
                    fprGoal: Double, tprFloor: Double, families: [String]? = nil) -> FeatureBox {
        guard let profile = profile(vectors: vectors, isPositive: isPositive, names: names) else { return FeatureBox() }
        return fit(vectors: vectors, isPositive: isPositive, names: names, margin: margin, fprGoal: fprGoal, tprFloor: tprFloor,
                   families: families, profile: profile)
    }

    /// The positives' profile ``fit`` starts from; `nil` without positives.
    func profile(vectors: [[Double]?], isPositive: [Bool], names: [String]) -> Profile? {
        let positives = zip(vectors, isPositive).compactMap { $1 ? $0 : nil }
        guard !positives.isEmpty else { return nil }
        return Profile(positives: positives, featureCount: names.count, isCount: names.map(countFeatures.contains))
    }

    /// ``fit(vectors:isPositive:names:margin:fprGoal:tprFloor:families:)`` from the
    /// positives' profile, which depends on the training rows only (so the grid of
    /// ``candidates`` computes it once per fold).
    func fit(vectors: [[Double]?], isPositive: [Bool], names: [String], margin: Double,
             fprGoal: Double, tprFloor: Double, families: [String]?, profile: Profile) -> FeatureBox {
        let d = names.count
        // Family index of each row (0 for all without families).
        let familyNames = Array(Set(families ?? [])).sorted()
        let familyIndex = Dictionary(uniqueKeysWithValues: familyNames.enumerated().map { ($1, $0) })
        let rowFamily = vectors.indices.map { i in families.flatMap { familyIndex[$0[i]] } ?? 0 }
        let familyCount = Swift.max(1, familyNames.count)
        var levelIndex = [[Int]](repeating: [0, 0], count: d)   // [lower side, upper side]
        let trained = names.map { !untrainedFeatures.contains($0) }
        let limit = names.map { limits[$0] ?? -Double.infinity...Double.infinity }
        var lo = (0..<d).map { trained[$0] ? Swift.max(profile.lower($0, level: levels[0], margin: margin), limit[$0].lowerBound) : -.infinity }
        var hi = (0..<d).map { trained[$0] ? Swift.min(profile.upper($0, level: levels[0], margin: margin), limit[$0].upperBound) : .infinity }
        func inside(_ v: [Double]) -> Bool {
            for j in 0..<d where !(v[j].isFinite && v[j] >= lo[j] && v[j] <= hi[j]) { return false }
            return true
        }
        // The rows inside the box, stored by feature (column j holds feature j of every
        // accepted row, in row order) so that a step's counts are plain loops over numbers.
        var posCols = [[Double]](repeating: [], count: d), negCols = [[Double]](repeating: [], count: d)
        var negFamily: [Int] = []
        var negTotals = [Int](repeating: 0, count: familyCount), posTotal = 0
        for i in vectors.indices {
            if isPositive[i] { posTotal += 1 } else { negTotals[rowFamily[i]] += 1 }
            guard let v = vectors[i], inside(v) else { continue }
            if isPositive[i] {
                for j in 0..<d { posCols[j].append(v[j]) }
            } else {
                for j in 0..<d { negCols[j].append(v[j]) }
                negFamily.append(rowFamily[i])
            }
        }
        let n = negTotals.map { Double(Swift.max(1, $0)) }, p = Double(Swift.max(1, posTotal))
        func familyRates() -> [Double] {
            var accepted = [Int](repeating: 0, count: familyCount)
            for f in negFamily { accepted[f] += 1 }
            return (0..<familyCount).map { Double(accepted[$0]) / n[$0] }
        }
        while familyRates().max() ?? 0 > fprGoal {
            // Only families still above the goal count towards a step's gain.
            let above = familyRates().map { $0 > fprGoal }
            let posCount = posCols.first?.count ?? 0
            var best: (gain: Double, j: Int, side: Int, bound: Double, level: Int)?
            negFamily.withUnsafeBufferPointer { family in
                for j in 0..<d where trained[j] {
                    negCols[j].withUnsafeBufferPointer { neg in
                        posCols[j].withUnsafeBufferPointer { pos in
                            // A bound removes a negative that counts exactly when it passes
                            // the lowest (or highest) such value.
                            var lowest = Double.infinity, highest = -Double.infinity
                            for r in 0..<neg.count where above[family[r]] {
                                lowest = Swift.min(lowest, neg[r]); highest = Swift.max(highest, neg[r])
                            }
                            // Each side moves to its nearest level that removes a negative (a level
                            // that removes none would never be taken, and would stop the side there).
                            for side in 0..<2 {
                                for next in (levelIndex[j][side] + 1)..<Swift.max(levelIndex[j][side] + 1, levels.count) {
                                    let bound = side == 0 ? profile.lower(j, level: levels[next], margin: margin)
                                                          : profile.upper(j, level: levels[next], margin: margin)
                                    guard side == 0 ? lowest < bound : highest > bound else { continue }
                                    var lostNeg = 0.0, lostPos = 0
                                    for r in 0..<neg.count where above[family[r]] && (side == 0 ? neg[r] < bound : neg[r] > bound) {
                                        lostNeg += 1 / n[family[r]]
                                    }
                                    for r in 0..<pos.count where side == 0 ? pos[r] < bound : pos[r] > bound { lostPos += 1 }
                                    if Double(posCount - lostPos) / p < tprFloor { break }
                                    let gain = lostNeg / (Double(lostPos) / p + 1 / p)
                                    if best.map({ gain > $0.gain }) ?? true { best = (gain, j, side, bound, next) }
                                    break
                                }
                            }
                        }
                    }
                }
            }
            guard let b = best else { break }
            levelIndex[b.j][b.side] = b.level
            if b.side == 0 { lo[b.j] = b.bound } else { hi[b.j] = b.bound }
            // Only feature b.j's bound moved: the rows it leaves outside go.
            func keep(_ column: [Double]) -> [Bool] { column.map { $0 >= lo[b.j] && $0 <= hi[b.j] } }
            let keepNeg = keep(negCols[b.j]), keepPos = keep(posCols[b.j])
            for j in 0..<d {
                Self.compact(&negCols[j], keeping: keepNeg)
                Self.compact(&posCols[j], keeping: keepPos)
            }
            Self.compact(&negFamily, keeping: keepNeg)
        }
        if release > 0 { releaseSides(vectors: vectors, isPositive: isPositive, lo: &lo, hi: &hi, trained: trained, profile: profile) }
        var intervals: [String: FeatureInterval] = [:]
        for (j, name) in names.enumerated() where trained[j] && !profile.sorted[j].isEmpty {
            intervals[name] = FeatureInterval(lower: lo[j], upper: hi[j], scale: profile.spread[j])
        }
        var box = references.reduce(FeatureBox(intervals)) { $0.including($1) }
        for (name, range) in limits {
            guard var interval = box.intervals[name] else { continue }
            if let l = interval.lower, l < range.lowerBound { interval.lower = range.lowerBound }
            if let u = interval.upper, u > range.upperBound { interval.upper = range.upperBound }
            box.intervals[name] = interval
        }
        return box
    }

    /// ``release``: moves each side of `lo` / `hi` (measured, trained features only) outward
    /// by half its distance to the nearest negative that it alone refuses, at most
    /// `release` spreads.
    private func releaseSides(vectors: [[Double]?], isPositive: [Bool], lo: inout [Double], hi: inout [Double],
                              trained: [Bool], profile: Profile) {
        let d = lo.count
        let free = (0..<d).map { trained[$0] && !profile.isCount[$0] && !profile.sorted[$0].isEmpty }
        // Nearest negative refused by one side alone: [lower side, upper side] per feature.
        var nearest = [[Double]](repeating: [.infinity, .infinity], count: d)
        for (i, vector) in vectors.enumerated() where !isPositive[i] {
            guard let v = vector else { continue }
            var only: (j: Int, side: Int)?, outside = 0
            for j in 0..<d where trained[j] {
                guard v[j].isFinite else { outside = 2; break }  // refused whatever the bounds
                if v[j] < lo[j] { only = (j, 0); outside += 1 } else if v[j] > hi[j] { only = (j, 1); outside += 1 }
                if outside > 1 { break }
            }
            guard outside == 1, let o = only, free[o.j] else { continue }
            let gap = o.side == 0 ? lo[o.j] - v[o.j] : v[o.j] - hi[o.j]
            nearest[o.j][o.side] = Swift.min(nearest[o.j][o.side], gap)
        }
        for j in 0..<d where free[j] {
            let most = release * profile.spread[j]
            if lo[j].isFinite { lo[j] -= Swift.min(nearest[j][0] / 2, most) }
            if hi[j].isFinite { hi[j] += Swift.min(nearest[j][1] / 2, most) }
        }
    }

    /// The training goals a strictness gives for `target`.
    static func goals(_ target: Target, strictness s: Double) -> (fprGoal: Double, tprFloor: Double) {
        switch target {
        case .falsePositiveRate(let f): (f * (1 - s), 0)
        case .truePositiveRate(let t): (0, Swift.min(1, t + (1 - t) * s))
        }
    }

    /// Keeps the elements whose `keep` flag is set, in order, in place.
    static func compact(_ values: inout [Double], keeping keep: [Bool]) {
        var kept = 0
        values.withUnsafeMutableBufferPointer { v in
            for r in 0..<v.count where keep[r] { v[kept] = v[r]; kept += 1 }
        }
        values.removeLast(values.count - kept)
    }

    static func compact(_ values: inout [Int], keeping keep: [Bool]) {
        var kept = 0
        values.withUnsafeMutableBufferPointer { v in
            for r in 0..<v.count where keep[r] { v[kept] = v[r]; kept += 1 }
        }
        values.removeLast(values.count - kept)
    }

    /// Linear-interpolated quantile of sorted values.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? 0 }
        let x = Swift.max(0, Swift.min(1, q)) * Double(sorted.count - 1)
        let i = Int(x.rounded(.down)), f = x - Double(i)
        return i + 1 < sorted.count ? sorted[i] * (1 - f) + sorted[i + 1] * f : sorted[i]
    }

    /// Scores every (margin, strictness) pair on inner folds (step 3).
    /// - Parameters:
    ///   - vectors: feature vectors (`nil` for degenerate samples, never accepted).
    ///   - groups: the subject of each vector, for the inner folds.
    ///   - seed: used only when there are fewer than three subjects (random folds).
    ///   - shifted: the same rows under device shifts; each candidate is then also scored
    ///     on the held-out rows' shifted forms (``Candidate/shiftValidation``) and chosen by
    ///     its worst (``Candidate/decisive``).
    ///   - families: each row's negative family (``family(ofLabel:)``): boxes are fitted
    ///     for the worst family, and each candidate's held-out counts are kept per family
    ///   (``Candidate/familyValidation``) and chosen by the worst.
    public func candidates(vectors: [[Double]?], isPositive: [Bool], groups: [String?], names: [String],
                           target: Target, seed: UInt64, shifted: ShiftedVectors? = nil, families: [String]? = nil,
                           progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> [Candidate] {
        let families = families.flatMap { Set($0).count > 1 ? $0 : nil }
        var familyCounts = [[String: BinaryCounts]](repeating: [:], count: margins.count * strictnesses.count)
        let folds = Self.folds(groups: groups, randomFolds: randomFolds, seed: seed)
        let grid = margins.flatMap { m in strictnesses.map { (m, $0) } }
        var counts = [BinaryCounts](repeating: BinaryCounts(), count: grid.count)
        let shiftCount = shifted?.vectors.count ?? 0
        var shiftCounts = [[BinaryCounts]](repeating: [BinaryCounts](repeating: BinaryCounts(), count: shiftCount), count: grid.count)
        for (k, fold) in folds.enumerated() {
            let trainIdx = vectors.indices.filter { !fold[$0] }
            let tv = trainIdx.map { vectors[$0] }, tp = trainIdx.map { isPositive[$0] }
            let tf = families.map { f in trainIdx.map { f[$0] } }
            let foldProfile = profile(vectors: tv, isPositive: tp, names: names)
            for (g, (margin, strictness)) in grid.enumerated() {
                let (fprGoal, tprFloor) = Self.goals(target, strictness: strictness)
                let box = foldProfile.map {
                    fit(vectors: tv, isPositive: tp, names: names, margin: margin, fprGoal: fprGoal, tprFloor: tprFloor,
                        families: tf, profile: $0)
                } ?? FeatureBox()
                let compiled = CompiledBox(box, names: names)
                var c = BinaryCounts()
                for i in vectors.indices where fold[i] {
                    let accepted = vectors[i].map(compiled.accepts) ?? false
                    c.record(isPositive: isPositive[i], accepted: accepted)
                    if let families, !isPositive[i] {
                        familyCounts[g][families[i], default: BinaryCounts()].record(isPositive: false, accepted: accepted)
                    }
                }
                counts[g] = counts[g] + c
                if let shifted {
                    for (t, vs) in shifted.vectors.enumerated() {
                        var c = BinaryCounts()
                        for (r, i) in shifted.rows.enumerated() where fold[i] {
                            c.record(isPositive: isPositive[i], accepted: vs[r].map(compiled.accepts) ?? false)
                        }
                        shiftCounts[g][t] = shiftCounts[g][t] + c
                    }
                }
            }
            progress?(k + 1, folds.count)
        }
        return grid.enumerated().map { g, mc in
            Candidate(margin: mc.0, strictness: mc.1, validation: counts[g], shiftValidation: shifted == nil ? nil : shiftCounts[g],
                      familyValidation: families == nil ? nil : familyCounts[g])
        }
    }

    /// Whether `a` did strictly better on its inner folds than `b` under `target`'s rule
    /// (``choose(_:target:)``): within the FPR limit, a higher TPR (or, within the TPR floor,
    /// a lower FPR); outside it, closer to the limit. Rates are ``Candidate/decisive``.
    public static func isBetter(_ a: Candidate, than b: Candidate, target: Target) -> Bool {
        let (av, bv) = (a.decisive, b.decisive)
        switch target {
        case .falsePositiveRate(let limit):
            let (aOK, bOK) = (av.falsePositiveRate <= limit, bv.falsePositiveRate <= limit)
            if aOK != bOK { return aOK }
            return aOK ? av.truePositiveRate > bv.truePositiveRate : av.falsePositiveRate < bv.falsePositiveRate
        case .truePositiveRate(let limit):
            let (aOK, bOK) = (av.truePositiveRate >= limit, bv.truePositiveRate >= limit)
            if aOK != bOK { return aOK }
            return aOK ? av.falsePositiveRate < bv.falsePositiveRate : av.truePositiveRate > bv.truePositiveRate
        }
    }

    /// The candidate that best meets `target`: among those that meet it, the highest TPR
    /// (for an FPR target) or the lowest FPR (for a TPR target); ties go to the wider,
    /// gentler box (larger margin, then lower strictness). When none meets it, the one
    /// closest to meeting it. Rates are ``Candidate/decisive``: with device shifts, a
    /// candidate meets the target only when it does on every shifted device, and its TPR
    /// is its worst device's.
    public static func choose(_ candidates: [Candidate], target: Target) -> Candidate? {
        func gentler(_ a: Candidate, _ b: Candidate) -> Bool {
            a.margin != b.margin ? a.margin > b.margin : a.strictness < b.strictness
        }
        let rated = candidates.map { ($0, $0.decisive) }
        switch target {
        case .falsePositiveRate(let limit):
            let ok = rated.filter { $0.1.falsePositiveRate <= limit }
            if ok.isEmpty { return rated.min { $0.1.falsePositiveRate < $1.1.falsePositiveRate }?.0 }
            return ok.max { a, b in
                a.1.truePositiveRate != b.1.truePositiveRate ? a.1.truePositiveRate < b.1.truePositiveRate : gentler(b.0, a.0)
            }?.0
        case .truePositiveRate(let limit):
            let ok = rated.filter { $0.1.truePositiveRate >= limit }
            if ok.isEmpty { return rated.max { $0.1.truePositiveRate < $1.1.truePositiveRate }?.0 }
            return ok.min { a, b in
                a.1.falsePositiveRate != b.1.falsePositiveRate ? a.1.falsePositiveRate < b.1.falsePositiveRate : gentler(a.0, b.0)
            }?.0
        }
    }

    /// Fold membership: `folds[k][i]` is `true` when sample i is held out in fold k.
    /// Subjects (sorted) make the folds when there are at least three; otherwise
    /// `randomFolds` seeded random folds.
    static func folds(groups: [String?], randomFolds: Int, seed: UInt64) -> [[Bool]] {
        let subjects = Array(Set(groups.compactMap { $0 })).sorted()
        if subjects.count >= 3 {
            return subjects.map { s in groups.map { $0 == s } }
        }
        var rng = SeededGenerator(seed: seed)
        let k = Swift.max(2, randomFolds)
        var order = Array(groups.indices)
        order.shuffle(using: &rng)
        var fold = [Int](repeating: 0, count: groups.count)
        for (rank, i) in order.enumerated() { fold[i] = rank % k }
        return (0..<k).map { f in fold.map { $0 == f } }
    }
}

/// A ``FeatureBox`` laid out by feature index for fast tests on vectors.
struct CompiledBox {
    var indices: [Int]
    var lower: [Double]
    var upper: [Double]

    init(_ box: FeatureBox, names: [String]) {
        indices = names.indices.filter { box.intervals[names[$0]] != nil }
        lower = indices.map { box.intervals[names[$0]]?.lower ?? -.infinity }
        upper = indices.map { box.intervals[names[$0]]?.upper ?? .infinity }
    }

    /// Same decision as ``FeatureBox/accepts(_:)`` on the named vector.
    func accepts(_ v: [Double]) -> Bool {
        for (k, j) in indices.enumerated() {
            let x = v[j]
            if !(x.isFinite && x >= lower[k] && x <= upper[k]) { return false }
        }
        return true
    }
}
