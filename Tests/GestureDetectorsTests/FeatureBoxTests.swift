import GestureDetectors
import Testing

@Test func intervalContainsItsBoundsAndRejectsNaN() {
    let i = FeatureInterval(lower: 1, upper: 2)
    #expect(i.contains(1) && i.contains(1.5) && i.contains(2))
    #expect(!i.contains(0.99) && !i.contains(2.01) && !i.contains(.nan) && !i.contains(.infinity))
}

@Test func openSidesAcceptEverythingFiniteOnThatSide() {
    #expect(FeatureInterval(lower: 1).contains(1e12))
    #expect(FeatureInterval(upper: 1).contains(-1e12))
    #expect(FeatureInterval().margin(3) == .infinity)
}

@Test func marginIsNonNegativeExactlyWhenInside() {
    let box = FeatureBox(["a": FeatureInterval(lower: 0, upper: 10, scale: 2), "b": FeatureInterval(lower: 5, scale: 1)])
    for (a, b) in [(1.0, 6.0), (0.0, 5.0), (-1.0, 6.0), (5.0, 4.0), (11.0, 100.0)] {
        let v = ["a": a, "b": b]
        #expect(box.accepts(v) == (box.margin(v) >= 0), "a=\(a) b=\(b)")
    }
    #expect(abs(box.margin(["a": 4, "b": 100]) - 2) < 1e-12)   // (4 − 0) / 2
}

@Test func missingFeatureIsRejected() {
    let box = FeatureBox(["a": FeatureInterval(lower: 0)])
    #expect(!box.accepts(["b": 1]))
    #expect(box.margin(["b": 1]) == -.infinity)
    #expect(FeatureBox().accepts([:]))
}

@Test func theMedianBoxTakesEachSidesMedian() throws {
    let a = FeatureBox(["x": FeatureInterval(lower: 0, upper: 1, scale: 1), "y": FeatureInterval(lower: 5, scale: 2)])
    let b = FeatureBox(["x": FeatureInterval(lower: 0.2, upper: 3, scale: 3), "y": FeatureInterval(upper: 9, scale: 2)])
    let c = FeatureBox(["x": FeatureInterval(lower: 0.1, upper: 2, scale: 2), "y": FeatureInterval(lower: 4, upper: 8, scale: 2)])
    let m = FeatureBox.median([a, b, c])
    let x = try #require(m.intervals["x"])
    #expect(x.lower == 0.1 && x.upper == 2 && x.scale == 2)
    // An open side counts as −∞ / +∞: y's lowers are −∞, 4, 5 and its uppers 8, 9, +∞.
    let y = try #require(m.intervals["y"])
    #expect(y.lower == 4 && y.upper == 9)
    // A feature one box does not bound is left open; one box is itself; none accepts everything.
    let d = FeatureBox(["x": FeatureInterval(lower: 0, upper: 1)])
    #expect(FeatureBox.median([a, d]).intervals["y"] == nil)
    #expect(FeatureBox.median([a]) == a)
    #expect(FeatureBox.median([]).accepts(["x": 100]))
    // Two boxes: the wider middle value on each side.
    let two = try #require(FeatureBox.median([a, b]).intervals["x"])
    #expect(two.lower == 0 && two.upper == 3 && two.scale == 2)
}
