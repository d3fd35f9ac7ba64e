import GestureData
import GestureGeometry
import GestureMatching

/// Samples normalized once for a matcher: each sample's own prepared form (for use as a
/// candidate) and the prepared forms of its template variants (for use as a template).
/// Samples that cannot be prepared (no points) are left out and counted.
public struct PreparedCorpus<M: TemplateMatcher>: Sendable {
    public let samples: [Sample]
    let candidate: [M.Prepared]
    let asTemplates: [[M.Prepared]]
    /// Samples dropped because they had no points.
    public let skipped: Int

    public init(_ dataset: Dataset, settings: M.Settings, variants: TemplateVariants = .none) {
        let prepared = ParallelUnits.map(count: dataset.samples.count, progress: nil) { i -> (M.Prepared, [M.Prepared])? in
            let g = dataset.samples[i].gesture
            guard let p = M.prepare(g, settings: settings) else { return nil }
            let extra = variants.isEmpty ? [p] : variants.variants(of: g).compactMap { M.prepare($0, settings: settings) }
            return (p, extra)
        }
        var s: [Sample] = [], c: [M.Prepared] = [], t: [[M.Prepared]] = []
        for (sample, p) in zip(dataset.samples, prepared) {
            guard let p, sample.label != nil else { continue }
            s.append(sample); c.append(p.0); t.append(p.1)
        }
        samples = s; candidate = c; asTemplates = t
        skipped = dataset.samples.count - s.count
    }

    /// A matcher whose templates are the samples at `indices` (with their variants).
    func matcher(templates indices: [Int], settings: M.Settings) -> M {
        var names: [String] = [], prepared: [M.Prepared] = []
        for i in indices {
            for p in asTemplates[i] { names.append(samples[i].label ?? ""); prepared.append(p) }
        }
        return M(names: names, templates: prepared, settings: settings)
    }

    /// Sample indices grouped by label.
    func indicesByLabel(_ indices: [Int]) -> [String: [Int]] {
        Dictionary(grouping: indices) { samples[$0].label ?? "" }
    }
}
