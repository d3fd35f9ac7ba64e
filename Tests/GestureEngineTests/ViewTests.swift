import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureEngine

/// Views and hit-testing (Sadun: Testing Touches, Testing Against a Bitmap; UIKit's
/// `hitTest(_:with:)`), and recognizers attached to views.
struct ViewTests {
    /// A 300 × 300 screen; a panel at (50, 50) holding a button at (10, 10) inside it; a
    /// ring (a square with a square hole, even-odd) at (200, 0); a badge at (0, 200) whose
    /// top-left quarter is transparent, over a card below it.
    static let screen = ViewNode(name: "screen", x: 0, y: 0, width: 300, height: 300, subviews: [
        ViewNode(name: "card", x: 0, y: 200, width: 100, height: 100),
        ViewNode(name: "badge", x: 0, y: 200, width: 100, height: 100,
                 region: .mask(width: 2, height: 2, alpha: [0, 255, 255, 255], threshold: 128)),
        ViewNode(name: "panel", x: 50, y: 50, width: 100, height: 100, subviews: [
            ViewNode(name: "button", x: 10, y: 10, width: 30, height: 30),
        ]),
        ViewNode(name: "ring", x: 200, y: 0, width: 100, height: 100, region: .path([
            Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100), Point(x: 0, y: 0),
            Point(x: 30, y: 30), Point(x: 30, y: 70), Point(x: 70, y: 70), Point(x: 70, y: 30), Point(x: 30, y: 30),
        ], rule: .evenOdd)),
    ])

    @Test func theDeepestViewUnderTheTouchIsHit() {
        let tree = ViewTree(Self.screen)
        #expect(tree.hitTest(Point(x: 65, y: 65)) == "button")      // inside the panel's button
        #expect(tree.hitTest(Point(x: 140, y: 140)) == "panel")
        #expect(tree.hitTest(Point(x: 170, y: 170)) == "screen")
        #expect(tree.hitTest(Point(x: 400, y: 10)) == nil)           // off the screen
        #expect(tree.isView("button", inside: "panel") && tree.isView("button", inside: "screen"))
        #expect(!tree.isView("panel", inside: "button") && !tree.isView("ring", inside: "panel"))
    }

    @Test func aPathWithAHoleLetsTouchesThroughTheHole() {
        let tree = ViewTree(Self.screen)
        #expect(tree.hitTest(Point(x: 210, y: 10)) == "ring")
        #expect(tree.hitTest(Point(x: 250, y: 50)) == "screen")      // the hole: the view below
        // Non-zero with both rings the same way round fills the hole; the ring above goes
        // round the other way, so non-zero leaves it open too.
        let sameWay: [Point] = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100), Point(x: 0, y: 0),
                                Point(x: 30, y: 30), Point(x: 70, y: 30), Point(x: 70, y: 70), Point(x: 30, y: 70), Point(x: 30, y: 30)]
        #expect(HitRegion.path(sameWay, rule: .nonZero).contains(Point(x: 50, y: 50), width: 100, height: 100))
        #expect(!HitRegion.path(sameWay, rule: .evenOdd).contains(Point(x: 50, y: 50), width: 100, height: 100))
        if case .path(let ring, _) = Self.screen.subviews[3].region {
            #expect(!HitRegion.path(ring, rule: .nonZero).contains(Point(x: 50, y: 50), width: 100, height: 100))
        }
    }

    @Test func aTransparentCornerOfABitmapGoesToTheViewBelow() {
        let tree = ViewTree(Self.screen)
        #expect(tree.hitTest(Point(x: 20, y: 220)) == "card")        // transparent quarter of the badge
        #expect(tree.hitTest(Point(x: 80, y: 220)) == "badge")
        #expect(tree.hitTest(Point(x: 20, y: 280)) == "badge")
    }

    @Test func hiddenViewsAndViewsWithoutInteractionTakeNoTouches() {
        var screen = Self.screen
        screen.subviews[2].subviews[0].isHidden = true
        #expect(ViewTree(screen).hitTest(Point(x: 65, y: 65)) == "panel")
        screen.subviews[2].isUserInteractionEnabled = false              // the panel and its button
        #expect(ViewTree(screen).hitTest(Point(x: 65, y: 65)) == "screen")
        #expect(ViewTree(screen).hitTest(Point(x: 140, y: 140)) == "screen")
    }

    /// A pinch on the panel and a tap on the ring, at the same time: both recognized.
    @Test func aPinchOnOneViewAndATapOnAnotherAreRecognizedTogether() throws {
        let arena = GestureArena([PinchRecognizer(name: "pinch"), tapRecognizer("tap")])
        arena.setViews(ViewTree(Self.screen), attachments: ["pinch": "panel", "tap": "ring"])
        let s = TouchScript(arena)
        try s.send(0, .began, [(1, 80, 100), (2, 120, 100)])
        for k in 1...10 {
            let d = 2.0 * Double(k)
            try s.send(0.02 * Double(k), .moved, [(1, 80 - d, 100), (2, 120 + d, 100)])
            if k == 5 { try s.send(0.1, .began, [(3, 210, 10)]) }
            if k == 7 { try s.send(0.14, .ended, [(3, 210, 10)]) }
        }
        try s.send(0.3, .ended, [(1, 60, 100), (2, 140, 100)])
        #expect(s.fired("pinch").count == 1 && s.fired("tap").count == 1)
        let tap = try #require(s.fired("tap").first), pinchEnd = try #require(s.log.last { $0.recognizer == "pinch" })
        #expect(tap.time < pinchEnd.time)                                  // during the pinch
        #expect(pinchEnd.state == .ended)
        // The tap saw one touch, the pinch two: neither was given the other's.
        #expect(tap.values.numberOfTouches ?? 1 == 1)
        #expect(arena.view(of: "pinch") == "panel" && arena.view(of: "tap") == "ring")
    }

    /// Touches that begin in a subview reach the recognizers of its ancestors; not the
    /// other way round.
    @Test func recognizersGetTouchesThatBeganInTheirViewOrInside() throws {
        let arena = GestureArena([tapRecognizer("panelTap"), tapRecognizer("buttonTap")])
        arena.setViews(ViewTree(Self.screen), attachments: ["panelTap": "panel", "buttonTap": "button"])
        let s = TouchScript(arena)
        try s.tap(at: 0, id: 1, x: 65, y: 65)                              // on the button: both see it, the deeper view's wins
        try s.tap(at: 1, id: 2, x: 140, y: 140)                            // on the panel only
        try s.tap(at: 2, id: 3, x: 250, y: 250)                            // on the screen: nobody
        #expect(s.firedNames == ["buttonTap", "panelTap"], "\(s.firedNames)")
        #expect(s.fired("panelTap").last?.time == 1.08)
        #expect(!s.log.contains { $0.time >= 2 })
    }

    @Test func aViewWithMultipleTouchOffTakesOneTouchAtATime() throws {
        var screen = Self.screen
        screen.subviews[2].isMultipleTouchEnabled = false
        let arena = GestureArena([PinchRecognizer(name: "pinch")])
        arena.setViews(ViewTree(screen), attachments: ["pinch": "panel"])
        let s = TouchScript(arena)
        try s.drag(ids: [1, 2], from: [(80, 100), (120, 100)], to: [(60, 100), (140, 100)], start: 0, duration: 0.3)
        #expect(s.fired("pinch").isEmpty)                                  // the second finger went nowhere
    }

    @Test func viewsAreReadAndWrittenInTheConfiguration() throws {
        let json = """
        {"format": "gesturelab.recognizers/1",
         "views": {"name": "screen", "frame": [0, 0, 320, 480], "subviews": [
            {"name": "photo", "frame": [20, 40, 200, 200], "region": {"path": [[0, 0], [200, 0], [100, 200]], "rule": "even-odd"}},
            {"name": "badge", "frame": [260, 20, 40, 40], "multipleTouch": false,
             "region": {"mask": {"width": 2, "height": 1, "alpha": [0, 255], "threshold": 100}}}]},
         "recognizers": [{"name": "pinch", "type": "pinch", "view": "photo"}, {"name": "tap", "type": "tap", "view": "badge"},
                         {"name": "pan", "type": "pan"}]}
        """
        let c = try RecognizerConfiguration.decode(Data(json.utf8), file: "c.json")
        #expect(try RecognizerConfiguration.decode(try c.encoded(), file: "again") == c)
        let arena = c.makeArena()
        #expect(arena.view(of: "pinch") == "photo" && arena.view(of: "pan") == "screen")
        #expect(c.views?.subviews[1].region == .mask(width: 2, height: 1, alpha: [0, 255], threshold: 100))
        let bad = [
            (#""view": "nowhere""#, "no view named"),
        ]
        for (extra, message) in bad {
            let text = json.replacingOccurrences(of: #""view": "badge""#, with: extra)
            #expect { try RecognizerConfiguration.decode(Data(text.utf8), file: "c.json") } throws: { "\($0)".contains(message) }
        }
        for badViews in [#"{"name": "s", "frame": [0, 0, -1, 5]}"#, #"{"name": "s", "frame": [0, 0, 1, 1], "region": {"mask": {"width": 2, "height": 2, "alpha": [1]}}}"#,
                         #"{"name": "s", "frame": [0, 0, 1, 1], "subviews": [{"name": "s", "frame": [0, 0, 1, 1]}]}"#,
                         #"{"name": "s", "frame": [0, 0, 1, 1], "region": {"path": [[0, 0], [1, 1]]}}"#, #"{"name": "s", "frame": [0, 0, 1, 1], "colour": 3}"#] {
            let text = #"{"format": "gesturelab.recognizers/1", "views": "# + badViews + #", "recognizers": [{"name": "t", "type": "tap"}]}"#
            #expect(throws: GestureDataError.self) { try RecognizerConfiguration.decode(Data(text.utf8), file: "c.json") }
        }
        let noViews = #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "t", "type": "tap", "view": "x"}]}"#
        #expect { try RecognizerConfiguration.decode(Data(noViews.utf8), file: "c.json") } throws: { "\($0)".contains("no views") }
    }
}
