import Foundation
import GestureGeometry

extension CircleDetector {
    /// The most loops a circle may be drawn with unless training examples show more: 5.
    /// People asked for a circle often go round two or more times (another study's
    /// participants went round up to five times); a trained box accepts every loop count
    /// up to the larger of this and the most its positives had (``Shape/loops``).
    public static let defaultMaxLoops = 5

    /// A box trained before loops were counted (no `loops` bound) measured a repeated
    /// circle over all its turns and so refused it; read today, where a repeated circle is
    /// measured on its last full turn, it gets the bound `loops` ≤ 1 to keep deciding as
    /// it did. Boxes that bound the loop count are returned unchanged.
    public static func upgradedBox(_ box: FeatureBox) -> FeatureBox {
        guard !box.intervals.isEmpty, box.intervals["loops"] == nil else { return box }
        var out = box
        out.intervals["loops"] = FeatureInterval(lower: 1, upper: 1, scale: 1)
        return out
    }

    /// Ideal circles a trained circle detector must accept, whatever the recorded
    /// positives were: geometrically perfect loops of 0.95, 1 and 1.05 turns, and perfect
    /// circles gone round 2, 3 … ``defaultMaxLoops`` times, drawn clockwise and
    /// counter-clockwise from the top, radius 100 pt, 64 segments a loop.
    ///
    /// Hand-drawn circles turn unevenly, so a box fitted only to them can put a lower
    /// bound on `turningUnevenness` or `maxTurn` that a perfect circle falls below, and
    /// one drawn once bounds the loop count by 1. Training widens the box just enough to
    /// contain these shapes.
    public static let referenceStrokes: [Stroke] = [1.0, -1.0].flatMap { direction in
        ([0.95, 1.0, 1.05] + (2...defaultMaxLoops).map(Double.init)).map { turns in
            let n = Int((64 * turns).rounded())
            return Stroke((0...n).map { i in
                let a = -Double.pi / 2 + direction * 2 * Double.pi * turns * Double(i) / Double(n)
                return Point(x: 150 + 100 * cos(a), y: 150 + 100 * sin(a), t: Double(i) * 0.015)
            })
        }
    }

    /// How far a circle may be left open, in turns: a fifth. People leave circles open, but
    /// a stroke that stops further short is a C, an arc or a curve however round it is, and
    /// no example decides where: recorded circles are mostly closed, and which negatives
    /// happen to press on how open a trained box lets a circle be changes from one training
    /// set to the next (boxes trained before this limit, on the same data, ended at about
    /// 0.21 turn through the pressure of generated coils; the limit keeps that on purpose).
    public static let maxOpening = 0.2

    /// A circle left open by ``maxOpening``: its measures are the limits of
    /// ``definitionLimits(settings:)``. Perfect arcs of 1 − ``maxOpening`` turns, clockwise
    /// and counter-clockwise from the top, radius 100 pt, 64 segments a full turn.
    public static let mostOpenStrokes: [Stroke] = [1.0, -1.0].map { direction in
        let turns = 1 - maxOpening, n = Int((64 * turns).rounded())
        return Stroke((0...n).map { i in
            let a = -Double.pi / 2 + direction * 2 * Double.pi * turns * Double(i) / Double(n)
            return Point(x: 150 + 100 * cos(a), y: 150 + 100 * sin(a), t: Double(i) * 0.015)
        })
    }

    /// Open by at most ``maxOpening``: `winding` no less and `returnMiss` no more than a
    /// circle left open by that much (``mostOpenStrokes``, prepared and measured with
    /// `settings`: about 0.83 turn and 0.93 radius on 32 or 64 points). Whatever bounds
    /// training finds, a stroke that winds less round its centre, or whose end heads further
    /// from its start, is not a circle.
    public static func definitionLimits(settings: ShapeSettings) -> [String: ClosedRange<Double>] {
        let measured = mostOpenStrokes.compactMap { featureVector($0, settings: settings) }
        guard measured.count == mostOpenStrokes.count,
              let w = featureNames.firstIndex(of: "winding"), let r = featureNames.firstIndex(of: "returnMiss")
        else { return [:] }
        let winding = measured.map { $0[w] }.min()!, miss = measured.map { $0[r] }.max()!
        return ["winding": winding...Double.infinity, "returnMiss": -Double.infinity...miss]
    }
}
