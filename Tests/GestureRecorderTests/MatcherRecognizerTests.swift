import Foundation
import Testing
import GestureGeometry
import GestureMatching
import GestureRecorder
import GestureTestSupport

struct MatcherRecognizerTests {
    static func gesture(_ pts: [(Double, Double)]) -> Gesture {
        Gesture(points: pts.enumerated().map { i, p in Point(x: p.0, y: p.1, t: Double(i) * 0.02) })
    }

    static let library = TemplateLibrary(templates: [
        Template(name: "check", gesture: gesture(RecorderFixtures.checkmark)),
        Template(name: "circle", gesture: gesture(RecorderFixtures.circle)),
    ])

    @Test(arguments: MatcherAlgorithm.allCases)
    func bestMatchIsTheTemplateDrawnAgainWithItsScoreAndDistance(_ algorithm: MatcherAlgorithm) {
        let m = MatcherRecognizer(library: Self.library, algorithm: algorithm, source: "test")
        let shifted = RecorderFixtures.checkmark.map { ($0.0 * 1.3 + 40, $0.1 * 1.3 - 20) }
        let out = m.recognize(Self.gesture(shifted))
        #expect(out.count == 1)
        #expect(out.first?.kind == .matcher)
        #expect(out.first?.match == "check")
        #expect(out.first?.recognized == nil, "no rejection thresholds: no decision")
        #expect(out.first.flatMap(\.score).map { (0...1).contains($0) } == true)
        #expect(out.first?.measurements["distance"] != nil)
        #expect(out.first?.scoreMeaning != nil)
        #expect(m.recognize(Self.gesture(RecorderFixtures.circle)).first?.match == "circle")
    }

    @Test func rejectionThresholdsDecide() {
        let loose = RejectionThresholds(algorithm: .protractor, method: "test", thresholds: ["check": 10, "circle": 10])
        let none = RejectionThresholds(algorithm: .protractor, method: "test", thresholds: ["check": -1, "circle": -1])
        let g = Self.gesture(RecorderFixtures.checkmark)
        #expect(MatcherRecognizer(library: Self.library, rejection: loose, source: "t").recognize(g).first?.recognized == true)
        let rejected = MatcherRecognizer(library: Self.library, rejection: none, source: "t").recognize(g).first
        #expect(rejected?.recognized == false)
        #expect(rejected?.detail.contains("rejected") == true)
    }

    @Test(arguments: [[(Double, Double)](), [(3, 3)], [(3, 3), (3, 3)]])
    func degenerateGesturesDoNotCrash(_ pts: [(Double, Double)]) {
        for a in MatcherAlgorithm.allCases {
            let out = MatcherRecognizer(library: Self.library, algorithm: a, source: "t").recognize(Self.gesture(pts))
            #expect(out.count == 1)
            #expect(out.first.flatMap(\.score).map(\.isFinite) ?? true)
        }
    }

    @Test func anEmptyLibrarySaysThereIsNothingToMatch() {
        let out = MatcherRecognizer(library: TemplateLibrary(templates: []), source: "empty").recognize(Self.gesture(RecorderFixtures.circle))
        #expect(out.first?.recognized == false)
        #expect(out.first?.detail.contains("nothing to match") == true)
    }
}
