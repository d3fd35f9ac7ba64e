import GestureMatching

/// What a verifier's threshold is chosen for.
public enum VerifierTarget: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Keep at least this share of in-vocabulary gestures accepted *and* correctly recognized.
    case acceptance(Double)
    /// Accept at most this share of negatives.
    case falsePositiveRate(Double)

    public var description: String {
        switch self {
        case .acceptance(let a): return "acceptance \(a)"
        case .falsePositiveRate(let f): return "false-positive rate \(f)"
        }
    }
}

/// Everything verifier training decides with; stored in the model's manifest.
public struct VerifierSettings: Hashable, Codable, Sendable {
    /// Matchers whose distances are features; the first picks the label. $P+ decides
    /// (the most accurate user-independent recognizer here); Protractor, which sees the
    /// stroke as one rotation-invariant vector, disagrees with it on different strokes.
    public var matchers: [MatcherSettings]
    /// Templates per label, chosen as medoids.
    public var templatesPerClass: Int
    /// Inner folds: groups of subjects (of samples when there is one subject).
    public var folds: Int
    public var target: VerifierTarget
    /// Train even when the negatives are too few for an FPR target (fewer than 3 / target).
    public var allowWeakNegatives: Bool
    public var booster: BoosterSettings
    /// Points a gesture is resampled to for its shape descriptor.
    public var descriptorPoints: Int
    public var seed: UInt64

    /// 4 inner folds: each fold's model is trained on three quarters of the people, so
    /// its cross-fitted scores judge strangers, as deployment will.
    public init(matchers: [MatcherSettings] = [.pPlus(.default), .protractor(.default)], templatesPerClass: Int = 5,
                folds: Int = 4, target: VerifierTarget = .acceptance(0.95), allowWeakNegatives: Bool = false,
                booster: BoosterSettings = VerifierSettings.defaultBooster, descriptorPoints: Int = 64, seed: UInt64 = 1) {
        self.matchers = matchers
        self.templatesPerClass = templatesPerClass
        self.folds = folds
        self.target = target
        self.allowWeakNegatives = allowWeakNegatives
        self.booster = booster
        self.descriptorPoints = descriptorPoints
        self.seed = seed
    }

    /// Shallow trees, a modest number of rounds and a large leaf minimum: the verifier
    /// must generalize to people and devices it never saw, not fit one lab's strokes.
    public static let defaultBooster = BoosterSettings(trees: 120, depth: 3, learningRate: 0.1, bins: 32,
                                                       minSamplesLeaf: 20, l2: 1.0, rowSubsample: 1.0, seed: 1)
}
