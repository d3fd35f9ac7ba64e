import Testing
import GestureData
import GestureDetectors
import GestureGeometry
@testable import GestureEngine

struct SwipeTests {
    static func makeArena() -> GestureArena {
        GestureArena((1...5).map { n in
            var s = SwipeRecognizer.Settings(); s.touchesRequired = n
            return SwipeRecognizer(name: "swipe\(n)", settings: s)
        })
    }

    @Test(arguments: 1...5, SwipeDirection.allCases)
    func swipesAreToldApartByTouchCount(fingers: Int, direction: SwipeDirection) throws {
        var gen = SyntheticSessionGenerator(seed: UInt64(fingers * 10 + direction.hashValue & 7))
        let (events, _) = gen.session([.swipe(fingers: fingers, direction: direction)])
        let result = try SessionReplayer.replay(events, through: Self.makeArena())
        let fired = result.activations.filter(\.isActivation)
        #expect(fired.map(\.recognizer) == ["swipe\(fingers)"])
        #expect(fired.first?.values.direction == direction)
    }

    @Test(arguments: 1...3)
    func diagonalsAreRejected(fingers: Int) throws {
        let s = TouchScript(Self.makeArena())
        let ids = Array(1...fingers)
        let from = ids.map { (100.0, 100.0 + Double($0) * 40) }
        try s.drag(ids: ids, from: from, to: from.map { ($0.0 + 80, $0.1 + 80) }, start: 1, duration: 0.2)
        #expect(s.log.isEmpty)
    }

    @Test func aDirectionOutsideTheSetFails() throws {
        var st = SwipeRecognizer.Settings(); st.directions = [.left]
        let s = TouchScript([SwipeRecognizer(name: "left", settings: st)])
        try s.drag(ids: [1], from: [(100, 100)], to: [(200, 100)], start: 1, duration: 0.2)
        #expect(s.log.isEmpty)
    }

    @Test func recognizesOnceTheMinimumLengthIsPassed() throws {
        let s = TouchScript([SwipeRecognizer(name: "s")])
        try s.drag(ids: [1], from: [(100, 100)], to: [(200, 102)], start: 1, duration: 0.2, steps: 20)
        // 5 pt per step: 25 pt after the 5th move, at 1.05 s.
        let t = try #require(s.fired("s").first?.time)
        #expect(abs(t - 1.05) < 1e-9)
    }

    @Test func tooShortIsNoSwipe() throws {
        let s = TouchScript([SwipeRecognizer(name: "s")])
        try s.drag(ids: [1], from: [(100, 100)], to: [(120, 100)], start: 1, duration: 0.2)
        #expect(s.log.isEmpty)
    }

    @Test func fingersGoingDifferentWaysAreNoSwipe() throws {
        var st = SwipeRecognizer.Settings(); st.touchesRequired = 2
        let s = TouchScript([SwipeRecognizer(name: "s", settings: st)])
        try s.drag(ids: [1, 2], from: [(150, 100), (250, 100)], to: [(100, 100), (300, 100)], start: 1, duration: 0.2)
        #expect(s.log.isEmpty)
    }

    /// The book's rule compares each point with the start: a finger that wobbles to (6, 6)
    /// and then reaches (31, 2) is a swipe to the right. The engine and GestureDetectors'
    /// SwipeDetector run the same rule and agree, point for point.
    @Test func aWobbleTheBooksRuleAcceptsIsASwipeInTheEngineAndTheDetector() throws {
        let path: [(Double, Double)] = [(100, 100), (106, 106), (118, 104), (131, 102)]
        let s = TouchScript([SwipeRecognizer(name: "s")])
        try s.send(0, .began, [(1, path[0].0, path[0].1)])
        for (k, p) in path.enumerated().dropFirst() { try s.send(0.02 * Double(k), .moved, [(1, p.0, p.1)]) }
        let fired = try #require(s.fired("s").first)
        #expect(fired.values.direction == .right && abs(fired.time - 0.06) < 1e-9)
        let stroke = Stroke(path.map { Point(x: $0.0, y: $0.1) })
        #expect(SwipeDetector().direction(of: stroke) == .right)
        #expect(SwipeDetector(thresholds: .book).direction(of: Stroke(Array(stroke.points.prefix(3)))) == nil)
    }

    /// Past the wobble the engine gives up (the book never does), so that a pan waiting for
    /// the swipe to fail may begin: 11 points off both axes.
    @Test func aDiagonalPastTwiceTheVarianceFails() throws {
        let s = TouchScript([SwipeRecognizer(name: "s")])
        try s.send(0, .began, [(1, 100, 100)])
        try s.send(0.02, .moved, [(1, 110, 110)])
        #expect(s.arena.state(of: "s") == .possible)
        try s.send(0.04, .moved, [(1, 111, 111)])
        #expect(s.arena.state(of: "s") == .failed)
    }
}
