import Foundation
import GestureData
import GestureGeometry
import GestureMatching

/// Trains a ``RejectionPrior`` from simulated new users across datasets.
///
/// For every dataset, subject and draw: a few of the subject's labels, K examples each
/// become the templates (as `gesturelab train` picks them); the subject's other examples
/// of those labels are positives when the matcher recognizes them; the subject's examples
/// of every other label, synthetic everyday strokes, splices of two of the user's
/// examples and the given negatives are negatives. Feature rows are ``VerifierFeatures``
/// against those templates (feature set ``Settings/featureSet``: by default with the
/// orientation features, so the user's own gestures turned or reversed can be told apart).
///
/// The thresholds (one per K) keep the false-positive rate on the people's other gestures
/// at ``Settings/targetFPR`` on held-out scores. With two or more datasets
/// (``Calibration/leaveOneDatasetOut``), each dataset is scored by trees trained on the
/// others and each K's threshold is the one the worst of them needs: the shift between
/// datasets is inside the calibration, as it is for a dataset the prior never saw. With one
/// dataset, or ``Calibration/halves``, two halves of the people are scored by trees of the
/// other half (the earlier way, blind to a shift between datasets).
public enum RejectionPriorTrainer {
    /// How held-out scores for the thresholds are made.
    public enum Calibration: String, Sendable, CaseIterable {
        /// Each dataset scored by trees of the others; the threshold for the worst dataset
        /// (halves when there is one dataset).
        case leaveOneDatasetOut = "datasets"
        /// Two halves of the people, each scored by trees of the other; one pooled threshold.
        case halves
    }

    public struct Settings: Sendable {
        public var matchers: [MatcherSettings]
        /// Templates kept per label (medoids beyond it), as `gesturelab train`.
        public var templatesPerClass: Int = 5
        public var ks: [Int] = [1, 2, 3, 5, 8]
        public var labelsPerUser: ClosedRange<Int> = 3...6
        public var drawsPerSubject = 2
        public var maxSubjectsPerDataset = 20
        /// Other-label examples of the subject scored per draw (at most).
        public var othersPerDraw = 120
        public var syntheticPerDraw = 30
        public var splicesPerDraw = 20
        /// Synthetic closed loops and partial circles per draw (the circle-like symbols
        /// people draw that a point-cloud matcher finds close to many gestures).
        public var loopsPerDraw = 0
        /// The user's own examples turned by a quarter or a half turn, or drawn backwards,
        /// per draw: the gestures a rotation-invariant or point-cloud matcher finds close
        /// to the user's although they are not the user's gesture.
        public var turnedPerDraw = 0
        /// The user's own examples reshaped per draw (``reshaped(_:round:)``): a corner made
        /// round or a curve made into a corner, the shapes that share a stroke's start, turn
        /// and end but not its sharpness (a chevron against a curve). Only reshapes that
        /// change the sharpest turn by at least ``reshapeMinimumChange`` are used.
        public var reshapedPerDraw = 0
        /// ``VerifierFeatures`` feature set of the rows.
        public var featureSet = VerifierFeatures.latestSet
        public var calibration = Calibration.leaveOneDatasetOut
        /// Negatives (of the given negative sets) per draw.
        public var negativesPerDraw = 40
        public var targetFPR = 0.01
        /// Least acceptance a threshold keeps (on cross-fitted in-vocabulary strokes), whatever the FPR.
        public var minimumAcceptance = 0.8
        /// Lower FPR targets tried per K after ``targetFPR`` (none by default): each K takes
        /// the lowest one that costs the best-carrying held-out group at most
        /// ``acceptanceRoom`` of acceptance against ``targetFPR``.
        public var lowerTargets: [Double] = []
        public var acceptanceRoom = 0.015
        public var booster = BoosterSettings(trees: 150, depth: 3, learningRate: 0.1, bins: 32, minSamplesLeaf: 40, l2: 1.0,
                                             rowSubsample: 1.0, seed: 1)
        public var descriptorPoints = 64
        public var seed: UInt64 = 1
        public var version = "prior"

        public init(matchers: [MatcherSettings]) { self.matchers = matchers }
    }

    struct Row: Sendable {
        var values: [Double]
        var positive: Bool
        var k, group, dataset: Int
        /// `in`, `misrecognized`, `other`, `synthetic`, `loop`, `turned`, `splice`, `negative`.
        var source: String
    }

