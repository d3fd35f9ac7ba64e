import Foundation
import GestureGeometry
import Testing
@testable import GestureDetectors

/// Counted structure on hand-made strokes: corners, reversals and loops.
struct StrokeStructureTests {
    /// A polyline through `vertices`, a point every 2 pt, 10 ms apart.
    func polyline(_ vertices: [(Double, Double)]) -> Stroke {
        var points: [Point] = []
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            let from = Point(x: a.0, y: a.1), to = Point(x: b.0, y: b.1)
            let steps = max(1, Int(from.distance(to: to) / 2))
            for i in (points.isEmpty ? 0 : 1)...steps {
                points.append(from.interpolated(to: to, fraction: Double(i) / Double(steps)))
            }
        }
        return Stroke(points.enumerated().map { Point(x: $1.x, y: $1.y, t: Double($0) * 0.01) })
    }

    /// A circle of radius 100 gone round `turns` times, its radius growing by `growth` a turn
    /// and its centre moving right by `advance` (in radii) a turn.
    func loops(_ turns: Double, growth: Double = 0, advance: Double = 0) -> Stroke {
        let n = Int(64 * turns)
        return Stroke((0...n).map { i in
            let u = turns * Double(i) / Double(n)
            let r = 100 * (1 + growth * u), a = 2 * .pi * u
            return Point(x: 200 + 100 * advance * u + r * cos(a), y: 200 + r * sin(a), t: Double(i) * 0.02)
        })
    }

    func checkShape(_ s: Stroke) throws -> CheckmarkDetector.Shape {
        try #require(CheckmarkDetector.shape(s))
    }

    @Test func aCheckMarkHasOneCornerAndAZTwo() throws {
        let check = try checkShape(polyline([(0, 0), (30, 40), (110, -60)]))
        #expect(check.corners == 1)
        #expect(check.reversals == 0)
        #expect(check.crossings == 0)
        let z = try checkShape(polyline([(0, 0), (100, 0), (0, 100), (100, 100)]))
        #expect(z.corners == 2)
        #expect(z.reversals == 1)
    }

    @Test func aWHasThreeCornersThatReverseTwice() throws {
        let w = try checkShape(polyline([(0, 0), (25, 100), (50, 30), (75, 100), (100, 0)]))
        #expect(w.corners == 3)
        #expect(w.reversals == 2)
    }

    /// A zig-zag's corners count whatever its turn: a wide one (100°) and a sharp one (150°).
    @Test(arguments: [100.0, 150.0]) func aZigZagCountsEveryCorner(_ turnDegrees: Double) throws {
        var direction = -turnDegrees / 2 * .pi / 180, p = (0.0, 0.0), vertices = [p], sign = 1.0
        for _ in 0..<5 {
            p = (p.0 + 80 * cos(direction), p.1 + 80 * sin(direction))
            vertices.append(p)
            direction += sign * turnDegrees * .pi / 180
            sign = -sign
        }
        let shape = try checkShape(polyline(vertices))
        #expect(shape.corners == 4)
        #expect(shape.reversals == 3)
    }

    /// The spread about the centroid and the enclosed area tell a check mark (short leg,
    /// long leg, end high above the start) from a V with level ends and from a
    /// round-bottomed U of the same size, whatever their corners.
    @Test func aCheckMarkSpreadsFurtherAndEnclosesLessThanAVOrAU() throws {
        let check = try checkShape(polyline([(0, 0), (30, 40), (110, -60)]))
        let v = try checkShape(polyline([(0, 0), (50, 100), (100, 0)]))
        let u = try checkShape(Stroke((0...60).map { i in
            let a = Double.pi * Double(i) / 60
            return Point(x: 50 - 50 * cos(a), y: 100 * sin(a), t: Double(i) * 0.01)
        }))
        #expect(check.radiusDeviation > 0.45)
        #expect(v.radiusDeviation < 0.4)
        #expect(u.radiusDeviation < 0.4)
        #expect(check.compactness < 0.5)
        #expect(v.compactness > 0.55)
        #expect(u.compactness > 0.75)
        // The general shape detector reads the same two measures the same way.
        let general = try #require(GeneralShapeDetector.features(
            ofResampled: Stroke([Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0)]).resampled(count: 16).points,
            settings: GeneralShapeDetector.defaultSettings))
        let names = GeneralShapeDetector.featureNames
        let spread = general[try #require(names.firstIndex(of: "radiusDeviation"))]
        let area = general[try #require(names.firstIndex(of: "compactness"))]
        #expect(abs(spread - v.radiusDeviation) < 0.05)
        #expect(abs(area - v.compactness) < 0.05)
    }

    /// A hook where the pen lands is not a corner.
    @Test func aHookAtTheStartIsNotACorner() throws {
        let hooked = try checkShape(polyline([(-4, -4), (0, 0), (30, 40), (110, -60)]))
        #expect(hooked.corners == 1)
    }

    @Test func aCircleDrawnThreeTimesHasThreeLoopsInPlace() throws {
        let shape = try #require(CircleDetector.shape(loops(3)))
        #expect(shape.loops == 3)
        #expect(shape.loopSizeRatio > 0.95)
        #expect(shape.loopDrift < 0.1)
        // Measured on its last full turn, it reads as one closed circle.
        #expect(shape.closure < 0.2)
        #expect(abs(shape.revolutions - 1) < 0.1)
        #expect(abs(shape.winding - 1) < 0.1)
    }

    /// A repeated circle that stops short of closing its last loop is still measured on
    /// one full, closed turn: the end of the stroke that turns through 2π.
    @Test func aRepeatedCircleEndingMidLoopIsMeasuredOnItsLastFullTurn() throws {
        let shape = try #require(CircleDetector.shape(loops(2.8)))
        #expect(shape.loops == 3)
        #expect(shape.closure < 0.3)
        #expect(abs(shape.revolutions - 1) < 0.1)
        let p = loops(2.5).points
        let start = CircleDetector.lastFullTurnStart(p)
        // 2.5 turns: the last full turn starts 1.5 turns in, 60 % of the way.
        #expect(start > p.count / 2 && start < p.count * 2 / 3)
        #expect(CircleDetector.lastFullTurnStart(loops(0.8).points) == 0)
        #expect(CircleDetector.lastFullTurnStart([]) == 0)
    }

    @Test func aCircleDrawnOnceHasOneLoopAndIsMeasuredAsBefore() throws {
        let shape = try #require(CircleDetector.shape(loops(1)))
        #expect(shape.loops == 1)
        #expect(shape.loopSizeRatio == 1)
        #expect(shape.loopDrift == 0)
        // A loop counts once 70 % of it is drawn: 1.6 turns is one loop, 1.75 two.
        #expect(try #require(CircleDetector.shape(loops(1.6))).loops == 1)
        #expect(try #require(CircleDetector.shape(loops(1.75))).loops == 2)
    }

    /// A circle whose pen lifts with a flick towards the centre (or outwards, turning back):
    /// the hook adds a quarter turn, or takes one away, unless it is dropped.
    @Test func aHookAtACirclesEndIsDroppedBeforeMeasuring() throws {
        let circle = loops(1)
        let last = try #require(circle.points.last)
        func hooked(_ dx: Double) -> Stroke {
            Stroke(circle.points + (1...8).map { k in
                Point(x: last.x + dx * Double(k), y: last.y, t: (last.t ?? 0) + 0.02 * Double(k))
            })
        }
        let kept = CircleDetector.defaultSettings
        var asBefore = kept
        asBefore.dropsHooks = false
        #expect(kept.dropsHooks)
        for dx in [-2.0, 2.0] {
            let whole = try #require(CircleDetector.shape(hooked(dx), settings: asBefore))
            let dropped = try #require(CircleDetector.shape(hooked(dx), settings: kept))
            #expect(abs(whole.revolutions - 1) > 0.15)
            #expect(abs(dropped.revolutions - 1) < 0.06)
            #expect(dropped.closure < whole.closure)
        }
        // A hook at the start too.
        let first = try #require(circle.points.first)
        let both = Stroke((1...8).reversed().map { k in Point(x: first.x - 2 * Double(k), y: first.y, t: -0.02 * Double(k)) }
                          + hooked(-2).points)
        #expect(abs(try #require(CircleDetector.shape(both, settings: kept)).revolutions - 1) < 0.06)
        // A stroke without hooks is measured as it was.
        #expect(CircleDetector.shape(circle, settings: kept) == CircleDetector.shape(circle, settings: asBefore))
        let p = try #require(StrokePreparation.prepared(circle, count: 64, granularity: 4))
        #expect(StrokeStructure.withoutHooks(p, window: 3, degrees: 45) == p)
        #expect(StrokeStructure.withoutHooks(Array(p.prefix(5)), window: 3, degrees: 45) == Array(p.prefix(5)))
        // Degenerate strokes come back as they are (a zero-length stroke once crashed here).
        let still = [Point](repeating: Point(x: 3, y: 4), count: 32)
        #expect(StrokeStructure.withoutHooks(still, window: 3, degrees: 45) == still)
        let twoPlaces = (0..<32).map { Point(x: $0 < 16 ? 0 : 1e-300, y: 0) }
        #expect(StrokeStructure.withoutHooks(twoPlaces, window: 3, degrees: 45).count == 32)
        #expect(CircleDetector.shape(Stroke(still), settings: kept) == nil)
    }

    /// Files written before hooks were dropped read as measuring the whole stroke; the
    /// field is written only when set.
    @Test func dropsHooksIsReadAsFalseWhenAbsentAndWrittenOnlyWhenSet() throws {
        let old = #"{"resampleCount": 64, "smoothingGranularity": 4, "cornerWindow": 3, "cornerDegrees": 45}"#
        let decoded = try JSONDecoder().decode(ShapeSettings.self, from: Data(old.utf8))
        #expect(!decoded.dropsHooks)
        let plain = String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self)
        #expect(!plain.contains("dropsHooks"))
        let circle = try JSONEncoder().encode(CircleDetector.defaultSettings)
        #expect(String(decoding: circle, as: UTF8.self).contains("\"dropsHooks\":true"))
        #expect(try JSONDecoder().decode(ShapeSettings.self, from: circle) == CircleDetector.defaultSettings)
    }

    @Test func aSpiralsLoopsShrinkAndACoilsAdvance() throws {
        let spiral = try #require(CircleDetector.shape(loops(3, growth: -0.3)))
        #expect(spiral.loops == 3)
        #expect(spiral.loopSizeRatio < 0.6)
        let coil = try #require(CircleDetector.shape(loops(3, advance: 1.5)))
        #expect(coil.loopDrift > 2)
    }

    /// Loops compared per loop: a hand going round five times, each loop 8 % smaller than
    /// the one before, keeps 0.92 a loop whatever the count, while its smallest loop over
    /// its largest falls with every loop drawn; a coil advances the same share of its
    /// radius each loop however many it draws.
    @Test func loopsAreComparedPerLoopWhateverTheirCount() throws {
        func shrinking(_ turns: Double, by factor: Double, advance: Double = 0) -> Stroke {
            let n = Int(64 * turns)
            return Stroke((0...n).map { i in
                let u = turns * Double(i) / Double(n)
                let r = 100 * pow(factor, u), a = 2 * .pi * u
                return Point(x: 200 + 100 * advance * u + r * cos(a), y: 200 + r * sin(a), t: Double(i) * 0.02)
            })
        }
        let twice = try #require(CircleDetector.shape(shrinking(2, by: 0.92)))
        let fiveTimes = try #require(CircleDetector.shape(shrinking(5, by: 0.92)))
        #expect(twice.loops == 2 && fiveTimes.loops == 5)
        #expect(fiveTimes.loopSizeRatio < 0.8 && twice.loopSizeRatio > 0.88, "the whole-stroke ratio falls with the count")
        for shape in [twice, fiveTimes] {
            #expect(abs(shape.loopSizeStep - 0.92) < 0.03, "\(shape.loopSizeStep)")
            #expect(abs(shape.loopSizeStep - pow(shape.loopSizeRatio, 1 / (shape.loops - 1))) < 1e-12)
        }
        // A spiral's loops shrink by far more a loop.
        let spiral = try #require(CircleDetector.shape(loops(3, growth: -0.3)))
        #expect(spiral.loopSizeStep < 0.75)
        // A coil advancing 1.5 radii a loop: three loops or five, about 1.5 a loop.
        for turns in [3.0, 5.0] {
            let coil = try #require(CircleDetector.shape(loops(turns, advance: 1.5)))
            #expect(abs(coil.loopDriftStep - 1.5) < 0.3, "\(coil.loopDriftStep)")
            #expect(abs(coil.loopDriftStep * (coil.loops - 1) - coil.loopDrift) < 1e-9)
        }
        // One loop: nothing to compare.
        let once = try #require(CircleDetector.shape(loops(1)))
        #expect(once.loopSizeStep == 1 && once.loopDriftStep == 0)
        // Training bounds the per-loop forms; the whole-stroke ones are read from older boxes only.
        #expect(CircleDetector.untrainedFeatureNames.isSuperset(of: ["loopSizeRatio", "loopDrift"]))
        #expect(!CircleDetector.untrainedFeatureNames.contains("loopSizeStep"))
        #expect(CircleDetector.featureNames.suffix(2) == ["loopSizeStep", "loopDriftStep"])
    }

    @Test func degenerateStrokesHaveNoStructure() {
        #expect(StrokeStructure.corners([]).isEmpty)
        #expect(StrokeStructure.corners([Point(x: 1, y: 1), Point(x: 1, y: 1), Point(x: 1, y: 1)]).isEmpty)
        #expect(StrokeStructure.loops([Point(x: 0, y: 0)]) == [0..<1])
    }

    /// Thresholds files written before these measures existed still read and decide as
    /// before: read without a bound on the loop count, they get `loops` ≤ 1, so a
    /// repeated circle is still refused; a box that bounds the count accepts it.
    @Test func thresholdsWithoutTheNewMeasuresStillRead() throws {
        let json = """
        {"format": "gesturelab.circle/1", "rule": "trained",
         "box": {"intervals": {"revolutions": {"lower": 0.6, "upper": 1.6, "scale": 0.4}}}}
        """
        let t = try JSONDecoder().decode(CircleThresholds.self, from: Data(json.utf8))
        #expect(t.accepts(loops(1)))
        #expect(!t.accepts(loops(2.2)))
        #expect(!t.accepts(loops(0.4)))
        let counted = """
        {"format": "gesturelab.circle/1", "rule": "trained",
         "box": {"intervals": {"revolutions": {"lower": 0.6, "upper": 1.6, "scale": 0.4},
                               "loops": {"lower": 1, "upper": 5, "scale": 1}}}}
        """
        let u = try JSONDecoder().decode(CircleThresholds.self, from: Data(counted.utf8))
        #expect(u.accepts(loops(1)) && u.accepts(loops(2.2)) && u.accepts(loops(4)))
        #expect(!u.accepts(loops(6)))
        // Fed point by point, a circle drawn three times is accepted when the finger lifts.
        var stream = CircleDetector.Stream(thresholds: u)
        for point in loops(3).points { _ = stream.add(point) }
        #expect(stream.end())
    }

    /// A check-mark file that says `dropsHooks` is read so: a flick at the lift (a tenth of
    /// the long leg, turned back by 120°) is dropped before measuring, and the stroke has
    /// one corner again. The check mark's default does not drop hooks (a short third leg is
    /// what a zig-zag has), so its files decide as they did. A very short first leg is
    /// never taken for a hook: the check mark looks for hooks only where the pen lifts.
    @Test func aCheckMarkFileThatDropsHooksDropsTheFlickAtTheLiftOnly() throws {
        let legs = (0...60).map { (i: Int) -> Point in
            let u = Double(i)
            return i <= 20 ? Point(x: u, y: 1.5 * u, t: u * 0.01) : Point(x: 20 + 2 * (u - 20), y: 30 - 2.5 * (u - 20), t: u * 0.01)
        }
        let last = legs[legs.count - 1]
        // The long leg heads (2, −2.5); the flick heads 120° away from it.
        let a = atan2(-2.5, 2.0) + 2 * Double.pi / 3
        let flick = (1...6).map { k in
            Point(x: last.x + 2 * Double(k) * cos(a), y: last.y + 2 * Double(k) * sin(a), t: (last.t ?? 0) + 0.01 * Double(k))
        }
        let hooked = Stroke(legs + flick)
        let asBefore = CheckmarkDetector.defaultSettings
        #expect(!asBefore.dropsHooks)
        var settings = asBefore
        settings.dropsHooks = true
        let plain = try #require(CheckmarkDetector.shape(Stroke(legs), settings: settings))
        let whole = try #require(CheckmarkDetector.shape(hooked, settings: asBefore))
        let dropped = try #require(CheckmarkDetector.shape(hooked, settings: settings))
        #expect(whole.cornerCount > plain.cornerCount, "kept, the flick is a second corner")
        #expect(dropped.cornerCount == plain.cornerCount)
        #expect(abs(dropped.totalAbsoluteTurning - plain.totalAbsoluteTurning) < 30,
                "\(dropped.totalAbsoluteTurning)° against \(plain.totalAbsoluteTurning)°")
        #expect(whole.totalAbsoluteTurning > plain.totalAbsoluteTurning + 60)
        // A tick whose first leg is a twentieth of the path keeps it, and its corner.
        let tick = Stroke((0...63).map { (i: Int) -> Point in
            let u = Double(i)
            return i <= 3 ? Point(x: u, y: 1.5 * u, t: u * 0.01) : Point(x: 3 + 2 * (u - 3), y: 4.5 - 2.5 * (u - 3), t: u * 0.01)
        })
        let ticked = try #require(CheckmarkDetector.shape(tick, settings: settings))
        let tickAsBefore = try #require(CheckmarkDetector.shape(tick, settings: asBefore))
        #expect(ticked.cornerCount == tickAsBefore.cornerCount && ticked.legRatio == tickAsBefore.legRatio)
        let ends = StrokeStructure.withoutHooks(tick.resampled(count: 32).points, window: 3, degrees: 45)
        let lifts = StrokeStructure.withoutHooks(tick.resampled(count: 32).points, window: 3, degrees: 45, atStart: false)
        #expect(ends != lifts, "looking at both ends, the short first leg would be taken for a hook")
    }
}
