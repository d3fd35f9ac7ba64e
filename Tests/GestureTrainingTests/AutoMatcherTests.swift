import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureMatching
@testable import GestureTraining

/// `--algorithm auto`: inner validation on the training data alone.
struct AutoMatcherTests {
    @Test func everySingleCandidateIsARegisteredAutoCandidate() {
        let singles = AutoMatcher.singles.map(\.algorithm)
        #expect(singles == MatcherAlgorithm.allCases.filter { $0.settingsType.isAutoCandidate })
        #expect(!singles.contains(.combined))
        for multi in [false, true] {
            let c = AutoMatcher.candidates(multistroke: multi)
            #expect(Set(c).count == c.count)
            #expect(AutoMatcher.singles.allSatisfy(c.contains))
        }
        #expect(AutoMatcher.candidates(multistroke: true).first == .pPlus(.default))
        #expect(AutoMatcher.candidates(multistroke: false).first == .combined(.default))
    }

    @Test func choosesOverPeopleAndReportsEveryCandidate() {
        let data = MatcherFixtures.dataset(perGroup: 4)
        let r = AutoMatcher.choose(data.samples, templatesPerClass: 2, seed: 3)
        #expect(r.recognitions > 0)
        #expect(r.validation.contains("people"))
        #expect(r.candidates.count == AutoMatcher.candidates(multistroke: false).count)
        let best = r.candidates.values.max() ?? 0
        #expect((r.candidates[r.chosen.description] ?? -1) >= best - Double(AutoMatcher.tolerance) / Double(r.recognitions) - 1e-12)
        #expect(r.summary.hasPrefix(r.chosen.description))
    }

    @Test func oneExamplePerLabelTakesThePreferenceOrder() {
        let one = MatcherFixtures.shapes.map { Sample(gesture: Gesture([Stroke($0.1)]), label: $0.0, subject: "1") }
        let r = AutoMatcher.choose(one, templatesPerClass: 5, seed: 1)
        #expect(r.recognitions == 0 && r.candidates.isEmpty)
        #expect(r.chosen == .combined(.default))
    }

    /// One person with K examples per label: every example is recognized exactly once,
    /// against the label's other examples; a label with more than K + 1 examples gives K
    /// templates a round and has the rest recognized; a lone example is a template only.
    @Test func onePersonLeavesEachExampleOutOnce() {
        // Labels a, b: 5 examples each (K = 5); c: 9 examples; d: 1 example.
        let labels = Array(repeating: "a", count: 5) + Array(repeating: "b", count: 5) + Array(repeating: "c", count: 9) + ["d"]
        var rng = SeededGenerator(seed: 9)
        let (episodes, validation) = AutoMatcher.episodes(labels: labels, subjects: labels.map { _ in "1" }, k: 5, using: &rng)
        #expect(episodes.count == 5)
        #expect(validation.contains("one person"))
        var tested: [Int: Int] = [:]
        for e in episodes {
            #expect(Set(e.templates).isDisjoint(with: e.tests))
            #expect(e.templates.contains(19))
            for t in e.tests { tested[t, default: 0] += 1 }
            for label in ["a", "b"] { #expect(e.templates.filter { labels[$0] == label }.count == 4) }
            #expect(e.templates.filter { labels[$0] == "c" }.count == 5)
            #expect(e.tests.filter { labels[$0] == "c" }.count == 4)
        }
        #expect((0..<10).allSatisfy { tested[$0] == 1 })
        #expect(tested[19] == nil)
    }

    /// Two strokes drawn in either order: a matcher blind to stroke order wins.
    @Test func multistrokeDataDrawnInAnyOrderChoosesAnOrderBlindMatcher() {
        var samples: [Sample] = []
        var rng = SeededGenerator(seed: 4)
        func line(_ a: (Double, Double), _ b: (Double, Double)) -> Stroke {
            Stroke((0...10).map { i in
                let t = Double(i) / 10
                return Point(x: a.0 + (b.0 - a.0) * t + Double.random(in: -1...1, using: &rng), y: a.1 + (b.1 - a.1) * t + Double.random(in: -1...1, using: &rng))
            })
        }
        for k in 0..<8 {
            let flip = k % 2 == 1
            let plus = [line((0, 50), (100, 50)), line((50, 0), (50, 100))]
            let tee = [line((0, 0), (100, 0)), line((50, 0), (50, 100))]
            let ex = [line((0, 0), (100, 100)), line((100, 0), (0, 100))]
            for (name, strokes) in [("plus", plus), ("tee", tee), ("x", ex)] {
                samples.append(Sample(gesture: Gesture(flip ? strokes.reversed() : strokes), label: name, subject: "1"))
            }
        }
        let r = AutoMatcher.choose(samples, templatesPerClass: 1, seed: 2)
        #expect(r.multistrokeShare == 1)
        #expect([MatcherAlgorithm.pPlus, .qDollar, .pDollar].contains(r.chosen.algorithm), "\(r.summary)")
    }

    /// Templates from one dataset, scoring on another: only the first dataset's samples
    /// are scored, and a matcher whose templates come from a disjoint vocabulary scores nothing.
    @Test func trainDatasetSamplesAreTemplatesOnly() {
        let data = MatcherFixtures.dataset(perGroup: 3)
        let options = MatcherProtocolOptions(templatesPerClass: [1], trials: 2, seed: 1)
        let crossed = PreparedCorpus<PPlusMatcher>(data.adding(training: data), settings: .default)
        let r = MatcherEvaluation.userIndependent(crossed, settings: .default, options: options)
        let plain = MatcherEvaluation.userIndependent(PreparedCorpus<PPlusMatcher>(data, settings: .default), settings: .default, options: options)
        #expect(r.subjects == plain.subjects)
        #expect(r.recognitions > 0)
        let renamed = Dataset(data.samples.map { var s = $0; s.label = "other-" + (s.label ?? ""); return s })
        let disjoint = MatcherEvaluation.userIndependent(PreparedCorpus<PPlusMatcher>(data.adding(training: renamed), settings: .default),
                                                         settings: .default, options: options)
        #expect(disjoint.recognitions == 0)
    }
}
