import Testing
import GestureData
@testable import GestureEngine

struct SyntheticSessionTests {
    @Test func sameSeedGivesTheSameSession() {
        var a = SyntheticSessionGenerator(seed: 3), b = SyntheticSessionGenerator(seed: 3), c = SyntheticSessionGenerator(seed: 4)
        let sa = a.session(duration: 30, mix: SyntheticGesture.standardMix)
        let sb = b.session(duration: 30, mix: SyntheticGesture.standardMix)
        let sc = c.session(duration: 30, mix: SyntheticGesture.standardMix)
        #expect(sa.events == sb.events && sa.labels == sb.labels)
        #expect(sa.events != sc.events)
    }

    @Test func generatedSessionsPassTheReader() throws {
        var g = SyntheticSessionGenerator(seed: 5)
        let s = g.session(duration: 60, mix: SyntheticGesture.standardMix + [.checkmark, .circle, .diagonalFlick])
        let back = try TouchSessionReader.decode(try TouchSessionWriter.encode(s.events), file: "synthetic")
        #expect(back == s.events)
    }

    @Test(arguments: SyntheticGesture.standardMix + [.diagonalFlick])
    func eachScriptedGestureFiresItsRecognizerOnce(gesture: SyntheticGesture) throws {
        var g = SyntheticSessionGenerator(seed: 11)
        let s = g.session([gesture])
        let config = RecognizerConfiguration.standard
        let result = try SessionReplayer.replay(s.events, through: config.makeArena())
        let fired = result.activations.filter(\.isActivation).map(\.recognizer)
        #expect(fired.sorted() == gesture.labelNames.sorted())
    }

    /// The acceptance run: ten minutes of mixed gestures through the standard screen.
    @Test func tenMinutesOfMixedGesturesAreEachRecognizedOnce() throws {
        var g = SyntheticSessionGenerator(seed: 2026)
        let s = g.session(duration: 600, mix: SyntheticGesture.standardMix + [.diagonalFlick])
        let config = RecognizerConfiguration.standard
        let result = try SessionReplayer.replay(s.events, through: config.makeArena())
        let eval = SessionEvaluation.evaluate(result.activations, labels: s.labels,
                                              recognizerNames: config.recognizers.map(\.name))
        let total = eval.total
        print("ten-minute synthetic session (seed 2026): \(result.eventCount) lines, \(result.touchCount) touches, "
              + "\(total.expected) labelled gestures, \(total.detected) detected once, \(total.missed) missed, "
              + "\(total.repeats) repeats, \(total.falseActivations) false activations")
        #expect(total.expected > 250)
        #expect(total.detected == total.expected)
        #expect(total.repeats == 0)
        #expect(total.falseActivations == 0)
        for c in eval.counts { #expect(c.missed == 0, "\(c.name) missed \(c.missed)") }
    }

    /// The same ten minutes with the recognizers spread over three nested views (taps on
    /// the canvas, swipes and long press on the content view, the rest on the screen).
    @Test func tenMinutesOverSeveralViewsAreEachRecognizedOnce() throws {
        var g = SyntheticSessionGenerator(seed: 2026)
        let s = g.session(duration: 600, mix: SyntheticGesture.standardMix + [.diagonalFlick])
        let config = RecognizerConfiguration.standardOnViews
        let arena = config.makeArena()
        #expect(arena.view(of: "singleTap") == "canvas" && arena.view(of: "swipe3") == "content" && arena.view(of: "pinch") == "screen")
        let result = try SessionReplayer.replay(s.events, through: arena)
        let eval = SessionEvaluation.evaluate(result.activations, labels: s.labels,
                                              recognizerNames: config.recognizers.map(\.name))
        let total = eval.total
        #expect(total.expected > 250)
        #expect(total.detected == total.expected)
        #expect(total.repeats == 0)
        #expect(total.falseActivations == 0)
        for c in eval.counts { #expect(c.missed == 0, "\(c.name) missed \(c.missed)") }
    }

    @Test func shapesWithoutTheirRecognizersAreCountedAsFalsePans() throws {
        var g = SyntheticSessionGenerator(seed: 9)
        let s = g.session([.checkmark, .circle])
        let config = RecognizerConfiguration.standard
        let result = try SessionReplayer.replay(s.events, through: config.makeArena())
        let eval = SessionEvaluation.evaluate(result.activations, labels: s.labels, recognizerNames: config.recognizers.map(\.name))
        #expect(eval.unknownLabelNames == ["checkmark", "circle"])
        #expect(eval.counts.first { $0.name == "pan" }?.falseActivations == 2)
        #expect(eval.total.missed == 2)
    }
}
