import Foundation
import GestureData
import GestureGeometry
import GestureMatching
import GestureTraining

/// "Check my examples": what the user's *next* strokes will likely do, estimated on
/// examples the model that judges them was not trained on.
///
/// - **Held-out estimate.** The store's examples are split into folds, each label's
///   examples spread over them; for each fold a model is trained (with the recorder's own
///   training) on the other folds and judges the fold's examples. Every example is judged
///   once, by a model that never saw it, so the figures say what a new stroke of the same
///   person will do: accepted as its label, rejected, or taken for another label, per
///   label, with Wilson 95% intervals. The never-fire strokes are folded the same way:
///   a held-out one accepted as anything is a false fire.
/// - **What it cannot estimate, it says.** A label with one example has nothing to be
///   judged against once that example is held out: its row says "cannot estimate" and
///   asks for more, instead of 0% or 100%. With a single label the check measures how
///   often the user's own strokes pass, not what else would fire.
/// - **Learning curve.** Models trained on K examples per label (K = 1, 2, 3, 5, 8, …
///   below each label's count), judged on the label's remaining examples, give accuracy at
///   growing K; a power law fitted to the misses (error ∝ K^b) says about how many more
///   examples reach ``target`` ("zig_zag: add about 4 examples").
///
/// Nothing here scores an example with a model trained on it.
///
/// ```
/// let check = try HeldOutCheck.run(samples: samples, negatives: bin, settings: .init()) { train, negatives in
///     try HeldOutCheck.workflowJudge(train, negatives: negatives, settings: TrainingSettings())
/// }
/// check.labels.first?.sentence   // "zig_zag: 9 of 10 held-out strokes accepted as zig_zag (90%, 95% CI 60–98%) …"
/// ```
public struct HeldOutCheck: Codable, Sendable, Hashable {
    /// The check's settings.
    public struct Settings: Hashable, Sendable {
        /// Folds of the held-out estimate (fewer when no label has that many examples).
        public var folds: Int = 5
        /// Training sizes of the learning curve (per label; each below the label's count).
        public var curveSizes: [Int] = [1, 2, 3, 5, 8, 12, 20]
        /// Random draws of the training examples per learning-curve size.
        public var curveRepeats: Int = 1
        /// Held-out acceptance the advice aims for.
        public var target: Double = 0.95
        /// Fewest held-out strokes of a label whose estimate is shown as one.
        public var minimumHeldOut: Int = 2
        public var seed: UInt64 = 1
        public init() {}
    }

    /// What a trained model does with one stroke: the label it accepts (nil: rejected).
    public typealias Judge = @Sendable (Gesture) -> String?
    /// Trains a model on the given examples and never-fire strokes.
    public typealias Train = (_ examples: [Sample], _ negatives: [Sample]) throws -> Judge

    /// One proportion with its Wilson 95% interval.
    public typealias Rate = CountedRate<RateLayout>

    /// ``Rate``'s JSON, which the recorder page reads: `count`, `of`, `rate`, `interval`.
    public enum RateLayout: CountedRateLayout {
        public static let keys: [(field: CountedRateField, key: String)] =
            [(.count, "count"), (.total, "of"), (.value, "rate"), (.interval, "interval")]
    }

    /// One point of a label's learning curve.
    public struct CurvePoint: Codable, Sendable, Hashable {
        /// Training examples of the label.
        public var examples: Int
        /// Held-out strokes of the label accepted as it.
        public var accepted: Rate
    }

    /// The estimate for one label.
    public struct LabelCheck: Codable, Sendable, Hashable {
        public var label: String
        /// Examples in the store.
        public var examples: Int
        /// `nil` when it cannot be estimated (``reason`` says why).
        public var accepted: Rate?
        public var rejected: Rate?
        /// Held-out strokes accepted as another label, by that label.
        public var takenFor: [String: Int]
        public var curve: [CurvePoint]
        /// About how many more examples reach the target; `nil` when enough or unknown.
        public var addExamples: Int?
        /// Why there is no estimate, or what limits it.
        public var reason: String?
        /// The advice in plain words.
        public var advice: String
        /// The whole row in plain words.
        public var sentence: String
    }

    public var labels: [LabelCheck]
    /// Held-out never-fire strokes accepted as some label (a false fire); `nil` without any.
    public var neverFireAccepted: Rate?
    /// Folds used (models trained for the estimate) and learning-curve models trained.
    public var folds: Int
    public var curveModels: Int
    public var target: Double
    /// Remarks on what the check can and cannot say.
    public var notes: [String]
    /// Every example judged was held out of the model judging it.
    public var method: String

