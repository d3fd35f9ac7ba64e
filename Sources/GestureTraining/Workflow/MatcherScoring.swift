import GestureData
import GestureGeometry
import GestureMatching

/// Recognition and rejection figures of a matcher for a report.
package enum MatcherScoring {
    /// Recognizes every sample (best match, no rejection) into a confusion matrix.
    package static func confusion<M: TemplateMatcher>(_ matcher: M, samples: [Sample]) -> ConfusionMatrix {
        let predicted = ParallelUnits.map(count: samples.count, progress: nil) { i in
            matcher.recognize(samples[i].gesture, limit: 1).first?.name
        }
        var c = ConfusionMatrix()
        for (s, p) in zip(samples, predicted) { c.record(truth: s.label ?? "(none)", predicted: p) }
        return c
    }

    package static func recognition<M: TemplateMatcher>(_ matcher: M, samples: [Sample], name: String, method: String,
                                                        accuracyByTemplates: [AccuracyAtTemplates] = []) -> ClassificationEvaluation {
        ClassificationEvaluation(name: name, method: method, confusion: confusion(matcher, samples: samples),
                                 accuracyByTemplates: accuracyByTemplates)
    }

    /// The rejection decision as one score: the best match's distance divided by its
    /// label's threshold, accepted at ≤ 1, so per-label thresholds share one ROC curve
    /// (the curve scales every label's threshold by the same factor).
    package static func ratio<M: TemplateMatcher>(_ matcher: M, thresholds: RejectionThresholds, _ g: Gesture) -> Double? {
        guard let best = matcher.recognize(g, limit: 1).first else { return nil }
        guard let t = thresholds.thresholds[best.name] else { return nil }
        return best.distance / Swift.max(t, 1e-12)
    }

    /// Clamped ratios of `positives` and `negatives`; gestures with no match are left out.
    package static func ratios<M: TemplateMatcher>(_ matcher: M, thresholds: RejectionThresholds, positives: [Gesture],
                                                   negatives: [Gesture]) -> (positives: [Double], negatives: [Double]) {
        let all = positives + negatives
        let r = ParallelUnits.map(count: all.count, progress: nil) { ratio(matcher, thresholds: thresholds, all[$0]) }
        // Ratios far above 1 only say "far outside"; clamp so the histogram stays readable.
        let clamp = { (v: Double) in Swift.min(v, ratioClamp) }
        return (r[..<positives.count].compactMap { $0 }.map(clamp), r[positives.count...].compactMap { $0 }.map(clamp))
    }

    package static let ratioClamp = 4.0

    package static func rejectionEvaluation(positives: [Double], negatives: [Double], negativesName: String,
                                            name: String = "rejection") -> BinaryEvaluation {
        BinaryEvaluation(
            name: name, positive: "in-vocabulary samples vs \(negativesName)",
            scoreName: "best distance / its label's threshold (≤ 1 is accepted; clamped at \(Int(ratioClamp)))",
            positives: positives, negatives: negatives, orientation: .lowerIsPositive, chosenName: "trained thresholds",
            threshold: 1)
    }

    package static func rejection<M: TemplateMatcher>(_ matcher: M, thresholds: RejectionThresholds, positives: [Gesture],
                                                      negatives: [Gesture], negativesName: String,
                                                      name: String = "rejection") -> BinaryEvaluation {
        let r = ratios(matcher, thresholds: thresholds, positives: positives, negatives: negatives)
        return rejectionEvaluation(positives: r.positives, negatives: r.negatives, negativesName: negativesName, name: name)
    }
}
