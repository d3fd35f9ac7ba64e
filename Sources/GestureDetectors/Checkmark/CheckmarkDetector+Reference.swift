import Foundation
import GestureGeometry

extension CheckmarkDetector {
    /// Ideal check marks a trained check-mark box must accept, whatever the recorded
    /// positives were: two perfectly straight legs meeting at one sharp corner — a first leg
    /// 40 pt long going down-right at 40° or 60° below the horizontal, a second leg 2 or 3
    /// times as long going up-right at 45° or 65° above it — drawn at a point every 2 pt,
    /// 10 ms apart; and an open one, a first leg going down-right at 30° and a second 1.4
    /// times as long going up-right at 40°: legs 110° apart, turning only 70°.
    ///
    /// Hand-drawn check marks bend a little everywhere, so a box fitted only to them (the
    /// general detector's above all) can bound turning unevenness or leg straightness where
    /// a ruler-straight, generated check mark falls outside. Training widens the box just
    /// enough to contain these shapes.
    public static let referenceStrokes: [Stroke] = ([40.0, 60.0].flatMap { down in
        [45.0, 65.0].flatMap { up in [2.0, 3.0].map { ratio in (down, up, ratio) } }
    } + [(30.0, 40.0, 1.4)]).map { down, up, ratio in
        let a = down * .pi / 180, b = up * .pi / 180
        let corner = Point(x: 40 * cos(a), y: 40 * sin(a))
        let end = Point(x: corner.x + 40 * ratio * cos(b), y: corner.y - 40 * ratio * sin(b))
        var points: [Point] = []
        for (from, to, length) in [(Point(x: 0, y: 0), corner, 40.0), (corner, end, 40 * ratio)] {
            let steps = Int(length / 2)
            for i in (points.isEmpty ? 0 : 1)...steps {
                let f = Double(i) / Double(steps)
                points.append(Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f,
                                    t: Double(points.count) * 0.01))
            }
        }
        return Stroke(points.map { Point(x: $0.x + 100, y: $0.y + 100, t: $0.t) })
    }
}
