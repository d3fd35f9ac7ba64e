import GestureData
import GestureGeometry

/// Turns recorded samples (the $1 logs, native datasets) into one touch session, so real
/// strokes can be replayed through a screen of recognizers and its false activations
/// counted on real input.
///
/// Each stroke becomes one finger: `began` at its first point, `moved` for each later
/// point, `ended` at its last, at the recorded times (shifted so the sample starts at the
/// session clock); samples follow one another after ``Settings/pause``. A sample whose
/// label is in `labelNames` gets a label for that recognizer name, with the window from
/// its first point to its last plus ``Settings/recognitionSlack``; other samples get none,
/// so any activation during them is false.
///
/// Edge cases: points without times are spaced at ``Settings/sampleInterval``; a time
/// that steps back within a sample is clamped to the previous one (sessions never go
/// backwards); empty strokes are skipped.
public struct SampleSessionBuilder {
    public struct Settings: Hashable, Sendable {
        /// Gap between one sample's last point and the next sample's first (seconds).
        public var pause = 1.0
        /// Seconds after the last point within which the recognition still counts.
        public var recognitionSlack = 0.5
        /// Spacing of points that carry no time (seconds). 1/60 s: a 60 Hz touch screen.
        public var sampleInterval = 1.0 / 60
        public init() {}
    }

    public var settings: Settings

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// The session and its labels.
    /// - Parameter labelNames: sample label → recognizer name that should fire for it.
    public func session(_ samples: [Sample], labelNames: [String: String]) -> (events: [TouchSessionEvent], labels: SessionLabels) {
        var events: [TouchSessionEvent] = []
        var labels: [SessionLabels.Gesture] = []
        var clock = 0.5
        var nextID = 1
        for sample in samples {
            let start = clock
            for stroke in sample.gesture.strokes where !stroke.points.isEmpty {
                let pts = stroke.points
                let t0 = pts[0].t
                var last = clock
                let id = nextID
                nextID += 1
                for (i, p) in pts.enumerated() {
                    var t = clock + (p.t.flatMap { t in t0.map { t - $0 } } ?? Double(i) * settings.sampleInterval)
                    if !t.isFinite || t < last { t = last }
                    last = t
                    let phase: TouchSessionPhase = i == 0 ? .began : (i == pts.count - 1 ? .ended : .moved)
                    events.append(TouchSessionEvent(t: t, phase: phase, touches: [TouchSessionTouch(id: id, x: p.x, y: p.y)]))
                }
                if pts.count == 1 {
                    events.append(TouchSessionEvent(t: last, phase: .ended, touches: [TouchSessionTouch(id: id, x: pts[0].x, y: pts[0].y)]))
                }
                clock = last + settings.sampleInterval
            }
            if let label = sample.label, let name = labelNames[label] {
                labels.append(SessionLabels.Gesture(name: name, start: start, end: clock + settings.recognitionSlack))
            }
            clock += settings.pause
        }
        return (events, SessionLabels(gestures: labels))
    }
}