    /// `k` medoid indices among `gestures` under distance table `d` (all when fewer).
    static func medoids(_ d: [[Double]], k: Int) -> [Int] {
        guard d.count > k else { return Array(d.indices) }
        let totals = d.indices.map { i in d[i].enumerated().reduce(0.0) { $0 + ($1.offset == i || !$1.element.isFinite ? 0 : $1.element) } }
        return d.indices.sorted { (totals[$0], $0) < (totals[$1], $1) }.prefix(k).sorted()
    }

    /// The templates `gesturelab train` keeps of `examples` (label, gesture): every one
    /// up to `perClass` a label, medoids under the primary matcher beyond.
    public static func templates(_ examples: [(String, Gesture)], primary: MatcherSettings, perClass: Int) -> [Template] {
        var out: [Template] = []
        var byLabel: [String: [Gesture]] = [:]
        for (l, g) in examples { byLabel[l, default: []].append(g) }
        for l in byLabel.keys.sorted() {
            let gs = byLabel[l] ?? []
            if gs.count <= perClass { out += gs.map { Template(name: l, gesture: $0) }; continue }
            let lib = TemplateLibrary(templates: gs.map { Template(name: l, gesture: $0) })
            let m = primary.matcher(library: lib)
            let d = gs.map { m.distances($0) ?? [Double](repeating: .infinity, count: gs.count) }
            out += medoids(d, k: perClass).map { Template(name: l, gesture: gs[$0]) }
        }
        return out
    }

