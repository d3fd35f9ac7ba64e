import Foundation
import GestureGeometry
import Testing
@testable import GestureDetectors

/// A pen or finger resting at either end of a stroke (`ShapeSettings.restingRadius`,
/// `StrokeStructure.withoutRestingEnds`).
struct RestingEndsTests {
    /// A circle of radius 100 drawn once, a point every 2 pt or so, 10 ms apart.
    static let circle = Stroke((0...320).map { i in
        let a = 2 * Double.pi * Double(i) / 320
        return Point(x: 200 + 100 * cos(a), y: 200 + 100 * sin(a), t: Double(i) * 0.01)
    })

    /// A check mark: a short leg down and right, a long one up and right.
    static let check = Stroke((0...60).map { i -> Point in
        let u = Double(i) / 60
        let (x, y) = u < 0.3 ? (u / 0.3 * 40, u / 0.3 * 40) : (40 + (u - 0.3) / 0.7 * 80, 40 - (u - 0.3) / 0.7 * 100)
        return Point(x: x, y: y, t: Double(i) * 0.01)
    })

    /// `stroke` with `count` more points at each end, each placed at random (seeded) within
    /// `reach` pt on either axis of the end point, 10 ms apart: a finger resting before it
    /// moves and before it lifts.
    static func resting(_ stroke: Stroke, count: Int = 12, reach: Double = 1.2, seed: UInt64 = 1) -> Stroke {
        var rng = SeededGenerator(seed: seed)
        func rest(_ q: Point, _ dt: Double) -> [Point] {
            (1...count).map { k in
                Point(x: q.x + Double.random(in: -reach...reach, using: &rng),
                      y: q.y + Double.random(in: -reach...reach, using: &rng), t: (q.t ?? 0) + dt * Double(k))
            }
        }
        let p = stroke.points
        return Stroke(rest(p[0], -0.01).reversed() + p + rest(p[p.count - 1], 0.01))
    }

    static var unrested: ShapeSettings {
        var s = CircleDetector.defaultSettings
        s.restingRadius = 0
        s.jitterRadius = 0   // which drops much of a rest's jitter too
        return s
    }

    /// A resting finger's jitter (24 points at each end, more than a resampled step of
    /// path) adds turning at the ends of a circle; dropped, the circle reads as drawn.
    @Test func aRestingFingerAtACirclesEndsIsDroppedBeforeMeasuring() throws {
        let kept = CircleDetector.defaultSettings
        #expect(kept.restingRadius == 0.02)
        let drawn = try #require(CircleDetector.shape(Self.circle, settings: kept))
        var moved = 0
        for seed in 1...20 {
            let stroke = Self.resting(Self.circle, count: 24, seed: UInt64(seed))
            let rested = try #require(CircleDetector.shape(stroke, settings: kept))
            let whole = try #require(CircleDetector.shape(stroke, settings: Self.unrested))
            #expect(abs(rested.revolutions - drawn.revolutions) < 0.05, "seed \(seed): \(rested.revolutions) against \(drawn.revolutions)")
            if abs(whole.revolutions - drawn.revolutions) > 0.1 { moved += 1 }
        }
        #expect(moved > 0, "kept, the rest never changed the turning: the test shows nothing")
    }

    /// The check mark's spread measures read the legs, not the rests.
    @Test func aRestingFingerAtACheckMarksEndsIsDroppedBeforeMeasuring() throws {
        let kept = CheckmarkDetector.defaultSettings
        #expect(kept.restingRadius == 0.02)
        var unrested = kept
        unrested.restingRadius = 0
        unrested.jitterRadius = 0   // which drops much of a rest's jitter too
        let drawn = try #require(CheckmarkDetector.shape(Self.check, settings: kept))
        for seed in 1...20 {
            let stroke = Self.resting(Self.check, count: 24, reach: 0.6, seed: UInt64(seed))
            let rested = try #require(CheckmarkDetector.shape(stroke, settings: kept))
            let whole = try #require(CheckmarkDetector.shape(stroke, settings: unrested))
            #expect(abs(rested.radiusDeviation - drawn.radiusDeviation) < 0.01, "seed \(seed): \(rested.radiusDeviation) against \(drawn.radiusDeviation)")
            #expect(abs(whole.radiusDeviation - drawn.radiusDeviation) > 0.01, "seed \(seed): the rest, kept, moves the spread")
            // What is left starts and ends within the radius of where the legs did: the
            // shorter leg loses a few per cent at most.
            #expect(abs(rested.legRatio - drawn.legRatio) < 0.1 * drawn.legRatio, "seed \(seed): \(rested.legRatio) against \(drawn.legRatio)")
        }
    }

