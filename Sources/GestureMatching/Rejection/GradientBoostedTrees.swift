import Foundation
import GestureGeometry

/// Tunables of ``GradientBoostedTrees``.
public struct BoosterSettings: Hashable, Codable, Sendable {
    /// Boosting rounds (one tree each).
    public var trees: Int
    /// Largest depth of a tree (3: at most 8 leaves, interactions of three features).
    public var depth: Int
    /// Shrinkage of each tree's leaf values (Friedman 2001).
    public var learningRate: Double
    /// Histogram bins per feature, edges at quantiles of the training values (Ke et al. 2017).
    public var bins: Int
    /// Fewest rows in a leaf.
    public var minSamplesLeaf: Int
    /// L2 penalty λ on leaf values (Chen & Guestrin 2016).
    public var l2: Double
    /// Share of rows each tree sees (1 = all), drawn with a generator seeded by `seed`.
    public var rowSubsample: Double
    public var seed: UInt64

    public init(trees: Int = 150, depth: Int = 3, learningRate: Double = 0.1, bins: Int = 32, minSamplesLeaf: Int = 20,
                l2: Double = 1.0, rowSubsample: Double = 1.0, seed: UInt64 = 1) {
        self.trees = trees
        self.depth = depth
        self.learningRate = learningRate
        self.bins = bins
        self.minSamplesLeaf = minSamplesLeaf
        self.l2 = l2
        self.rowSubsample = rowSubsample
        self.seed = seed
    }
    public static let `default` = BoosterSettings()
}

/// A binary classifier: gradient-boosted shallow regression trees on the logistic loss
/// (Friedman, "Greedy function approximation", 2001), with second-order leaf values and
/// split gains (Chen & Guestrin, XGBoost, KDD 2016) found on per-feature histograms of
/// quantile bins (Ke et al., LightGBM, NIPS 2017).
///
/// ```swift
/// let model = GradientBoostedTrees.train(rows: x, labels: y)
/// model.probability(row)   // 0…1
/// ```
///
/// Deterministic: the same rows, labels, weights and settings give the same model bit for
/// bit (ties between splits go to the lowest feature, then the lowest bin).
/// A NaN in a row at prediction goes left at every split.
public struct GradientBoostedTrees: Hashable, Codable, Sendable {
    /// One tree as flat arrays; node `i` is a leaf when `feature[i] < 0`, else rows with
    /// `x[feature[i]] <= threshold[i]` go to `left[i]`, the others to `right[i]`.
    public struct Tree: Hashable, Codable, Sendable {
        public var feature: [Int] = []
        public var threshold: [Double] = []
        public var left: [Int] = []
        public var right: [Int] = []
        public var value: [Double] = []
    }

    public let featureCount: Int
    /// Initial log-odds: of the weighted share of positives.
    public let baseScore: Double
    public let trees: [Tree]
    /// Total split gain per feature.
    public let gainByFeature: [Double]

    /// Most nodes a decoded model may hold in all.
    public static let maxNodes = 1_000_000

    /// Log-odds of "positive" for `row`.
    public func margin(_ row: [Double]) -> Double {
        var m = baseScore
        for t in trees {
            var i = 0
            while t.feature[i] >= 0 {
                let f = t.feature[i]
                let x = f < row.count ? row[f] : .nan
                i = (x > t.threshold[i]) ? t.right[i] : t.left[i]
            }
            m += t.value[i]
        }
        return m
    }

    public func probability(_ row: [Double]) -> Double { 1 / (1 + exp(-margin(row))) }