    /// Simulated-user feature rows of one dataset.
    static func rows(_ data: Dataset, datasetIndex: Int, negatives: [Sample], settings: Settings) -> [Row] {
        var bySubject: [String: [Sample]] = [:]
        for s in data.samples where TrainingWorkflow.isUsable(s.gesture) && !(s.label ?? "").isEmpty {
            bySubject[s.subject ?? "", default: []].append(s)
        }
        var rng = SeededGenerator.derived(seed: settings.seed, stream: 3100 &+ UInt64(datasetIndex))
        let subjects = Array(bySubject.keys.sorted().shuffled(using: &rng).prefix(settings.maxSubjectsPerDataset))
        struct Draw: Sendable { var subject: String; var draw: Int; var k: Int; var group: Int }
        var draws: [Draw] = []
        for (si, s) in subjects.enumerated() {
            for d in 0..<settings.drawsPerSubject { for k in settings.ks { draws.append(Draw(subject: s, draw: d, k: k, group: datasetIndex * 2 + si % 2)) } }
        }
        let allDraws = draws, groups = bySubject
        let out = ParallelUnits.map(count: allDraws.count, progress: nil) { u -> [Row] in
            let dr = allDraws[u]
            var r = SeededGenerator.derived(seed: settings.seed, stream: 3200 &+ UInt64(datasetIndex) &* 100_003 &+ UInt64(u))
            let samples = groups[dr.subject] ?? []
            var counts: [String: Int] = [:]
            for s in samples { counts[s.label ?? "", default: 0] += 1 }
            let eligible = counts.filter { $0.value > dr.k }.keys.sorted()
            let l = Int.random(in: settings.labelsPerUser, using: &r)
            guard eligible.count >= 2 else { return [] }
            let chosen = Array(eligible.shuffled(using: &r).prefix(Swift.min(l, eligible.count)))
            var train: [(String, Gesture)] = [], test: [Sample] = []
            for c in chosen {
                let own = samples.filter { $0.label == c }.shuffled(using: &r)
                train += own.prefix(dr.k).map { (c, $0.gesture) }
                test += own.dropFirst(dr.k)
            }
            let templates = Self.templates(train, primary: settings.matchers[0], perClass: settings.templatesPerClass)
            let statistics = RejectionPrior.statistics(templates: templates, matchers: settings.matchers,
                                                       descriptorPoints: settings.descriptorPoints)
            let library = TemplateLibrary(templates: templates)
            let labels = library.names
            let index = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
            let templateLabels = templates.map { index[$0.name] ?? 0 }
            let ms = settings.matchers.map { $0.matcher(library: library) }
            let shaped = settings.featureSet >= VerifierFeatures.orientationSet
            let templateShapes = shaped ? templates.map { VerifierFeatures.Shape($0.gesture, featureSet: settings.featureSet) } : []
            var rows: [Row] = []
            func add(_ g: Gesture, truth: String?, source: String) {
                guard let primary = ms[0].distances(g) else { return }
                var all = [primary]
                for m in ms.dropFirst() { all.append(m.distances(g) ?? [Double](repeating: .infinity, count: primary.count)) }
                guard let f = VerifierFeatures.row(distances: all, templateLabels: templateLabels,
                                                   descriptor: ShapeDescriptor(g, points: settings.descriptorPoints)?.values,
                                                   statistics: statistics) else { return }
                let ok = truth != nil && labels[f.label] == truth
                let extra = VerifierFeatures.extra(featureSet: settings.featureSet, candidate: VerifierFeatures.Shape(g, featureSet: settings.featureSet),
                                                   templates: templateShapes, templateLabels: templateLabels, label: f.label,
                                                   closest: VerifierFeatures.closestTemplate(primary))
                rows.append(Row(values: f.values + extra, positive: ok, k: dr.k, group: dr.group, dataset: datasetIndex,
                                source: truth == nil ? source : (ok ? "in" : "misrecognized")))
            }
            for s in test { add(s.gesture, truth: s.label, source: "in") }
            let chosenSet = Set(chosen)
            for s in samples.filter({ !chosenSet.contains($0.label ?? "") }).shuffled(using: &r).prefix(settings.othersPerDraw) {
                add(s.gesture, truth: nil, source: "other")
            }
            let size = train.compactMap { $0.1.boundingBox?.longerSide }.sorted().dropFirst(train.count / 2).first ?? 200
            for s in OpenWorld.synthetic(count: settings.syntheticPerDraw, seed: settings.seed &+ UInt64(u) &* 7919, size: size) {
                add(s.gesture, truth: nil, source: "synthetic")
            }
            for g in Self.loops(count: settings.loopsPerDraw, seed: settings.seed &+ UInt64(u) &* 6151, size: size) {
                add(g, truth: nil, source: "loop")
            }
            if !train.isEmpty {
                for _ in 0..<settings.turnedPerDraw {
                    let g = train[Int.random(in: 0..<train.count, using: &r)].1
                    add(Self.turned(g, way: Int.random(in: 0..<4, using: &r)), truth: nil, source: "turned")
                }
                for _ in 0..<settings.reshapedPerDraw {
                    let g = train[Int.random(in: 0..<train.count, using: &r)].1
                    let round = Bool.random(using: &r)
                    if let h = Self.reshaped(g, round: round) ?? Self.reshaped(g, round: !round) {
                        add(h, truth: nil, source: "reshaped")
                    }
                }
            }
            if train.count >= 2 && chosen.count >= 2 {
                var made = 0, tries = 0
                while made < settings.splicesPerDraw && tries < settings.splicesPerDraw * 10 {
                    tries += 1
                    let a = train[Int.random(in: 0..<train.count, using: &r)], b = train[Int.random(in: 0..<train.count, using: &r)]
                    guard a.0 != b.0, let g = Splicing.splice(a.1, b.1), TrainingWorkflow.isUsable(g) else { continue }
                    add(g, truth: nil, source: "splice")
                    made += 1
                }
            }
            // A negative of a label the user has (the negatives may come from a training
            // dataset's own vocabulary) is not out of their vocabulary: skipped.
            let outside = negatives.filter { !chosenSet.contains($0.label ?? "") }
            if !outside.isEmpty {
                for _ in 0..<Swift.min(settings.negativesPerDraw, outside.count) {
                    add(outside[Int.random(in: 0..<outside.count, using: &r)].gesture, truth: nil, source: "negative")
                }
            }
            return rows
        }
        return out.flatMap { $0 }
    }

    /// One held-out score the thresholds were chosen from (see `train`'s `heldOut`).
    public struct HeldOutScore: Sendable, Hashable {
        /// Index of the dataset the simulated user came from.
        public var dataset: Int
        /// Examples per label of the simulated user.
        public var k: Int
        /// `in`, `misrecognized`, `other`, `synthetic`, `loop`, `turned`, `splice`, `negative`.
        public var source: String
        /// Recognized correctly (should be accepted).
        public var positive: Bool
        /// The trees' margin, from trees that did not see this row's fold.
        public var score: Double
    }

