import Foundation
import GestureData
import GestureGeometry
import GestureMatching

/// A rejection model learned across many people, vocabularies and datasets, for a user
/// who records a few examples alone (file format `gesturelab.rejection-prior/1`).
///
/// Its inputs are ``VerifierFeatures`` of a stroke *relative to the user's own templates*:
/// the distance to the best and the second-best label, their ratio and margin, the best
/// distance against the label's own spread, whether the other matchers agree, and the
/// stroke's shape against the label's templates. What "close enough" means is learned
/// from simulated new users (one person, a few labels, K examples each) across datasets,
/// not from the user's handful of strokes; the user's examples personalise it through the
/// vocabulary statistics of their templates.
///
/// A model trained with a prior stores the prior's trees in its `verifier.json` and the
/// prior's version and hash in its manifest, so the model folder stays self-describing.
public struct RejectionPrior: Hashable, Codable, Sendable {
    public static let format = "gesturelab.rejection-prior/1"

    public var format: String = Self.format
    /// A name for this prior, recorded by models trained with it.
    public var version: String
    /// The verifier's matchers; the first is the model's matcher.
    public var matchers: [MatcherSettings]
    public var featureNames: [String]
    /// Which of ``VerifierFeatures``' feature sets the trees read; absent (`nil`) in files
    /// of feature set 1, written before the sets were numbered.
    public var featureSet: Int?
    public var descriptorPoints: Int
    public var model: GradientBoostedTrees
    /// Score threshold by templates per label (the fewest of any label, capped at the
    /// largest key); a stroke is accepted when its score is at least this.
    public var thresholds: [String: Double]
    /// What it was trained from and how (datasets, draws, seed, command).
    public var provenance: String
    /// Figures on its own simulated users (in-sample) by K: `acceptance`, `fpr`.
    public var figures: [String: [String: Double]]

    /// The feature set the trees read (1 when the file names none).
    public var features: Int { featureSet ?? VerifierFeatures.baseSet }

    /// The threshold for a vocabulary whose smallest label has `templates` templates.
    public func threshold(templates: Int) -> Double {
        let keys = thresholds.keys.compactMap(Int.init).sorted()
        guard let first = keys.first else { return 0 }
        let k = keys.last(where: { $0 <= templates }) ?? first
        return thresholds[String(k)] ?? 0
    }

    /// FNV-1a 64 of the encoded trees: what a model's manifest records.
    public var modelHash: String { Self.hash(of: model) }

    /// FNV-1a 64 of `model`'s canonical JSON.
    public static func hash(of model: GradientBoostedTrees) -> String {
        var h = FNV1a64()
        h.combine((try? encoder.encode(model)) ?? Data())
        return h.hex
    }

    static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }

    public func encoded() throws -> Data {
        var d = try Self.encoder.encode(self)
        d.append(0x0A)
        return d
    }

    /// Decodes and checks a prior: its format, its features against this version's, its trees.
    /// - Throws: ``RejectionThresholdsError`` naming the field.
    public static func decode(_ data: Data) throws -> RejectionPrior {
        let p: RejectionPrior
        do { p = try StrictJSON.decode(RejectionPrior.self, from: data) } catch {
            throw RejectionThresholdsError.malformed(reason: "\(error)")
        }
        guard p.format == format else { throw RejectionThresholdsError.unsupportedFormat(found: shownValue(p.format)) }
        guard !p.matchers.isEmpty else { throw RejectionThresholdsError.invalidField(field: "matchers", reason: "empty") }
        guard VerifierFeatures.knownSets.contains(p.features) else {
            throw RejectionThresholdsError.invalidField(field: "featureSet", reason: "\(p.features): this version computes feature sets \(VerifierFeatures.knownSets.lowerBound)…\(VerifierFeatures.knownSets.upperBound)")
        }
        guard p.featureNames == VerifierFeatures.names(matchers: p.matchers, featureSet: p.features),
              p.model.featureCount == p.featureNames.count else {
            throw RejectionThresholdsError.invalidField(field: "featureNames", reason: "not the features this version computes for feature set \(p.features)")
        }
        do { _ = try p.model.validated() } catch {
            throw RejectionThresholdsError.invalidField(field: "model", reason: "\(error)")
        }
        guard !p.thresholds.isEmpty, p.thresholds.allSatisfy({ Int($0.key) != nil && $0.value.isFinite }) else {
            throw RejectionThresholdsError.invalidField(field: "thresholds", reason: "one finite threshold per templates-per-label count expected")
        }
        return p
    }

    /// The prior shipped with this version of GestureLab (`nil` if its resource is broken,
    /// which the tests refuse).
    public static let shipped: RejectionPrior? = try? decode(Data(ShippedRejectionPrior.json.utf8))

    /// A verifier for `templates` (the user's): the prior's trees, the statistics of these
    /// templates, and the threshold for their smallest label.
    public func verifier(templates: [Template], notes: [String] = []) -> RejectionVerifier {
        let stats = Self.statistics(templates: templates, matchers: matchers, descriptorPoints: descriptorPoints)
        let labels = stats.labels
        let fewest = labels.map { l in templates.filter { $0.name == l }.count }.min() ?? 1
        let point = VerifierOperatingPoint(target: "prior", requested: 0, acceptance: figures[String(fewest)]?["acceptance"] ?? 0,
                                           inVocabulary: 0, falsePositiveRate: figures[String(fewest)]?["fpr"] ?? 0,
                                           falsePositiveInterval: [0, 1], negatives: 0, negativesBySource: [:],
                                           notes: ["rejection learned across people (\(version)): \(provenance)"] + notes)
        return RejectionVerifier(matchers: matchers, statistics: stats, descriptorPoints: descriptorPoints, model: model,
                                 threshold: threshold(templates: fewest), operatingPoint: point, featureSet: features)
    }

    /// Vocabulary statistics of `templates` under `matchers`.
    public static func statistics(templates: [Template], matchers: [MatcherSettings], descriptorPoints: Int) -> VocabularyStatistics {
        let library = TemplateLibrary(templates: templates)
        let labels = library.names
        let index = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        let matcherList = matchers.map { $0.matcher(library: library) }
        let gestures = templates.map(\.gesture)
        let tables = matcherList.map { m in gestures.map { m.distances($0) ?? [Double](repeating: .infinity, count: gestures.count) } }
        let stats = VocabularyStatistics.of(labels: labels, templateLabels: templates.map { index[$0.name] ?? 0 }, matchers: matchers.count,
                                            distance: { m, a, b in tables[m][a][b] },
                                            descriptors: gestures.map { ShapeDescriptor($0, points: descriptorPoints)?.values })
        return stats
    }
}
