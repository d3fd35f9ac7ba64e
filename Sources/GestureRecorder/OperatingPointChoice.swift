import Foundation
import GestureMatching
import GestureTraining

/// The operating point the user picks on the page: how the store's model trades missed
/// strokes against false fires. Each named point is a target for the verifier's
/// acceptance of the user's own strokes (``GestureTraining/VerifierTarget/acceptance(_:)``);
/// training picks the verifier threshold for it on cross-fitted inner folds and records
/// the target and what it measured there in the model's manifest (`operatingPoint`), so
/// the choice is stored with the model and read back from it when the recorder starts.
///
/// ```
/// var settings = TrainingSettings()
/// OperatingPointChoice.fewerFalseFires.apply(to: &settings)   // verifier target: acceptance 0.9
/// ```
public enum OperatingPointChoice: String, CaseIterable, Codable, Sendable {
    case fewerMisses = "fewer-misses"
    case balanced
    case fewerFalseFires = "fewer-false-fires"

    /// The acceptance of the user's own strokes the verifier's threshold is chosen for.
    public var acceptance: Double {
        switch self {
        case .fewerMisses: return 0.98
        case .balanced: return 0.95
        case .fewerFalseFires: return 0.90
        }
    }

    /// The name on the page.
    public var title: String {
        switch self {
        case .fewerMisses: return "fewer misses"
        case .balanced: return "balanced"
        case .fewerFalseFires: return "fewer false fires"
        }
    }

    /// What it means, in plain words.
    public var explanation: String {
        switch self {
        case .fewerMisses:
            return "keeps about 98% of your own strokes accepted; more strokes that are none of your gestures get through"
        case .balanced:
            return "keeps about 95% of your own strokes accepted (the training default)"
        case .fewerFalseFires:
            return "keeps about 90% of your own strokes accepted and refuses more of everything else"
        }
    }

    /// Sets the verifier's target in `settings`.
    public func apply(to settings: inout TrainingSettings) {
        settings.verifier.target = .acceptance(acceptance)
    }

    /// The choice a trained model was made with (its manifest's operating point), when it
    /// is one of the named points.
    public static func of(_ manifest: TrainingManifest) -> OperatingPointChoice? {
        guard let p = manifest.operatingPoint, p.target == "acceptance" else { return nil }
        return allCases.first { abs($0.acceptance - p.requested) < 1e-9 }
    }
}

/// What the model in use says about its operating point, for the page: measured on the
/// verifier's cross-fitted inner folds (each score from a model part that had not seen
/// the stroke), with Wilson 95% intervals; never figures on the training data.
public struct OperatingPointReport: Codable, Sendable, Hashable {
    public var choice: String?
    /// Own strokes accepted as their label, on inner folds.
    public var acceptance: HeldOutCheck.Rate
    /// Negatives accepted, on inner folds.
    public var falsePositiveRate: HeldOutCheck.Rate
    /// The same per kind of negative (`unseen label`, `splice`, `scribble`, `user` = never-fire strokes).
    public var bySource: [String: HeldOutCheck.Rate]
    /// The sentence shown.
    public var sentence: String
    public var notes: [String]

    /// The report of a model's manifest; `nil` when the model has no verifier operating point
    /// (it rejects with per-label thresholds, whose figures are on the training data only).
    public init?(_ manifest: TrainingManifest) {
        guard manifest.rejection == "verifier", let p = manifest.operatingPoint else { return nil }
        choice = OperatingPointChoice.of(manifest)?.rawValue
        let accepted = Int((p.acceptance * Double(p.inVocabulary)).rounded())
        acceptance = HeldOutCheck.Rate(accepted, of: p.inVocabulary)
        let fp = Int((p.falsePositiveRate * Double(p.negatives)).rounded())
        falsePositiveRate = HeldOutCheck.Rate(fp, of: p.negatives)
        bySource = p.negativesBySource.compactMapValues { $0.count == 2 ? HeldOutCheck.Rate($0[0], of: $0[1]) : nil }
        let kinds = bySource.sorted { $0.key < $1.key }
            .map { "\($0.key == "user" ? "your never-fire strokes" : $0.key) \($0.value.count)/\($0.value.of)" }
            .joined(separator: ", ")
        notes = p.notes
        if p.inVocabulary == 0 {
            // A threshold learned across people (the few-examples case) is not measured on
            // the user's strokes here: say so instead of "0 of 0 (0%)".
            let from = manifest.rejectionPrior != nil
                ? "a verifier threshold learned across people (personalised by your templates)"
                : "a verifier threshold set without holding out any of your strokes"
            sentence = "with \(from): what it accepts of your own strokes cannot be estimated here, as none of them was held out "
                + "to measure it. Check my examples gives held-out figures (each of your strokes judged by a model trained without it)."
            if p.negatives > 0 {
                sentence += " On the negatives it was chosen with, it fires on \(falsePositiveRate.text) (\(kinds))."
            } else if !kinds.isEmpty {
                sentence += " Accepted of the negatives it was checked on: \(kinds)."
            }
        } else {
            sentence = "on the verifier's inner folds (strokes each model part had not seen): accepts \(acceptance.text) of your strokes as their label; "
                + "fires on \(falsePositiveRate.text) of the negatives (\(kinds)). Most negatives are synthetic (splices, scribbles) or your other labels held out."
            if p.inVocabulary < 20 {
                notes.append("only \(p.inVocabulary) of your strokes on the inner folds: the intervals are wide")
            }
        }
    }
}
