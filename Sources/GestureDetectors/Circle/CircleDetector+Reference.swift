import Foundation
import GestureGeometry

extension CircleDetector {
    /// Ideal circles a trained circle detector must accept, whatever the recorded
    /// positives were: geometrically perfect loops of 0.95, 1 and 1.05 turns, drawn
    /// clockwise and counter-clockwise from the top, radius 100 pt, 64 segments a loop.
    ///
    /// Hand-drawn circles turn unevenly, so a box fitted only to them can put a lower
    /// bound on `turningUnevenness` or `maxTurn` that a perfect circle falls below.
    /// Training widens the box just enough to contain these shapes.
    public static let referenceStrokes: [Stroke] = [1.0, -1.0].flatMap { direction in
        [0.95, 1.0, 1.05].map { turns in
            let n = Int((64 * turns).rounded())
            return Stroke((0...n).map { i in
                let a = -Double.pi / 2 + direction * 2 * Double.pi * turns * Double(i) / Double(n)
                return Point(x: 150 + 100 * cos(a), y: 150 + 100 * sin(a), t: Double(i) * 0.015)
            })
        }
    }
}