    /// Trains a prior from `datasets` (each a population of people) and out-of-vocabulary `negatives`.
    /// - Parameter heldOut: given the held-out scores the thresholds were chosen from (for analysis).
    public static func train(_ datasets: [Dataset], negatives: [Sample] = [], settings: Settings,
                             provenance: String, progress: StageProgress? = nil,
                             heldOut: (([HeldOutScore]) -> Void)? = nil) throws -> RejectionPrior {
        progress?("prior rows", 0, datasets.count)
        var rows: [Row] = []
        for (i, d) in datasets.enumerated() {
            rows += Self.rows(d, datasetIndex: i, negatives: negatives, settings: settings)
            progress?("prior rows", i + 1, datasets.count)
        }
        guard rows.contains(where: \.positive), rows.contains(where: { !$0.positive }) else {
            throw VerifierTrainingError.tooFewSamples("the simulated users gave no positive or no negative row")
        }
        let p = rows.filter(\.positive).count, n = rows.count - p
        let w = rows.map { $0.positive ? Double(rows.count) / (2 * Double(p)) : Double(rows.count) / (2 * Double(n)) }
        // Held-out scores: fold f of the rows scored by trees trained on the other folds.
        let byDataset = settings.calibration == .leaveOneDatasetOut && Set(rows.map(\.dataset)).count >= 2
        let fold = rows.map { byDataset ? $0.dataset : $0.group % 2 }
        let folds = Array(Set(fold)).sorted()
        progress?("prior trees", 0, folds.count + 1)
        var scores = [Double](repeating: 0, count: rows.count)
        let allRows = rows
        let scored = ParallelUnits.map(count: folds.count, progress: nil) { h -> [Double] in
            let rows = allRows
            let train = rows.indices.filter { fold[$0] != folds[h] }
            let m = GradientBoostedTrees.train(rows: train.map { rows[$0].values }, labels: train.map { rows[$0].positive },
                                               weights: train.map { w[$0] }, settings: settings.booster)
            return rows.indices.filter { fold[$0] == folds[h] }.map { m.margin(rows[$0].values) }
        }
        for h in folds.indices {
            for (j, i) in rows.indices.filter({ fold[$0] == folds[h] }).enumerated() { scores[i] = scored[h][j] }
        }
        progress?("prior trees", folds.count, folds.count + 1)
        heldOut?(rows.indices.map { HeldOutScore(dataset: rows[$0].dataset, k: rows[$0].k, source: rows[$0].source,
                                                 positive: rows[$0].positive, score: scores[$0]) })
        // Calibration groups: each dataset when calibrating across datasets (the threshold is
        // the worst one's), else all rows together.
        let calibrationGroups: [[Int]] = byDataset ? folds.map { f in rows.indices.filter { rows[$0].dataset == f } } : [Array(rows.indices)]
        var thresholds: [String: Double] = [:], figures: [String: [String: Double]] = [:]
        for k in settings.ks {
            // The threshold for FPR `target` on the people's other gestures of every
            // calibration group (the worst group's), and the best group's acceptance at it.
            func calibrated(_ target: Double) -> (threshold: Double, bestAcceptance: Double)? {
                var t = -Double.infinity, floors: [Double] = []
                var groups: [(pos: [Double], inVocab: Int)] = []
                for group in calibrationGroups {
                    let idx = group.filter { rows[$0].k == k }
                    let inVocab = idx.filter { rows[$0].source == "in" || rows[$0].source == "misrecognized" }
                    let pos = idx.filter { rows[$0].positive }.map { scores[$0] }.sorted(by: >)
                    let others = idx.filter { rows[$0].source == "other" }.map { scores[$0] }.sorted(by: >)
                    guard !pos.isEmpty, !inVocab.isEmpty else { continue }
                    groups.append((pos, inVocab.count))
                    // The lowest threshold whose FPR on the people's other gestures is within target ...
                    let allowed = Int((target * Double(others.count)).rounded(.down))
                    t = Swift.max(t, allowed < others.count ? others[allowed].nextUp : (pos.last ?? 0))
                    let floorIndex = Swift.min(pos.count - 1, Swift.max(0, Int((settings.minimumAcceptance * Double(inVocab.count)).rounded(.up)) - 1))
                    floors.append(pos[floorIndex])
                }
                guard !groups.isEmpty else { return nil }
                // ... but never one that keeps less than the minimum acceptance on the dataset the
                // trees of the others carry over to best (a dataset unlike every other one, such
                // as multistroke symbols among unistroke gestures, would otherwise pull the
                // threshold down to nothing).
                t = Swift.min(t, (byDataset ? floors.max() : floors.min()) ?? t)
                let best = groups.map { g in Double(g.pos.filter { $0 >= t }.count) / Double(g.inVocab) }.max() ?? 0
                return (t, best)
            }
            guard let base = calibrated(settings.targetFPR) else { continue }
            var t = base.threshold, chosenTarget = settings.targetFPR
            // A lower target where acceptance has room: the lowest of `lowerTargets` that costs
            // the best-carrying held-out group at most `acceptanceRoom` of acceptance.
            for target in settings.lowerTargets.sorted(by: >) where target < settings.targetFPR {
                // (A target whose threshold the acceptance floor holds where it was is not taken.)
                guard let c = calibrated(target), c.bestAcceptance >= base.bestAcceptance - settings.acceptanceRoom,
                      c.threshold > t else { break }
                t = c.threshold
                chosenTarget = target
            }
            thresholds[String(k)] = t
            var f: [String: Double] = [:]
            var worstAcceptance = 1.0, worstFPR = 0.0
            for (gi, group) in calibrationGroups.enumerated() {
                let idx = group.filter { rows[$0].k == k }
                let inVocab = idx.filter { rows[$0].source == "in" || rows[$0].source == "misrecognized" }
                let others = idx.filter { rows[$0].source == "other" }
                guard !inVocab.isEmpty else { continue }
                let acc = Double(inVocab.filter { rows[$0].positive && scores[$0] >= t }.count) / Double(inVocab.count)
                let fpr = Double(others.filter { scores[$0] >= t }.count) / Double(Swift.max(1, others.count))
                worstAcceptance = Swift.min(worstAcceptance, acc)
                worstFPR = Swift.max(worstFPR, fpr)
                if byDataset {
                    f["dataset\(folds[gi]).acceptance"] = acc
                    f["dataset\(folds[gi]).fpr"] = fpr
                }
            }
            f["acceptance"] = worstAcceptance
            f["fpr"] = worstFPR
            f["targetFPR"] = chosenTarget
            let idx = rows.indices.filter { rows[$0].k == k }
            for src in ["synthetic", "loop", "turned", "reshaped", "splice", "negative"] {
                let s = idx.filter { rows[$0].source == src }
                if !s.isEmpty { f["fpr." + src] = Double(s.filter { scores[$0] >= t }.count) / Double(s.count) }
            }
            figures[String(k)] = f
        }
        let final = GradientBoostedTrees.train(rows: rows.map(\.values), labels: rows.map(\.positive), weights: w, settings: settings.booster)
        progress?("prior trees", folds.count + 1, folds.count + 1)
        let how = byDataset ? "each dataset scored by trees of the others, the worst dataset's threshold"
                            : "cross-fitted halves of the people"
        return RejectionPrior(version: settings.version, matchers: settings.matchers,
                              featureNames: VerifierFeatures.names(matchers: settings.matchers, featureSet: settings.featureSet),
                              featureSet: settings.featureSet == VerifierFeatures.baseSet ? nil : settings.featureSet,
                              descriptorPoints: settings.descriptorPoints, model: final, thresholds: thresholds,
                              provenance: provenance + "; feature set \(settings.featureSet), \(settings.loopsPerDraw) loops and \(settings.turnedPerDraw) turned strokes per draw\(settings.reshapedPerDraw > 0 ? ", \(settings.reshapedPerDraw) reshaped" : ""); \(rows.count) rows (\(p) positive), thresholds for FPR \(settings.targetFPR)\(settings.lowerTargets.isEmpty ? "" : " (or the lowest of \(settings.lowerTargets.map { "\($0)" }.joined(separator: ", ")) costing at most \(settings.acceptanceRoom) of acceptance)") on the people's other gestures, \(how)",
                              figures: figures)
    }

