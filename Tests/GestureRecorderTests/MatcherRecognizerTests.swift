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

/// A model folder's recognizer on the page: its rule decides, the verdict is in plain words.
struct ModelSampleRecognizerTests {
    @Test func theModelsThresholdsDecideAndTheVerdictNamesThem() throws {
        let settings = MatcherSettings.pPlus(.default)
        func hook(_ limit: Double) throws -> ModelSampleRecognizer {
            let t = RejectionThresholds(algorithm: .pPlus, method: "test", thresholds: ["check": limit, "circle": limit], matcher: settings)
            return ModelSampleRecognizer(try ModelRecognizer(library: MatcherRecognizerTests.library, matcher: settings,
                                                             rejection: .thresholds(t)), source: "m")
        }
        let g = MatcherRecognizerTests.gesture(RecorderFixtures.checkmark)
        let yes = try #require(try hook(1e9).recognize(g).first)
        #expect(yes.recognized == true && yes.match == "check")
        #expect(yes.detail.hasPrefix("accepted as check"), "\(yes.detail)")
        #expect(yes.measurements["threshold"] == 1e9)
        let no = try #require(try hook(-1).recognize(g).first)
        #expect(no.recognized == false && no.match == "check")
        #expect(no.detail.hasPrefix("rejected: closest check"), "\(no.detail)")
        // Degenerate input is rejected, never a crash.
        let dot = try #require(try hook(1e9).recognize(MatcherRecognizerTests.gesture([(5, 5)])).first)
        #expect(dot.recognized == false)
    }

    @Test func thresholdsOfOtherSettingsCannotMakeAModel() {
        let t = RejectionThresholds(algorithm: .pPlus, method: "test", thresholds: ["check": 1, "circle": 1],
                                    matcher: .pPlus(PPlusSettings(points: 64)))
        #expect(throws: ModelMismatch.self) {
            _ = try ModelRecognizer(library: MatcherRecognizerTests.library, matcher: .pPlus(.default), rejection: .thresholds(t))
        }
    }
}
