import Foundation
import GestureData
import Testing
@testable import GestureTraining

/// Report plots say what they hold: every line named at its end, titles that describe the
/// plot, nothing cut short, and a sentence where a plot has nothing (or little) to draw.
struct ReportPlotLabelTests {
    /// The `<text>` contents of an SVG, unescaped enough for the labels used here.
    static func texts(_ svg: SVGDocument) -> [String] {
        let s = String(decoding: svg.rendered(), as: UTF8.self)
        return s.components(separatedBy: "<text").dropFirst().compactMap { e in
            e.split(separator: ">", maxSplits: 1).last.map { String($0.prefix { $0 != "<" }) }
        }
    }

    @Test func textWidthIsMeasuredPerCharacter() {
        // Narrow and wide letters of the same count measure differently.
        #expect(TextMetrics.width("iiii", size: 10) < TextMetrics.width("MMMM", size: 10) / 2)
        #expect(abs(TextMetrics.width("a", size: 20) - 2 * TextMetrics.width("a", size: 10)) < 1e-9)
        #expect(TextMetrics.width("ab", size: 10, bold: true) > TextMetrics.width("ab", size: 10))
        // Wrapping keeps every character and every line within the width.
        let text = "fraction of the row; grey: correct; a_very_long_label_without_any_space_in_it_at_all"
        let lines = TextMetrics.wrapped(text, width: 120, size: 11)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { TextMetrics.width($0, size: 11) <= 120 }, "\(lines)")
        #expect(lines.joined().replacingOccurrences(of: " ", with: "") == text.replacingOccurrences(of: " ", with: ""))
    }

    @Test func accuracyPlotNamesEveryLineAndSaysWhatItHolds() {
        let labels = ["arrow", "caret", "check", "circle", "delete_mark", "left_curly_brace", "star", "v"]
        let curve = [1, 2, 3].map { t in
            AccuracyAtTemplates(templatesPerClass: t, accuracy: 0.9, byLabel: Dictionary(uniqueKeysWithValues: labels.map { ($0, 1.0) }))
        }
        var c = ClassificationEvaluation(name: "matcher-T1", method: "protractor, user-dependent, 5 trials, T = 1 templates per class",
                                         confusion: ConfusionMatrix(), accuracyByTemplates: curve)
        c.curveName = "matcher"
        c.curveMethod = "protractor, user-dependent, 5 trials"
        let svg = ReportPlots.accuracyByTemplates(c)
        let texts = Self.texts(svg)
        for l in labels + ["all labels"] { #expect(texts.contains(l), "line \(l) is not named: \(texts)") }
        #expect(texts.contains { $0.hasPrefix("Accuracy against templates per class") }, "\(texts)")
        #expect(!texts.contains { $0.contains("T1") }, "the curve over every T is not named for T = 1: \(texts)")
        #expect(!texts.contains { $0.contains("…") }, "nothing is cut: \(texts)")
        // All eight lines end at 100%: their names are pushed apart, not drawn over each other.
        let s = String(decoding: svg.rendered(), as: UTF8.self)
        let ys = labels.compactMap { l -> Double? in
            guard let e = s.components(separatedBy: "<text").first(where: { $0.contains(">\(l)<") }) else { return nil }
            return e.components(separatedBy: "y=\"").dropFirst().first.flatMap { Double($0.prefix { $0 != "\"" }) }
        }.sorted()
        #expect(ys.count == labels.count)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $1 - $0 >= 9.9 }, "\(ys)")
        // The file is named for the curve, not for the first condition.
        let report = EvaluationReport(title: "t", seed: 1, classification: [c])
        #expect(((try? ReportWriter.files(for: report)) ?? [:]).keys.contains("matcher-accuracy.svg"))
    }

    @Test func legendsAndCaptionsAreWrappedNotCut() {
        let long = NamedOperatingPoint(name: "a comparison with a long descriptive name that used to be cut short",
                                       threshold: nil, counts: BinaryCounts(truePositives: 9, falseNegatives: 1, falsePositives: 2, trueNegatives: 88))
        let e = BinaryEvaluation(name: "checkmark", positive: "check", scoreName: "margin",
                                 positives: (0..<10).map { Double($0) / 10 }, negatives: (0..<90).map { -Double($0) / 90 },
                                 orientation: .higherIsPositive, threshold: 0, comparisons: [long])
        let texts = Self.texts(ReportPlots.roc(e))
        #expect(!texts.contains { $0.contains("…") }, "\(texts)")
        #expect(texts.joined(separator: " ").contains("used to be cut short"), "\(texts)")
        #expect(texts.contains { $0.hasPrefix("ROC of checkmark") }, "\(texts)")
        var m = ConfusionMatrix()
        m.record(truth: "a", predicted: "a")
        let confusion = Self.texts(ReportPlots.confusion(ClassificationEvaluation(name: "m", method: "p", confusion: m)))
        #expect(confusion.joined(separator: " ").contains("grey: correct"), "\(confusion)")
    }

    @Test func anEmptyOrFlatROCSaysWhy() {
        let noNegatives = BinaryEvaluation(name: "checkmark", positive: "check", scoreName: "margin",
                                           positives: [0.5, 0.7], negatives: [], orientation: .higherIsPositive, threshold: 0)
        #expect(Self.texts(ReportPlots.roc(noNegatives)).joined(separator: " ").contains("no negative samples"))
        let few = BinaryEvaluation(name: "checkmark", positive: "check", scoreName: "margin",
                                   positives: [0.5, 0.7, 0.9], negatives: [-1], orientation: .higherIsPositive, threshold: 0)
        #expect(Self.texts(ReportPlots.roc(few)).joined(separator: " ").contains("with 1 negative every threshold gives an FPR of 0% or 100%"))
        // With a curve to see, no note.
        let enough = BinaryEvaluation(name: "checkmark", positive: "check", scoreName: "margin",
                                      positives: [0.5, 0.7, 0.9], negatives: [-1, 0.6], orientation: .higherIsPositive, threshold: 0)
        #expect(!Self.texts(ReportPlots.roc(enough)).joined(separator: " ").contains("FPR of 0% or 100%"))
    }

    @Test func matcherCoverageNamesLabelsLeftOutWithCounts() {
        // zig_zag had 2 samples per group: tested at T = 1, left out at T = 2 and 3.
        let byT: [String: [String: [String: Int]]] = [
            "1": ["a": ["a": 30], "zig_zag": ["zig_zag": 10]],
            "2": ["a": ["a": 30]],
            "3": ["a": ["a": 20]],
        ]
        let r = MatcherEvaluationReport(algorithm: "protractor", evaluationProtocol: "user-dependent", seed: 1, trials: 10,
                                        recognitions: 90, accuracy: ["1": 1, "2": 1, "3": 1], accuracyBySpeed: [:],
                                        perLabel: ["a": 1, "zig_zag": 1], confusion: [:], confusionByTemplates: byT,
                                        subjects: ["1"], templatesPerClass: [1, 2, 3], settings: [:])
        let lines = EvaluationReport.matcherCoverage(r)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("T=2: 1 label left out") == true && lines.first?.contains("zig_zag (0 of 10 at T=1)") == true, "\(lines)")
        #expect(lines.last?.contains("a (20 of 30 at T=1)") == true && lines.last?.contains("over 1 of 2 labels") == true, "\(lines)")
        #expect(EvaluationReport.matcher(r, dataset: nil).notes.contains(lines[0]))
    }
}
