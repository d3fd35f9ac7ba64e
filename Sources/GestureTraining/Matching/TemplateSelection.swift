import GestureData
import GestureGeometry
import GestureMatching

/// How templates are picked from a label's samples.
public enum TemplateSelection: String, CaseIterable, Codable, Sendable {
    /// Uniformly at random (the $1 paper's protocol).
    case random
    /// The samples with the smallest total distance to the label's other samples
    /// (medoids under the chosen matcher's distance).
    case medoid
}

/// Builds a ``TemplateLibrary`` from labelled samples.
public enum TemplateSelector {
    /// Picks `perClass` samples per label (all of a label's samples when it has fewer).
    ///
    /// - Parameters:
    ///   - dataset: labelled samples; unlabelled ones are ignored.
    ///   - method: random or medoid; medoids use matcher `M`'s distance.
    ///   - rng: used by `.random`; `.medoid` is deterministic (ties by dataset order).
    /// - Returns: templates sorted by label, then dataset order.
    /// - Complexity: `.medoid` is O(n²) distances per label.
    public static func select<M: TemplateMatcher>(
        from dataset: Dataset, perClass: Int, method: TemplateSelection, matcher: M.Type,
        settings: M.Settings, using rng: inout some RandomNumberGenerator
    ) -> [Template] {
        precondition(perClass >= 1, "perClass must be at least 1")
        let corpus = PreparedCorpus<M>(dataset, settings: settings)
        var out: [Template] = []
        for (label, idx) in corpus.indicesByLabel(Array(corpus.samples.indices)).sorted(by: { $0.key < $1.key }) {
            let chosen: [Int]
            switch method {
            case .random:
                chosen = idx.randomSample(count: Swift.min(perClass, idx.count), using: &rng).sorted()
            case .medoid:
                let m = corpus.matcher(templates: idx, settings: settings)
                var totals = [Double](repeating: 0, count: idx.count)
                for (k, i) in idx.enumerated() {
                    for match in m.recognize(prepared: corpus.candidate[i], limit: nil) { totals[k] += match.distance }
                }
                let order = idx.indices.sorted { (totals[$0], $0) < (totals[$1], $1) }
                chosen = order.prefix(perClass).map { idx[$0] }.sorted()
            }
            out += chosen.map { Template(name: label, gesture: corpus.samples[$0].gesture) }
        }
        return out
    }
}