    /// Runs the check. `train` is called once per fold and once per learning-curve point.
    public static func run(samples: [Sample], negatives: [Sample], settings: Settings = Settings(),
                           train: Train) throws -> HeldOutCheck {
        let byLabel = Dictionary(grouping: samples.filter { $0.label != nil }, by: { $0.label! })
        let labels = byLabel.keys.sorted()
        var rng = SeededGenerator.derived(seed: settings.seed, stream: 901)
        var notes: [String] = []
        // Folds: each label's examples (shuffled) dealt round-robin, starting where the
        // previous label stopped so the folds stay even.
        let most = byLabel.values.map(\.count).max() ?? 0
        let folds = Swift.max(2, Swift.min(settings.folds, most))
        var fold: [String: [Int]] = [:]
        var next = 0
        for label in labels {
            var order = Array(0..<byLabel[label]!.count)
            order.shuffle(using: &rng)
            var f = Array(repeating: 0, count: order.count)
            for (k, i) in order.enumerated() { f[i] = (next + k) % folds }
            next = (next + order.count) % folds
            fold[label] = f
        }
        var negOrder = Array(0..<negatives.count)
        negOrder.shuffle(using: &rng)
        var negFold = Array(repeating: 0, count: negatives.count)
        for (k, i) in negOrder.enumerated() { negFold[i] = k % folds }

        var accepted: [String: Int] = [:], rejected: [String: Int] = [:], heldOut: [String: Int] = [:]
        var takenFor: [String: [String: Int]] = [:]
        var negAccepted = 0, negJudged = 0
        var trained = 0
        for f in 0..<folds {
            // Labels with one example stay in every training set (nothing to hold out).
            var train_: [Sample] = [], test: [(String, Sample)] = []
            for label in labels {
                let s = byLabel[label]!
                for i in s.indices {
                    if s.count >= 2 && fold[label]![i] == f { test.append((label, s[i])) } else { train_.append(s[i]) }
                }
            }
            let negTrain = negatives.indices.filter { negFold[$0] != f }.map { negatives[$0] }
            let negTest = negatives.indices.filter { negFold[$0] == f }.map { negatives[$0] }
            guard !test.isEmpty || !negTest.isEmpty else { continue }
            let judge = try train(train_, negTrain)
            trained += 1
            for (label, s) in test {
                heldOut[label, default: 0] += 1
                switch judge(s.gesture) {
                case .some(label): accepted[label, default: 0] += 1
                case .some(let other): takenFor[label, default: [:]][other, default: 0] += 1
                case .none: rejected[label, default: 0] += 1
                }
            }
            for s in negTest {
                negJudged += 1
                if judge(s.gesture) != nil { negAccepted += 1 }
            }
        }

        // The learning curve: K examples per label (below its count), the rest judged.
        var curve: [String: [Int: (Int, Int)]] = [:]
        var curveModels = 0
        let sizes = settings.curveSizes.filter { $0 >= 1 && $0 < most }.sorted()
        for k in sizes {
            for _ in 0..<Swift.max(1, settings.curveRepeats) {
                var train_: [Sample] = [], test: [(String, Sample)] = []
                for label in labels {
                    var s = byLabel[label]!
                    s.shuffle(using: &rng)
                    // A label with K examples or fewer keeps all but one for training
                    // (it still needs something held out), and one example keeps it.
                    let keep = s.count > k ? k : Swift.max(1, s.count - 1)
                    train_ += s.prefix(keep)
                    if s.count > k { test += s.dropFirst(keep).map { (label, $0) } }
                }
                guard !test.isEmpty else { continue }
                let judge = try train(train_, negatives)
                curveModels += 1
                for (label, s) in test {
                    var c = curve[label, default: [:]][k] ?? (0, 0)
                    c.1 += 1
                    if judge(s.gesture) == label { c.0 += 1 }
                    curve[label, default: [:]][k] = c
                }
            }
        }

        var rows: [LabelCheck] = []
        for label in labels {
            let n = byLabel[label]!.count
            let points = (curve[label] ?? [:]).sorted { $0.key < $1.key }
                .map { CurvePoint(examples: $0.key, accepted: Rate($0.value.0, of: $0.value.1)) }
            let h = heldOut[label] ?? 0
            var row = LabelCheck(label: label, examples: n, accepted: nil, rejected: nil, takenFor: takenFor[label] ?? [:],
                                 curve: points, addExamples: nil, reason: nil, advice: "", sentence: "")
            if h < settings.minimumHeldOut || n < 2 {
                let more = Swift.max(1, 2 - n)
                row.reason = n < 2
                    ? "one example: once it is held out nothing is left to train on, so what new strokes will do cannot be estimated"
                    : "too few examples to hold out"
                row.addExamples = Swift.max(more, 5 - n)
                row.advice = "\(label): cannot estimate yet; add at least \(more) more example\(more == 1 ? "" : "s") (\(5 - n > more ? "about \(5 - n) for an estimate worth reading" : "then check again"))"
                row.sentence = "\(label): \(n) example\(n == 1 ? "" : "s") — cannot estimate: \(row.reason!). \(row.advice)."
                rows.append(row)
                continue
            }
            let a = Rate(accepted[label] ?? 0, of: h)
            row.accepted = a
            row.rejected = Rate(rejected[label] ?? 0, of: h)
            let effective = Double(n) * Double(folds - 1) / Double(folds)
            let (add, advice) = Self.advice(label: label, examples: n, heldOut: a, effective: effective, curve: points,
                                            target: settings.target)
            row.addExamples = add
            row.advice = advice
            let wrong = row.takenFor.sorted { $0.key < $1.key }.map { "\($0.value) as \($0.key)" }.joined(separator: ", ")
            row.sentence = "\(label): \(a.text) held-out strokes accepted as \(label); \(row.rejected!.count) rejected"
                + (wrong.isEmpty ? "" : "; taken for another label: \(wrong)") + ". \(advice)."
            if h < 5 {
                row.reason = "only \(h) held-out strokes: the interval is wide"
            }
            rows.append(row)
        }
        if labels.count == 1 {
            notes.append("one label: this says how often your own strokes are accepted, not what else would fire; add a second label or strokes to the never-fire bin to check that")
        }
        if labels.isEmpty { notes.append("no labelled examples yet: nothing to check") }
        var neverFire: Rate?
        if negJudged > 0 {
            neverFire = Rate(negAccepted, of: negJudged)
            notes.append("never-fire strokes, each judged by a model trained without it: \(neverFire!.text) accepted as some label")
        } else {
            notes.append("no never-fire strokes: put strokes that must not fire in the bin to check how many false fires get through")
        }
        return HeldOutCheck(labels: rows, neverFireAccepted: neverFire, folds: trained, curveModels: curveModels,
                            target: settings.target, notes: notes,
                            method: "\(folds)-fold held-out check: every example judged once by a model trained without it (\(trained) models), learning curve from \(curveModels) more; never the training examples themselves")
    }

