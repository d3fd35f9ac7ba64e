import Foundation
import GestureData
import GestureGeometry
import GestureMatching

/// The everyday protocol: one person alone records a few examples of a few gestures and
/// trains a model with `gesturelab train`'s defaults; the model must accept that person's
/// next strokes of those gestures as the right label and reject everything else they draw.
///
/// For every subject and seed, ``Settings/labelsPerUser`` of the subject's labels are
/// drawn; for every K of ``Settings/templatesPerClass``, K examples of each are drawn and a
/// model is trained from those alone (``TrainingWorkflow/run(_:source:skippedFiles:negatives:settings:progress:)``,
/// the code `gesturelab train` runs, with the settings it is given). Then:
/// - the subject's other examples of the drawn labels must be accepted as their label
///   (accepted-and-correct, rejected, accepted-but-wrong);
/// - every example of the subject's other labels must be rejected (FPR on their other gestures);
/// - out-of-vocabulary strokes (``run(_:negatives:synthetic:settings:progress:)``'s
///   `negatives`, by label, and synthetic everyday strokes, labelled as synthetic) must be rejected.
///
/// Every rate carries a Wilson 95% interval; a K no subject could be scored for is absent,
/// never printed as 0 %.
public enum NewUserStudy {
    public struct Settings: Sendable {
        /// Labels per user (L), drawn per subject and seed among labels with at least two examples.
        public var labelsPerUser: Int
        /// The K values: examples per label the user records.
        public var templatesPerClass: [Int]
        /// One draw of labels and examples per seed.
        public var seeds: [UInt64]
        /// Exactly what `gesturelab train` trains with (its seed is replaced per draw).
        public var training: TrainingSettings
        /// Only these subjects (all when `nil`): for quick runs.
        public var subjects: [String]?
        /// Each subject's samples on each input device (``GestureData/Sample/device``) are
        /// a person of their own, who records and uses one device, with rows per device in
        /// ``Report/perDevice``. Off: a subject's samples on every device are one person's.
        public var perDevice: Bool

        public init(labelsPerUser: Int = 4, templatesPerClass: [Int] = [1, 3, 5, 10], seeds: [UInt64] = [1, 2],
                    training: TrainingSettings = TrainingSettings(), subjects: [String]? = nil, perDevice: Bool = false) {
            self.labelsPerUser = labelsPerUser
            self.templatesPerClass = templatesPerClass
            self.seeds = seeds
            self.training = training
            self.subjects = subjects
            self.perDevice = perDevice
        }
    }

    public typealias Rate = ModelEvaluation.Rate

    /// The figures of one K.
    public struct Row: Hashable, Codable, Sendable {
        public var templatesPerClass: Int
        /// Models trained (subject × seed draws that had more than K examples of each label).
        public var models: Int
        /// The subject's other examples of the trained labels.
        public var acceptedAndCorrect: Rate
        public var rejected: Rate
        public var acceptedWrong: Rate
        /// The subject's examples of the labels not trained, accepted as any label.
        public var otherGestures: Rate
        /// Out-of-vocabulary strokes accepted, by source (`negatives: LABEL`, `synthetic: …`).
        public var negatives: [String: Rate]
        /// All out-of-vocabulary strokes of the negatives file together (absent without one).
        public var negativesOverall: Rate?
        /// How many of the models used each rejection rule (`verifier`, `thresholds`).
        public var rules: [String: Int]
        /// The labels of the other gestures most often accepted, with counts (at most 8).
        public var topFalseAccepts: [String: Int]
        /// The other gestures most often accepted, as `GESTURE as LABEL` (the user's label
        /// the model took them for), with counts (at most 8; absent in older reports).
        public var topFalseAcceptPairs: [String: Int]?
    }

    public struct Report: Hashable, Codable, Sendable {
        public var evaluationProtocol = "new-user"
        public var labelsPerUser: Int
        public var seeds: [UInt64]
        /// The people scored: subject ids, or `SUBJECT (DEVICE)` with ``Settings/perDevice``.
        public var subjects: [String]
        public var rows: [Row]
        /// With ``Settings/perDevice``: the rows of the people on each device (the draws
        /// of ``rows``, device by device); people whose samples name no device are in none.
        public var perDevice: [String: [Row]]?
        /// Draws that could not be scored (a subject with too few labels or examples), with why.
        public var skipped: [String]
        public var training: [String: SettingValue]
        public var notes: [String]
    }

