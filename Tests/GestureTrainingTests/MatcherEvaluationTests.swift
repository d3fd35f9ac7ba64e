import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureMatching
import GestureTestSupport
@testable import GestureTraining

struct MatcherEvaluationTests {
    @Test func userDependentCountsEveryTrialAndIsAccurateOnCleanShapes() {
        let corpus = PreparedCorpus<ProtractorMatcher>(MatcherFixtures.dataset(), settings: .default)
        let options = MatcherProtocolOptions(templatesPerClass: [1, 3], trials: 5, seed: 11)
        let r = MatcherEvaluation.userDependent(corpus, settings: .default, options: options)
        // 3 subjects × 2 speeds × 2 T × 5 trials × 4 labels.
        #expect(r.recognitions == 3 * 2 * 2 * 5 * 4)
        #expect(Set(r.accuracy.keys) == ["1", "3"])
        #expect(Set(r.accuracyBySpeed.keys) == ["slow", "fast"])
        #expect((r.accuracy["1"] ?? 0) >= 0.95)
        #expect(r.perLabel.count == 4)
        #expect(r.confusion.values.reduce(0) { $0 + $1.values.reduce(0, +) } == r.recognitions)
        #expect(r.seed == 11)
    }

    /// A fixed combination takes the fused path (pair distances once per unit); it must
    /// recognize exactly as a combined matcher built for every draw, on strokes noisy
    /// enough to be confused, under both protocols.
    @Test func aFixedCombinationFusedRecognizesAsTheBuiltMatcher() {
        var rng = SeededGenerator(seed: 21)
        let noisy = Dataset(MatcherFixtures.dataset(perGroup: 4).samples.map { s in
            var s = s
            s.gesture = s.gesture.mapPoints { Point(x: $0.x + Double.random(in: -30...30, using: &rng), y: $0.y + Double.random(in: -30...30, using: &rng)) }
            return s
        })
        // With and without the corner term.
        for settings in [CombinedSettings([.pPlus: 1, .jackknife: 2]), CombinedSettings([.pPlus: 1, .jackknife: 2], corner: 1)] {
            let corpus = PreparedCorpus<CombinedMatcher>(noisy, settings: settings)
            let options = MatcherProtocolOptions(templatesPerClass: [1, 2], trials: 4, seed: 5)
            for dependent in [true, false] {
                let fused = dependent ? MatcherEvaluation.userDependent(corpus, settings: settings, options: options)
                    : MatcherEvaluation.userIndependent(corpus, settings: settings, options: options)
                let built = MatcherEvaluation.buildingMatchers(corpus, settings: settings, options: options, progress: nil, userDependent: dependent)
                #expect(fused.recognitions == built.recognitions && fused.recognitions > 0)
                #expect(fused.confusionByTemplates == built.confusionByTemplates)
                #expect(fused.accuracy == built.accuracy)
                #expect(fused.algorithm == built.algorithm && fused.settings == built.settings)
                #expect((fused.accuracy["1"] ?? 1) < 1, "the noise should cause some confusions")
            }
        }
    }

    @Test func sameSeedSameReportDifferentSeedDifferentDraws() throws {
        let corpus = PreparedCorpus<DollarOneMatcher>(MatcherFixtures.dataset(), settings: .default)
        let o = MatcherProtocolOptions(templatesPerClass: [1], trials: 3, seed: 5)
        let a = MatcherEvaluation.userIndependent(corpus, settings: .default, options: o)
        let b = MatcherEvaluation.userIndependent(corpus, settings: .default, options: o)
        #expect(a.confusion == b.confusion)
        #expect(a.accuracy == b.accuracy)
        #expect(a.evaluationProtocol == "user-independent")
        let json = String(decoding: try JSONEncoder().encode(a), as: UTF8.self)
        for key in ["\"accuracy\"", "\"trials\"", "\"recognitions\"", "\"perLabel\"", "\"confusion\"", "\"seed\"", "\"protocol\""] {
            #expect(json.contains(key))
        }
    }

    @Test func progressReachesTheTotal() {
        let corpus = PreparedCorpus<PDollarMatcher>(MatcherFixtures.dataset(perGroup: 3), settings: .default)
        final class Seen: @unchecked Sendable { var last = (0, 0); let lock = NSLock() }
        let seen = Seen()
        _ = MatcherEvaluation.userDependent(corpus, settings: .default,
                                            options: MatcherProtocolOptions(templatesPerClass: [1], trials: 1, seed: 1)) { done, total in
            seen.lock.lock(); seen.last = (done, total); seen.lock.unlock()
        }
        #expect(seen.last.0 == seen.last.1)
        #expect(seen.last.1 == 6)  // 3 subjects × 2 speeds
    }

    @Test func syntheticVariantsMultiplyTheTemplates() {
        let data = MatcherFixtures.dataset(perGroup: 2)
        let v = TemplateVariants(rotationsDegrees: [-10, 10], stretchesX: [1.1])
        #expect(v.variants(of: data.samples[0].gesture).count == 4)
        let corpus = PreparedCorpus<ProtractorMatcher>(data, settings: .default, variants: v)
        let m = corpus.matcher(templates: [0, 1], settings: .default)
        #expect(m.names.count == 8)
    }