    /// Trains on `rows` with `labels` and optional per-row `weights`.
    /// - Precondition: rows non-empty, equally long and finite; labels and weights one per row.
    /// - Complexity: O(trees × depth × rows × features).
    public static func train(rows: [[Double]], labels: [Bool], weights: [Double]? = nil,
                             settings: BoosterSettings = .default) -> GradientBoostedTrees {
        precondition(!rows.isEmpty && rows.count == labels.count, "one label per row, at least one row")
        let n = rows.count, width = rows[0].count
        precondition(rows.allSatisfy { $0.count == width }, "rows of equal length")
        let w = weights ?? [Double](repeating: 1, count: n)
        precondition(w.count == n, "one weight per row")
        // Bin edges: midpoints between distinct values, thinned to quantiles.
        var edges: [[Double]] = []
        var binned = [UInt8](repeating: 0, count: n * width)
        let maxBins = Swift.max(2, Swift.min(255, settings.bins))
        for f in 0..<width {
            let distinct = Array(Set(rows.map { $0[f] })).sorted()
            var e: [Double] = []
            if distinct.count > 1 {
                if distinct.count <= maxBins {
                    for k in 0..<(distinct.count - 1) { e.append((distinct[k] + distinct[k + 1]) / 2) }
                } else {
                    let sorted = rows.map { $0[f] }.sorted()
                    for q in 1..<maxBins {
                        let v = sorted[Swift.min(n - 1, q * n / maxBins)]
                        if let nextIndex = distinct.firstIndex(where: { $0 > v }) {
                            let mid = (v + distinct[nextIndex]) / 2
                            if e.last.map({ mid > $0 }) ?? true { e.append(mid) }
                        }
                    }
                }
            }
            edges.append(e)
            for i in 0..<n {
                var lo = 0, hi = e.count
                let x = rows[i][f]
                while lo < hi { let mid = (lo + hi) / 2; if e[mid] < x { lo = mid + 1 } else { hi = mid } }
                binned[f * n + i] = UInt8(lo)
            }
        }
        var sw = 0.0, sp = 0.0
        for i in 0..<n { sw += w[i]; if labels[i] { sp += w[i] } }
        let p0 = Swift.min(Swift.max(sp / Swift.max(sw, 1e-300), 1e-6), 1 - 1e-6)
        let base = log(p0 / (1 - p0))
        var margins = [Double](repeating: base, count: n)
        var g = [Double](repeating: 0, count: n), h = [Double](repeating: 0, count: n)
        var trees: [Tree] = []
        var gains = [Double](repeating: 0, count: width)
        var rng = SeededGenerator(seed: settings.seed)
        let all = Array(0..<n)
        for _ in 0..<settings.trees {
            for i in 0..<n {
                let p = 1 / (1 + exp(-margins[i]))
                g[i] = (p - (labels[i] ? 1 : 0)) * w[i]
                h[i] = Swift.max(p * (1 - p), 1e-12) * w[i]
            }
            let rootRows = settings.rowSubsample < 1 ? all.filter { _ in Double.random(in: 0..<1, using: &rng) < settings.rowSubsample } : all
            var tree = Tree()
            grow(rootRows, depth: 0, tree: &tree, binned: binned, n: n, edges: edges, g: g, h: h, settings: settings, gains: &gains)
            for i in 0..<n {
                var k = 0
                while tree.feature[k] >= 0 { k = rows[i][tree.feature[k]] > tree.threshold[k] ? tree.right[k] : tree.left[k] }
                margins[i] += tree.value[k]
            }
            trees.append(tree)
        }
        return GradientBoostedTrees(featureCount: width, baseScore: base, trees: trees, gainByFeature: gains)
    }