    public enum StudyError: Error, Hashable, Sendable, CustomStringConvertible {
        case nothingToScore(String)
        public var description: String {
            switch self { case .nothingToScore(let why): return "nothing to score: \(why)" }
        }
    }

    /// One draw's counts.
    struct Counts: Sendable {
        var k = 0
        var device: String?
        var trained = false
        var rule = ""
        var positives = 0, correct = 0, rejected = 0, wrong = 0
        var others = 0, othersAccepted = 0
        var otherAcceptedLabels: [String: Int] = [:]
        var otherAcceptedPairs: [String: Int] = [:]
        var negatives: [String: (Int, Int)] = [:]
        var skipped: String?
    }

    /// Runs the protocol.
    /// - Parameters:
    ///   - data: the people scored (labelled samples with subjects).
    ///   - negatives: out-of-vocabulary strokes, reported by label as `negatives: LABEL`.
    ///   - synthetic: synthetic everyday strokes, reported by label as `synthetic: LABEL`.
    /// - Throws: ``StudyError/nothingToScore(_:)`` when no draw could be scored.
    public static func run(_ data: Dataset, negatives: [Sample] = [], synthetic: [Sample] = [], settings: Settings,
                           progress: ProgressHandler? = nil) throws -> Report {
        let usable = data.samples.filter { TrainingWorkflow.isUsable($0.gesture) && !($0.label ?? "").isEmpty && $0.subject != nil }
        // A person: a subject, or with perDevice a subject on one device.
        var bySubject: [String: [Sample]] = [:], deviceOf: [String: String] = [:]
        for s in usable {
            let subject = s.subject ?? ""
            if let only = settings.subjects, !only.contains(subject) { continue }
            var person = subject
            if settings.perDevice, let d = s.device {
                person = "\(subject) (\(d))"
                deviceOf[person] = d
            }
            bySubject[person, default: []].append(s)
        }
        let subjects = bySubject.keys.sorted()
        guard !subjects.isEmpty else { throw StudyError.nothingToScore("no labelled sample with a subject") }
        let ks = Array(Set(settings.templatesPerClass.filter { $0 >= 1 })).sorted()
        let outside = negatives.filter { TrainingWorkflow.isUsable($0.gesture) }.map { ("negatives: \($0.label ?? "unlabelled")", $0.gesture) }
            + synthetic.filter { TrainingWorkflow.isUsable($0.gesture) }.map { ("synthetic: \($0.label ?? "strokes")", $0.gesture) }
        struct Unit: Sendable { var subject: String; var seed: UInt64; var k: Int }
        var units: [Unit] = []
        for s in subjects { for seed in settings.seeds { for k in ks { units.append(Unit(subject: s, seed: seed, k: k)) } } }
        let allUnits = units, groups = bySubject
        let devices = deviceOf
        let counts = ParallelUnits.map(count: allUnits.count, progress: progress) { u -> Counts in
            let unit = allUnits[u]
            var c = score(subject: unit.subject, samples: groups[unit.subject] ?? [], seed: unit.seed, k: unit.k,
                          settings: settings, outside: outside)
            c.device = devices[unit.subject]
            return c
        }
        let (rows, skipped) = Self.rows(counts, ks: ks)
        guard !rows.isEmpty else {
            throw StudyError.nothingToScore("no subject had \(settings.labelsPerUser) labels with more than K examples each (K = \(ks.map(String.init).joined(separator: ", ")))")
        }
        var perDevice: [String: [Row]]?
        if settings.perDevice {
            let names = Set(devices.values)
            perDevice = Dictionary(uniqueKeysWithValues: names.map { d in (d, Self.rows(counts.filter { $0.device == d }, ks: ks).rows) })
        }
        var notes: [String] = []
        if !skipped.isEmpty { notes.append("\(skipped.count) draw(s) not scored (first: \(skipped[0]))") }
        return Report(labelsPerUser: settings.labelsPerUser, seeds: settings.seeds, subjects: subjects, rows: rows, perDevice: perDevice,
                      skipped: skipped, training: settings.training.described, notes: notes)
    }

