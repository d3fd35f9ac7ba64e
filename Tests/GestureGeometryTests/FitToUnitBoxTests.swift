import Testing
import GestureGeometry

struct FitToUnitBoxTests {
    @Test func ordinaryStrokeLandsInTheUnitBoxWithItsAspectRatio() throws {
        let s = Stroke([Point(x: 10, y: 20, t: 0), Point(x: 50, y: 40, t: 1), Point(x: 30, y: 30, t: 2)])
        let f = try #require(s.fittedToUnitBox())
        #expect(f.points == [Point(x: 0, y: 0, t: 0), Point(x: 1, y: 0.5, t: 1), Point(x: 0.5, y: 0.25, t: 2)])
    }

    @Test(arguments: [1e300, 1e-300, 1.7e308])
    func extremeCoordinatesKeepTheirShape(scale: Double) throws {
        // From -scale to +scale: the width overflows a Double for scale > 9e307.
        let s = Stroke([Point(x: -scale, y: -scale / 2), Point(x: scale, y: scale / 2), Point(x: 0, y: scale / 2)])
        let f = try #require(s.fittedToUnitBox())
        let expected = [Point(x: 0, y: 0), Point(x: 1, y: 0.5), Point(x: 0.5, y: 0.5)]
        for (a, b) in zip(f.points, expected) {
            #expect(abs(a.x - b.x) < 1e-12 && abs(a.y - b.y) < 1e-12, "\(f.points)")
        }
    }

    @Test func degenerateInputHasNoFit() {
        #expect(Stroke([]).fittedToUnitBox() == nil)
        #expect(Stroke([Point(x: 3, y: 3)]).fittedToUnitBox() == nil)
        #expect(Stroke([Point(x: 3, y: 3), Point(x: 3, y: 3)]).fittedToUnitBox() == nil)
        #expect(Stroke([Point(x: 0, y: 0), Point(x: .nan, y: 1)]).fittedToUnitBox() == nil)
        #expect(Stroke([Point(x: 0, y: 0), Point(x: .infinity, y: 1)]).fittedToUnitBox() == nil)
        #expect(Gesture([Stroke([Point(x: 0, y: 0)]), Stroke([Point(x: 0, y: 2)])]).fittedToUnitBox()?.strokes.count == 2)
    }
}
