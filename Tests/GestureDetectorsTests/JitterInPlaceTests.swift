import Foundation
import GestureGeometry
import Testing
@testable import GestureDetectors

/// A pen or finger resting anywhere along a stroke (`ShapeSettings.jitterRadius`,
/// `StrokePreparation.withoutJitter`).
struct JitterInPlaceTests {
    /// `stroke` with a rest of `count` points after point `at`, each within `reach` pt of it
    /// on either axis (seeded), 10 ms apart; the points after it are shifted in time.
    static func paused(_ stroke: Stroke, at index: Int, count: Int = 20, reach: Double = 1.0, seed: UInt64 = 1) -> Stroke {
        var rng = SeededGenerator(seed: seed)
        let p = stroke.points, q = p[index]
        let rest = (1...count).map { k in
            Point(x: q.x + Double.random(in: -reach...reach, using: &rng),
                  y: q.y + Double.random(in: -reach...reach, using: &rng), t: (q.t ?? 0) + 0.01 * Double(k))
        }
        let after = p[(index + 1)...].map { Point(x: $0.x, y: $0.y, t: $0.t.map { $0 + 0.01 * Double(count) }) }
        return Stroke(Array(p[...index]) + rest + after)
    }

    /// A circle of radius 50 with a rest of 20 jittering points a third of the way round:
    /// kept, the jitter takes resampled points and turns them at random; dropped, the circle
    /// reads as drawn, but for a small kink where the smoothed path leaves the rest (at most
    /// 12.4° more than drawn in these 20 draws, against 30° and more with the jitter kept).
    @Test func aRestAlongACircleIsDroppedBeforeMeasuring() throws {
        let circle = Stroke((0...160).map { i in
            let a = 2 * Double.pi * Double(i) / 160
            return Point(x: 100 + 50 * cos(a), y: 100 + 50 * sin(a), t: Double(i) * 0.01)
        })
        let settings = CircleDetector.defaultSettings
        #expect(settings.jitterRadius == 0.02)
        var kept = settings
        kept.jitterRadius = 0
        let drawn = try #require(CircleDetector.shape(circle, settings: settings))
        var moved = 0
        for seed in 1...20 {
            let stroke = Self.paused(circle, at: 50 + seed, seed: UInt64(seed))
            let dropped = try #require(CircleDetector.shape(stroke, settings: settings))
            let whole = try #require(CircleDetector.shape(stroke, settings: kept))
            #expect(abs(dropped.maxTurn - drawn.maxTurn) < 15, "seed \(seed): \(dropped.maxTurn)° against \(drawn.maxTurn)°")
            #expect(abs(dropped.revolutions - drawn.revolutions) < 0.05, "seed \(seed)")
            if whole.maxTurn > drawn.maxTurn + 30 { moved += 1 }
        }
        #expect(moved >= 10, "kept, the rest turned the circle's points sharply only \(moved) times of 20: the test shows nothing")
    }

    /// Points drawn at any pace are all kept, the ends always; only a run that wanders in
    /// place goes; degenerate input comes back as it was.
    @Test func onlyJitterInPlaceGoes() {
        let line = (0...100).map { Point(x: Double($0), y: 0) }   // diagonal 100: radius 0.02 is 2 pt
        #expect(StrokePreparation.withoutJitter(line, radius: 0.02) == line)
        let dense = (0...1000).map { Point(x: Double($0) / 10, y: 0) }
        #expect(StrokePreparation.withoutJitter(dense, radius: 0.02) == dense, "slow drawing moves on")
        #expect(StrokePreparation.withoutJitter(line, radius: 0) == line)
        let jitter = (0..<30).map { Point(x: 40 + Double($0 % 3) * 0.5, y: Double($0 % 2) * 0.5) }
        let withRest = Array(line[...40]) + jitter + Array(line[41...])
        let cleaned = StrokePreparation.withoutJitter(withRest, radius: 0.02)
        #expect(cleaned.first == withRest.first && cleaned.last == withRest.last)
        #expect(cleaned.count <= line.count + 1, "the rest collapses: \(withRest.count) points, \(cleaned.count) left")
        #expect(zip(cleaned, cleaned.dropFirst()).allSatisfy { $1.x >= $0.x }, "what is left moves on")
        let still = [Point](repeating: Point(x: 3, y: 4), count: 8)
        #expect(StrokePreparation.withoutJitter(still, radius: 0.02) == still)
        let two = [Point(x: 0, y: 0), Point(x: 0.1, y: 0)]
        #expect(StrokePreparation.withoutJitter(two, radius: 0.5) == two)
        let nan = [Point(x: .nan, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 0)]
        #expect(StrokePreparation.withoutJitter(nan, radius: 0.02).count == 3)
    }

    /// A stream decides a paused circle at touch end as the whole stroke is decided.
    @Test func theStreamDropsTheJitterAsTheWholeStrokeDoes() throws {
        let circle = Stroke((0...90).map { i in
            let a = 2 * Double.pi * Double(i) / 90
            return Point(x: 100 + 60 * cos(a), y: 100 + 60 * sin(a), t: Double(i) * 0.01)
        })
        try Self.expectStreamedAsWhole(Self.paused(circle, at: 30), settings: CircleDetector.defaultSettings)
    }

