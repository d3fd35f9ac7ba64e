import GestureData

extension EvaluationReport {
    /// The report of `gesturelab eval matcher … --report DIR` for the $1 paper's protocols:
    /// one confusion per templates-per-class condition T (`matcher-T1`, `matcher-T3`, …;
    /// conditions are never pooled, since accuracy at T = 1 and T = 9 are different
    /// questions), and accuracy against T overall and per label on the first of them.
    public static func matcher(_ r: MatcherEvaluationReport, dataset: DatasetSummary?) -> EvaluationReport {
        func matrix(_ counts: [String: [String: Int]]) -> ConfusionMatrix {
            var m = ConfusionMatrix()
            for (truth, row) in counts {
                for (predicted, n) in row where n > 0 {
                    m.record(truth: truth, predicted: predicted == ConfusionMatrix.rejectedLabel ? nil : predicted, count: n)
                }
            }
            return m
        }
        let byT = r.templatesPerClass.compactMap { t in r.confusionByTemplates[String(t)].map { (t, matrix($0)) } }
        let curve = r.templatesPerClass.compactMap { t -> AccuracyAtTemplates? in
            guard let acc = r.accuracy[String(t)] else { return nil }
            let m = byT.first { $0.0 == t }?.1
            let byLabel = m.map { m in Dictionary(uniqueKeysWithValues: m.counts.keys.map { ($0, m.recall(of: $0)) }) } ?? [:]
            return AccuracyAtTemplates(templatesPerClass: t, accuracy: acc, byLabel: byLabel)
        }
        let method = "\(r.algorithm), \(r.evaluationProtocol), \(r.trials) trials"
        var evaluations = byT.map { t, m in
            ClassificationEvaluation(name: "matcher-T\(t)", method: "\(method), T = \(t) templates per class", confusion: m)
        }
        if evaluations.isEmpty {
            // A report from before conditions were kept apart: only the pooled confusion exists.
            evaluations = [ClassificationEvaluation(name: "matcher", method: "\(method); confusion pooled over all T",
                                                    confusion: matrix(r.confusion))]
        }
        evaluations[0].accuracyByTemplates = curve.sorted { $0.templatesPerClass < $1.templatesPerClass }
        // The curve covers every T: named for the matcher, not for the first condition.
        evaluations[0].curveName = "matcher"
        evaluations[0].curveMethod = method
        var settings = r.settings
        settings["algorithm"] = .string(r.algorithm)
        settings["protocol"] = .string(r.evaluationProtocol)
        settings["trials"] = SettingValue(r.trials)
        settings["templatesPerClass"] = SettingValue(list: r.templatesPerClass)
        settings["subjects"] = SettingValue(list: r.subjects)
        var notes: [String] = []
        for (speed, acc) in r.accuracyBySpeed.sorted(by: { $0.key < $1.key }) where !speed.isEmpty {
            let line = r.templatesPerClass.compactMap { t in acc[String(t)].map { "T=\(t) \(String(format: "%.2f%%", $0 * 100))" } }
            notes.append("speed \(speed): " + line.joined(separator: ", "))
        }
        notes += matcherCoverage(r)
        return EvaluationReport(title: "gesturelab eval matcher (\(r.algorithm), \(r.evaluationProtocol))", seed: r.seed,
                                settings: settings, dataset: dataset, classification: evaluations, notes: notes)
    }
}

extension EvaluationReport {
    /// What a templates-per-class protocol left out, per T, with counts: a label needs
    /// more than T samples in a group (a subject and speed, user-dependent; the other
    /// subjects, user-independent) to give T templates and a test sample, and a group
    /// without them is skipped for that T — its label is then neither tested nor among
    /// the templates, so the accuracy at that T is over fewer labels (and easier). Each
    /// line names the labels and how many recognitions they had against the T where
    /// they had the most. Empty when every label was tested alike at every T.
    ///
    /// `eval matcher` prints these lines on standard error and its report keeps them
    /// among its notes.
    public static func matcherCoverage(_ r: MatcherEvaluationReport) -> [String] {
        let ts = r.templatesPerClass
        var totals: [Int: [String: Int]] = [:]
        for t in ts {
            for (label, row) in r.confusionByTemplates[String(t)] ?? [:] { totals[t, default: [:]][label] = row.values.reduce(0, +) }
        }
        guard !totals.isEmpty else { return [] }
        let labels = Set(totals.values.flatMap(\.keys)).union(r.perLabel.keys).sorted()
        // Each label's most recognitions at any T, and the T where it had them.
        var best: [String: (t: Int, n: Int)] = [:]
        for t in ts { for l in labels { let n = totals[t]?[l] ?? 0; if n > (best[l]?.n ?? 0) { best[l] = (t, n) } } }
        var lines: [String] = []
        for t in ts {
            var left: [String] = [], fewer: [String] = []
            for l in labels {
                guard let b = best[l], b.t != t else { continue }
                let n = totals[t]?[l] ?? 0
                if n == 0 { left.append("\(l) (0 of \(b.n) at T=\(b.t))") } else if n < b.n { fewer.append("\(l) (\(n) of \(b.n) at T=\(b.t))") }
            }
            guard !left.isEmpty || !fewer.isEmpty else { continue }
            var parts: [String] = []
            if !left.isEmpty {
                parts.append("\(left.count) label\(left.count == 1 ? "" : "s") left out (no group had more than \(t) samples of \(left.count == 1 ? "it" : "them")): " + left.joined(separator: ", "))
            }
            if !fewer.isEmpty {
                parts.append("\(fewer.count) label\(fewer.count == 1 ? "" : "s") tested in fewer groups (some had \(t) samples or fewer): " + fewer.joined(separator: ", "))
            }
            let tested = labels.count - left.count
            lines.append("T=\(t): \(parts.joined(separator: "; ")); accuracy at T=\(t) is over \(tested) of \(labels.count) labels, recognitions counted per label")
        }
        return lines
    }
}