    /// A stroke without a rest is measured exactly as before, and a pen leaving at its
    /// normal pace loses nothing.
    @Test func aStrokeWithoutARestIsMeasuredAsBefore() throws {
        #expect(CircleDetector.shape(Self.circle) == CircleDetector.shape(Self.circle, settings: Self.unrested))
        var check = CheckmarkDetector.defaultSettings
        check.restingRadius = 0
        #expect(CheckmarkDetector.shape(Self.check) == CheckmarkDetector.shape(Self.check, settings: check))
        for (stroke, count) in [(Self.circle, 64), (Self.check, 32)] {
            let p = try #require(StrokePreparation.prepared(stroke, count: count, granularity: 4))
            #expect(StrokeStructure.withoutRestingEnds(p, radius: 0.02) == p)
            #expect(StrokeStructure.withoutRestingEnds(p, radius: 0.1) == p)
        }
    }

    /// The points the rest left are dropped: what is measured starts and ends where the
    /// finger set off and came to rest, and keeps the resampled count.
    @Test func whatIsLeftStartsWhereTheFingerSetOff() throws {
        let p = try #require(StrokePreparation.prepared(Self.resting(Self.check, count: 24), count: 32, granularity: 4))
        let trimmed = StrokeStructure.withoutRestingEnds(p, radius: 0.02)
        #expect(trimmed.count == p.count)
        #expect(trimmed != p)
        let start = Self.check.points[0], end = Self.check.points[Self.check.points.count - 1]
        #expect(trimmed[0].distance(to: start) < 5 && trimmed[trimmed.count - 1].distance(to: end) < 5)
        // The step after the start is a whole step again, not a jitter's.
        let steps = (1..<trimmed.count).map { trimmed[$0].distance(to: trimmed[$0 - 1]) }
        #expect(steps[0] > 0.5 * steps[steps.count / 2] && steps[steps.count - 1] > 0.5 * steps[steps.count / 2])
    }

    /// Degenerate input never crashes and comes back as it was.
    @Test func degenerateInputComesBackAsItWas() {
        let still = [Point](repeating: Point(x: 3, y: 4), count: 32)
        #expect(StrokeStructure.withoutRestingEnds(still, radius: 0.02) == still)
        let two = [Point(x: 0, y: 0), Point(x: 1, y: 1)]
        #expect(StrokeStructure.withoutRestingEnds(two, radius: 0.02) == two)
        let line = (0..<16).map { Point(x: Double($0), y: 0) }
        #expect(StrokeStructure.withoutRestingEnds(line, radius: 0) == line)
        let nan = [Point(x: .nan, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 0)]
        #expect(StrokeStructure.withoutRestingEnds(nan, radius: 0.02).count == 3)
        // Everything within the radius of both ends: nothing sensible is left, nothing dropped.
        let blob = (0..<16).map { Point(x: Double($0 % 2) * 1e-3, y: Double($0 % 3) * 1e-3) } + [Point(x: 1000, y: 0)]
        #expect(StrokeStructure.withoutRestingEnds(blob, radius: 0.02).count == blob.count)
        #expect(CircleDetector.shape(Stroke(still)) == nil)
    }

    /// Files written before the setting existed read as dropping nothing; it is written
    /// only when set, and a value outside 0…0.1 (or not a number) is refused, naming it.
    @Test func restingRadiusIsReadAsZeroWhenAbsentAndRefusedOutOfRange() throws {
        try OptionalSettingChecks.expectOptionalSetting("restingRadius", \.restingRadius)
        for settings in [CircleDetector.defaultSettings, CheckmarkDetector.defaultSettings] {
            let data = try JSONEncoder().encode(settings)
            #expect(String(decoding: data, as: UTF8.self).contains("\"restingRadius\":0.02"))
            #expect(try JSONDecoder().decode(ShapeSettings.self, from: data) == settings)
        }
    }
}
