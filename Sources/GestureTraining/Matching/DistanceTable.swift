import GestureMatching

/// The distances from one protocol unit's candidates to its template pool, each pair
/// computed at most once, on first use.
///
/// A protocol draws thousands of small template sets from the same few hundred samples
/// (the $1 paper's protocol: 100 trials × T = 1…9 per subject and speed); rebuilding a
/// matcher for every trial computes the same pairs again and again. The table holds each
/// pair once, and a trial's winner is the arg-min over its templates' columns, ties to
/// the earlier template, as ``TemplateMatcher/recognize(prepared:limit:)`` ranks — so for
/// matchers with ``TemplateMatcher/ranksByPairDistance`` the reports are identical.
struct DistanceTable<M: TemplateMatcher> {
    private let corpus: PreparedCorpus<M>
    private let settings: M.Settings
    /// Row of each corpus sample as a candidate (−1: not a candidate of this unit).
    private var row: [Int]
    /// First column of each corpus sample's template variants (−1: not in the pool).
    private var column: [Int]
    private let width: Int
    /// Row-major candidates × template entries; NaN until computed.
    private var values: [Double]

    init(_ corpus: PreparedCorpus<M>, settings: M.Settings, candidates: [Int], pool: [Int]) {
        self.corpus = corpus
        self.settings = settings
        row = [Int](repeating: -1, count: corpus.samples.count)
        column = [Int](repeating: -1, count: corpus.samples.count)
        for (r, c) in candidates.enumerated() { row[c] = r }
        var w = 0
        for t in pool { column[t] = w; w += corpus.asTemplates[t].count }
        width = w
        values = [Double](repeating: .nan, count: candidates.count * w)
    }

    /// The distance from candidate sample `c` to variant `v` of template sample `t`.
    private mutating func distance(_ c: Int, _ t: Int, variant v: Int) -> Double {
        let k = row[c] * width + column[t] + v
        let d = values[k]
        if !d.isNaN { return d }
        // (A NaN result is recomputed on each use: NaN marks "not yet".)
        let fresh = M.distance(corpus.candidate[c], corpus.asTemplates[t][v], settings: settings)
        values[k] = fresh
        // A symmetric distance also fills the mirror pair (t as candidate, c's own form as
        // template: a sample's first template form is its candidate form).
        if M.isSymmetric && v == 0 && row[t] >= 0 && column[c] >= 0 {
            values[row[t] * width + column[c]] = fresh
        }
        return fresh
    }

    /// The label of `c`'s best match among the `templates` samples (every variant of
    /// each, in order), as a matcher built from them would pick it: first entry, then
    /// strictly smaller distances only. `nil` when there are no templates.
    mutating func best(for c: Int, templates: [Int]) -> String? {
        var bestDistance = 0.0, bestSample = -1
        for t in templates {
            for v in corpus.asTemplates[t].indices {
                let d = distance(c, t, variant: v)
                if bestSample < 0 || d < bestDistance { bestDistance = d; bestSample = t }
            }
        }
        return bestSample < 0 ? nil : corpus.samples[bestSample].label ?? ""
    }
}

/// Every sample's distance to every template form of every sample of a corpus, computed
/// once on all cores: the table of studies whose folds draw templates from the whole
/// corpus (leave-one-label-out). Built only for matchers with
/// ``TemplateMatcher/ranksByPairDistance`` and corpora whose table fits ``maxEntries``.
struct CorpusDistanceTable<M: TemplateMatcher>: Sendable {
    /// Largest table built (64 M distances, 512 MB); larger corpora use a matcher per fold.
    static var maxEntries: Int { 1 << 26 }

    private let corpus: PreparedCorpus<M>
    private let column: [Int]
    private let width: Int
    private let values: [Double]

    init?(_ corpus: PreparedCorpus<M>, settings: M.Settings, progress: ProgressHandler? = nil) {
        guard M.ranksByPairDistance else { return nil }
        let n = corpus.samples.count
        var column: [Int] = [], w = 0
        for forms in corpus.asTemplates { column.append(w); w += forms.count }
        guard n > 0, w > 0, n * w <= Self.maxEntries else { return nil }
        // A symmetric distance with one form per sample fills the lower triangle by mirroring.
        let mirror = M.isSymmetric && w == n
        let width = w, firstColumn = column
        let rows = ParallelUnits.map(count: n, progress: progress) { i -> [Double] in
            var row = [Double](repeating: .nan, count: width)
            for t in corpus.asTemplates.indices where !mirror || t >= i {
                for (v, form) in corpus.asTemplates[t].enumerated() {
                    row[firstColumn[t] + v] = M.distance(corpus.candidate[i], form, settings: settings)
                }
            }
            return row
        }
        var values = [Double]()
        values.reserveCapacity(n * width)
        for r in rows { values += r }
        if mirror {
            for i in 0..<n { for t in 0..<i { values[i * width + t] = values[t * width + i] } }
        }
        self.corpus = corpus
        self.column = column
        self.width = width
        self.values = values
    }

    /// What a matcher built from the `templates` samples (every form of each, in order)
    /// ranks for candidate `c`: every template, closest first, ties in template order.
    func ranked(_ c: Int, templates: [Int]) -> [Match] {
        var entries: [(distance: Double, index: Int, sample: Int)] = []
        for t in templates {
            for v in corpus.asTemplates[t].indices {
                entries.append((values[c * width + column[t] + v], entries.count, t))
            }
        }
        entries.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        return entries.map {
            Match(name: corpus.samples[$0.sample].label ?? "", templateIndex: $0.index, distance: $0.distance,
                  score: M.score(forDistance: $0.distance))
        }
    }
}