    /// The figures of each K over the draws `counts`, and the draws not scored. A K no draw
    /// was scored for has no row.
    static func rows(_ counts: [Counts], ks: [Int]) -> (rows: [Row], skipped: [String]) {
        var rows: [Row] = []
        var skipped: [String] = []
        for k in ks {
            let cs = counts.filter { $0.k == k }
            skipped += cs.compactMap(\.skipped)
            let done = cs.filter(\.trained)
            guard !done.isEmpty else { continue }
            let positives = done.reduce(0) { $0 + $1.positives }
            var negs: [String: (Int, Int)] = [:]
            var rules: [String: Int] = [:], fa: [String: Int] = [:], pairs: [String: Int] = [:]
            for c in done {
                rules[c.rule, default: 0] += 1
                for (l, n) in c.otherAcceptedLabels { fa[l, default: 0] += n }
                for (l, n) in c.otherAcceptedPairs { pairs[l, default: 0] += n }
                for (src, v) in c.negatives { let o = negs[src] ?? (0, 0); negs[src] = (o.0 + v.0, o.1 + v.1) }
            }
            let fileNegs = negs.filter { $0.key.hasPrefix("negatives: ") }.values
            let top = fa.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(8)
            let topPairs = pairs.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(8)
            rows.append(Row(templatesPerClass: k, models: done.count,
                            acceptedAndCorrect: Rate(done.reduce(0) { $0 + $1.correct }, of: positives),
                            rejected: Rate(done.reduce(0) { $0 + $1.rejected }, of: positives),
                            acceptedWrong: Rate(done.reduce(0) { $0 + $1.wrong }, of: positives),
                            otherGestures: Rate(done.reduce(0) { $0 + $1.othersAccepted }, of: done.reduce(0) { $0 + $1.others }),
                            negatives: negs.mapValues { Rate($0.0, of: $0.1) },
                            negativesOverall: fileNegs.isEmpty ? nil : Rate(fileNegs.reduce(0) { $0 + $1.0 }, of: fileNegs.reduce(0) { $0 + $1.1 }),
                            rules: rules, topFalseAccepts: Dictionary(uniqueKeysWithValues: top.map { ($0.key, $0.value) }),
                            topFalseAcceptPairs: Dictionary(uniqueKeysWithValues: topPairs.map { ($0.key, $0.value) })))
        }
        return (rows, skipped)
    }

    /// The draw of labels for a subject and seed: the same for every K.
    static func drawLabels(_ samples: [Sample], count: Int, seed: UInt64, subject: String) -> [String] {
        var byLabel: [String: Int] = [:]
        for s in samples { byLabel[s.label ?? "", default: 0] += 1 }
        let candidates = byLabel.filter { $0.value >= 2 }.keys.sorted()
        var rng = SeededGenerator.derived(seed: seed, stream: 2700 &+ stableHash(subject))
        return Array(candidates.shuffled(using: &rng).prefix(count)).sorted()
    }

    /// FNV-1a of a string: a seed stream that does not depend on the process.
    static func stableHash(_ s: String) -> UInt64 {
        var h = FNV1a64()
        h.combine(Array(s.utf8))
        return h.value
    }

    static func score(subject: String, samples: [Sample], seed: UInt64, k: Int, settings: Settings,
                      outside: [(String, Gesture)]) -> Counts {
        var c = Counts()
        c.k = k
        // Draws follow the subject id, so that one device's person draws as the subject does
        // in that device's samples alone (`--device`).
        let id = samples.first?.subject ?? subject
        let labels = drawLabels(samples, count: settings.labelsPerUser, seed: seed, subject: id)
        guard labels.count == settings.labelsPerUser else {
            c.skipped = "subject \(subject), seed \(seed): \(labels.count) label(s) with two examples or more, \(settings.labelsPerUser) needed"
            return c
        }
        var rng = SeededGenerator.derived(seed: seed, stream: 2800 &+ stableHash(id) &+ UInt64(k))
        var train: [Sample] = [], test: [Sample] = []
        for l in labels {
            let own = samples.filter { $0.label == l }.shuffled(using: &rng)
            guard own.count > k else {
                c.skipped = "subject \(subject), seed \(seed), K = \(k): '\(l)' has \(own.count) example(s), K + 1 needed"
                return c
            }
            train += own.prefix(k)
            test += own.dropFirst(k)
        }
        let chosen = Set(labels)
        let others = samples.filter { !chosen.contains($0.label ?? "") }
        var ts = settings.training
        ts.seed = seed
        let model: GestureModel
        do {
            let result = try TrainingWorkflow.run(Dataset(train), source: "subject \(subject)", settings: ts)
            model = try result.model()
        } catch {
            c.skipped = "subject \(subject), seed \(seed), K = \(k): training failed: \(error)"
            return c
        }
        c.trained = true
        c.rule = model.manifest.rejection
        let r = model.recognizer
        for s in test {
            c.positives += 1
            if let l = r.recognize(s.gesture, top: 1).label {
                if l == s.label { c.correct += 1 } else { c.wrong += 1 }
            } else {
                c.rejected += 1
            }
        }
        for s in others {
            c.others += 1
            if let taken = r.recognize(s.gesture, top: 1).label {
                c.othersAccepted += 1
                c.otherAcceptedLabels[s.label ?? "", default: 0] += 1
                c.otherAcceptedPairs["\(s.label ?? "") as \(taken)", default: 0] += 1
            }
        }
        for (source, g) in outside {
            var v = c.negatives[source] ?? (0, 0)
            if r.recognize(g, top: 1).accepted { v.0 += 1 }
            v.1 += 1
            c.negatives[source] = v
        }
        return c
    }
}

