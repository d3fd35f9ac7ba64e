import GestureData
import GestureGeometry
import GestureMatching

/// The negatives a verifier learns "none of these" from, as ``DistanceCorpus`` items:
/// splices of two half gestures of different labels (Jackknife's synthetic negatives,
/// Taranta et al., CHI 2017), random scribbles, and the user's own negatives. Each splice
/// remembers the labels and subjects it was made from, so a fold that leaves a label or a
/// person out uses only splices made without them.
package enum NegativePool {
    /// - Parameters:
    ///   - samples: the labelled samples the splices are cut from.
    ///   - labels, subjects: the corpus's label and subject lists (indices are stored).
    package static func make(samples: [Sample], labels: [String], subjects: [String], splices: Int, scribbles: Int,
                             user: [Sample], seed: UInt64) -> [DistanceCorpus.Item] {
        let labelIndex = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        let subjectIndex = Dictionary(uniqueKeysWithValues: subjects.enumerated().map { ($1, $0) })
        var out: [DistanceCorpus.Item] = []
        var rng = SeededGenerator.derived(seed: seed, stream: 301)
        if Set(samples.compactMap(\.label)).count >= 2 && splices > 0 {
            var attempts = 0
            while out.count < splices && attempts < splices * 20 {
                attempts += 1
                let i = Int.random(in: 0..<samples.count, using: &rng), j = Int.random(in: 0..<samples.count, using: &rng)
                guard samples[i].label != samples[j].label, let g = Splicing.splice(samples[i].gesture, samples[j].gesture),
                      TrainingWorkflow.isUsable(g) else { continue }
                let ls = [samples[i], samples[j]].map { labelIndex[$0.label ?? ""] ?? -1 }
                let ss = [samples[i], samples[j]].map { subjectIndex[$0.subject ?? ""] ?? -1 }
                out.append(DistanceCorpus.Item(kind: .splice, label: -1, subject: -1, sourceLabels: ls, sourceSubjects: ss,
                                               gesture: g, source: "splice of \(samples[i].label ?? "?") and \(samples[j].label ?? "?")"))
            }
        }
        // Scribbles the size of the user's gestures (their features are scale-invariant,
        // but a detector trained from the same pool measures lengths in points).
        let sizes = samples.compactMap { $0.gesture.boundingBox?.longerSide }.filter { $0 > 0 && $0.isFinite }.sorted()
        let size = sizes.isEmpty ? 200 : sizes[sizes.count / 2]
        var scribbleRNG = SeededGenerator.derived(seed: seed, stream: 302)
        for (k, s) in RandomScribble(size: size, label: TrainingWorkflow.scribbleLabel)
            .samples(count: scribbles, using: &scribbleRNG).enumerated() where TrainingWorkflow.isUsable(s.gesture) {
            out.append(DistanceCorpus.Item(kind: .scribble, label: -1, subject: -1, sourceLabels: [], sourceSubjects: [],
                                           gesture: s.gesture, source: "scribble \(k)"))
        }
        for (k, s) in user.enumerated() where TrainingWorkflow.isUsable(s.gesture) {
            out.append(DistanceCorpus.Item(kind: .user, label: -1, subject: -1, sourceLabels: [], sourceSubjects: [],
                                           gesture: s.gesture, source: s.source ?? "negative \(k)"))
        }
        return out
    }
}
