import GestureData
import GestureGeometry
import GestureMatching

/// Gestures (real samples and negatives) with, for each matcher, the distance from every
/// one of them to every real sample, computed once. Verifier training and the rejection
/// study draw templates from the real samples and read distances from these matrices
/// instead of rebuilding matchers for every fold.
///
/// Items `0..<sampleCount` are the real samples (every one labelled and usable); the rest
/// are negatives: splices, scribbles, or the user's own.
package struct DistanceCorpus: Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case sample, splice, scribble, user
    }

    package struct Item: Sendable {
        package var kind: Kind
        /// Label index for samples, -1 for negatives.
        package var label: Int
        /// Subject index, -1 when none.
        package var subject: Int
        /// Labels and subjects a splice was made from (its own for a sample).
        package var sourceLabels: [Int]
        package var sourceSubjects: [Int]
        package var gesture: Gesture
        package var source: String
    }

    package let labels: [String]
    package let subjects: [String]
    package let items: [Item]
    package let sampleCount: Int
    package let matchers: [MatcherSettings]
    package let descriptors: [[Double]?]
    /// `matrices[m][item * sampleCount + sample]`.
    private let matrices: [[Float]]

    package func distance(_ m: Int, _ item: Int, _ sample: Int) -> Double {
        Double(matrices[m][item * sampleCount + sample])
    }

    /// - Parameters:
    ///   - samples: labelled, usable samples (check with `TrainingWorkflow.isUsable`).
    ///   - negatives: gestures with their kind, source labels and subjects (indices into
    ///     the labels and subjects of `samples`) and a description.
    package init(samples: [Sample], negatives: [Item], matchers: [MatcherSettings], descriptorPoints: Int,
                 progress: StageProgress? = nil) {
        let labels = Array(Set(samples.compactMap(\.label))).sorted()
        let subjects = Array(Set(samples.map { $0.subject ?? "" })).sorted()
        let labelIndex = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        let subjectIndex = Dictionary(uniqueKeysWithValues: subjects.enumerated().map { ($1, $0) })
        var items: [Item] = samples.map { s in
            let l = labelIndex[s.label ?? ""] ?? -1, sub = subjectIndex[s.subject ?? ""] ?? -1
            return Item(kind: .sample, label: l, subject: sub, sourceLabels: [l], sourceSubjects: [sub], gesture: s.gesture,
                        source: s.source ?? "sample")
        }
        items += negatives
        self.labels = labels
        self.subjects = subjects
        self.items = items
        self.sampleCount = samples.count
        self.matchers = matchers
        let gestures = items.map(\.gesture)
        self.descriptors = ParallelUnits.map(count: gestures.count, progress: nil) {
            ShapeDescriptor(gestures[$0], points: descriptorPoints)?.values
        }
        var matrices: [[Float]] = []
        for (k, m) in matchers.enumerated() {
            let stage = "distances \(k + 1)/\(matchers.count) (\(m.algorithm.rawValue))"
            var handler: ProgressHandler? = nil
            if let progress { handler = { done, total in progress(stage, done, total) } }
            matrices.append(Self.matrix(m, gestures: gestures, sampleCount: samples.count, progress: handler))
        }
        self.matrices = matrices
    }

    static func matrix(_ settings: MatcherSettings, gestures: [Gesture], sampleCount: Int, progress: ProgressHandler?) -> [Float] {
        func run<M: TemplateMatcher>(_ type: M.Type) -> [Float] {
            matrix(type, settings.typed(for: type), gestures, sampleCount, progress)
        }
        return run(settings.matcherType)
    }

    static func matrix<M: TemplateMatcher>(_ type: M.Type, _ settings: M.Settings, _ gestures: [Gesture], _ sampleCount: Int,
                                           _ progress: ProgressHandler?) -> [Float] {
        let prepared = ParallelUnits.map(count: gestures.count, progress: nil) { M.prepare(gestures[$0], settings: settings) }
        // Real samples are usable by contract; one that is not (cannot happen through the
        // trainers) is kept as an unreachable template so indices stay aligned.
        var templateIndex: [Int] = [], templates: [M.Prepared] = []
        for i in 0..<sampleCount { if let p = prepared[i] { templateIndex.append(i); templates.append(p) } }
        let matcher = M(names: templateIndex.map(String.init), templates: templates, settings: settings)
        let columns = templateIndex
        let rowsPerUnit = 16
        let units = (gestures.count + rowsPerUnit - 1) / rowsPerUnit
        let blocks = ParallelUnits.map(count: units, progress: progress) { u -> [Float] in
            let lo = u * rowsPerUnit, hi = Swift.min(gestures.count, lo + rowsPerUnit)
            var block = [Float](repeating: .infinity, count: (hi - lo) * sampleCount)
            for i in lo..<hi {
                guard let p = prepared[i] else { continue }
                for m in matcher.recognize(prepared: p, limit: nil) {
                    block[(i - lo) * sampleCount + columns[m.templateIndex]] = Float(m.distance)
                }
            }
            return block
        }
        var out: [Float] = []
        out.reserveCapacity(gestures.count * sampleCount)
        for b in blocks { out += b }
        return out
    }
}
