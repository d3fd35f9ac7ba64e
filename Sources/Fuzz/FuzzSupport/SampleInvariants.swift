import GestureData

/// What every sample a reader accepts must satisfy, checked by the XML fuzz targets: at
/// least one stroke, no empty stroke, finite coordinates, and finite times that step back
/// by at most 1 ms within a stroke (clock jitter; strokes may overlap in time or come out
/// of order, as real multistroke logs do).
package enum SampleInvariants {
    /// The readers' tolerance, 1 ms, with the slack they allow for rounding at epoch scale.
    static func allowedStepBack(_ a: Double, _ b: Double) -> Double {
        0.001 * (1 + 1e-9) + 8 * Double.ulpOfOne * Swift.max(abs(a), abs(b))
    }

    package static func check(_ sample: Sample) {
        precondition(!sample.gesture.strokes.isEmpty, "accepted a gesture with no strokes")
        for stroke in sample.gesture.strokes {
            precondition(!stroke.points.isEmpty, "accepted an empty stroke")
            var lastT: Double?
            for p in stroke.points {
                precondition(p.x.isFinite && p.y.isFinite, "accepted a non-finite coordinate")
                if let t = p.t {
                    precondition(t.isFinite, "accepted a non-finite time")
                    if let last = lastT {
                        precondition(last - t <= allowedStepBack(last, t), "accepted a time going back more than 1 ms within a stroke")
                    }
                    lastT = Swift.max(lastT ?? t, t)
                }
            }
        }
    }
}