extension TrainingResult {
    /// The model this training wrote, as `GestureModel.load` would read it back (the
    /// manifest's rejection rule in use).
    public func model() throws -> GestureModel {
        let written = try output()
        return try GestureModel(manifest: written.manifest, library: library, thresholds: rejection, verifier: verifier,
                                detectors: detectors, shapeDetectors: shapeDetectors)
    }
}

extension NewUserStudy.Report {
    /// The report for ``ReportWriter``: every figure with its interval as notes.
    public func evaluationReport(dataset: DatasetSummary?, seed: UInt64, settings extra: [String: SettingValue] = [:]) -> EvaluationReport {
        var s = training.mapKeys { "train.\($0)" }
        s["protocol"] = .string("new-user")
        s["labelsPerUser"] = SettingValue(labelsPerUser)
        s["seeds"] = SettingValue(list: seeds.map { String($0) })
        for (k, v) in extra { s[k] = v }
        var notes: [String] = []
        for r in rows { notes += r.lines() }
        for (d, rows) in (perDevice ?? [:]).sorted(by: { $0.key < $1.key }) {
            for r in rows { notes += r.lines().map { "device \(d), \($0)" } }
        }
        return EvaluationReport(title: "gesturelab eval matcher --protocol new-user", seed: seed, settings: s, dataset: dataset,
                                notes: notes + self.notes)
    }

