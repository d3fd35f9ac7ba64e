import Foundation
import Testing
import GestureData
import GestureDetectors
import GestureGeometry
import GestureTestSupport
@testable import GestureEngine

/// The check-mark and circle recognizers from GestureDetectors, hosted by StrokeRecognizer.
struct ShapeRecognizerTests {
    func checkmark(_ d: DetectorDecision = .streaming) -> StrokeRecognizer<CheckmarkStrokeDetector> {
        StrokeRecognizer(name: "checkmark", detector: CheckmarkStrokeDetector(thresholds: .checkPlease, decision: d))
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
        let arena = GestureArena([StrokeRecognizer(name: "circle", detector: CircleStrokeDetector(thresholds: thresholds, decision: .end))])
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
        // Defaults (issue 14): the check mark decides mid-move (CheckPlease), the circle at touch end (Sadun).
        guard case .checkmark(_, .streaming) = config.recognizers[0].spec,
              case .checkmark(_, .end) = config.recognizers[1].spec, case .circle(let c, .end) = config.recognizers[2].spec,
              case .checkmark(let d, _) = config.recognizers[3].spec else {
            Issue.record("wrong specs"); return
        }
        #expect(c == .sadunShapeOnly)
        #expect(d.rule == .checkPlease(.init(minAngle: 40, maxAngle: 140, minLength: 20)))
        #expect(try RecognizerConfiguration.decode(try config.encoded(), file: "x") == config)
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
