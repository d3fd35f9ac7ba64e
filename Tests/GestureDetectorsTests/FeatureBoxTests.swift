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
