import Testing
import GestureData
import GestureGeometry
@testable import GestureEngine

/// A stand-in streaming detector with the shape of the book's CheckPlease: recognizes
/// when the latest segment turns more than 50° from the previous one after 20 pt of stroke.
struct CornerDetector: StrokeDetecting {
    var points: [Point] = []
    var length = 0.0
    mutating func reset() { points = []; length = 0 }
    mutating func add(_ p: Point) -> StrokeDecision {
        if let last = points.last { length += last.distance(to: p) }
        points.append(p)
        guard points.count >= 3, length >= 20 else { return .undecided }
        let n = points.count
        guard let angle = Angles.angleBetweenLines(points[n - 3], points[n - 2], points[n - 2], points[n - 1]) else {
            return .undecided
        }
        return angle > 50 ? .recognized(score: angle, match: nil) : .undecided
    }
    mutating func finish() -> StrokeDecision { .failed }
}

/// Decides only at the end: a stroke longer than 150 pt.
struct LongStroke: StrokeDetecting {
    var points: [Point] = []
    mutating func reset() { points = [] }
    mutating func add(_ p: Point) -> StrokeDecision { points.append(p); return .undecided }
    mutating func finish() -> StrokeDecision {
        Stroke(points).pathLength > 150 ? .recognized(score: nil, match: "long") : .failed
    }
}

struct StrokeRecognizerTests {
    /// Down-right 30 pt, then up-right 60 pt: a check mark's shape.
    func drawCheck(_ s: TouchScript, start: Double = 1) throws {
        try s.send(start, .began, [(1, 100, 100)])
        var t = start
        for k in 1...6 { t += 0.02; try s.send(t, .moved, [(1, 100 + 4 * Double(k), 100 + 4 * Double(k))]) }
        for k in 1...12 { t += 0.02; try s.send(t, .moved, [(1, 124 + 4 * Double(k), 124 - 6 * Double(k))]) }
        try s.send(t + 0.02, .ended, [(1, 172, 52)])
    }

    @Test func aStreamingDetectorRecognizesWhileTheFingerMoves() throws {
        let s = TouchScript([StrokeRecognizer(name: "check", detector: CornerDetector())])
        try drawCheck(s)
        let fired = try #require(s.fired("check").first)
        #expect(fired.time < 1.3, "at the corner, before the finger lifts")
        #expect((fired.values.score ?? 0) > 50)
    }

    @Test func anEndOfStrokeDetectorDecidesWhenTheFingerLifts() throws {
        let s = TouchScript([StrokeRecognizer(name: "long", detector: LongStroke())])
        try s.drag(ids: [1], from: [(0, 0)], to: [(200, 0)], start: 1, duration: 0.5)
        try s.drag(ids: [2], from: [(0, 0)], to: [(100, 0)], start: 3, duration: 0.5)
        #expect(s.fired("long").map(\.time) == [1.51])
        #expect(s.fired("long").first?.values.match == "long")
    }

    @Test func aCheckMarkDrawnWhileAPanIsActiveDoesNotFireBoth() throws {
        let s = TouchScript([PanRecognizer(name: "pan"), StrokeRecognizer(name: "check", detector: CornerDetector())])
        try drawCheck(s)
        #expect(s.firedNames == ["pan"])
    }

    @Test func unlessSimultaneityAllowsIt() throws {
        let arena = GestureArena([PanRecognizer(name: "pan"), StrokeRecognizer(name: "check", detector: CornerDetector())])
        arena.allowSimultaneous("pan", "check")
        let s = TouchScript(arena)
        try drawCheck(s)
        #expect(s.firedNames == ["pan", "check"])
    }

    @Test func aPanThatWaitsForTheCheckMarkToFailLetsTheCheckMarkWin() throws {
        let arena = GestureArena([PanRecognizer(name: "pan"), StrokeRecognizer(name: "check", detector: CornerDetector())])
        arena.require("pan", toFail: "check")
        let s = TouchScript(arena)
        try drawCheck(s)
        #expect(s.firedNames == ["check"])
        // A straight drag is no check mark: the pan goes ahead when the stroke ends.
        try s.drag(ids: [2], from: [(0, 0)], to: [(100, 0)], start: 3, duration: 0.5)
        #expect(s.firedNames == ["check", "pan"])
    }

    @Test func aSecondFingerMakesAStrokeRecognizerFail() throws {
        let s = TouchScript([StrokeRecognizer(name: "long", detector: LongStroke())])
        try s.drag(ids: [1, 2], from: [(0, 0), (0, 50)], to: [(200, 0), (200, 50)], start: 1, duration: 0.5)
        #expect(s.log.isEmpty)
    }
}
