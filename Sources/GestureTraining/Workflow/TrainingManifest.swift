import GestureData
import Foundation
import GestureMatching

/// `manifest.json` of a model folder (format `gesturelab.model/1`, see ``GestureModel``):
/// the typed matcher settings every part was trained for, the active rejection rule, what
/// was trained, from which data, with which settings and seed, and what could not be
/// trained and why.
public struct TrainingManifest: Hashable, Codable, Sendable {
    public static let formatTag = "gesturelab.model/1"

    public var format: String = Self.formatTag
    /// The matcher the templates, thresholds and verifier are for.
    public var matcher: MatcherSettings
    /// The active rejection rule: `verifier`, `thresholds` or `none`.
    public var rejection: String
    /// The verifier's operating point on inner folds (when a verifier was trained).
    public var operatingPoint: VerifierOperatingPoint?
    /// Label pairs that look alike to the matcher.
    public var lookAlikes: [LookAlike]
    public var seed: UInt64
    public var settings: [String: SettingValue]
    public var dataset: DatasetSummary
    /// How ``DatasetSummary/fingerprint`` is computed.
    public var fingerprintAlgorithm: String = "FNV-1a 64 over the sorted canonical gesturelab.sample/1 bytes of every sample"
    /// Output file name → FNV-1a 64 of its bytes.
    public var files: [String: String]
    /// What was trained, one line each.
    public var trained: [String]
    /// What was not trained, with the reason.
    public var notTrained: [String]
    /// Input files that could not be read, with the reason.
    public var skippedFiles: [String]
    /// Other remarks (synthetic data used, labels with few samples).
    public var notes: [String]
    /// How `--algorithm auto` chose ``matcher``: the candidates' inner-validation figures
    /// (absent when the matcher was asked for).
    public var matcherChoice: AutoMatcherReport?
    /// The rejection learned across people the verifier's trees come from, when one was
    /// used: its version and the FNV-1a 64 of its trees, which `verifier.json` must hold.
    public var rejectionPrior: PriorReference? = nil

    public init(matcher: MatcherSettings, rejection: String, operatingPoint: VerifierOperatingPoint? = nil, lookAlikes: [LookAlike] = [],
                seed: UInt64, settings: [String: SettingValue], dataset: DatasetSummary, files: [String: String] = [:],
                trained: [String] = [], notTrained: [String] = [], skippedFiles: [String] = [], notes: [String] = []) {
        self.matcher = matcher
        self.rejection = rejection
        self.operatingPoint = operatingPoint
        self.lookAlikes = lookAlikes
        self.seed = seed
        self.settings = settings
        self.dataset = dataset
        self.files = files
        self.trained = trained
        self.notTrained = notTrained
        self.skippedFiles = skippedFiles
        self.notes = notes
    }
}

/// Which ``RejectionPrior`` a model's verifier was made from.
public struct PriorReference: Hashable, Codable, Sendable {
    public var version: String
    /// FNV-1a 64 of the prior's encoded trees (``RejectionPrior/modelHash``).
    public var modelHash: String
    /// The reference a model records for `prior`.
    public init(_ prior: RejectionPrior) {
        version = prior.version
        modelHash = prior.modelHash
    }
}

/// Two labels the matcher confuses: "your gesture X is close to Y".
public struct LookAlike: Hashable, Codable, Sendable {
    /// The gesture that is mistaken…
    public var label: String
    /// …for this one.
    public var closeTo: String
    /// Share of `label`'s samples, with `label` left out of the vocabulary, that fall
    /// within `closeTo`'s own distance range (its 95th percentile): what per-label
    /// distance thresholds would accept.
    public var withinDistance: Double
    /// Share of them the verifier still accepts as `closeTo` (cross-fitted, inner folds).
    public var verifierAccepts: Double
    /// Share of `label`'s samples recognized as `closeTo` with the full vocabulary.
    public var misrecognized: Double

    public var sentence: String {
        String(format: "your gesture '%@' is close to '%@': %.0f%% of '%@' would pass as '%@' by distance, the verifier accepts %.0f%% of them, %.1f%% are misrecognized",
               label, closeTo, withinDistance * 100, label, closeTo, verifierAccepts * 100, misrecognized * 100)
    }
}