    /// `g` turned by a quarter turn either way (`way` 0, 1), a half turn (2), or with its
    /// points in reverse order (3), around its centroid.
    public static func turned(_ g: Gesture, way: Int) -> Gesture {
        switch way {
        case 0: return g.rotated(by: .pi / 2)
        case 1: return g.rotated(by: -.pi / 2)
        case 2: return g.rotated(by: .pi)
        default: return Gesture(g.strokes.reversed().map { Stroke($0.points.reversed()) })
        }
    }

    /// The least change of the sharpest turn (``CornerFeatures``, over π) a reshaped stroke
    /// must show against its source: a quarter of a half turn.
    public static let reshapeMinimumChange = 0.25

    /// `g` (strokes joined in drawing order) reduced to its start `S`, the point `F`
    /// farthest from the chord `S`–`E` and its end `E`, drawn again as two straight legs
    /// `S`→`F`→`E` (`round` false: a curve made into a corner) or as the parabola from `S`
    /// through `F` to `E` (`round` true: a corner made round), 48 points at the source's
    /// scale. `nil` when the stroke is too short or the reshape changes its sharpest turn
    /// by less than ``reshapeMinimumChange`` (a V sharpened is still the V).
    public static func reshaped(_ g: Gesture, round: Bool) -> Gesture? {
        let raw = Stroke(g.allPoints)
        guard raw.pathLength > 0, let source = CornerFeatures.prepare(g) else { return nil }
        let pts = raw.resampled(count: 48).points
        guard let s = pts.first, let e = pts.last else { return nil }
        let dx = e.x - s.x, dy = e.y - s.y
        let chord = (dx * dx + dy * dy).squareRoot()
        var far = s, farD = -1.0
        for p in pts {
            let d = chord > 0 ? abs((p.x - s.x) * dy - (p.y - s.y) * dx) / chord : p.distance(to: s)
            if d > farD { farD = d; far = p }
        }
        guard farD > 0 else { return nil }
        let n = 48
        var out: [Point] = []
        if round {
            // The control point that puts the parabola's midpoint on F.
            let cx = 2 * far.x - (s.x + e.x) / 2, cy = 2 * far.y - (s.y + e.y) / 2
            for i in 0..<n {
                let t = Double(i) / Double(n - 1), u = 1 - t
                out.append(Point(x: u * u * s.x + 2 * u * t * cx + t * t * e.x, y: u * u * s.y + 2 * u * t * cy + t * t * e.y,
                                 t: Double(i) * 0.012))
            }
        } else {
            for i in 0..<n {
                let t = Double(i) / Double(n - 1)
                let (a, b, v) = t <= 0.5 ? (s, far, t * 2) : (far, e, (t - 0.5) * 2)
                out.append(Point(x: a.x + (b.x - a.x) * v, y: a.y + (b.y - a.y) * v, t: Double(i) * 0.012))
            }
        }
        let h = Gesture(points: out)
        guard let made = CornerFeatures.prepare(h), abs(made.sharp - source.sharp) >= reshapeMinimumChange else { return nil }
        return h
    }