    /// `stroke` prepared point by point (as a stream at touch end) and whole come out the same.
    static func expectStreamedAsWhole(_ stroke: Stroke, settings: ShapeSettings, _ comment: Comment? = nil,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        var prefix = PreparedPrefix(count: settings.resampleCount, granularity: settings.smoothingGranularity,
                                    jitterRadius: settings.jitterRadius, jitterTurns: settings.jitterTurns)
        for p in stroke.points { prefix.add(p) }
        let resampled = prefix.resampled()
        let streamed = try #require(resampled, sourceLocation: sourceLocation)
        let whole = try #require(StrokePreparation.prepared(stroke, count: settings.resampleCount,
                                                            granularity: settings.smoothingGranularity,
                                                            jitterRadius: settings.jitterRadius,
                                                            jitterTurns: settings.jitterTurns), sourceLocation: sourceLocation)
        #expect(zip(streamed, whole).allSatisfy { $0.distance(to: $1) < 1e-9 }, comment, sourceLocation: sourceLocation)
    }

    /// Files written before the setting existed read as dropping nothing; it is written
    /// only when set, and a value outside 0…0.1 (or not a number) is refused, naming it.
    @Test func jitterRadiusIsReadAsZeroWhenAbsentAndRefusedOutOfRange() throws {
        try OptionalSettingChecks.expectOptionalSetting("jitterRadius", \.jitterRadius)
        try OptionalSettingChecks.expectOptionalSetting("jitterTurns", \.jitterTurns, refused: ["20.5", "-1"])
        #expect(CheckmarkDetector.defaultSettings.jitterRadius == 0.02 && CheckmarkDetector.defaultSettings.jitterTurns == 1)
        #expect(CircleDetector.defaultSettings.jitterTurns == 0)
        let data = try JSONEncoder().encode(CircleDetector.defaultSettings)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"jitterRadius\":0.02") && !text.contains("jitterTurns"))
        #expect(try JSONDecoder().decode(ShapeSettings.self, from: data) == CircleDetector.defaultSettings)
        let check = try JSONEncoder().encode(CheckmarkDetector.defaultSettings)
        #expect(String(decoding: check, as: UTF8.self).contains("\"jitterTurns\":1"))
        #expect(try JSONDecoder().decode(ShapeSettings.self, from: check) == CheckmarkDetector.defaultSettings)
    }

    /// A sharp corner drawn slowly: points 0.25 pt apart down one leg and up the other
    /// (30° between the legs), so a run from just before the tip stays within the radius
    /// for more than twice the radius. Without a turning bound the tip is cut off; asking
    /// for a whole turn keeps every point, since the corner turns by 150°, while a rest's
    /// jitter (30 points, ±1 pt, at the tip) still goes.
    @Test func aSlowCornerIsKeptWhenJitterMustTurn() throws {
        let tip = Point(x: 40, y: 69.28)   // 80 pt down the first leg at 60° below the x axis
        let down = (0...320).map { k in Point(x: tip.x * Double(k) / 320, y: tip.y * Double(k) / 320) }
        let up = (1...480).map { k in Point(x: tip.x, y: tip.y - 120 * Double(k) / 480) }
        let corner = down + up   // the second leg goes straight up: 150° of turn
        let cut = StrokePreparation.withoutJitter(corner, radius: 0.02)
        #expect(!cut.contains(tip), "without a turning bound the slow corner's tip goes")
        #expect(StrokePreparation.withoutJitter(corner, radius: 0.02, turns: 1) == corner, "a corner turns once")
        var rng = SeededGenerator(seed: 3)
        let rest = (0..<30).map { _ in
            Point(x: tip.x + Double.random(in: -1...1, using: &rng), y: tip.y + Double.random(in: -1...1, using: &rng))
        }
        let rested = Array(down) + rest + up
        let cleaned = StrokePreparation.withoutJitter(rested, radius: 0.02, turns: 1)
        #expect(cleaned.count < rested.count - 20, "a rest's jitter turns back and forth: \(rested.count) points, \(cleaned.count) left")
        #expect(StrokePreparation.withoutJitter(rested, radius: 0.02, turns: .nan) == rested, "no finite bound: nothing goes")
    }

    /// A stream decides a paused check mark at touch end as the whole stroke is decided,
    /// with the check mark's turning bound.
    @Test func theStreamKeepsTheTurningBound() throws {
        let check = Stroke((0...60).map { (i: Int) -> Point in
            let u = Double(i), t = u * 0.01
            if i <= 20 { return Point(x: u, y: 2 * u, t: t) }
            let v = u - 20
            return Point(x: 20 + 2 * v, y: 40 - 2.5 * v, t: t)
        })
        for at in [10, 20, 40] {
            try Self.expectStreamedAsWhole(Self.paused(check, at: at, seed: UInt64(at)), settings: CheckmarkDetector.defaultSettings,
                                           "rest after point \(at)")
        }
    }
}
