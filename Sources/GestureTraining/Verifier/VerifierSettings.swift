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
    /// The configurations inner cross-validation over subjects chooses among (the one with
    /// the lowest inner-fold false-positive rate at the target acceptance, or the highest
    /// acceptance at the target FPR); one candidate means no choice.
    public var candidates: [VerifierCandidate]
    /// Points a gesture is resampled to for its shape descriptor.
    public var descriptorPoints: Int
    public var seed: UInt64

    /// 4 inner folds: each fold's model is trained on three quarters of the people, so
    /// its cross-fitted scores judge strangers, as deployment will.
    public init(matchers: [MatcherSettings] = [.pPlus(.default), .protractor(.default)], templatesPerClass: Int = 5,
                folds: Int = 4, target: VerifierTarget = .acceptance(0.95), allowWeakNegatives: Bool = false,
                booster: BoosterSettings = VerifierSettings.defaultBooster, candidates: [VerifierCandidate]? = nil,
                descriptorPoints: Int = 64, seed: UInt64 = 1) {
        self.matchers = matchers
        self.templatesPerClass = templatesPerClass
        self.folds = folds
        self.target = target
        self.allowWeakNegatives = allowWeakNegatives
        self.booster = booster
        self.candidates = candidates ?? VerifierCandidate.standard(booster)
        self.descriptorPoints = descriptorPoints
        self.seed = seed
    }

    /// Shallow trees, a modest number of rounds and a large leaf minimum: the verifier
    /// must generalize to people and devices it never saw, not fit one lab's strokes.
    public static let defaultBooster = BoosterSettings(trees: 120, depth: 3, learningRate: 0.1, bins: 32,
                                                       minSamplesLeaf: 20, l2: 1.0, rowSubsample: 1.0, seed: 1)
}

/// One verifier configuration that inner cross-validation may choose: which feature
/// groups the trees may split on, and the booster.
///
/// Feature rows always hold every feature (the stored verifier computes them all);
/// a group left out is zeroed in training, so no tree splits on it.
public struct VerifierCandidate: Hashable, Codable, Sendable, CustomStringConvertible {
    public var name: String
    /// The stroke's shape descriptor and its difference from the chosen label's templates.
    public var shapeFeatures: Bool
    /// The distance features of the matchers after the first.
    public var secondaryMatchers: Bool
    public var booster: BoosterSettings

    public init(name: String, shapeFeatures: Bool = true, secondaryMatchers: Bool = true, booster: BoosterSettings) {
        self.name = name
        self.shapeFeatures = shapeFeatures
        self.secondaryMatchers = secondaryMatchers
        self.booster = booster
    }

    public var description: String { name }

    /// The three configurations training chooses among by default: every feature; the
    /// matchers' distances alone (a stroke descriptor fitted to one lab's devices may not
    /// carry over); every feature with shallower, more numerous trees (fewer interactions).
    public static func standard(_ booster: BoosterSettings) -> [VerifierCandidate] {
        var shallow = booster
        shallow.depth = Swift.max(1, booster.depth - 1)
        shallow.trees = booster.trees * 5 / 3
        return [VerifierCandidate(name: "all features", booster: booster),
                VerifierCandidate(name: "distances only", shapeFeatures: false, booster: booster),
                VerifierCandidate(name: "all features, depth \(shallow.depth)", booster: shallow)]
    }

    /// `values` with the groups this candidate leaves out set to 0.
    /// - Parameter matchers: how many matchers' blocks lead the row.
    func masked(_ values: [Double], matchers: Int) -> [Double] {
        if shapeFeatures && secondaryMatchers { return values }
        var v = values
        let block = VerifierFeatures.perMatcherCount
        if !secondaryMatchers {
            for k in Swift.min(v.count, block)..<Swift.min(v.count, matchers * block) { v[k] = 0 }
        }
        if !shapeFeatures {
            for k in Swift.min(v.count, matchers * block)..<v.count { v[k] = 0 }
        }
        return v
    }
}
