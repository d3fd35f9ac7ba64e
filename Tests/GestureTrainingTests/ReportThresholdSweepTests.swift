import Testing
@testable import GestureTraining

struct ReportThresholdSweepTests {
    @Test func emptySweepHasNoOperatingPoint() {
        let s = ThresholdSweep(positives: [], negatives: [], orientation: .higherIsPositive)
        #expect(s.points.isEmpty)
        #expect(s.operatingPoint(.maxF1) == nil)
        #expect(s.areaUnderCurve == nil)
    }

    @Test func separableScoresGiveAUCOneAndAPerfectPoint() throws {
        let s = ThresholdSweep(positives: [0.8, 0.9, 1.0], negatives: [0.1, 0.2], orientation: .higherIsPositive)
        #expect(try #require(s.areaUnderCurve) == 1)
        let p = try #require(s.operatingPoint(.maxF1))
        #expect(p.truePositiveRate == 1 && p.falsePositiveRate == 0)
        #expect(p.threshold > 0.2 && p.threshold < 0.8)
    }

    @Test func sweepRunsFromAcceptAllToRejectAll() throws {
        let s = ThresholdSweep(positives: [1, 2, 3], negatives: [2, 4], orientation: .higherIsPositive)
        let first = try #require(s.points.first), last = try #require(s.points.last)
        #expect(first.truePositiveRate == 1 && first.falsePositiveRate == 1)
        #expect(last.truePositiveRate == 0 && last.falsePositiveRate == 0)
        // Rates never increase along the sweep.
        for (a, b) in zip(s.points, s.points.dropFirst()) {
            #expect(b.truePositiveRate <= a.truePositiveRate && b.falsePositiveRate <= a.falsePositiveRate)
        }
    }

    @Test func distancesAcceptBelowTheThreshold() throws {
        // Distances: small is positive.
        let s = ThresholdSweep(positives: [0.1, 0.2, 0.3], negatives: [0.25, 0.9], orientation: .lowerIsPositive)
        let p = try #require(s.operatingPoint(.targetFPR(0)))
        #expect(p.falsePositiveRate == 0)
        #expect(p.counts.truePositives == 2)
        #expect(p.threshold > 0.2 && p.threshold < 0.25)
        let q = try #require(s.operatingPoint(.targetTPR(1)))
        #expect(q.truePositiveRate == 1 && q.counts.falsePositives == 1)
    }

    @Test func countsAtAGivenThresholdMatchTheRule() {
        let c = ThresholdSweep.counts(positives: [1, 2, 3], negatives: [0, 2.5, .nan], threshold: 2,
                                      orientation: .higherIsPositive)
        #expect(c == BinaryCounts(truePositives: 2, falseNegatives: 1, falsePositives: 1, trueNegatives: 1))
    }

    @Test func unreachableTargetGivesNil() {
        // Only negatives: no threshold reaches TPR 0.5.
        let s = ThresholdSweep(positives: [], negatives: [1, 2], orientation: .higherIsPositive)
        #expect(s.operatingPoint(.targetTPR(0.5)) == nil)
    }

    @Test func decimationKeepsEndsAndTheChosenPoint() throws {
        let pos = (0..<500).map { Double($0) / 500 + 0.3 }, neg = (0..<500).map { Double($0) / 500 }
        let s = ThresholdSweep(positives: pos, negatives: neg, orientation: .higherIsPositive)
        let chosen = try #require(s.operatingPoint(.maxF1))
        let d = s.decimated(maxPoints: 50, keeping: chosen)
        #expect(d.count <= 51)
        #expect(d.first == s.points.first && d.last == s.points.last)
        #expect(d.contains(chosen))
    }
}
