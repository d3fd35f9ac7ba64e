import GestureData
import Foundation
import GestureGeometry

/// A learned rejection rule: after the primary matcher picks a label, a small boosted-tree
/// model decides from ``VerifierFeatures`` whether the match stands. File format
/// `gesturelab.verifier/1`.
///
/// Trained on in-vocabulary positives and honest negatives (labels held out of the
/// vocabulary in inner folds, splices of two half strokes, scribbles, and any negatives
/// the user recorded), with one global threshold on the model's log-odds chosen on
/// cross-fitted scores (see `VerifierTrainer` in GestureTraining).
public struct RejectionVerifier: Hashable, Codable, Sendable {
    public static let format = "gesturelab.verifier/1"

    /// The matchers whose distances are features; the first decides the label and must be
    /// the model's matcher.
    public var matchers: [MatcherSettings]
    /// Feature names, in row order (checked against ``VerifierFeatures/names(matchers:featureSet:)``).
    public var featureNames: [String]
    /// Which of ``VerifierFeatures``' feature sets the model reads (1 for files without one).
    public var featureSet: Int
    /// Per-label statistics of the template library the verifier was trained for.
    public var statistics: VocabularyStatistics
    /// Points each candidate is resampled to for its ``ShapeDescriptor``.
    public var descriptorPoints: Int
    /// The boosted trees; their margin is the verifier's score (log-odds of "accept").
    public var model: GradientBoostedTrees
    /// A match is accepted when the score is at least this.
    public var threshold: Double
    /// How the threshold was chosen and what it achieved on inner folds.
    public var operatingPoint: VerifierOperatingPoint

    public init(matchers: [MatcherSettings], statistics: VocabularyStatistics, descriptorPoints: Int,
                model: GradientBoostedTrees, threshold: Double, operatingPoint: VerifierOperatingPoint,
                featureSet: Int = VerifierFeatures.baseSet) {
        self.matchers = matchers
        self.featureSet = featureSet
        self.featureNames = VerifierFeatures.names(matchers: matchers, featureSet: featureSet)
        self.statistics = statistics
        self.descriptorPoints = descriptorPoints
        self.model = model
        self.threshold = threshold
        self.operatingPoint = operatingPoint
    }

    /// The primary matcher (it picks the label the verifier judges).
    public var primary: MatcherSettings { matchers[0] }

    private struct File: Codable {
        var format: String
        var matchers: [MatcherSettings]
        var featureNames: [String]
        /// Absent for feature set 1 (files written before feature sets were numbered).
        var featureSet: Int?
        var statistics: VocabularyStatistics
        var descriptorPoints: Int
        var model: GradientBoostedTrees
        var threshold: Double
        var operatingPoint: VerifierOperatingPoint
    }

