import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureEngine

/// The picture of a session: paths by finger, a time line per finger and per recognizer,
/// activations marked.
struct SessionSVGTests {
    /// A two-finger pinch (ids 1 and 2, spreading), then a one-finger tap (id 1 again).
    static let events: [TouchSessionEvent] = {
        func line(_ t: Double, _ phase: TouchSessionPhase, _ touches: [(Int, Double, Double)]) -> TouchSessionEvent {
            TouchSessionEvent(t: t, phase: phase, touches: touches.map { TouchSessionTouch(id: $0.0, x: $0.1, y: $0.2) })
        }
        var e = [line(0, .began, [(1, 100, 200), (2, 200, 200)])]
        for s in 1...20 {
            let d = 50 * Double(s) / 20
            e.append(line(0.02 * Double(s), .moved, [(1, 100 - d, 200), (2, 200 + d, 200)]))
        }
        e.append(line(0.45, .ended, [(1, 50, 200), (2, 250, 200)]))
        e.append(line(1.0, .began, [(1, 150, 120)]))
        e.append(line(1.06, .ended, [(1, 150, 120)]))
        return e
    }()

    static func replayed() throws -> (SessionReplayer.Result, RecognizerConfiguration) {
        let json = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "tap", "type": "tap"}, {"name": "pinch", "type": "pinch"}]}"#
        let config = try RecognizerConfiguration.decode(Data(json.utf8), file: "test")
        let result = try SessionReplayer.replay(Self.events, through: config.makeArena(startTime: 0))
        return (result, config)
    }

    @Test func touchesGetTheLowestFreeFingerAndAReusedIdIsANewTouch() {
        let paths = SessionSVG.paths(Self.events)
        #expect(paths.map(\.id) == [1, 2, 1])
        #expect(paths.map(\.finger) == [0, 1, 0])
        #expect(paths[0].points.count == 22 && paths[2].points.count == 2)
        #expect(SessionSVG.touchCount(Self.events) == 3)
    }

    @Test func thePictureHasAPathPerTouchARowPerFingerAndRecognizerAndAMarkPerActivation() throws {
        let (result, config) = try Self.replayed()
        #expect(result.activations.filter(\.isActivation).map(\.recognizer).sorted() == ["pinch", "tap"])
        let svg = SessionSVG.render(Self.events, activations: result.activations, recognizers: config.recognizers.map(\.name))
        func count(_ s: String) -> Int { svg.components(separatedBy: s).count - 1 }
        #expect(count("<polyline class=\"touch\"") == 3)
        #expect(count("<circle class=\"start\"") == 3)
        #expect(count("class=\"down\"") == 3)
        #expect(svg.contains(">finger 1<") && svg.contains(">finger 2<") && !svg.contains(">finger 3<"))
        #expect(svg.contains(">tap</text>") && svg.contains(">pinch</text>"))
        #expect(count("<circle class=\"fired\"") == 2)
        #expect(count("<circle class=\"activation\"") == 2)         // both carry a location
        // Finger 2's path is in the second colour, finger 1's in the first.
        let colors = SessionSVG.Settings.default.colors
        #expect(svg.contains("stroke=\"\(colors[1])\" stroke-width=\"2.00\""))
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
    }

    @Test func anEmptySessionGivesACaptionOnly() {
        let svg = SessionSVG.render([])
        #expect(svg.contains("0 events, 0 touches"))
        #expect(!svg.contains("<polyline"))
    }
}
