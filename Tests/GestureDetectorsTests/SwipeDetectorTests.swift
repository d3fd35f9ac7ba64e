import Foundation
import GestureDetectors
import GestureGeometry
import Testing

private func swipe(dx: Double, dy: Double, wobble: Double = 0) -> Stroke {
    Stroke((0...20).map { i in
        let f = Double(i) / 20
        let w = i % 2 == 0 ? wobble : -wobble
        // Wobble across the main axis.
        return abs(dx) >= abs(dy) ? Point(x: dx * f, y: dy * f + w) : Point(x: dx * f + w, y: dy * f)
    })
}

@Test func bookPresetHasTheBookConstants() {
    #expect(SwipeThresholds.book.minLength == 25 && SwipeThresholds.book.maxVariance == 5)
}

@Test(arguments: [(60.0, 0.0, SwipeDetector.Direction.right), (-60, 0, .left), (0, -60, .up), (0, 60, .down),
                  (30, 4, .right), (-4, 40, .down)])
func straightSwipesGiveTheirDirection(dx: Double, dy: Double, expected: SwipeDetector.Direction) {
    #expect(SwipeDetector().direction(of: swipe(dx: dx, dy: dy, wobble: 2)) == expected)
}

@Test(arguments: [(60.0, 60.0), (-60, 60), (60, -60), (-60, -60), (60, 20)])
func diagonalsAreRejected(dx: Double, dy: Double) {
    #expect(SwipeDetector().direction(of: swipe(dx: dx, dy: dy)) == nil)
}

@Test func tooShortOrTooWobblyIsRejected() {
    #expect(SwipeDetector().direction(of: swipe(dx: 24, dy: 0)) == nil)
    #expect(SwipeDetector().direction(of: swipe(dx: 25, dy: 0)) == .right)      // the book's >=
    // Every point after the first sits 6 points off the axis: more than the variance.
    let off6 = Stroke([Point(x: 0, y: 0)] + (1...20).map { Point(x: 5 * Double($0), y: 6) })
    let off5 = Stroke([Point(x: 0, y: 0)] + (1...20).map { Point(x: 5 * Double($0), y: 5) })
    #expect(SwipeDetector().direction(of: off6) == nil)
    #expect(SwipeDetector().direction(of: off5) == .right)
    // Point by point, a shallow slope fires before it drifts: the book's rule, kept.
    #expect(SwipeDetector().direction(of: swipe(dx: 100, dy: 6)) == .right)
}

@Test func streamFiresAtTheFirstPassingPointWithTheSameDirection() {
    let s = swipe(dx: 0, dy: -60)
    var stream = SwipeDetector.Stream()
    let index = s.points.indices.first { stream.add(s.points[$0]) }
    #expect(index == 9)   // 9 · 3 = 27 ≥ 25
    #expect(stream.direction == SwipeDetector().direction(of: s))
}

@Test(arguments: Fixtures.degenerate.map(\.0))
func degenerateStrokesAreNeverSwipes(name: String) throws {
    let stroke = try #require(Fixtures.degenerate.first { $0.0 == name }?.1)
    #expect(SwipeDetector().direction(of: stroke) == nil)
    var s = SwipeDetector.Stream()
    if stroke.isFinite {
        let fired = stroke.points.contains { s.add($0) }
        #expect(!fired)
    }
}

@Test func swipeThresholdsRoundTripAndRejectUnknownVersions() throws {
    let data = try JSONEncoder().encode(SwipeThresholds.book)
    #expect(try JSONDecoder().decode(SwipeThresholds.self, from: data) == .book)
    let bad = #"{"format": "gesturelab.swipe/0", "minLength": 1, "maxVariance": 1}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(SwipeThresholds.self, from: Data(bad.utf8)) }
}
