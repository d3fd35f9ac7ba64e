import Testing
import GestureData
import GestureGeometry
@testable import GestureEngine

struct SyntheticSessionTests {
    /// Every scripted gesture of a ten-minute session detected once, by its recognizer,
    /// with no repeat and no false activation.
    static func expectEachGestureOnce(_ eval: SessionEvaluation, sourceLocation: SourceLocation = #_sourceLocation) {
        let total = eval.total
        #expect(total.expected > 250, sourceLocation: sourceLocation)
        #expect(total.detected == total.expected, sourceLocation: sourceLocation)
        #expect(total.repeats == 0, sourceLocation: sourceLocation)
        #expect(total.falseActivations == 0, sourceLocation: sourceLocation)
        for c in eval.counts {
            #expect(c.missed == 0 && c.falseActivations == 0, "\(c.name): \(c.missed) missed, \(c.falseActivations) false",
                    sourceLocation: sourceLocation)
        }
    }

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
        Self.expectEachGestureOnce(eval)
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
        Self.expectEachGestureOnce(eval)
    }

    /// Ten minutes over two views side by side, each with its own full set of the
    /// standard recognizers ("left.singleTap", "right.singleTap", …): each gesture lands
    /// in one panel at random, hit-testing routes it there, and only that panel's
    /// recognizer may fire.
    @Test func tenMinutesOverTwoSideBySideViewsFireOnlyInTheirPanel() throws {
        var g = SyntheticSessionGenerator(seed: 77)
        let s = g.session(duration: 600, mix: SyntheticGesture.standardMix + [.diagonalFlick])
        // The generator draws in x 80…300 (a pinch's fingers reach about 110 beyond):
        // the left panel is x −500…500, the right one x 500…1500 and gets gestures moved
        // 1000 points right.
        var rng = SeededGenerator(seed: 5)
        var events = s.events
        var labels: [SessionLabels.Gesture] = []
        var k = 0
        var sideOfStart: [Double: Bool] = [:]   // gestures with two labels (pinch + rotation) share a window
        for var label in s.labels.gestures {
            let right = sideOfStart[label.start] ?? Bool.random(using: &rng)
            sideOfStart[label.start] = right
            label.name = (right ? "right." : "left.") + label.name
            labels.append(label)
            // (Session times are written to the microsecond; label times are not.)
            while k < events.count && events[k].t <= label.end + 1e-6 {
                if right && events[k].t >= label.start - 1e-6 {
                    for j in events[k].touches.indices { events[k].touches[j].x += 1000 }
                }
                k += 1
            }
        }
        #expect(labels.contains { $0.name.hasPrefix("left.") } && labels.contains { $0.name.hasPrefix("right.") })

        var config = RecognizerConfiguration(recognizers: [])
        config.views = ViewNode(name: "screen", x: -500, y: -500, width: 2000, height: 2000, subviews: [
            ViewNode(name: "left", x: 0, y: 0, width: 1000, height: 2000),
            ViewNode(name: "right", x: 1000, y: 0, width: 1000, height: 2000),
        ])
        for side in ["left", "right"] {
            for var e in RecognizerConfiguration.standard.recognizers {
                e.name = "\(side).\(e.name)"
                e.requireToFail = e.requireToFail.map { "\(side).\($0)" }
                e.view = side
                config.recognizers.append(e)
            }
            config.simultaneous += RecognizerConfiguration.standard.simultaneous.map { $0.map { "\(side).\($0)" } }
        }
        let arena = config.makeArena()
        #expect(arena.view(of: "left.pinch") == "left" && arena.view(of: "right.singleTap") == "right")
        let result = try SessionReplayer.replay(events, through: arena)
        let eval = SessionEvaluation.evaluate(result.activations, labels: SessionLabels(gestures: labels),
                                              recognizerNames: config.recognizers.map(\.name))
        Self.expectEachGestureOnce(eval)
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
