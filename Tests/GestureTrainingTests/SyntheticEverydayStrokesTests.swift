import Foundation
import GestureData
import GestureGeometry
import Testing
@testable import GestureTraining

struct SyntheticEverydayStrokesTests {
    @Test func sameSeedSameSamplesOtherSeedOtherSamples() {
        let a = EverydayStrokes.vocabulary(countPerFamily: 6, seed: 21)
        let b = EverydayStrokes.vocabulary(countPerFamily: 6, seed: 21)
        let c = EverydayStrokes.vocabulary(countPerFamily: 6, seed: 22)
        #expect(a == b)
        #expect(a != c)
    }

    /// Families left out are missing and every other family's samples are unchanged.
    @Test func leavingFamiliesOutChangesNoOtherFamily() {
        let all = EverydayStrokes.vocabulary(countPerFamily: 5, seed: 9)
        let without = EverydayStrokes.vocabulary(countPerFamily: 5, seed: 9, without: [.line, .scroll, .pan, .tap])
        let kept: Set<String> = ["everyday.line", "everyday.scroll", "everyday.pan", "everyday.tap"]
        #expect(without == all.filter { !kept.contains($0.label ?? "") })
        #expect(without.count == 5 * (EverydayStrokes.Family.allCases.count - 4))
    }

    @Test func aShorterRunIsAPrefixOfALongerOne() {
        for family in EverydayStrokes.Family.allCases {
            let short = EverydayStrokes.samples(of: family, count: 3, seed: 5)
            let long = EverydayStrokes.samples(of: family, count: 9, seed: 5)
            #expect(Array(long.prefix(3)) == short, "\(family)")
        }
    }

    @Test func everyFamilyIsPresentLabelledAndMarkedSynthetic() {
        let vocabulary = EverydayStrokes.vocabulary(countPerFamily: 4, seed: 3)
        #expect(vocabulary.count == 4 * EverydayStrokes.Family.allCases.count)
        for family in EverydayStrokes.Family.allCases {
            let mine = vocabulary.filter { $0.label == "everyday.\(family.rawValue)" }
            #expect(mine.count == 4, "\(family)")
            #expect(EverydayStrokes.family(ofLabel: "everyday.\(family.rawValue)") == family)
        }
        #expect(vocabulary.allSatisfy { $0.meta["synthetic"] == "everyday" })
        #expect(EverydayStrokes.family(ofLabel: "check") == nil)
    }

    @Test func pointsAreFiniteTimedAndOfRealisticSize() throws {
        for family in EverydayStrokes.Family.allCases {
            for sample in EverydayStrokes.samples(of: family, count: 40, seed: 9) {
                #expect(sample.gesture.strokes.count == 1)
                let points = sample.gesture.allPoints
                #expect(!points.isEmpty)
                #expect(points.allSatisfy { $0.isFinite && $0.t != nil && $0.t!.isFinite })
                let times = points.compactMap(\.t)
                #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "\(family): time goes back")
                let xs = points.map(\.x), ys = points.map(\.y)
                let extent = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
                switch family {
                case .tap: #expect(extent <= 8, "\(family) extent \(extent)")
                default: #expect(extent >= 20 && extent <= 340, "\(family) extent \(extent)")
                }
            }
        }
    }

    @Test(arguments: [0, -2]) func emptyOrNegativeCountGivesNone(_ n: Int) {
        #expect(EverydayStrokes.samples(of: .zigzag, count: n, seed: 1).isEmpty)
        #expect(EverydayStrokes.vocabulary(countPerFamily: n, seed: 1).isEmpty)
    }

    /// Loops are drawn along a line, not in place: the stroke's extent along its longer
    /// side is clearly more than one loop's diameter, so the family never holds a circle
    /// drawn several times over.
    @Test func loopsAdvanceAlongALine() {
        for sample in EverydayStrokes.samples(of: .loops, count: 40, seed: 13) {
            let points = sample.gesture.allPoints
            // Principal axes of the points: the long axis of an advancing coil is at
            // least 1.5 times the short one (a circle drawn in place gives about 1).
            let n = Double(points.count)
            let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
            var sxx = 0.0, syy = 0.0, sxy = 0.0
            for p in points { sxx += (p.x - mx) * (p.x - mx); syy += (p.y - my) * (p.y - my); sxy += (p.x - mx) * (p.y - my) }
            let tr = sxx + syy, det = sxx * syy - sxy * sxy
            let disc = sqrt(max(0, tr * tr / 4 - det))
            let ratio = sqrt((tr / 2 + disc) / max(tr / 2 - disc, 1e-9))
            #expect(ratio >= 1.5, "loops axis ratio \(ratio)")
        }
    }

    /// Polygons are closed strokes that go round once: the pen ends near where it began and
    /// sweeps about one full turn around the shape's centre, as a circle does; what tells
    /// them apart is where the turning happens (at corners), which training must learn.
    @Test func polygonsAreClosedAndGoRoundOnce() throws {
        for sample in EverydayStrokes.samples(of: .polygon, count: 60, seed: 17) {
            let points = sample.gesture.allPoints
            let xs = points.map(\.x), ys = points.map(\.y)
            let extent = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
            #expect(points.first!.distance(to: points.last!) <= 0.2 * extent, "not closed")
            let c = try #require(Stroke(points).centroid)
            var swept = 0.0
            for (a, b) in zip(points, points.dropFirst()) { swept += Angles.signedTurn(from: a - c, to: b - c) ?? 0 }
            let turns = abs(swept) / (2 * .pi)
            #expect(turns >= 0.8 && turns <= 1.15, "sweeps \(turns) turns")
        }
    }

    /// Zig-zags across the page advance sideways: from start to end the pen moves across
    /// (left to right or right to left) at least half the stroke's width, and goes up and
    /// down in turn, reversing at least twice (3–5 legs).
    @Test func zigzagsAcrossThePageAdvanceSidewaysUpAndDown() {
        var rightwards = 0
        let samples = EverydayStrokes.samples(of: .zigzagAcross, count: 60, seed: 19)
        for sample in samples {
            let points = sample.gesture.allPoints
            let xs = points.map(\.x), ys = points.map(\.y)
            let width = xs.max()! - xs.min()!, height = ys.max()! - ys.min()!
            let across = points.last!.x - points.first!.x
            #expect(abs(across) >= 0.5 * width, "advances \(across) of \(width)")
            if across > 0 { rightwards += 1 }
            // Reversals of the vertical way, ignoring wiggles under a tenth of the height.
            var reversals = 0, way = 0.0, turningPoint = ys[0]
            for y in ys.dropFirst() {
                let step = y - turningPoint
                if way == 0 {
                    if abs(step) > 0.1 * height { way = step.sign == .minus ? -1 : 1; turningPoint = y }
                } else if (y - turningPoint) * way > 0 {
                    turningPoint = y
                } else if abs(y - turningPoint) > 0.1 * height {
                    reversals += 1; way = -way; turningPoint = y
                }
            }
            #expect(reversals >= 2, "\(reversals) reversals")
        }
        #expect(rightwards > 15 && rightwards < 45, "\(rightwards) of 60 drawn left to right")
    }
}