    /// `count` closed loops and partial circles (ellipses of random aspect and orientation,
    /// swept 200°–400° either way from a random start, with a little wobble), about `size` across.
    public static func loops(count: Int, seed: UInt64, size: Double) -> [Gesture] {
        guard count > 0 else { return [] }
        var rng = SeededGenerator.derived(seed: seed, stream: 3300)
        return (0..<count).map { _ in
            let rx = size / 2, ry = rx * Double.random(in: 0.55...1.0, using: &rng)
            let tilt = Double.random(in: 0..<(2 * .pi), using: &rng)
            let start = Double.random(in: 0..<(2 * .pi), using: &rng)
            let sweep = Double.random(in: (200.0 / 180 * .pi)...(400.0 / 180 * .pi), using: &rng)
            let direction: Double = Bool.random(using: &rng) ? 1 : -1
            let wobble = Double.random(in: 0...0.06, using: &rng), phase = Double.random(in: 0..<(2 * .pi), using: &rng)
            let n = 48
            let points = (0..<n).map { i -> Point in
                let a = start + direction * sweep * Double(i) / Double(n - 1)
                let r = 1 + wobble * sin(3 * a + phase)
                let x = rx * r * cos(a), y = ry * r * sin(a)
                return Point(x: x * cos(tilt) - y * sin(tilt) + size, y: x * sin(tilt) + y * cos(tilt) + size, t: Double(i) * 0.012)
            }
            return Gesture(points: points)
        }
    }
}