    /// Decodes and validates a verifier file.
    /// - Throws: ``RejectionThresholdsError`` naming the field: unknown format, no
    ///   matchers, feature names that this version does not compute, statistics whose
    ///   shape disagrees, a non-finite threshold, or a malformed model.
    public static func decode(_ data: Data) throws -> RejectionVerifier {
        let f: File
        do { f = try StrictJSON.decode(File.self, from: data) } catch {  // strict: a key twice is refused
            throw RejectionThresholdsError.malformed(reason: "\(error)")
        }
        guard f.format == format else { throw RejectionThresholdsError.unsupportedFormat(found: shownValue(f.format)) }
        guard !f.matchers.isEmpty else { throw RejectionThresholdsError.invalidField(field: "matchers", reason: "empty") }
        let set = f.featureSet ?? VerifierFeatures.baseSet
        guard VerifierFeatures.knownSets.contains(set) else {
            throw RejectionThresholdsError.invalidField(field: "featureSet", reason: "\(set): this version computes feature sets \(VerifierFeatures.knownSets.lowerBound)…\(VerifierFeatures.knownSets.upperBound)")
        }
        let expected = VerifierFeatures.names(matchers: f.matchers, featureSet: set)
        guard f.featureNames == expected else {
            throw RejectionThresholdsError.invalidField(field: "featureNames", reason: "this version computes \(expected.count) features \(expected.prefix(3))…, the file names \(f.featureNames.count)")
        }
        guard f.model.featureCount == expected.count else {
            throw RejectionThresholdsError.invalidField(field: "model.featureCount", reason: "\(f.model.featureCount), expected \(expected.count)")
        }
        let model: GradientBoostedTrees
        do { model = try f.model.validated() } catch {
            throw RejectionThresholdsError.invalidField(field: "model", reason: "\(error)")
        }
        try checkStructure(model)
        let s = f.statistics
        guard s.spread.count == f.matchers.count, s.spread.allSatisfy({ $0.count == s.labels.count }),
              s.meanDescriptor.count == s.labels.count,
              s.meanDescriptor.allSatisfy({ $0.count == ShapeDescriptor.names.count }),
              s.spread.joined().allSatisfy(\.isFinite), s.meanDescriptor.joined().allSatisfy(\.isFinite) else {
            throw RejectionThresholdsError.invalidField(field: "statistics", reason: "one finite spread per matcher and label and one descriptor per label expected")
        }
        guard f.threshold.isFinite else { throw RejectionThresholdsError.invalidField(field: "threshold", reason: "not finite") }
        guard (2...MatcherSettings.maxPoints).contains(f.descriptorPoints) else {
            throw RejectionThresholdsError.invalidField(field: "descriptorPoints", reason: "must be 2…\(MatcherSettings.maxPoints)")
        }
        var v = RejectionVerifier(matchers: f.matchers, statistics: s, descriptorPoints: f.descriptorPoints, model: model,
                                  threshold: f.threshold, operatingPoint: f.operatingPoint, featureSet: set)
        v.featureNames = f.featureNames
        return v
    }

    /// Refuses a model no training makes, beyond what ``GradientBoostedTrees/validated()``
    /// checks node by node: a verifier without trees gives every gesture the same score,
    /// so it would accept all of them or none.
    /// - Throws: ``RejectionThresholdsError/invalidField(field:reason:)`` naming the field.
    static func checkStructure(_ model: GradientBoostedTrees) throws {
        guard !model.trees.isEmpty else {
            throw RejectionThresholdsError.invalidField(field: "model.trees", reason: "empty: a verifier without trees gives every gesture the same score")
        }
        guard model.featureCount > 0 else {
            throw RejectionThresholdsError.invalidField(field: "model.featureCount", reason: "\(model.featureCount): a verifier decides from at least one feature")
        }
    }

    public func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return try e.encode(File(format: Self.format, matchers: matchers, featureNames: featureNames,
                                 featureSet: featureSet == VerifierFeatures.baseSet ? nil : featureSet, statistics: statistics,
                                 descriptorPoints: descriptorPoints, model: model, threshold: threshold,
                                 operatingPoint: operatingPoint))
    }
}

/// How a verifier's threshold was chosen and what it achieved on cross-fitted inner folds.
public struct VerifierOperatingPoint: Hashable, Codable, Sendable {
    /// `acceptance` (share of in-vocabulary samples accepted and correctly recognized) or
    /// `false-positive-rate`.
    public var target: String
    /// The requested value of the target.
    public var requested: Double
    /// In-vocabulary samples accepted and correctly recognized, on inner folds.
    public var acceptance: Double
    public var inVocabulary: Int
    /// Negatives accepted / negatives, on inner folds, with a Wilson 95% interval.
    public var falsePositiveRate: Double
    public var falsePositiveInterval: [Double]
    public var negatives: Int
    /// The same per kind of negative (`unseen label`, `splice`, `scribble`, `misrecognized`,
    /// `user`): [accepted, total].
    public var negativesBySource: [String: [Int]]
    /// Remarks (a target the data could not support, the recognizer's accuracy cap).
    public var notes: [String]

    public init(target: String, requested: Double, acceptance: Double, inVocabulary: Int, falsePositiveRate: Double,
                falsePositiveInterval: [Double], negatives: Int, negativesBySource: [String: [Int]], notes: [String]) {
        self.target = target
        self.requested = requested
        self.acceptance = acceptance
        self.inVocabulary = inVocabulary
        self.falsePositiveRate = falsePositiveRate
        self.falsePositiveInterval = falsePositiveInterval
        self.negatives = negatives
        self.negativesBySource = negativesBySource
        self.notes = notes
    }
}
