import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureMatching
import GestureTestSupport
@testable import GestureEngine

/// Template recognizers from GestureMatching, decided when the finger lifts.
struct TemplateRecognizerTests {
    static func stroke(_ pts: [(Double, Double)]) -> Gesture {
        Gesture([Stroke(pts.map { Point(x: $0.0, y: $0.1) })])
    }

    /// A V (down-right, up-right) and a horizontal zig-zag.
    static let library = TemplateLibrary(templates: [
        Template(name: "vee", gesture: stroke([(0, 0), (25, 50), (50, 0)])),
        Template(name: "zigzag", gesture: stroke([(0, 0), (20, 20), (40, 0), (60, 20), (80, 0)])),
    ])

    func symbols(labels: [String] = [], minimumScore: Double = 0.8, algorithm: MatcherAlgorithm = .protractor) -> any GestureRecognizer {
        let spec = TemplateSpec(library: Self.library, algorithm: algorithm, acceptance: .minimumScore(minimumScore), labels: labels)
        return StrokeRecognizer(name: "symbols", detector: spec.makeDetector())
    }

    func drawVee(_ s: TouchScript, at t0: Double, id: Int) throws {
        try s.send(t0, .began, [(id, 100, 100)])
        for k in 1...10 { try s.send(t0 + Double(k) * 0.02, .moved, [(id, 100 + 5 * Double(k), 100 + 10 * Double(k))]) }
        for k in 1...10 { try s.send(t0 + 0.2 + Double(k) * 0.02, .moved, [(id, 150 + 5 * Double(k), 200 - 10 * Double(k))]) }
        try s.send(t0 + 0.45, .ended, [(id, 200, 100)])
    }

    @Test(arguments: MatcherAlgorithm.allCases)
    func aTemplateFiresWhenTheFingerLiftsWithItsNameAndScore(algorithm: MatcherAlgorithm) throws {
        let s = TouchScript([symbols(algorithm: algorithm)])
        try drawVee(s, at: 1, id: 1)
        let fired = try #require(s.fired("symbols").first)
        #expect(fired.time == 1.45)
        #expect(fired.values.match == "vee")
        #expect((fired.values.score ?? 0) >= 0.8)
    }

    @Test func aMatchOutsideTheLabelsFails() throws {
        let s = TouchScript([symbols(labels: ["zigzag"])])
        try drawVee(s, at: 1, id: 1)
        #expect(s.log.isEmpty)
    }

    @Test func aPoorMatchIsRejected() throws {
        let s = TouchScript([symbols(minimumScore: 0.95)])
        // A circle matches neither template well.
        try s.send(1, .began, [(1, 150, 100)])
        for k in 1...30 {
            let a = Double(k) / 30 * 2 * Double.pi
            try s.send(1 + Double(k) * 0.02, .moved, [(1, 100 + 50 * cos(a), 100 + 50 * sin(a))])
        }
        try s.send(1.7, .ended, [(1, 150, 100)])
        #expect(s.log.isEmpty)
    }

    @Test func aTapMatchesNothing() throws {
        let s = TouchScript([symbols(minimumScore: 0.01)])
        try s.tap(at: 1, id: 1)
        #expect(s.log.isEmpty)
    }

    @Test func theShippedLibraryRecognizesASyntheticCheckMark() throws {
        let url = DatasetLocator.packageRoot.appendingPathComponent("templates/templates.json")
        let library = try TemplateLibrary.decode(Data(contentsOf: url))
        let spec = TemplateSpec(library: library, acceptance: .minimumScore(0.8), labels: ["check"])
        var g = SyntheticSessionGenerator(seed: 5)
        let session = g.session([.checkmark, .circle, .pan])
        let arena = GestureArena([StrokeRecognizer(name: "check", detector: spec.makeDetector())])
        let fired = try SessionReplayer.replay(session.events, through: arena).activations
        #expect(fired.map(\.values.match) == ["check"])
    }

