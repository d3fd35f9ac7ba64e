import ArgumentParser
import GestureMatching
import GestureTraining

/// `--select`: how templates are picked (`train`, `templates build`).
extension TemplateSelection: ExpressibleByArgument {}

/// How per-label rejection thresholds are set (`train rejection --method`, and the
/// threshold rules of `train --rejection`).
enum ThresholdMethodOption: String, ExpressibleByArgument, CaseIterable {
    case sigma, f1, targetFPR = "target-fpr"

    /// The method with its parameter: `k` for sigma, the false-positive rate for target-fpr.
    func method(sigmaK: Double, targetFPR: Double) -> RejectionMethod {
        switch self {
        case .sigma: return .sigma(k: sigmaK)
        case .f1: return .f1
        case .targetFPR: return .targetFPR(targetFPR)
        }
    }
}

/// `train --rejection`: the learned verifier (per-label f1 thresholds kept as its
/// baseline), or per-label thresholds only, set by one of the threshold methods.
enum RejectionRuleOption: String, ExpressibleByArgument, CaseIterable {
    case verifier, f1, sigma, targetFPR = "target-fpr"

    /// The threshold method: the one named, f1 for the verifier's baseline.
    var thresholdMethod: ThresholdMethodOption { ThresholdMethodOption(rawValue: rawValue) ?? .f1 }
}

/// `eval matcher --rejection`: the learned verifier or per-label thresholds. `none`, a
/// model's rule that accepts every best match, has nothing to study and is not accepted.
extension Rejection.Rule: ExpressibleByArgument {
    public init?(argument: String) {
        guard let rule = Self(rawValue: argument), rule != .none else { return nil }
        self = rule
    }

    public static var allValueStrings: [String] { allCases.filter { $0 != .none }.map(\.rawValue) }
}
