import Foundation
import GestureData
import GestureGeometry
import GestureTestSupport
@testable import GestureTraining
import Testing

/// The device transforms, augmentation and the device-shift evaluation.
@Suite struct StrokeAugmentationTests {
    /// A 0.5 s check mark sampled at 100 Hz, 100 px wide.
    static let check: [Point] = (0...50).map { i in
        let u = Double(i) / 50
        let (x, y) = u < 0.3 ? (u / 0.3 * 30, u / 0.3 * 30) : (30 + (u - 0.3) / 0.7 * 70, 30 - (u - 0.3) / 0.7 * 80)
        return Point(x: x, y: y, t: Double(i) / 100)
    }

    @Test func samplingRateGivesThatManyPointsPerSecondAndKeepsTheEnds() {
        var rng = SeededGenerator(seed: 1)
        for (rate, expected) in [(30.0, 16), (60.0, 31), (240.0, 121)] {
            let out = StrokeTransform.samplingRate(rate).apply(Self.check, using: &rng)
            #expect(out.count == expected, "\(rate) Hz: \(out.count) points")
            #expect(out.first == Self.check.first && out.last == Self.check.last)
            let gaps = zip(out.dropLast().dropLast(), out.dropFirst().dropLast()).map { ($1.t ?? 0) - ($0.t ?? 0) }
            #expect(gaps.allSatisfy { abs($0 - 1 / rate) < 1e-9 })
        }
    }

    @Test func geometricTransformsKeepTheCentroidAndDoWhatTheySay() throws {
        var rng = SeededGenerator(seed: 1)
        func centroid(_ p: [Point]) -> (Double, Double) {
            (p.reduce(0) { $0 + $1.x } / Double(p.count), p.reduce(0) { $0 + $1.y } / Double(p.count))
        }
        let c0 = centroid(Self.check)
        let length0 = Path.length(Self.check)
        for t in [StrokeTransform.scale(0.3), .scale(3), .rotation(20), .aspect(1.25), .mirror] {
            let out = t.apply(Self.check, using: &rng)
            let c = centroid(out)
            #expect(abs(c.0 - c0.0) < 1e-9 && abs(c.1 - c0.1) < 1e-9, "\(t) moved the centroid")
            #expect(out.count == Self.check.count)
        }
        #expect(abs(Path.length(StrokeTransform.scale(3).apply(Self.check, using: &rng)) - 3 * length0) < 1e-6)
        #expect(abs(Path.length(StrokeTransform.rotation(37).apply(Self.check, using: &rng)) - length0) < 1e-6)
        // Rotating 90° counter-clockwise on screen (y down) turns "right" into "up" (y decreasing).
        let right = [Point(x: 0, y: 0), Point(x: 10, y: 0)]
        let up = StrokeTransform.rotation(90).apply(right, using: &rng)
        #expect(abs(up[1].x - up[0].x) < 1e-9 && up[1].y < up[0].y)
        // Mirroring swaps left and right.
        let m = StrokeTransform.mirror.apply(right, using: &rng)
        #expect(m[1].x < m[0].x)
    }

    @Test func degenerateStrokesComeBackUnchanged() {
        var rng = SeededGenerator(seed: 1)
        let one = [Point(x: 3, y: 4, t: 0)]
        let nan = [Point(x: .nan, y: 0), Point(x: 1, y: 1)]
        let still = [Point(x: 1, y: 1, t: 0), Point(x: 1, y: 1, t: 0.1)]
        for t in StrokeAugmentation.deviceShifts(tolerance: .of(.circle)) {
            #expect(t.apply(one, using: &rng) == one)
            #expect(t.apply(nan, using: &rng).count == 2)
            let s = t.apply(still, using: &rng)
            #expect(s.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(t) on a zero-length stroke")
        }
    }

    @Test func augmentationKeepsLabelsAndSubjectsAndIsSeeded() {
        let data = DetectorSyntheticData.dataset()
        let a = StrokeAugmentation.augmented(data, copies: 3, tolerance: .of(.checkmark), seed: 5)
        let b = StrokeAugmentation.augmented(data, copies: 3, tolerance: .of(.checkmark), seed: 5)
        #expect(a.count == 4 * data.count)
        #expect(Array(a.samples.prefix(data.count)) == data.samples, "the originals come first, unchanged")
        for (k, s) in data.samples.enumerated() {
            for c in 0..<3 {
                let copy = a.samples[data.count + 3 * k + c]
                #expect(copy.label == s.label && copy.subject == s.subject)
                #expect(copy.gesture != s.gesture)
            }
        }
        #expect(a.samples == b.samples)
        #expect(StrokeAugmentation.augmented(data, copies: 3, tolerance: .of(.checkmark), seed: 6).samples != a.samples)
    }

