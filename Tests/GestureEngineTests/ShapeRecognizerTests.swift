import Foundation
import Testing
import GestureData
import GestureDetectors
import GestureGeometry
import GestureTestSupport
@testable import GestureEngine

/// The check-mark and circle recognizers from GestureDetectors, hosted by StrokeRecognizer.
struct ShapeRecognizerTests {
    func checkmark(_ d: DetectorDecision = .streaming) -> StrokeRecognizer<ShapeStrokeDetector<CheckmarkDetector>> {
        StrokeRecognizer(name: "checkmark", detector: ShapeStrokeDetector<CheckmarkDetector>(thresholds: .checkPlease, decision: d))
    }

    func replay(_ gestures: [SyntheticGesture], seed: UInt64 = 21, _ arena: GestureArena) throws -> [GestureActivation] {
        var g = SyntheticSessionGenerator(seed: seed)
        let s = g.session(gestures)
        return try SessionReplayer.replay(s.events, through: arena).activations.filter(\.isActivation)
    }

    @Test func aCheckMarkFiresWhileTheFingerMovesWhenStreaming() throws {
        var g = SyntheticSessionGenerator(seed: 21)
        let s = g.session([.checkmark])
        let fired = try SessionReplayer.replay(s.events, through: GestureArena([checkmark()])).activations
        let lift = try #require(s.events.last?.t)
        #expect(fired.map(\.recognizer) == ["checkmark"])
        #expect(try #require(fired.first?.time) < lift)
    }

    @Test func decidingAtTheEndFiresWhenTheFingerLifts() throws {
        var g = SyntheticSessionGenerator(seed: 21)
        let s = g.session([.checkmark])
        let fired = try SessionReplayer.replay(s.events, through: GestureArena([checkmark(.end)])).activations
        #expect(fired.map(\.time) == [try #require(s.events.last?.t)])
    }

    @Test func aCheckMarkDrawnWhileAPanIsActiveDoesNotFireBoth() throws {
        let fired = try replay([.checkmark], GestureArena([PanRecognizer(name: "pan"), checkmark()]))
        #expect(fired.map(\.recognizer) == ["pan"])
    }

    @Test func unlessSimultaneityAllowsIt() throws {
        let arena = GestureArena([PanRecognizer(name: "pan"), checkmark()])
        arena.allowSimultaneous("pan", "checkmark")
        let fired = try replay([.checkmark], arena)
        #expect(Set(fired.map(\.recognizer)) == ["pan", "checkmark"])
    }

    @Test func aPanWaitingForTheCheckMarkLetsItWinAndStillPansOtherwise() throws {
        let arena = GestureArena([PanRecognizer(name: "pan"), checkmark()])
        arena.require("pan", toFail: "checkmark")
        let fired = try replay([.checkmark, .diagonalFlick], arena)
        #expect(fired.map(\.recognizer) == ["checkmark", "pan"])
    }

    @Test func aCircleIsRecognizedByTheShippedThresholds() throws {
        let url = DatasetLocator.packageRoot.appendingPathComponent("templates/circle.json")
        let thresholds = try JSONDecoder().decode(CircleThresholds.self, from: Data(contentsOf: url))
        let arena = GestureArena([StrokeRecognizer(name: "circle", detector: ShapeStrokeDetector<CircleDetector>(thresholds: thresholds, decision: .end))])
        let fired = try replay([.circle, .checkmark, .pan], arena)
        #expect(fired.map(\.recognizer) == ["circle"])
    }

