import Foundation
import GestureData
import GestureGeometry
import Testing
@testable import GestureTraining

struct SyntheticRandomScribbleTests {
    @Test func scribblesAreSeededAndLabelled() {
        var a = SeededGenerator(seed: 11), b = SeededGenerator(seed: 11)
        let x = RandomScribble().samples(count: 10, using: &a)
        let y = RandomScribble().samples(count: 10, using: &b)
        #expect(x == y)
        #expect(x.count == 10)
        #expect(x.allSatisfy { $0.label == "(scribble)" && $0.meta["synthetic"] == "scribble" })
    }

    @Test func scribbleStaysNearItsSquareAndIsTimedAtConstantSpeed() throws {
        var rng = SeededGenerator(seed: 4)
        let r = RandomScribble(size: 100, speed: 200)
        for _ in 0..<25 {
            let s = r.stroke(using: &rng)
            #expect(s.count >= 2)
            #expect(s.isFinite)
            let box = try #require(s.boundingBox)
            // Catmull-Rom overshoots a little past its control points, never far.
            #expect(box.minX > -50 && box.maxX < 150 && box.minY > -50 && box.maxY < 150)
            let duration = try #require(s.duration)
            #expect(abs(duration - s.pathLength / 200) < 1e-9)
        }
    }

    @Test(arguments: [0, 1, 3]) func countIsHonoured(_ n: Int) {
        var rng = SeededGenerator(seed: 1)
        #expect(RandomScribble().samples(count: n, using: &rng).count == n)
    }
}