    /// A Markdown table of the rows.
    public var markdown: String {
        var out = "## New user: one person, \(labelsPerUser) labels, K examples each\n\n"
        out += "Per subject and seed (\(seeds.map(String.init).joined(separator: ", "))), \(subjects.count) \(perDevice == nil ? "subjects" : "people (a subject on one device)"); Wilson 95% intervals.\n\n"
        let sources = Array(Set(rows.flatMap(\.negatives.keys))).sorted()
        out += "| K | models | accepted and correct | rejected | accepted but wrong | FPR other gestures |"
            + (rows.contains { $0.negativesOverall != nil } ? " FPR negatives (all) |" : "") + "\n"
        out += "|---|---|---|---|---|---|" + (rows.contains { $0.negativesOverall != nil } ? "---|" : "") + "\n"
        for r in rows {
            out += "| \(r.templatesPerClass) | \(r.models) | \(r.acceptedAndCorrect.cell) | \(r.rejected.cell) | \(r.acceptedWrong.cell) | \(r.otherGestures.cell) |"
                + (rows.contains { $0.negativesOverall != nil } ? " \(r.negativesOverall?.cell ?? "n/a") |" : "") + "\n"
        }
        if let perDevice, !perDevice.isEmpty {
            out += "\nPeople on each device (a subject on one device is one person):\n\n"
            out += "| device | K | models | accepted and correct | rejected | accepted but wrong | FPR other gestures |\n"
            out += "|---|---|---|---|---|---|---|\n"
            for (d, rows) in perDevice.sorted(by: { $0.key < $1.key }) {
                for r in rows {
                    out += "| \(d) | \(r.templatesPerClass) | \(r.models) | \(r.acceptedAndCorrect.cell) | \(r.rejected.cell) | \(r.acceptedWrong.cell) | \(r.otherGestures.cell) |\n"
                }
            }
        }
        if !sources.isEmpty {
            out += "\n| FPR by source | " + rows.map { "K = \($0.templatesPerClass)" }.joined(separator: " | ") + " |\n"
            out += "|---|" + rows.map { _ in "---|" }.joined() + "\n"
            for src in sources {
                out += "| \(src) | " + rows.map { $0.negatives[src]?.cell ?? "n/a" }.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    /// Acceptance (accepted and correct) and FPR (other gestures, negatives) against K.
    package var plot: SVGDocument {
        let ks = rows.map { Double($0.templatesPerClass) }
        let xLo = ks.min() ?? 1, xHi = ks.max() ?? 1
        var frame = ChartFrame(x: xLo...Swift.max(xHi, xLo + 1), y: 0...1)
        var svg = SVGDocument(width: frame.width, height: frame.height)
        frame.drawHeader(into: &svg, title: "New user: acceptance and FPR against examples per label K",
                         subtitle: "\(labelsPerUser) labels per person; each person's own model")
        frame.drawAxes(into: &svg, xTitle: "examples per label (K)", yTitle: "share", xTicks: ks)
        var legend: [(label: String, color: String, marker: Bool)] = []
        func series(_ name: String, _ color: String, _ value: (NewUserStudy.Row) -> NewUserStudy.Rate?) {
            let pts = rows.compactMap { r in value(r).map { (frame.px(Double(r.templatesPerClass)), frame.py($0.value)) } }
            guard !pts.isEmpty else { return }
            svg.polyline(pts, stroke: color, width: 2)
            for p in pts { svg.circle(cx: p.0, cy: p.1, r: 3, fill: color, stroke: color) }
            legend.append((name, color, true))
        }
        series("accepted and correct", "#1a7f37", { $0.acceptedAndCorrect })
        series("FPR other gestures", "#cf222e", { $0.otherGestures })
        series("FPR negatives", "#8250df", { $0.negativesOverall })
        let synth = Array(Set(rows.flatMap { $0.negatives.keys.filter { $0.hasPrefix("synthetic") } })).sorted()
        if !synth.isEmpty {
            series("FPR synthetic", "#bc4c00", { r in
                let v = synth.compactMap { r.negatives[$0] }
                return v.isEmpty ? nil : NewUserStudy.Rate(v.reduce(0) { $0 + $1.count }, of: v.reduce(0) { $0 + $1.total })
            })
        }
        frame.drawLegend(into: &svg, entries: legend, atBottom: true)
        return svg
    }

    /// The report folder's files: `report.json`, `report.md` (with the table), the plot
    /// `new-user.svg` and the whole study as `new-user.json`.
    public func files(dataset: DatasetSummary?, seed: UInt64, settings: [String: SettingValue] = [:]) throws -> [String: Data] {
        var files = try ReportWriter.files(for: evaluationReport(dataset: dataset, seed: seed, settings: settings))
        var md = files["report.md"] ?? Data()
        md.append(Data(("\n" + markdown).utf8))
        files["report.md"] = md
        files["new-user.svg"] = plot.rendered()
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var json = try e.encode(self)
        json.append(0x0A)
        files["new-user.json"] = json
        return files
    }
}

extension NewUserStudy.Row {
    /// The row as sentences with intervals.
    func lines() -> [String] {
        var out = ["K = \(templatesPerClass) (\(models) models): accepted and correct \(acceptedAndCorrect.text)",
                   "K = \(templatesPerClass): rejected \(rejected.text)",
                   "K = \(templatesPerClass): accepted but wrong \(acceptedWrong.text)",
                   "K = \(templatesPerClass): FPR on the subject's other gestures \(otherGestures.text)"]
        if let n = negativesOverall { out.append("K = \(templatesPerClass): FPR on the negatives (all) \(n.text)") }
        if let pairs = topFalseAcceptPairs, !pairs.isEmpty {
            out.append("K = \(templatesPerClass): other gestures accepted most, as the user's label: "
                       + pairs.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        for (src, r) in negatives.sorted(by: { $0.key < $1.key }) { out.append("K = \(templatesPerClass): FPR on \(src) \(r.text)") }
        return out
    }
}

extension ModelEvaluation.Rate {
    /// `93.30% (280/300, 95% CI 89.9–95.6%)`.
    public var text: String {
        String(format: "%.2f%% (%d/%d, 95%% CI %.2f–%.2f%%)", value * 100, count, total, interval[0] * 100, interval[1] * 100)
    }

    /// `93.3% [89.9–95.6] (280/300)`, or `n/a` for nothing counted.
    public var cell: String {
        total == 0 ? "n/a" : String(format: "%.1f%% [%.1f–%.1f] (%d/%d)", value * 100, interval[0] * 100, interval[1] * 100, count, total)
    }
}

extension Dictionary {
    fileprivate func mapKeys<K: Hashable>(_ f: (Key) -> K) -> [K: Value] {
        Dictionary<K, Value>(uniqueKeysWithValues: map { (f($0.key), $0.value) })
    }
}