    /// The advice for one label from its held-out acceptance and learning curve.
    static func advice(label: String, examples n: Int, heldOut a: Rate, effective: Double, curve: [CurvePoint],
                       target: Double) -> (Int?, String) {
        if a.rate >= target {
            if a.of >= 10 || n >= 10 { return (nil, "\(label): enough for now (held-out acceptance \(Rate.pct(a.rate)))") }
            let more = 10 - n
            return (more, "\(label): no held-out misses in \(a.of), but so few strokes leave a wide interval: add about \(more) more to be surer")
        }
        // Points (K, smoothed error, weight): the curve and the held-out estimate.
        var pts: [(Double, Double, Double)] = curve.map {
            (Double($0.examples), (Double($0.accepted.of - $0.accepted.count) + 0.5) / (Double($0.accepted.of) + 1), Double($0.accepted.of))
        }
        let anchor = (effective, Swift.max(1 - a.rate, 0.5 / (Double(a.of) + 1)), Double(a.of))
        pts.append(anchor)
        let goal = 1 - target
        // Error ∝ K^slope: fitted when the points hold enough strokes and fall clearly,
        // else the usual 1/K, anchored at the held-out estimate.
        var slope = -1.0
        let judged = pts.map(\.2).reduce(0, +)
        let xs = Set(pts.map(\.0))
        if xs.count >= 2 && judged >= 10 {
            let w = pts.map(\.2), sw = w.reduce(0, +)
            let mx = zip(pts, w).map { log($0.0) * $1 }.reduce(0, +) / sw
            let my = zip(pts, w).map { log($0.1) * $1 }.reduce(0, +) / sw
            let sxy = zip(pts, w).map { (log($0.0) - mx) * (log($0.1) - my) * $1 }.reduce(0, +)
            let sxx = zip(pts, w).map { (log($0.0) - mx) * (log($0.0) - mx) * $1 }.reduce(0, +)
            if sxx > 0 && sxy / sxx < -0.3 { slope = sxy / sxx }
        }
        // Examples needed for the goal from the anchor, with the share the folds hold
        // back added (the model in use trains on all of them).
        let needed = anchor.0 * pow(goal / anchor.1, 1 / slope) * Double(n) / Swift.max(effective, 1)
        let cap = 30
        let add = Swift.min(cap, Swift.max(1, Int(needed.rounded(.up)) - n))
        return (add, "\(label): add about \(add) example\(add == 1 ? "" : "s")\(add == cap ? " or more" : "") (learning curve towards \(Rate.pct(target)) accepted)")
    }

    /// The recorder's own training as a ``Train``: ``GestureTraining/TrainingWorkflow`` with
    /// `settings` and the never-fire strokes as negatives, judged by the model's
    /// recognizer (its matcher and rejection rule).
    public static func workflowJudge(_ examples: [Sample], negatives: [Sample], settings: TrainingSettings) throws -> Judge {
        let result = try TrainingWorkflow.run(Dataset(examples), source: "held-out check", negatives: negatives, settings: settings)
        let model = try GestureModel(manifest: result.manifest, library: result.library, thresholds: result.rejection,
                                     verifier: result.verifier, detectors: result.detectors)
        let recognizer = model.recognizer
        return { recognizer.recognize($0).label }
    }
}

extension HeldOutCheck.Rate {
    /// The strokes counted (`total`), as the JSON names them.
    public var of: Int { total }
    /// The share (`value`), as the JSON names it.
    public var rate: Double { value }

    /// `9 of 10 (90%, 95% CI 60–98%)`.
    public var text: String {
        "\(count) of \(of) (\(Self.pct(rate)), 95% CI \(Self.pct(interval[0]))–\(Self.pct(interval[1])))"
    }
    static func pct(_ v: Double) -> String { String(format: "%.0f%%", 100 * v) }
}
