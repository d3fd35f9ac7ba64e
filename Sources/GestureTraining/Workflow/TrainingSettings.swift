import GestureData
import GestureDetectors
import GestureMatching

/// Everything `gesturelab train` decides with, recorded in the manifest so a training run
/// can be repeated exactly.
public struct TrainingSettings: Hashable, Codable, Sendable {
    /// Templates kept per label (K). 5: the $P paper reports over 99% from 5 templates
    /// per class on its data; $1 reaches 99% from 3.
    public var templatesPerClass: Int
    /// How templates are picked: medoids (the samples closest to the rest of their label)
    /// by default, so templates are typical rather than lucky.
    public var selection: TemplateSelection
    /// The matcher whose distances the library and rejection thresholds are for, with its
    /// full settings, or `auto` (the default): the algorithm or combination that wins
    /// inner validation on the training data (``AutoMatcher``).
    public var algorithm: MatcherChoice
    /// How per-label rejection thresholds are chosen. F1-optimal: Jackknife's rule.
    public var rejection: RejectionMethod
    /// Stochastic-resampling variants made of each sample of a label with fewer than
    /// ``minimumSamplesPerLabel`` samples, so one example is enough to train on.
    public var syntheticPositivesPerSample: Int
    /// Labels with fewer samples than this get synthetic positives. 5 samples give a
    /// medoid and a spread; below that the spread is mostly guesswork.
    public var minimumSamplesPerLabel: Int
    /// Random scribbles added as negatives for the detectors and the rejection thresholds.
    public var syntheticNegatives: Int
    /// Splices of two half gestures added as negatives (Jackknife's negatives).
    public var splicedNegatives: Int
    /// The false-positive rate the detectors are tuned to on the training data.
    public var detectorTargetFPR: Double
    /// Labels the model folder's detectors (``GestureDetectors/DetectorKind/builtIn``) are
    /// trained on, by detector id, where they differ from each detector's default label
    /// (`check` for the check mark, `circle` for the circle: the $1 logs' names).
    public var detectorLabels: [String: String]
    /// The seed every random choice derives from.
    public var seed: UInt64
    /// The active rejection rule: the learned verifier (default), the per-label distance
    /// thresholds (which are trained either way, as the simple baseline), or none (every
    /// best match accepted).
    public var rejectionRule: Rejection.Rule = .verifier
    /// Verifier training: matchers, inner folds, target operating point.
    public var verifier = VerifierSettings()
    /// Transformed copies of every recorded sample added to the detectors' training data
    /// (``StrokeAugmentation``: other sampling rates, sizes, tilts, aspects, noise), so
    /// that their thresholds hold on other devices; 0 (the default) adds none.
    public var detectorAugmentation = 0
    /// Whether the detectors' stroke preparation is chosen on inner folds among
    /// ``GestureDetectors/ShapeSettings/variants`` (as `train detector --choose-settings`);
    /// off by default, which keeps the recorder's live training fast.
    public var detectorChooseSettings = false
    /// Whether the detectors' inner folds choose by the worst device shift (as
    /// `train detector --every-device`): the target must hold on the held-out subjects'
    /// strokes after each ``StrokeAugmentation/deviceShifts(tolerance:)`` too. Off by default.
    public var detectorEveryDevice = false
    /// How far the detectors' bounds that no training negative needs move outward after
    /// fitting (``BoxTrainer/release``, as `train detector --release`), in spreads; 0 (the
    /// default): not at all. With 5 examples a person it found more of the $1 logs' check
    /// marks than a looser FPR target does at the same FPR, but on SIGN's gestures no more
    /// than the looser target, so it is not the default.
    public var detectorRelease = 0.0
    /// When the verifier is the rejection learned across people (``RejectionPrior``) instead of
    /// one trained on the data's own inner folds: `auto` (the default) uses it when the data
    /// holds fewer than ``priorSubjectLimit`` people, whose few strokes cannot cross-validate
    /// a verifier over people; `always`; `never`.
    public var rejectionPrior: PriorUse = .auto
    /// The prior to use; `nil` for the one shipped with GestureLab (``RejectionPrior/shipped``).
    public var prior: RejectionPrior? = nil
    /// Below this many people, `auto` uses the prior.
    public static let priorSubjectLimit = 3

    /// The prior this training uses for `data`, if any (also `nil` when the prior was
    /// trained for another matcher than the model's, or while `auto` has not chosen yet).
    func priorInUse(subjects: Int) -> RejectionPrior? {
        guard rejectionPrior == .always || (rejectionPrior == .auto && subjects < Self.priorSubjectLimit) else { return nil }
        guard let p = prior ?? RejectionPrior.shipped, let chosen = algorithm.fixed, p.matchers.first == chosen else { return nil }
        return p
    }