    /// Thresholds trained on tilted copies hold on tilted held-out people; thresholds
    /// trained without them lose check marks (measured on the synthetic set: subjects
    /// a–d, leave-one-subject-out; the device shift decides each subject with its fold's
    /// thresholds).
    @Test func augmentationMakesTrainedThresholdsHoldUnderRotation() throws {
        let data = DetectorSyntheticData.dataset()
        let m = DetectorMeasurements.measure(.checkmark, dataset: data)
        func evaluate(copies: Int) throws -> (DetectorEvaluation, DeviceShiftEvaluation.Row) {
            let extra = copies > 0
                ? DetectorMeasurements.measure(.checkmark, dataset: Dataset(Array(
                    StrokeAugmentation.augmented(data, copies: copies, tolerance: .of(.checkmark), seed: 1).samples.dropFirst(data.count))))
                : nil
            let e = try DetectorEvaluator.evaluate(m, positive: "check", thresholds: .train(.falsePositiveRate(0.01), seed: 1),
                                                   protocol: .leaveOneSubjectOut, includeDetails: true, trainingExtra: extra)
            let rows = DeviceShiftEvaluation.run(data, evaluation: e, transforms: [.rotation(-20)], seed: 1)
            #expect(rows.map(\.transform) == ["none", "rotation -20°"])
            #expect(rows[0].counts == e.counts, "the 'none' row repeats the evaluation")
            return (e, rows[1])
        }
        let (plain, plainTilted) = try evaluate(copies: 0)
        let (augmented, augmentedTilted) = try evaluate(copies: 4)
        // Augmented copies only train: every fold is tested on the recorded samples.
        #expect(augmented.positives == plain.positives && augmented.negatives == plain.negatives)
        #expect(augmentedTilted.truePositiveRate > plainTilted.truePositiveRate,
                "tilted TPR: plain \(plainTilted.truePositiveRate), augmented \(augmentedTilted.truePositiveRate)")
        #expect(augmentedTilted.truePositiveRate >= 0.9)
        #expect(augmented.falsePositiveRate <= 0.05)
    }

    /// A finger resting once along the stroke: that many more points after one point of the
    /// middle 80 %, each within 0.5 % of the diagonal of it; the stroke's own points kept in
    /// order, those after the rest later by the rest's length; degenerate input unchanged.
    @Test func restingAlongAddsJitterInsideTheStroke() throws {
        for seed in UInt64(1)...20 {
            var rng = SeededGenerator(seed: seed)
            let out = StrokeTransform.restingAlong(20).apply(Self.check, using: &rng)
            #expect(out.count == Self.check.count + 20)
            // Where the rest begins: the first point that is not the stroke's own in order.
            let at = try #require(Array(zip(out, Self.check)).firstIndex { $0 != $1 })
            #expect(at >= Self.check.count / 10 + 1 && at <= (9 * Self.check.count) / 10, "seed \(seed): rest after point \(at - 1)")
            let q = Self.check[at - 1], reach = 0.005 * hypot(100, 80) + 1e-9
            #expect(out[at..<(at + 20)].allSatisfy { abs($0.x - q.x) <= reach && abs($0.y - q.y) <= reach })
            #expect(out[(at + 20)...].map { Point(x: $0.x, y: $0.y) } == Self.check[at...].map { Point(x: $0.x, y: $0.y) })
            let times = out.compactMap(\.t)
            #expect(times.count == out.count && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        }
        var rng = SeededGenerator(seed: 1)
        #expect(StrokeTransform.restingAlong(0).apply(Self.check, using: &rng) == Self.check)
        #expect(StrokeTransform.restingAlong(20).description == "resting along the stroke (20 points)")
        let two = [Point(x: 0, y: 0, t: 0), Point(x: 5, y: 5, t: 0.1)]
        #expect(StrokeTransform.restingAlong(5).apply(two, using: &rng).count == 7)
    }

    /// A finger resting at each end: that many more points at either end, each within
    /// 0.5 % of the diagonal of its end point, in time before the first and after the last;
    /// measured by `eval detector --device-shift`, not held by training.
    @Test func restingEndsAddJitterAroundBothEnds() throws {
        var rng = SeededGenerator(seed: 1)
        let out = StrokeTransform.restingEnds(12).apply(Self.check, using: &rng)
        #expect(out.count == Self.check.count + 24)
        #expect(Array(out[12..<(12 + Self.check.count)]) == Self.check)
        let first = Self.check[0], last = Self.check[Self.check.count - 1]
        let reach = 0.005 * hypot(100, 80) + 1e-9
        #expect(out.prefix(12).allSatisfy { abs($0.x - first.x) <= reach && abs($0.y - first.y) <= reach })
        #expect(out.suffix(12).allSatisfy { abs($0.x - last.x) <= reach && abs($0.y - last.y) <= reach })
        let times = out.compactMap(\.t)
        #expect(times.count == out.count && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(StrokeTransform.restingEnds(0).apply(Self.check, using: &rng) == Self.check)
        #expect(StrokeTransform.restingEnds(12).description == "resting ends (12 points each)")
        let measured = StrokeAugmentation.measuredDeviceShifts(tolerance: .of(.circle))
        #expect(Array(measured.suffix(5)) == [.restingEnds(12), .restingAlong(20)] + StrokeAugmentation.drawingShifts)
        #expect(!StrokeAugmentation.deviceShifts(tolerance: .of(.circle)).contains(.restingEnds(12)))
        #expect(!StrokeAugmentation.deviceShifts(tolerance: .of(.circle)).contains(.restingAlong(20)))
        for t in measured {
            let still = [Point(x: 1, y: 1, t: 0), Point(x: 1, y: 1, t: 0.1)]
            let out = t.apply(still, using: &rng)
            #expect(out.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(t) on a zero-length stroke")
            #expect(out.count >= 2, "\(t) on a zero-length stroke")
        }
    }

    /// A small stroke on a pixel grid: the longer side becomes that many whole pixels about
    /// the first point, every point on a whole pixel, no two in a row on the same pixel (the
    /// first on it kept, with its time); a stroke too small for two pixels keeps two points.
    @Test func pixelGridSnapsASmallStrokeToWholePixels() {
        var rng = SeededGenerator(seed: 1)
        let out = StrokeTransform.pixelGrid(10).apply(Self.check, using: &rng)
        #expect(out.count < Self.check.count && out.count >= 10)
        #expect(out.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() })
        #expect(zip(out, out.dropFirst()).allSatisfy { $0.x != $1.x || $0.y != $1.y })
        // The check mark runs 100 wide from (0, 0) to (100, -50): a tenth of it, on whole pixels.
        #expect(out.first == Point(x: 0, y: 0, t: 0) && out.last.map { Point(x: $0.x, y: $0.y) } == Point(x: 10, y: -5))
        #expect(zip(out, out.dropFirst()).allSatisfy { ($0.t ?? 0) < ($1.t ?? 0) })
        let box = Stroke(out).boundingBox
        #expect(box.map { abs($0.longerSide - 10) <= 1 } == true, "\(String(describing: box))")
        #expect(StrokeTransform.pixelGrid(0.4).apply(Self.check, using: &rng).count == 2)
        #expect(StrokeTransform.pixelGrid(30).description == "pixel grid (30 px on the longer side)")
    }

    /// A wobble moves every point by at most its amplitude × the diagonal on each axis, keeps
    /// the count and the times, and moves most points; a flick at the lift adds 4–8 points
    /// after the last, 10 ms apart, running 3 %…the share of the path, at least 90° off the
    /// stroke's last direction.
    @Test func wobbleAndFlickStayWithinTheirReach() throws {
        let diagonal = try #require(Stroke(Self.check).boundingBox).diagonal
        let length = Path.length(Self.check)
        for seed in UInt64(1)...20 {
            var rng = SeededGenerator(seed: seed)
            let w = StrokeTransform.wobble(amplitude: 0.02, waves: 4).apply(Self.check, using: &rng)
            #expect(w.count == Self.check.count && w.map(\.t) == Self.check.map(\.t))
            let moves = zip(w, Self.check).map { (abs($0.x - $1.x), abs($0.y - $1.y)) }
            #expect(moves.allSatisfy { $0.0 <= 0.02 * diagonal + 1e-9 && $0.1 <= 0.02 * diagonal + 1e-9 })
            #expect(moves.filter { $0.0 > 0.002 * diagonal }.count > Self.check.count / 2, "seed \(seed)")

            let f = StrokeTransform.flickAtLift(0.06).apply(Self.check, using: &rng)
            let added = Array(f.dropFirst(Self.check.count))
            #expect(Array(f.prefix(Self.check.count)) == Self.check)
            #expect((4...8).contains(added.count), "seed \(seed): \(added.count) points")
            let last = Self.check[Self.check.count - 1], from = Self.check[Self.check.count - 6]
            let end = try #require(added.last)
            let run = end.distance(to: last)
            #expect(run >= 0.03 * length - 1e-9 && run <= 0.06 * length + 1e-9, "seed \(seed): \(run / length)")
            let turn = try #require(Angles.angleBetweenLines(from, last, last, end))
            #expect(turn >= 90 - 1e-6 && turn <= 150 + 1e-6, "seed \(seed): \(turn)°")
            #expect(zip(added, added.dropFirst()).allSatisfy { abs(($1.t ?? 0) - ($0.t ?? 0) - 0.01) < 1e-9 })
        }
        #expect(StrokeTransform.wobble(amplitude: 0.02, waves: 4).description == "wobble 2% of the diagonal, 4 waves")
        #expect(StrokeTransform.flickAtLift(0.06).description == "flick at the lift (3–6% of the path)")
    }
}