    @Test func configurationsReadLibrariesAndAcceptance() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        try Self.library.encoded().write(to: dir.url.appendingPathComponent("lib.json"))
        let rejection = RejectionThresholds(algorithm: .protractor, method: "manual", thresholds: ["vee": 0.3])
        try rejection.encoded().write(to: dir.url.appendingPathComponent("rej.json"))
        func decode(_ recognizer: String) throws -> RecognizerConfiguration {
            let json = #"{"format": "gesturelab.recognizers/1", "recognizers": ["# + recognizer + "]}"
            return try RecognizerConfiguration.decode(Data(json.utf8), file: "cfg.json") { try Data(contentsOf: dir.url.appendingPathComponent($0)) }
        }
        let a = try decode(#"{"name": "s", "type": "template", "library": "lib.json", "minimumScore": 0.85, "labels": ["vee"]}"#)
        guard case .template(let t) = a.recognizers[0].spec else { Issue.record("not a template"); return }
        #expect(t.library == Self.library && t.algorithm == .protractor && t.acceptance == .minimumScore(0.85) && t.labels == ["vee"])
        #expect(try RecognizerConfiguration.decode(try a.encoded(), file: "x") == a)
        let b = try decode(#"{"name": "s", "type": "template", "library": "lib.json", "rejection": "rej.json"}"#)
        guard case .template(let r) = b.recognizers[0].spec else { Issue.record("not a template"); return }
        #expect(r.acceptance == .rejection(rejection))

        let cases: [(String, String)] = [
            (#"{"name": "s", "type": "template", "library": "lib.json"}"#, "needs minimumScore"),
            (#"{"name": "s", "type": "template", "minimumScore": 0.5}"#, "recognizers[0].library"),
            (#"{"name": "s", "type": "template", "library": "nope.json", "minimumScore": 0.5}"#, "recognizers[0].library"),
            (#"{"name": "s", "type": "template", "library": "lib.json", "minimumScore": 1.5}"#, "recognizers[0].minimumScore"),
            (#"{"name": "s", "type": "template", "library": "lib.json", "minimumScore": 0.5, "labels": ["star"]}"#, "recognizers[0].labels[0]"),
            (#"{"name": "s", "type": "template", "library": "lib.json", "rejection": "rej.json", "algorithm": "pdollar"}"#, "recognizers[0].rejection"),
            (#"{"name": "s", "type": "template", "library": "lib.json", "minimumScore": 0.5, "algorithm": "dollar2"}"#, "recognizers[0].algorithm"),
        ]
        for (json, expected) in cases {
            do {
                _ = try decode(json)
                Issue.record("no error for \(json)")
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
    }
}

/// A template recognizer that decides with a model folder's recognizer (`"model": DIR`).
struct TemplateModelConfigurationTests {
    static let model = try! ModelRecognizer(library: TemplateRecognizerTests.library, matcher: .pPlus(.default), rejection: .none)

    func decode(_ json: String, loadModel: ((String) throws -> ModelRecognizer)? = { _ in Self.model }) throws -> RecognizerConfiguration {
        try RecognizerConfiguration.decode(Data(json.utf8), file: "r.json", loadModel: loadModel)
    }

    @Test func aModelFolderIsReadThroughTheHookAndWrittenBackAsItsPath() throws {
        var asked: [String] = []
        let c = try decode(#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "mine", "type": "template", "model": "m"}]}"#,
                           loadModel: { asked.append($0); return Self.model })
        #expect(asked == ["m"])
        guard case .template(let t) = c.recognizers[0].spec, case .model(let m, let folder) = t.acceptance else {
            Issue.record("not a model template spec"); return
        }
        #expect(m == Self.model && folder == "m" && t.algorithm == .pPlus)
        let again = String(decoding: try c.encoded(), as: UTF8.self)
        #expect(again.contains(#""model" : "m""#) && !again.contains("library"), "\(again)")
        #expect(try decode(again) == c)
        // It recognizes: a V drawn again fires with the model's label.
        let s = TouchScript([StrokeRecognizer(name: "mine", detector: t.makeDetector())])
        try TemplateRecognizerTests().drawVee(s, at: 1, id: 1)
        #expect(s.fired("mine").first?.values.match == "vee")
    }

    @Test func aModelWithOtherKeysOrNoHookIsAnErrorNamingTheField() throws {
        let both = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "x", "type": "template", "model": "m", "algorithm": "protractor"}]}"#
        #expect(throws: GestureDataError.self) { try decode(both) }
        do { _ = try decode(both) } catch { #expect("\(error)".contains("recognizers[0].algorithm"), "\(error)") }
        let plain = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "x", "type": "template", "model": "m"}]}"#
        do { _ = try decode(plain, loadModel: nil); Issue.record("no error") } catch {
            #expect("\(error)".contains("recognizers[0].model"), "\(error)")
        }
    }

    @Test func rejectionThresholdsOfOtherMatcherSettingsAreRefused() throws {
        let t = RejectionThresholds(algorithm: .protractor, method: "test", thresholds: ["vee": 1, "zigzag": 1],
                                    matcher: .protractor(ProtractorSettings(points: 32, rotation: .sensitive)))
        let spec = TemplateSpec(library: TemplateRecognizerTests.library, algorithm: .protractor, acceptance: .rejection(t))
        let c = RecognizerConfiguration(recognizers: [.init(name: "x", spec: .template(spec))])
        do { try c.validate(file: "r.json"); Issue.record("no error") } catch {
            #expect("\(error)".contains("32 points, rotation sensitive") && "\(error)".contains("16 points"), "\(error)")
        }
    }
}
