import Foundation
import Testing
import GestureGeometry
@testable import GestureMatching

/// The combined recognizer's corner term: how differently two gestures turn at their
/// sharpest, beside the components' scaled distances.
struct CornerTermTests {
    /// A chevron from (0, 0) to (100, 0) with its corner at (50, 60): two straight legs,
    /// a turn of 2·atan(60/50) ≈ 100° in one point.
    static var chevron: Gesture { Shapes.polyline([(0, 0), (50, 60), (100, 0)], perSegment: 30) }

    /// A circular arc with the chevron's ends, bulging the same way and turning the same
    /// 100° in all, evenly along its length.
    static var arc: Gesture {
        let half = 50.0 * Double.pi / 180, r = 50 / sin(half)
        let cy = -r * cos(half)  // the centre below the chord, so the arc bulges to +y
        return Gesture(points: (0...60).map { i in
            let a = -half + 2 * half * Double(i) / 60
            return Point(x: 50 + r * sin(a), y: cy + r * cos(a))
        })
    }

    static var line: Gesture { Shapes.polyline([(0, 0), (100, 0)], perSegment: 40) }

    @Test func sharpnessTellsACornerFromAnArcWithTheSameEnds() {
        let corner = CombinedMatcher.cornerSharpness(Self.chevron)
        let round = CombinedMatcher.cornerSharpness(Self.arc)
        // 100° in one corner is 0.56 of a half turn; the arc's 100° over 47 steps gives
        // about 6° (0.035) in any three.
        #expect(abs(corner - 100.0 / 180) < 0.05, "\(corner)")
        #expect(round < 0.06, "\(round)")
        #expect(CombinedMatcher.cornerSharpness(Self.line) < 1e-9)
        #expect(CombinedMatcher.cornerSharpness(Gesture([])) == 0)
        #expect(CombinedMatcher.cornerDistance(nil, round) == 0)
    }

    /// Turns compare by ratio: the same corner drawn a little sharper is close, a corner
    /// against an arc far, and strokes that hardly turn are held together by the floor.
    @Test func cornerDistancesAreRatiosAboveAFloor() {
        let e = CombinedMatcher.cornerFloor
        #expect(abs(CombinedMatcher.cornerDistance(0.6, 0.14) - log((0.6 + e) / (0.14 + e))) < 1e-12)
        #expect(CombinedMatcher.cornerDistance(0.14, 0.6) == CombinedMatcher.cornerDistance(0.6, 0.14))
        #expect(CombinedMatcher.cornerDistance(0.8, 0.85) < 0.06)
        #expect(CombinedMatcher.cornerDistance(0.6, 0.14) > 1)
        // The same difference of 0.05 counts less between sharp turns than between gentle ones.
        #expect(CombinedMatcher.cornerDistance(0.8, 0.85) < CombinedMatcher.cornerDistance(0.1, 0.15))
        #expect(CombinedMatcher.cornerDistance(0.02, 0.05) < 0.25)
        #expect(CombinedMatcher.cornerDistance(0.3, 0.3) == 0)
    }

    /// The fused distance with a corner weight w꜀ is the pair's weighted sum plus w꜀ times
    /// the difference of the sharpest turns, over all the weights.
    @Test func theCornerTermAddsItsWeightedDifferenceToTheFusedDistance() {
        let lib = TemplateLibrary(templates: [Template(name: "chevron", gesture: Self.chevron), Template(name: "arc", gesture: Self.arc),
                                              Template(name: "line", gesture: Self.line)])
        let pair = CombinedMatcher(library: lib, settings: CombinedSettings([.pPlus: 1, .jackknife: 1]))
        let triple = CombinedMatcher(library: lib, settings: CombinedSettings([.pPlus: 1, .jackknife: 1], corner: 2))
        #expect(pair.scales == triple.scales)
        let g = Shapes.jittered(Self.chevron, amount: 1, seed: 3)
        let sharp = CombinedMatcher.cornerSharpness(g)
        let byPair = Dictionary(uniqueKeysWithValues: pair.recognize(g).map { ($0.templateIndex, $0.distance) })
        for m in triple.recognize(g) {
            let t = CombinedMatcher.cornerSharpness(lib.templates[m.templateIndex].gesture)
            let expected = (2 * byPair[m.templateIndex]! + 2 * CombinedMatcher.cornerDistance(sharp, t)) / 4
            #expect(abs(m.distance - expected) < 1e-9, "\(m.name)")
        }
        // The chevron is pushed away from the arc: its margin over the arc grows.
        let pairMargin = byPair[1]! - byPair[0]!
        let tripleD = Dictionary(uniqueKeysWithValues: triple.recognize(g).map { ($0.templateIndex, $0.distance) })
        #expect(tripleD[1]! - tripleD[0]! > pairMargin / 2 + 0.4)
        #expect(triple.recognize(g, limit: 1).first?.name == "chevron")
        #expect(triple.recognize(Shapes.jittered(Self.arc, amount: 1, seed: 4), limit: 1).first?.name == "arc")
    }

    @Test func theCornerWeightIsSpelledAmongTheWeightsAndNeverAlone() throws {
        guard case .success(let s) = CombinedSettings.parse("jackknife:1,corner:0.5,pplus:1") else { Issue.record("did not parse"); return }
        #expect(s.corner == 0.5 && s.components.map(\.algorithm) == [.pPlus, .jackknife])
        #expect(s.argument == "pplus:1,jackknife:1,corner:0.5")
        #expect(s.totalWeight == 2.5)
        #expect(CombinedSettings.componentNames.last == "corner")
        if case .success = CombinedSettings.parse("corner:1") { Issue.record("the corner term alone accepted") }
        let json = try JSONEncoder().encode(MatcherSettings.combined(s))
        #expect(String(decoding: json, as: UTF8.self).contains(#""corner":0.5"#))
        #expect(try JSONDecoder().decode(MatcherSettings.self, from: json) == .combined(s))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm":"combined","weights":{"corner":1}}"#.utf8))
        }
        // A model folder written before the term keeps its pair, without the term.
        let old = try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm":"combined","points":32,"weights":{"pplus":1,"jackknife":1}}"#.utf8))
        #expect(old == .combined(CombinedSettings([.pPlus: 1, .jackknife: 1])))
        #expect(old.typed(for: CombinedMatcher.self).corner == 0)
    }
}