extension EvaluationReport {
    /// The report of `gesturelab eval matcher --protocol leave-one-label-out --report DIR`.
    /// The study has one operating point per left-out label and no score sweep, so the
    /// report holds its table (report.json and report.md) and no plots.
    public static func leaveOneLabelOut(_ r: LeaveOneLabelOutStudy.Report, dataset: DatasetSummary?) -> EvaluationReport {
        func pct(_ v: Double) -> String { String(format: "%.2f%%", v * 100) }
        var notes = r.rows.map { row in
            "left out \(row.label): FPR \(pct(row.falsePositiveRate)) (\(row.falsePositives)/\(row.negatives)); in-vocabulary accepted \(pct(row.inVocabularyAccepted)), correct \(pct(row.inVocabularyCorrect)) of \(row.inVocabularySamples); at test calibration FPR \(pct(row.falsePositiveRateAtTestCalibration)), in-vocabulary accepted \(pct(row.inVocabularyAcceptedAtTestCalibration))"
        }
        notes.append("mean FPR \(pct(r.meanFalsePositiveRate)); mean in-vocabulary accepted \(pct(r.meanInVocabularyAccepted)); mean FPR at test calibration \(pct(r.meanFalsePositiveRateAtTestCalibration))")
        notes.append("one operating point per left-out label and no score sweep: no plots for this protocol")
        return EvaluationReport(
            title: "gesturelab eval matcher (\(r.algorithm), leave-one-label-out)", seed: r.seed,
            settings: ["algorithm": .string(r.algorithm), "protocol": .string(r.evaluationProtocol),
                       "templatesPerClass": SettingValue(r.templatesPerClass), "acceptFraction": SettingValue(r.acceptFraction)],
            dataset: dataset, notes: notes)
    }
}

extension EvaluationReport {
    /// The report of the verifier study (`eval matcher --protocol leave-one-label-out
    /// --rejection verifier --report DIR`): its table as notes, no plots (one operating
    /// point per left-out label and method).
    public static func rejectionStudy(_ r: RejectionStudy.Report, dataset: DatasetSummary?) -> EvaluationReport {
        func pct(_ v: Double?) -> String { v.map { String(format: "%.2f%%", $0 * 100) } ?? "n/a" }
        var notes = (r.rows + [r.mean]).map { row in
            let levels = row.verifier.falsePositiveRateAtAcceptance.keys.sorted()
            let matched = levels.map { "at \($0): verifier \(pct(row.verifier.falsePositiveRateAtAcceptance[$0])), thresholds \(pct(row.thresholds.falsePositiveRateAtAcceptance[$0]))" }
            return "left out \(row.label): recognizer \(pct(row.recognizerAccuracy)); FPR at matched acceptance " + matched.joined(separator: "; ")
                + "; trained: verifier accepts \(pct(row.verifier.trainedAcceptance)) at FPR \(pct(row.verifier.trainedFalsePositiveRate)), thresholds accept \(pct(row.thresholds.trainedAcceptance)) at FPR \(pct(row.thresholds.trainedFalsePositiveRate))"
        }
        notes.append("verifier configuration chosen by inner cross-validation over subjects, folds per configuration: "
                     + r.chosenConfigurations.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        return EvaluationReport(
            title: "gesturelab eval matcher (leave-one-label-out x leave-one-subject-out, verifier and thresholds)", seed: r.seed,
            settings: ["protocol": .string(r.evaluationProtocol), "matchers": SettingValue(list: r.matchers),
                       "templatesPerClass": SettingValue(r.templatesPerClass), "target": .string(r.target)],
            dataset: dataset, notes: notes)
    }
}
