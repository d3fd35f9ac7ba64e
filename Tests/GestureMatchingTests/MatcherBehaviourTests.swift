import Foundation
import Testing
import GestureGeometry
@testable import GestureMatching

/// Behaviour every matcher shares, run for each algorithm.
struct MatcherBehaviourTests {
    static let library = TemplateLibrary(templates: Shapes.named.map { Template(name: $0.0, gesture: $0.1) })

    /// For a matcher that learns from several examples per label, the shapes and jittered
    /// copies of them (seeds apart from the candidates').
    static func library(for algorithm: MatcherAlgorithm) -> TemplateLibrary {
        let copies = algorithm.fewestExamplesPerClass - 1
        guard copies > 0 else { return library }
        return TemplateLibrary(templates: library.templates + Shapes.named.enumerated().flatMap { k, shape in
            (0..<copies).map { c in Template(name: shape.0, gesture: Shapes.jittered(shape.1, amount: 2, seed: UInt64(1000 + 10 * k + c))) }
        })
    }

    static func recognize(_ algorithm: MatcherAlgorithm, _ g: Gesture, limit: Int? = nil, from lib: TemplateLibrary = library) -> [Match] {
        MatcherSettings.defaults(for: algorithm).matcher(library: lib).recognize(g, limit: limit)
    }

    @Test(arguments: MatcherAlgorithm.allCases)
    func aTemplateMatchesItselfWithScoreOne(algorithm: MatcherAlgorithm) throws {
        for (name, g) in Shapes.named {
            let best = try #require(Self.recognize(algorithm, g, limit: 1).first)
            #expect(best.name == name)
            // $1's golden-section search stops within 2° of the best angle, so a template
            // matched with itself is off by a fraction of a degree: under 1 unit of 250.
            let tolerance = algorithm == .dollarOne ? 1.0 : 1e-3
            #expect(best.distance < tolerance, "\(algorithm) \(name) distance \(best.distance)")
            #expect(best.score > 0.99)
        }
    }

    @Test(arguments: MatcherAlgorithm.allCases)
    func scaledTranslatedJitteredCopiesAreRecognized(algorithm: MatcherAlgorithm) throws {
        for (k, (name, g)) in Shapes.named.enumerated() {
            let moved = Shapes.jittered(g.scaled(x: 1.7, y: 1.7).translated(by: Point(x: 300, y: -40)), amount: 2, seed: UInt64(k))
            #expect(Self.recognize(algorithm, moved, limit: 1, from: Self.library(for: algorithm)).first?.name == name, "\(algorithm) \(name)")
        }
    }

    @Test(arguments: MatcherAlgorithm.allCases)
    func matchesAreRankedClosestFirstWithScoresInZeroOne(algorithm: MatcherAlgorithm) {
        let matches = Self.recognize(algorithm, Shapes.jittered(Shapes.check, amount: 3, seed: 9))
        #expect(matches.count == Shapes.named.count)
        for (a, b) in zip(matches, matches.dropFirst()) {
            #expect(a.distance <= b.distance)
            #expect(a.score >= b.score)
        }
        #expect(matches.allSatisfy { $0.score >= 0 && $0.score <= 1 && $0.distance >= 0 })
        #expect(Set(matches.map(\.templateIndex)).count == matches.count)
    }

    // Edge-case ladder: empty → one point → two identical points → collinear.
    @Test(arguments: MatcherAlgorithm.allCases)
    func degenerateCandidatesNeverCrash(algorithm: MatcherAlgorithm) {
        #expect(Self.recognize(algorithm, Gesture([])).isEmpty)
        #expect(Self.recognize(algorithm, Gesture([Stroke([])])).isEmpty)
        // A tap (one point, or points in one place) and non-finite input have no shape: no match.
        #expect(Self.recognize(algorithm, Gesture(points: [Point(x: 3, y: 3)])).isEmpty)
        #expect(Self.recognize(algorithm, Gesture(points: [Point(x: 3, y: 3), Point(x: 3, y: 3)])).isEmpty)
        #expect(Self.recognize(algorithm, Gesture(points: [Point(x: 0, y: 0), Point(x: .nan, y: 4)])).isEmpty)
        for g in [Gesture(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 0)])] {
            let m = Self.recognize(algorithm, g)
            #expect(m.count == Shapes.named.count)
            #expect(m.allSatisfy { $0.distance.isFinite && $0.score.isFinite })
        }
    }

    @Test(arguments: MatcherAlgorithm.allCases)
    func anEmptyTemplateSetGivesNoMatches(algorithm: MatcherAlgorithm) {
        let empty = TemplateLibrary(templates: [])
        #expect(MatcherSettings.defaults(for: algorithm).matcher(library: empty).recognize(Shapes.check).isEmpty)
    }
}

struct DollarOneMatcherTests {
    @Test func rotationWithinTheSearchRangeIsFound() throws {
        let m = DollarOneMatcher(library: MatcherBehaviourTests.library, settings: .default)
        let rotated = Shapes.zigzag.rotated(by: 25 * .pi / 180)
        let best = try #require(m.recognize(rotated, limit: 1).first)
        #expect(best.name == "zigzag")
        #expect(best.score > 0.9)
    }

    @Test func scoreIsThePapersFormula() {
        #expect(abs(DollarOneMatcher.score(forDistance: 0) - 1) < 1e-12)
        let half = 0.5 * (2 * 250.0 * 250.0).squareRoot()
        #expect(abs(DollarOneMatcher.score(forDistance: half / 2) - 0.5) < 1e-12)
        #expect(DollarOneMatcher.score(forDistance: 10 * half) == 0)
    }
}

struct PDollarMatcherTests {
    @Test func strokeOrderAndDirectionDoNotMatter() throws {
        // An "X" drawn as two strokes, in either order and direction.
        let a = Gesture([Stroke([Point(x: 0, y: 0), Point(x: 100, y: 100)]), Stroke([Point(x: 100, y: 0), Point(x: 0, y: 100)])])
        let b = Gesture([Stroke([Point(x: 0, y: 100), Point(x: 100, y: 0)]), Stroke([Point(x: 100, y: 100), Point(x: 0, y: 0)])])
        let lib = TemplateLibrary(templates: [Template(name: "x", gesture: a), Template(name: "circle", gesture: Shapes.circle())])
        let best = try #require(PDollarMatcher(library: lib, settings: .default).recognize(b, limit: 1).first)
        #expect(best.name == "x")
        #expect(best.distance < 0.5)
    }

    @Test func earlyStoppingNeverChangesTheBestMatch() {
        let lib = MatcherBehaviourTests.library
        let m = PDollarMatcher(library: lib, settings: .default)
        for seed in 0..<6 {
            let g = Shapes.jittered(Shapes.named[seed].1, amount: 6, seed: UInt64(seed))
            let all = m.recognize(g, limit: nil)
            let one = m.recognize(g, limit: 1)
            #expect(one.first?.templateIndex == all.first?.templateIndex)
            #expect(abs((one.first?.distance ?? 0) - (all.first?.distance ?? 1)) < 1e-12)
        }
    }
}
