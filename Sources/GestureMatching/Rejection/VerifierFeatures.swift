import GestureGeometry

/// What the verifier knows about a vocabulary beyond its templates' distances: for each
/// label, how far apart its own templates are under each matcher, and the mean shape
/// descriptor of its templates. Computed when the templates are chosen and stored with
/// the verifier, so a candidate's features need only its distances to the templates.
public struct VocabularyStatistics: Hashable, Codable, Sendable {
    /// Labels, sorted; the order of the per-label arrays.
    public var labels: [String]
    /// `spread[m][l]`: mean distance between two different templates of label `l` under
    /// matcher `m` (0 for a label with one template).
    public var spread: [[Double]]
    /// `meanDescriptor[l]`: the mean ``ShapeDescriptor`` of label `l`'s templates.
    public var meanDescriptor: [[Double]]

    public init(labels: [String], spread: [[Double]], meanDescriptor: [[Double]]) {
        self.labels = labels
        self.spread = spread
        self.meanDescriptor = meanDescriptor
    }

    /// Statistics of templates given by their labels, pairwise distances and descriptors.
    ///
    /// - Parameters:
    ///   - templateLabels: label index (into `labels`) of each template.
    ///   - distance: `distance(m, i, j)`, matcher `m`'s distance between templates `i` and `j`.
    ///   - descriptors: each template's shape descriptor (`nil` for none).
    public static func of(labels: [String], templateLabels: [Int], matchers: Int,
                          distance: (Int, Int, Int) -> Double, descriptors: [[Double]?]) -> VocabularyStatistics {
        let width = ShapeDescriptor.names.count
        var spread = [[Double]](repeating: [Double](repeating: 0, count: labels.count), count: matchers)
        var mean = [[Double]](repeating: [Double](repeating: 0, count: width), count: labels.count)
        for l in labels.indices {
            let members = templateLabels.indices.filter { templateLabels[$0] == l }
            for m in 0..<matchers where members.count > 1 {
                var sum = 0.0, n = 0
                for a in members { for b in members where a != b {
                    let d = distance(m, a, b)
                    if d.isFinite { sum += d; n += 1 }
                } }
                spread[m][l] = n > 0 ? sum / Double(n) : 0
            }
            let ds = members.compactMap { descriptors[$0] }
            if !ds.isEmpty {
                for k in 0..<width { mean[l][k] = ds.reduce(0) { $0 + $1[k] } / Double(ds.count) }
            }
        }
        return VocabularyStatistics(labels: labels, spread: spread, meanDescriptor: mean)
    }
}

/// The features a rejection verifier decides from, for one candidate and the label the
/// first (primary) matcher chose for it.
///
/// For each matcher `m` (the primary first), with `ℓ` the chosen label:
/// - `best`: distance to the closest template of `ℓ`;
/// - `runnerUp`: distance to the closest template of any other label;
/// - `margin` = runnerUp − best and `ratio` = best / runnerUp (how clearly `ℓ` wins);
/// - `meanOwn`: mean distance to `ℓ`'s templates;
/// - `spread`: `ℓ`'s own template spread and `bestOverSpread` (how far the candidate is
///   compared with how far `ℓ`'s templates are from each other);
/// - `agrees`: 1 when matcher `m` alone would also choose `ℓ`.
///
/// Then the candidate's ``ShapeDescriptor`` and its absolute difference from the mean
/// descriptor of `ℓ`'s templates. Distances come from different matchers that see a
/// stroke differently (a cloud with turning angles, a rotation-invariant vector), so an
/// unseen gesture that happens to be close under one is rarely close under all.
///
/// These are the features of the independent rejection study on the $1 logs (several
/// matchers' best, margin, ratio, mean and spread; stroke features and their difference
/// from the chosen label's templates), which the closing study measured here.
public enum VerifierFeatures {
    /// Per-matcher feature names, in row order.
    static let perMatcher = ["best", "runnerUp", "margin", "ratio", "meanOwn", "spread", "bestOverSpread", "agrees"]
    /// How many features each matcher contributes; its block starts at `m × perMatcherCount`.
    public static var perMatcherCount: Int { perMatcher.count }

    /// A missing runner-up (a one-label vocabulary) counts as this many times the best
    /// distance plus one: far, so the margin is large and the ratio small.
    static let missingRunnerUpFactor = 4.0
    /// Ratios are clamped here: beyond it they only say "not this label".
    static let ratioClamp = 8.0

    /// Feature set 1: the matchers' blocks, the shape descriptor and its difference from
    /// the chosen label's mean descriptor (what a file without `featureSet` holds).
    public static let baseSet = 1
    /// Feature set 2: set 1 followed by ``OrientationFeatures`` (how the candidate is turned
    /// or drawn against the chosen label's templates).
    public static let orientationSet = 2
    /// Feature set 3: set 2 followed by ``CornerFeatures`` (how sharply the candidate turns,
    /// and where, against the chosen label's templates).
    public static let cornerSet = 3
    /// The newest feature set this version computes.
    public static let latestSet = cornerSet
    /// The feature sets this version computes.
    public static let knownSets = baseSet...latestSet

