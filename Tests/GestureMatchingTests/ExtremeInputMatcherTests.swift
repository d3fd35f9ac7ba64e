import Foundation
import Testing
import GestureGeometry
import GestureMatching

/// Matchers on finite but extreme coordinates (issue 8): arithmetic may overflow, but a
/// degenerate gesture must never score as a perfect match.
struct ExtremeInputMatcherTests {
    static let extreme = Gesture([Stroke([Point(x: -1e308, y: 1e308), Point(x: 1e308, y: -1e308), Point(x: 0, y: 5e-324)])])
    static let check = Gesture([Stroke((0..<30).map { i -> Point in
        let x = Double(i) * 4
        return Point(x: x, y: i < 10 ? 100 + x : 140 - (x - 40) * 2)
    })])
    static let line = Gesture([Stroke((0..<20).map { Point(x: Double($0) * 10, y: 5) })])

    @Test func overflowingTemplateDoesNotMatchEverythingPerfectly() {
        // Found by FuzzRecognizers: the overflowing template's vector was NaN, and its
        // distance came out 0 (score 1) against every candidate.
        let library = TemplateLibrary(templates: [Template(name: "extreme", gesture: Self.extreme),
                                                  Template(name: "line", gesture: Self.line)])
        let matcher = ProtractorMatcher(library: library, settings: .default)
        for path in ScoringPath.allCases {
            guard let p = ProtractorMatcher.prepare(Self.check, settings: .default) else {
                Issue.record("check mark not prepared"); return
            }
            let matches = matcher.recognize(prepared: p, limit: nil, path: path)
            let extreme = matches.first { $0.name == "extreme" }
            #expect(extreme?.distance == Double.pi / 2, "\(path): \(matches)")
            #expect(extreme?.score == 0.5, "\(path): \(matches)")
            #expect(matches.map(\.distance) == matches.map(\.distance).sorted(), "\(path): \(matches)")
        }
    }

    @Test func overflowingCandidateIsFarFromEveryTemplate() {
        let library = TemplateLibrary(templates: [Template(name: "check", gesture: Self.check),
                                                  Template(name: "line", gesture: Self.line)])
        let matches = ProtractorMatcher(library: library, settings: .default).recognize(Self.extreme, limit: nil)
        #expect(matches.count == 2)
        #expect(matches.allSatisfy { $0.distance == Double.pi / 2 && $0.score == 0.5 }, "\(matches)")
    }

    @Test func everyMatcherGivesScoresInRangeOnExtremeInput() {
        let library = TemplateLibrary(templates: [Template(name: "extreme", gesture: Self.extreme),
                                                  Template(name: "check", gesture: Self.check)])
        for candidate in [Self.extreme, Self.check, Self.line] {
            let all = DollarOneMatcher(library: library, settings: .default).recognize(candidate, limit: nil)
                + PDollarMatcher(library: library, settings: .default).recognize(candidate, limit: nil)
                + ProtractorMatcher(library: library, settings: .default).recognize(candidate, limit: nil)
            #expect(all.allSatisfy { $0.score >= 0 && $0.score <= 1 && !$0.score.isNaN }, "\(all)")
        }
    }
}
