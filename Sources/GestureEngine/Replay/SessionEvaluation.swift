import GestureData

/// Compares what recognizers fired with what a session's labels say it contains.
///
/// An *activation* is a continuous recognizer's `began` or a discrete one's recognition
/// (``GestureActivation/isActivation``). An activation of recognizer `N` at time `t`
/// *detects* the earliest not-yet-detected label named `N` whose window contains `t`; a
/// further activation inside an already detected window is a *repeat*; an activation in
/// no window of its name is a *false activation*. Labels nobody detected are *missed*.
public struct SessionEvaluation: Hashable, Sendable, Codable {
    /// Counts for one recognizer.
    public struct Counts: Hashable, Sendable, Codable {
        public var name: String
        /// Labelled gestures with this name.
        public var expected = 0
        /// Labelled gestures detected (once each).
        public var detected = 0
        public var missed = 0
        public var repeats = 0
        /// Activations outside every window with this name.
        public var falseActivations = 0

        public init(name: String) { self.name = name }

        mutating func add(_ o: Counts) {
            expected += o.expected; detected += o.detected; missed += o.missed
            repeats += o.repeats; falseActivations += o.falseActivations
        }
    }

    /// Per recognizer (and per label name without a recognizer), sorted by name.
    public var counts: [Counts]
    /// Label names that no recognizer in the configuration has.
    public var unknownLabelNames: [String]

    public init(counts: [Counts], unknownLabelNames: [String]) {
        self.counts = counts
        self.unknownLabelNames = unknownLabelNames
    }

    /// Evaluates one session.
    /// - Parameters:
    ///   - activations: the replay's actions (only activations count).
    ///   - labels: the session's labels.
    ///   - recognizerNames: every recognizer in the configuration, so silent ones are listed.
    /// - Complexity: O(activations × labels of the same name).
    public static func evaluate(_ activations: [GestureActivation], labels: SessionLabels,
                                recognizerNames: [String]) -> SessionEvaluation {
        var byName: [String: Counts] = [:]
        for n in recognizerNames { byName[n] = Counts(name: n) }
        var windows: [String: [(label: SessionLabels.Gesture, hits: Int)]] = [:]
        for g in labels.gestures.sorted(by: { $0.start < $1.start }) {
            windows[g.name, default: []].append((g, 0))
            byName[g.name, default: Counts(name: g.name)].expected += 1
        }
        for a in activations where a.isActivation {
            var c = byName[a.recognizer] ?? Counts(name: a.recognizer)
            if var list = windows[a.recognizer] {
                if let k = list.firstIndex(where: { $0.hits == 0 && $0.label.contains(a.time) }) {
                    list[k].hits = 1
                    c.detected += 1
                } else if let k = list.firstIndex(where: { $0.label.contains(a.time) }) {
                    list[k].hits += 1
                    c.repeats += 1
                } else {
                    c.falseActivations += 1
                }
                windows[a.recognizer] = list
            } else {
                c.falseActivations += 1
            }
            byName[a.recognizer] = c
        }
        for (name, c) in byName { byName[name]?.missed = c.expected - c.detected }
        let known = Set(recognizerNames)
        return SessionEvaluation(counts: byName.values.sorted { $0.name < $1.name },
                                 unknownLabelNames: Set(labels.gestures.map(\.name)).subtracting(known).sorted())
    }

    /// Sums several sessions' evaluations.
    public static func combined(_ parts: [SessionEvaluation]) -> SessionEvaluation {
        var byName: [String: Counts] = [:]
        var unknown = Set<String>()
        for p in parts {
            for c in p.counts { byName[c.name, default: Counts(name: c.name)].add(c) }
            unknown.formUnion(p.unknownLabelNames)
        }
        return SessionEvaluation(counts: byName.values.sorted { $0.name < $1.name }, unknownLabelNames: unknown.sorted())
    }

    /// All recognizers together.
    public var total: Counts {
        var t = Counts(name: "total")
        for c in counts { t.add(c) }
        return t
    }
}
