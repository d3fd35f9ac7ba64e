import Foundation
import Testing
import GestureGeometry
import GestureMatching

/// Matchers on finite but extreme coordinates. Every matcher fits the gesture
/// into the unit box before its own normalization, so a shape drawn at scale 1e300 or
/// 1e-300, or stretching from -1e308 to 1e308, is compared by its shape; before that,
/// its arithmetic overflowed (a NaN vector that scored 0 against everything, then π/2).
struct ExtremeInputMatcherTests {
    static let extreme = Gesture([Stroke([Point(x: -1e308, y: 1e308), Point(x: 1e308, y: -1e308), Point(x: 0, y: 5e-324)])])
    static let check = Gesture([Stroke((0..<30).map { i -> Point in
        let x = Double(i) * 4
        return Point(x: x, y: i < 10 ? 100 + x : 140 - (x - 40) * 2)
    })])
    static let line = Gesture([Stroke((0..<20).map { Point(x: Double($0) * 10, y: 5) })])
    static let circle = Gesture([Stroke((0...40).map { i -> Point in
        let a = Double(i) / 40 * 2 * Double.pi
        return Point(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a))
    })])

    static let library = TemplateLibrary(templates: [Template(name: "check", gesture: check),
                                                     Template(name: "line", gesture: line),
                                                     Template(name: "circle", gesture: circle)])

    /// Every registered matcher with its defaults (``MatcherAlgorithm/allCases``).
    static func matchers(_ library: TemplateLibrary = library) -> [(String, (Gesture) -> [Match])] {
        MatcherAlgorithm.allCases.map { a in
            let m = a.defaultSettings.matcher(library: library)
            return (a.rawValue, { m.recognize($0, limit: nil) })
        }
    }

    /// `g` scaled by `s` about (80, 80), then moved by (`offset`, -`offset`). At scale 1.9e306
    /// the shapes span more than the largest Double: `maxX − minX` overflows.
    static func transformed(_ g: Gesture, scale s: Double, offset: Double) -> Gesture {
        g.mapPoints { Point(x: ($0.x - 80) * s + offset, y: ($0.y - 80) * s - offset, t: $0.t) }
    }

    @Test(arguments: [(1e300, 1e307), (1e-300, -1e-299), (1.9e306, 0.0)])
    func extremeScaleCopiesMatchLikeTheOriginal(scale: Double, offset: Double) {
        for (name, recognize) in Self.matchers() {
            for (label, shape) in [("check", Self.check), ("circle", Self.circle)] {
                let ordinary = recognize(shape)
                let extreme = recognize(Self.transformed(shape, scale: scale, offset: offset))
                #expect(extreme.first?.name == label, "\(name), \(label) at scale \(scale): \(extreme)")
                #expect(extreme.count == ordinary.count)
                for (a, b) in zip(ordinary, extreme) {
                    #expect(a.name == b.name && abs(a.score - b.score) < 1e-6, "\(name): \(a) vs \(b)")
                }
            }
        }
    }

    @Test func aTemplateSpanningTheWholeDoubleRangeIsAnOrdinaryShape() {
        // Found by FuzzRecognizers: this template's Protractor vector was NaN, and its
        // distance came out 0 (score 1) against every candidate.
        let library = TemplateLibrary(templates: [Template(name: "extreme", gesture: Self.extreme),
                                                  Template(name: "line", gesture: Self.line)])
        let matcher = ProtractorMatcher(library: library, settings: .default)
        let candidate = try? #require(ProtractorMatcher.prepare(Self.check, settings: .default))
        for path in ScoringPath.allCases {
            guard let candidate else { return }
            let matches = matcher.recognize(prepared: candidate, limit: nil, path: path)
            #expect(matches.count == 2)
            #expect(matches.allSatisfy { $0.distance.isFinite && $0.distance > 0.1 && $0.score < 1 }, "\(path): \(matches)")
            #expect(matches.map(\.distance) == matches.map(\.distance).sorted(), "\(path): \(matches)")
        }
        // Its own copy at an ordinary scale matches it best.
        let zigzag = Gesture([Stroke([Point(x: -1, y: 1), Point(x: 1, y: -1), Point(x: 0, y: 0)])])
        #expect(matcher.recognize(zigzag, limit: 1).first?.name == "extreme")
    }

    @Test func everyMatcherGivesScoresInRangeOnExtremeInput() {
        let library = TemplateLibrary(templates: [Template(name: "extreme", gesture: Self.extreme),
                                                  Template(name: "check", gesture: Self.check)])
        for candidate in [Self.extreme, Self.check, Self.line] {
            for (name, recognize) in Self.matchers(library) {
                let all = recognize(candidate)
                #expect(all.count == 2, "\(name)")
                #expect(all.allSatisfy { $0.score >= 0 && $0.score <= 1 && !$0.score.isNaN }, "\(name): \(all)")
            }
        }
    }

    @Test func tapsAndNonFiniteInputGiveNoMatch() {
        let tap = Gesture([Stroke([Point(x: 1e308, y: 1e308), Point(x: 1e308, y: 1e308)])])
        let nan = Gesture([Stroke([Point(x: 0, y: 0), Point(x: .nan, y: 1)])])
        for (name, recognize) in Self.matchers() {
            #expect(recognize(tap).isEmpty, "\(name)")
            #expect(recognize(nan).isEmpty, "\(name)")
        }
    }
}