    /// Feature names for `matchers` (algorithm-prefixed) and feature set `featureSet`, in row order.
    public static func names(matchers: [MatcherSettings], featureSet: Int = baseSet) -> [String] {
        var out: [String] = []
        for (i, m) in matchers.enumerated() {
            out += perMatcher.map { "\(i):\(m.algorithm.rawValue).\($0)" }
        }
        out += ShapeDescriptor.names.map { "shape.\($0)" }
        out += ShapeDescriptor.names.map { "shapeDiff.\($0)" }
        if featureSet >= orientationSet { out += OrientationFeatures.names }
        if featureSet >= cornerSet { out += CornerFeatures.names }
        return out
    }

    /// What the features after set 1's need of one gesture (a candidate or a template),
    /// prepared once: only the parts feature set `featureSet` uses.
    public struct Shape: Sendable {
        public var orientation: OrientationFeatures.Prepared?
        public var corner: CornerFeatures.Prepared?

        public init(_ gesture: Gesture, featureSet: Int) {
            orientation = featureSet >= VerifierFeatures.orientationSet ? OrientationFeatures.prepare(gesture) : nil
            corner = featureSet >= VerifierFeatures.cornerSet ? CornerFeatures.prepare(gesture) : nil
        }
    }

    /// The template the primary matcher's distances (`distances[0]`) find nearest, if any.
    public static func closestTemplate(_ primary: [Double]) -> Int? {
        var best: Int?
        for t in primary.indices where primary[t].isFinite && (best == nil || primary[t] < primary[best!]) { best = t }
        return best
    }

    /// The features feature set `featureSet` adds after set 1's for a candidate matched to
    /// `label` (empty for set 1); `closest` is the template the primary matcher found nearest.
    public static func extra(featureSet: Int, candidate: Shape, templates: [Shape],
                             templateLabels: [Int], label: Int, closest: Int?) -> [Double] {
        guard featureSet >= orientationSet else { return [] }
        var out = OrientationFeatures.values(candidate: candidate.orientation, templates: templates.map(\.orientation),
                                             templateLabels: templateLabels, label: label)
        if featureSet >= cornerSet {
            out += CornerFeatures.values(candidate: candidate.corner, templates: templates.map(\.corner),
                                         templateLabels: templateLabels, label: label, closest: closest)
        }
        return out
    }

    /// The chosen label and the feature row.
    ///
    /// - Parameters:
    ///   - distances: `distances[m][t]`, matcher `m`'s distance to template `t`.
    ///   - templateLabels: each template's label index into `statistics.labels`; only the
    ///     templates listed take part (a vocabulary may be a subset of the statistics' labels).
    ///   - descriptor: the candidate's shape descriptor; `nil` gives zeros.
    /// - Returns: `nil` when the primary matcher has no finite distance (nothing to match).
    public static func row(distances: [[Double]], templateLabels: [Int], descriptor: [Double]?,
                           statistics: VocabularyStatistics) -> (label: Int, values: [Double])? {
        guard let primary = distances.first, primary.count == templateLabels.count else { return nil }
        guard let bestT = closestTemplate(primary) else { return nil }
        let label = templateLabels[bestT]
        var row: [Double] = []
        row.reserveCapacity(distances.count * perMatcher.count + 2 * ShapeDescriptor.names.count)
        for (m, d) in distances.enumerated() {
            var best = Double.infinity, runner = Double.infinity, own = 0.0, ownCount = 0
            var closest = -1
            for t in d.indices where d[t].isFinite {
                if closest < 0 || d[t] < d[closest] { closest = t }
                if templateLabels[t] == label {
                    best = Swift.min(best, d[t]); own += d[t]; ownCount += 1
                } else {
                    runner = Swift.min(runner, d[t])
                }
            }
            if !best.isFinite { best = primary[bestT] }  // this matcher could not measure the chosen label
            if !runner.isFinite { runner = best * missingRunnerUpFactor + 1 }
            let spread = m < statistics.spread.count && label < statistics.spread[m].count ? statistics.spread[m][label] : 0
            let ratio = runner > 0 ? Swift.min(best / runner, ratioClamp) : ratioClamp
            let overSpread = spread > 0 ? Swift.min(best / spread, ratioClamp * 4) : 0
            row += [best, runner, runner - best, ratio, ownCount > 0 ? own / Double(ownCount) : best, spread, overSpread,
                    closest >= 0 && templateLabels[closest] == label ? 1 : 0]
        }
        let width = ShapeDescriptor.names.count
        let shape = descriptor ?? [Double](repeating: 0, count: width)
        let mean = label < statistics.meanDescriptor.count ? statistics.meanDescriptor[label] : shape
        row += shape
        for k in 0..<width { row.append(abs(shape[k] - mean[k])) }
        return (label, row)
    }
}