    @discardableResult
    private static func grow(_ rows: [Int], depth: Int, tree: inout Tree, binned: [UInt8], n: Int, edges: [[Double]],
                             g: [Double], h: [Double], settings: BoosterSettings, gains: inout [Double]) -> Int {
        let node = tree.feature.count
        tree.feature.append(-1); tree.threshold.append(0); tree.left.append(-1); tree.right.append(-1); tree.value.append(0)
        var G = 0.0, H = 0.0
        for i in rows { G += g[i]; H += h[i] }
        let lambda = settings.l2
        tree.value[node] = -G / (H + lambda) * settings.learningRate
        guard depth < settings.depth, rows.count >= 2 * settings.minSamplesLeaf else { return node }
        let parent = G * G / (H + lambda)
        var best = (gain: 1e-12, feature: -1, bin: -1)
        var hg = [Double](repeating: 0, count: 256), hh = [Double](repeating: 0, count: 256), hc = [Int](repeating: 0, count: 256)
        binned.withUnsafeBufferPointer { bp in
            for f in edges.indices where !edges[f].isEmpty {
                let nb = edges[f].count + 1
                for b in 0..<nb { hg[b] = 0; hh[b] = 0; hc[b] = 0 }
                let col = f * n
                for i in rows { let b = Int(bp[col + i]); hg[b] += g[i]; hh[b] += h[i]; hc[b] += 1 }
                var gl = 0.0, hl = 0.0, cl = 0
                for b in 0..<(nb - 1) {
                    gl += hg[b]; hl += hh[b]; cl += hc[b]
                    let cr = rows.count - cl
                    guard cl >= settings.minSamplesLeaf, cr >= settings.minSamplesLeaf else { continue }
                    let gr = G - gl, hr = H - hl
                    let gain = gl * gl / (hl + lambda) + gr * gr / (hr + lambda) - parent
                    if gain > best.gain { best = (gain, f, b) }
                }
            }
        }
        guard best.feature >= 0 else { return node }
        gains[best.feature] += best.gain
        let col = best.feature * n
        var leftRows: [Int] = [], rightRows: [Int] = []
        for i in rows { if Int(binned[col + i]) <= best.bin { leftRows.append(i) } else { rightRows.append(i) } }
        tree.feature[node] = best.feature
        tree.threshold[node] = edges[best.feature][best.bin]
        let l = grow(leftRows, depth: depth + 1, tree: &tree, binned: binned, n: n, edges: edges, g: g, h: h, settings: settings, gains: &gains)
        tree.left[node] = l
        let r = grow(rightRows, depth: depth + 1, tree: &tree, binned: binned, n: n, edges: edges, g: g, h: h, settings: settings, gains: &gains)
        tree.right[node] = r
        return node
    }

    /// Checks a decoded model: finite values, children that point forward inside the tree
    /// (so no cycle), feature indices below ``featureCount``, and at most ``maxNodes`` nodes.
    /// - Throws: ``GradientBoostedTreesError`` naming the field.
    public func validated() throws -> GradientBoostedTrees {
        func bad(_ f: String, _ r: String) -> GradientBoostedTreesError { .invalidField(field: f, reason: r) }
        guard featureCount >= 0, baseScore.isFinite else { throw bad("baseScore", "not finite") }
        guard gainByFeature.count == featureCount else { throw bad("gainByFeature", "one per feature expected") }
        var total = 0
        for (t, tree) in trees.enumerated() {
            let k = tree.feature.count
            total += k
            guard k > 0, total <= Self.maxNodes, tree.threshold.count == k, tree.left.count == k, tree.right.count == k,
                  tree.value.count == k else { throw bad("trees[\(t)]", "node arrays of one length (1…\(Self.maxNodes) nodes) expected") }
            for i in 0..<k {
                guard tree.value[i].isFinite else { throw bad("trees[\(t)].value[\(i)]", "not finite") }
                guard tree.feature[i] >= 0 else { continue }
                guard tree.feature[i] < featureCount else { throw bad("trees[\(t)].feature[\(i)]", "\(tree.feature[i]) is not below featureCount \(featureCount)") }
                guard tree.threshold[i].isFinite else { throw bad("trees[\(t)].threshold[\(i)]", "not finite") }
                guard tree.left[i] > i, tree.left[i] < k else { throw bad("trees[\(t)].left[\(i)]", "child \(tree.left[i]) out of range") }
                guard tree.right[i] > i, tree.right[i] < k else { throw bad("trees[\(t)].right[\(i)]", "child \(tree.right[i]) out of range") }
            }
        }
        return self
    }
}

/// A decoded model that cannot be used.
public enum GradientBoostedTreesError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidField(field: String, reason: String)
    public var description: String {
        switch self { case .invalidField(let f, let r): return "field '\(f)': \(r)" }
    }
}
