import GestureData
import GestureGeometry

/// Synthetic negatives: smooth random scribbles, for training a rejection threshold or a
/// detector when the user has recorded no negatives.
///
/// A scribble passes through a few control points drawn uniformly in a square and is
/// smoothed with Catmull-Rom (Sadun's "Smoothing Drawings" form, via
/// `Stroke.smoothed(granularity:)`), then timed at a constant drawing speed. Scribbles
/// with many control points wander; with three they look like arcs and corners, which
/// is what makes them hard negatives for check marks and circles.
///
/// ```swift
/// var rng = SeededGenerator(seed: 1)
/// let negatives = RandomScribble().samples(count: 100, using: &rng)
/// ```
public struct RandomScribble: Hashable, Codable, Sendable {
    /// Side of the square the control points are drawn in, in points. 200 pt is the size
    /// of a gesture drawn on a phone screen (the $1 logs' gestures are 50–250 pt).
    public var size: Double
    /// Fewest and most control points (inclusive); at least 2.
    public var controlPoints: ClosedRange<Int>
    /// Interpolated points per control segment (4 in Sadun's recipe; more gives a
    /// finer curve).
    public var granularity: Int
    /// Drawing speed in points per second, for the time stamps (the $1 logs' medium
    /// speed is roughly 300–600 pt/s).
    public var speed: Double
    /// Label given to scribbles.
    public var label: String

    public init(size: Double = 200, controlPoints: ClosedRange<Int> = 3...7, granularity: Int = 8,
                speed: Double = 400, label: String = "(scribble)") {
        precondition(size > 0 && size.isFinite, "scribble size must be finite and > 0")
        precondition(controlPoints.lowerBound >= 2, "a scribble needs at least 2 control points")
        precondition(granularity >= 1, "granularity must be >= 1")
        precondition(speed > 0 && speed.isFinite, "speed must be finite and > 0")
        self.size = size
        self.controlPoints = controlPoints
        self.granularity = granularity
        self.speed = speed
        self.label = label
    }

    /// One scribble stroke, starting at time 0.
    public func stroke(using rng: inout some RandomNumberGenerator) -> Stroke {
        let n = Int.random(in: controlPoints, using: &rng)
        var controls: [Point] = []
        while controls.count < n {
            let p = Point(x: Double.random(in: 0...size, using: &rng), y: Double.random(in: 0...size, using: &rng))
            // Repeated control points would make a zero-length segment; draw again.
            if let last = controls.last, last.distance(to: p) < size * 0.05 { continue }
            controls.append(p)
        }
        let smooth = Stroke(controls).smoothed(granularity: granularity).deduplicated
        var t = 0.0
        var timed: [Point] = []
        timed.reserveCapacity(smooth.count)
        for (i, p) in smooth.points.enumerated() {
            if i > 0 { t += smooth.points[i - 1].distance(to: p) / speed }
            timed.append(Point(x: p.x, y: p.y, t: t))
        }
        return Stroke(timed)
    }

    /// `count` scribble samples labelled ``label``, with `meta["synthetic"] = "scribble"`.
    public func samples(count: Int, using rng: inout some RandomNumberGenerator) -> [Sample] {
        (0..<Swift.max(0, count)).map { i in
            Sample(gesture: Gesture([stroke(using: &rng)]), label: label, subject: nil,
                   meta: ["synthetic": "scribble"], source: "synthetic scribble \(i)")
        }
    }
}
