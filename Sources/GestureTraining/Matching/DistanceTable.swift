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