    /// A small slice of the acceptance protocol on the real logs (the full grid is a CLI run).
    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func protractorUserDependentOnTwoSubjectsOfTheDollarOneLogs() throws {
        let data = try #require(try DatasetLocator.dollarOne())
        let subset = data.filter { ($0.subject == "2" || $0.subject == "3") && $0.speed == "medium" }
        #expect(subset.count == 320)
        let corpus = PreparedCorpus<ProtractorMatcher>(subset, settings: .default)
        let r = MatcherEvaluation.userDependent(corpus, settings: .default,
                                                options: MatcherProtocolOptions(templatesPerClass: [1, 3], trials: 10, seed: 1))
        #expect(r.recognitions == 2 * 2 * 10 * 16)
        #expect((r.accuracy["1"] ?? 0) > 0.9)
        #expect((r.accuracy["3"] ?? 0) > 0.95)
    }

    /// The distance tables change the time, never the report: the same protocols through a
    /// matcher built for every trial (tables off) give byte-identical JSON.
    @Test(arguments: [MatcherAlgorithm.dollarOne, .pDollar, .pPlus, .jackknife])
    func distanceTablesGiveTheSameReportsAsAMatcherPerTrial(algorithm: MatcherAlgorithm) throws {
        let data = MatcherFixtures.dataset(perGroup: 4)
        let options = MatcherProtocolOptions(templatesPerClass: [1, 2], trials: 4, seed: 9,
                                             variants: TemplateVariants(rotationsDegrees: [-8]))
        func reports<M: TemplateMatcher>(_ type: M.Type) throws -> [Data] {
            let settings = MatcherSettings.defaults(for: algorithm).typed(for: type)
            #expect(M.ranksByPairDistance)
            let tabled = PreparedCorpus<M>(data, settings: settings, variants: options.variants)
            let perTrial = PreparedCorpus<PerTrial<M>>(data, settings: settings, variants: options.variants)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return [
                try encoder.encode(MatcherEvaluation.userDependent(tabled, settings: settings, options: options)),
                try encoder.encode(MatcherEvaluation.userDependent(perTrial, settings: settings, options: options)),
                try encoder.encode(MatcherEvaluation.userIndependent(tabled, settings: settings, options: options)),
                try encoder.encode(MatcherEvaluation.userIndependent(perTrial, settings: settings, options: options)),
            ]
        }
        func open<M: TemplateMatcher>(_ type: M.Type) throws -> [Data] { try reports(type) }
        let r = try open(MatcherSettings.defaults(for: algorithm).matcherType)
        #expect(r[0] == r[1])
        #expect(r[2] == r[3])
    }

    /// Leave-one-label-out reads its rankings from one table of all pairs: the same study,
    /// byte for byte, as a matcher per fold (with template variants, whose forms the table
    /// keeps apart, and without, where $P fills half the table by symmetry).
    @Test(arguments: [TemplateVariants.none, TemplateVariants(rotationsDegrees: [6])])
    func leaveOneLabelOutFromTheTableEqualsAMatcherPerFold(variants: TemplateVariants) throws {
        let data = MatcherFixtures.dataset(perGroup: 3)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let tabled = PreparedCorpus<PDollarMatcher>(data, settings: .default, variants: variants)
        let perFold = PreparedCorpus<PerTrial<PDollarMatcher>>(data, settings: .default, variants: variants)
        #expect(CorpusDistanceTable(tabled, settings: .default) != nil)
        #expect(CorpusDistanceTable(perFold, settings: .default) == nil)
        let a = try encoder.encode(LeaveOneLabelOutStudy.run(tabled, settings: .default, templatesPerClass: 2, seed: 4))
        let b = try encoder.encode(LeaveOneLabelOutStudy.run(perFold, settings: .default, templatesPerClass: 2, seed: 4))
        #expect(a == b)
    }

    /// The same on a slice of the real logs, where near-ties are common.
    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)"))
    func distanceTablesGiveTheSameReportsOnTheDollarOneLogs() throws {
        let data = try #require(try DatasetLocator.dollarOne())
        let subset = data.filter { ($0.subject == "4" || $0.subject == "5") && $0.speed != "slow" }
        let options = MatcherProtocolOptions(templatesPerClass: [1, 3], trials: 6, seed: 3)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let tabled = PreparedCorpus<PDollarMatcher>(subset, settings: .default)
        let perTrial = PreparedCorpus<PerTrial<PDollarMatcher>>(subset, settings: .default)
        #expect(try encoder.encode(MatcherEvaluation.userDependent(tabled, settings: .default, options: options))
                == encoder.encode(MatcherEvaluation.userDependent(perTrial, settings: .default, options: options)))
        let d1 = PreparedCorpus<DollarOneMatcher>(subset, settings: .default)
        let d1PerTrial = PreparedCorpus<PerTrial<DollarOneMatcher>>(subset, settings: .default)
        #expect(try encoder.encode(MatcherEvaluation.userIndependent(d1, settings: .default, options: options))
                == encoder.encode(MatcherEvaluation.userIndependent(d1PerTrial, settings: .default, options: options)))
    }
}

/// A matcher evaluated the old way: the same algorithm, with distance tables turned off,
/// so protocols build a matcher for every trial.
struct PerTrial<M: TemplateMatcher>: TemplateMatcher {
    typealias Prepared = M.Prepared
    typealias Settings = M.Settings
    static var algorithm: MatcherAlgorithm { M.algorithm }
    static var ranksByPairDistance: Bool { false }
    let inner: M
    init(names: [String], templates: [Prepared], settings: Settings) { inner = M(names: names, templates: templates, settings: settings) }
    var settings: Settings { inner.settings }
    var names: [String] { inner.names }
    static func prepare(_ gesture: Gesture, settings: Settings) -> Prepared? { M.prepare(gesture, settings: settings) }
    func recognize(prepared candidate: Prepared, limit: Int?) -> [Match] { inner.recognize(prepared: candidate, limit: limit) }
    static func score(forDistance d: Double) -> Double { M.score(forDistance: d) }
}