    @Test func configurationsNamePresetsFilesOrInlineThresholds() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        try JSONEncoder().encode(CheckmarkThresholds.checkPlease).write(to: dir.url.appendingPathComponent("c.json"))
        let json = """
        {"format": "gesturelab.recognizers/1", "recognizers": [
          {"name": "a", "type": "checkmark"},
          {"name": "b", "type": "checkmark", "thresholds": "c.json", "decide": "end"},
          {"name": "c", "type": "circle", "thresholds": "sadunShapeOnly"},
          {"name": "d", "type": "checkmark", "thresholds": {"format": "gesturelab.checkmark/1", "rule": "checkPlease",
                                                          "checkPlease": {"minAngle": 40, "maxAngle": 140, "minLength": 20}}}]}
        """
        let config = try RecognizerConfiguration.decode(Data(json.utf8), file: "cfg.json") { name in
            try Data(contentsOf: dir.url.appendingPathComponent(name))
        }
        #expect(config.recognizers.map(\.spec.typeName) == ["checkmark", "checkmark", "circle", "checkmark"])
        // Defaults: the check mark decides mid-move (CheckPlease), the circle at touch end (Sadun).
        guard case .detector(let a, .streaming) = config.recognizers[0].spec, a.kind == .checkmark,
              case .detector(let b, .end) = config.recognizers[1].spec, b.kind == .checkmark,
              case .detector(let anyC, .end) = config.recognizers[2].spec, let c = anyC.typed(CircleDetector.self),
              case .detector(let anyD, _) = config.recognizers[3].spec, let d = anyD.typed(CheckmarkDetector.self) else {
            Issue.record("wrong specs"); return
        }
        #expect(c == .sadunShapeOnly)
        #expect(d.rule == .book(CheckPleaseRule(minAngle: 40, maxAngle: 140, minLength: 20)))
        #expect(try RecognizerConfiguration.decode(try config.encoded(), file: "x") == config)
    }

    /// General-shape thresholds trained for `check` stand for the check mark (role): a
    /// `"type": "checkmark"` entry takes them, named and encoded as the check mark, deciding
    /// at touch end as the general detector does; thresholds for another label are refused.
    @Test func generalThresholdsForCheckStandForTheCheckMark() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let box = FeatureBox(["selfIntersections": FeatureInterval(upper: 0.5), "cornerCount": FeatureInterval(lower: 0.5, upper: 2.5)])
        for label in ["check", "v"] {
            let t = DetectorKind.shape.trained(settings: GeneralShapeDetector.defaultSettings, box: box, label: label)
            try t.encoded().write(to: dir.url.appendingPathComponent("\(label).json"))
        }
        let json = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "c", "type": "checkmark", "thresholds": "check.json"}]}"#
        let config = try RecognizerConfiguration.decode(Data(json.utf8), file: "cfg.json") { try Data(contentsOf: dir.url.appendingPathComponent($0)) }
        guard case .detector(let t, let decision) = config.recognizers[0].spec else { Issue.record("not a detector"); return }
        #expect(t.kind == .shape && t.role == .checkmark && t.label == "check" && decision == .end)
        #expect(config.recognizers[0].spec.typeName == "checkmark")
        #expect(try RecognizerConfiguration.decode(try config.encoded(), file: "x") == config)
        var g = SyntheticSessionGenerator(seed: 21)
        let fired = try SessionReplayer.replay(g.session([.checkmark]).events, through: config.makeArena()).activations
        #expect(fired.map(\.recognizer) == ["c"], "a two-leg stroke with one corner")

        let other = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "c", "type": "checkmark", "thresholds": "v.json"}]}"#
        #expect {
            try RecognizerConfiguration.decode(Data(other.utf8), file: "cfg.json") { try Data(contentsOf: dir.url.appendingPathComponent($0)) }
        } throws: { error in
            let text = "\(error)"
            return text.contains("recognizers[0].thresholds") && text.contains("'v'") && text.contains("label")
        }
        #expect(DetectorKind.shape.trained(settings: GeneralShapeDetector.defaultSettings, box: box, label: "zig_zag").role == .shape)
    }

    @Test(arguments: [
        (#"{"name": "a", "type": "checkmark", "thresholds": "missing.json"}"#, "recognizers[0].thresholds"),
        (#"{"name": "a", "type": "circle", "thresholds": {"format": "gesturelab.circle/9"}}"#, "recognizers[0].thresholds"),
        (#"{"name": "a", "type": "circle", "decide": "later"}"#, "recognizers[0].decide"),
    ])
    func badDetectorSettingsNameTheField(recognizer: String, field: String) {
        let json = #"{"format": "gesturelab.recognizers/1", "recognizers": ["# + recognizer + "]}"
        do {
            _ = try RecognizerConfiguration.decode(Data(json.utf8), file: "cfg.json")
            Issue.record("no error")
        } catch {
            #expect("\(error)".contains(field), "\(error)")
        }
    }
}

/// The general shape detector in a configuration: `{"type": "shape", "thresholds": …}`.
struct GeneralShapeRecognizerTests {
    /// A hand-made box that accepts closed one-loop strokes, labelled "loop".
    static let loopThresholds = #"{"format": "gesturelab.shape/1", "rule": "trained", "label": "loop", "box": {"intervals": {"closure": {"upper": 0.25, "scale": 0.1}, "absoluteRevolutions": {"lower": 0.8, "upper": 1.3, "scale": 0.1}}}}"#

    func replay(_ config: String, _ gestures: [SyntheticGesture]) throws -> [GestureActivation] {
        let c = try RecognizerConfiguration.decode(Data(config.utf8), file: "shape.json")
        var g = SyntheticSessionGenerator(seed: 21)
        let s = g.session(gestures)
        return try SessionReplayer.replay(s.events, through: c.makeArena()).activations.filter(\.isActivation)
    }

    @Test func aShapeRecognizerFiresOnItsLabelAtTheEndAndReportsIt() throws {
        let config = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "loop", "type": "shape", "thresholds": "#
            + Self.loopThresholds + "}]}"
        let fired = try replay(config, [.circle, .checkmark, .diagonalFlick, .circle])
        #expect(fired.map(\.recognizer) == ["loop", "loop"])
        #expect(fired.allSatisfy { $0.values.match == "loop" })
        // The configuration encodes the thresholds inline and decodes to the same thing.
        let c = try RecognizerConfiguration.decode(Data(config.utf8), file: "shape.json")
        let again = try RecognizerConfiguration.decode(try c.encoded(), file: "again.json")
        #expect(again == c)
        guard case .detector(let any, let d)? = c.recognizers.first?.spec, let t = any.typed(GeneralShapeDetector.self) else {
            Issue.record("not a shape spec"); return
        }
        #expect(t.label == "loop" && d == .end)
    }

    @Test func aShapeRecognizerNeedsThresholdsOfItsOwnFormat() {
        for (thresholds, message) in [("", "thresholds': missing"),
                                      (#", "thresholds": {"format": "gesturelab.circle/1", "rule": "sadun", "sadun": {}}"#, "gesturelab.circle/1")] {
            let config = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "loop", "type": "shape""# + thresholds + "}]}"
            #expect {
                try RecognizerConfiguration.decode(Data(config.utf8), file: "shape.json")
            } throws: { "\($0)".contains(message) && "\($0)".contains("shape.json") }
        }
    }
}