    /// Labels to train a general shape detector for (``GestureDetectors/GeneralShapeDetector``,
    /// one `shape-LABEL.json` each); `["all"]` means every label of the data. None by default.
    public var shapeDetectorLabels: [String] = []

    /// The labels of `labels` that get a shape detector (in the order asked for; every
    /// label, sorted, for `all`). A label asked for but absent is kept, so that the
    /// manifest can say it was not trained.
    public func shapeLabels(in labels: [String]) -> [String] {
        shapeDetectorLabels.contains("all") ? labels.sorted() : shapeDetectorLabels
    }

    public init(templatesPerClass: Int = 5, selection: TemplateSelection = .medoid,
                algorithm: MatcherChoice = .auto, rejection: RejectionMethod = .f1,
                syntheticPositivesPerSample: Int = 8, minimumSamplesPerLabel: Int = 5,
                syntheticNegatives: Int = 200, splicedNegatives: Int = 200, detectorTargetFPR: Double = 0.01,
                detectorLabels: [String: String] = [:], seed: UInt64 = 1) {
        self.templatesPerClass = templatesPerClass
        self.selection = selection
        self.algorithm = algorithm
        self.rejection = rejection
        self.syntheticPositivesPerSample = syntheticPositivesPerSample
        self.minimumSamplesPerLabel = minimumSamplesPerLabel
        self.syntheticNegatives = syntheticNegatives
        self.splicedNegatives = splicedNegatives
        self.detectorTargetFPR = detectorTargetFPR
        self.detectorLabels = detectorLabels
        self.seed = seed
    }

    /// The label a built-in detector is trained on.
    public func label(for kind: DetectorKind) -> String {
        detectorLabels[kind.rawValue] ?? kind.defaultLabel ?? kind.rawValue
    }

    /// The model folder's detectors with the labels they are trained on.
    public var builtInDetectors: [(kind: DetectorKind, label: String)] {
        DetectorKind.builtIn.map { ($0, label(for: $0)) }
    }

    /// The settings as text, for manifests and reports (`<id>Label` for each built-in detector).
    public var described: [String: SettingValue] {
        var d = baseDescription
        for (kind, label) in builtInDetectors { d["\(kind.rawValue)Label"] = .string(label) }
        return d
    }

    private var baseDescription: [String: SettingValue] {
        [
            "templatesPerClass": SettingValue(templatesPerClass),
            "selection": .string(selection.rawValue),
            "algorithm": .string(algorithm.description),
            "rejection": .string(Self.describe(rejection)),
            "syntheticPositivesPerSample": SettingValue(syntheticPositivesPerSample),
            "minimumSamplesPerLabel": SettingValue(minimumSamplesPerLabel),
            "syntheticNegatives": SettingValue(syntheticNegatives),
            "splicedNegatives": SettingValue(splicedNegatives),
            "detectorTargetFPR": SettingValue(detectorTargetFPR),
            "seed": SettingValue(seed),
            "rejectionRule": .string(rejectionRule.rawValue),
            "verifierTarget": .string(verifier.target.description),
            "verifierMatchers": SettingValue(list: verifier.matchers.map(\.description)),
            "verifierFolds": SettingValue(verifier.folds),
            "detectorAugmentation": SettingValue(detectorAugmentation),
            "detectorChooseSettings": SettingValue(detectorChooseSettings),
            "detectorEveryDevice": SettingValue(detectorEveryDevice),
            "detectorRelease": SettingValue(detectorRelease),
            "shapeDetectorLabels": SettingValue(list: shapeDetectorLabels),
            "rejectionPrior": .string(rejectionPrior.rawValue),
        ]
    }

    /// The verifier's matchers with the model's own matcher first (what a prior for these settings must use).
    public var verifierMatchersInUse: [MatcherSettings] { verifierMatchers }

    /// The verifier's matchers with the model's own matcher first.
    var verifierMatchers: [MatcherSettings] {
        let primary = algorithm.fixed ?? .combined(.default)
        return [primary] + verifier.matchers.filter { $0 != primary }
    }

    static func describe(_ m: RejectionMethod) -> String {
        switch m {
        case .f1: return "f1"
        case .sigma(let k): return "sigma (k = \(k))"
        case .targetFPR(let x): return "target-fpr \(x)"
        case .acceptFraction(let f): return "accept-fraction \(f)"
        }
    }
}

/// When training uses the rejection learned across people (``TrainingSettings/rejectionPrior``).
public enum PriorUse: String, Hashable, Codable, Sendable, CaseIterable {
    case auto, always, never
}

/// Which rejection rule a trained model uses: one type with the model's own rule
/// (``Rejection/Rule``), which also names `none`.
@available(*, deprecated, renamed: "Rejection.Rule")
public typealias RejectionRule = Rejection.Rule
