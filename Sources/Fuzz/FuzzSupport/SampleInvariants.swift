import GestureData

/// What every sample a reader accepts must satisfy, checked by the XML fuzz targets: at
/// least one stroke, no empty stroke, finite coordinates, and finite times that never
/// decrease across the whole gesture.
package enum SampleInvariants {
    package static func check(_ sample: Sample) {
        precondition(!sample.gesture.strokes.isEmpty, "accepted a gesture with no strokes")
        var lastT = -Double.infinity
        for stroke in sample.gesture.strokes {
            precondition(!stroke.points.isEmpty, "accepted an empty stroke")
            for p in stroke.points {
                precondition(p.x.isFinite && p.y.isFinite, "accepted a non-finite coordinate")
                if let t = p.t {
                    precondition(t.isFinite && t >= lastT, "accepted a non-finite or decreasing time")
                    lastT = t
                }
            }
        }
    }
}
