import Foundation
import GestureData
import GestureGeometry

/// Scripts touch sessions from seeded randomness: gestures one after another with
/// pauses, sampled like a touch screen, and the labels saying what each one is.
///
/// ```swift
/// var gen = SyntheticSessionGenerator(seed: 7)
/// let (events, labels) = gen.session(duration: 600, mix: SyntheticGesture.standardMix)
/// ```
/// Same seed, same session. Positions get a small seeded jitter (well under every
/// recognizer's slop), so sessions are not perfectly clean but every scripted gesture
/// stays what it is meant to be.
public struct SyntheticSessionGenerator {
    public struct Settings: Hashable, Sendable {
        /// Touch samples per second while fingers move. 60 Hz: a common touch-screen rate.
        public var sampleRate = 60.0
        /// Pause between one gesture's last touch and the next one's first (seconds).
        public var pause: ClosedRange<Double> = 0.8...1.6
        /// How long after a gesture's last touch its recognition may still come (the label
        /// window's end). 0.5 s: beyond the 0.3 s tap interval.
        public var recognitionSlack = 0.5
        /// Largest random displacement of a sample (points).
        public var jitter = 0.5
        /// Where gestures happen (points): x range and y range.
        public var areaX = 80.0...300.0
        public var areaY = 120.0...560.0
        public init() {}
    }

    public var settings: Settings
    private var rng: SeededGenerator
    private var nextID = 1
    private(set) var events: [TouchSessionEvent] = []
    private(set) var labels: [SessionLabels.Gesture] = []
    private var clock = 0.5

    public init(seed: UInt64, settings: Settings = Settings()) {
        self.settings = settings
        rng = SeededGenerator(seed: seed)
    }

    /// A session of gestures drawn uniformly from `mix` until `duration` seconds are filled.
    public mutating func session(duration: Double, mix: [SyntheticGesture]) -> (events: [TouchSessionEvent], labels: SessionLabels) {
        precondition(!mix.isEmpty, "the mix needs at least one gesture")
        while clock < duration {
            let g = mix[Int.random(in: 0..<mix.count, using: &rng)]
            append(g)
        }
        return take()
    }

    /// A session of exactly these gestures, in order.
    public mutating func session(_ gestures: [SyntheticGesture]) -> (events: [TouchSessionEvent], labels: SessionLabels) {
        for g in gestures { append(g) }
        return take()
    }

    private mutating func take() -> (events: [TouchSessionEvent], labels: SessionLabels) {
        defer { events = []; labels = [] }
        return (events, SessionLabels(gestures: labels))
    }

    /// Appends one gesture at the clock, labels it, and moves the clock past a pause.
    public mutating func append(_ gesture: SyntheticGesture) {
        let start = clock
        switch gesture {
        case .taps(let n): taps(n)
        case .swipe(let f, let d): swipe(fingers: f, direction: d)
        case .pinch(let spread): twoFinger(scaleTo: spread ? 2.2 : 0.45, turn: 0)
        case .rotation(let cw): twoFinger(scaleTo: 1, turn: (cw ? 1 : -1) * random(0.9...1.8))
        case .pinchAndRotation: twoFinger(scaleTo: 2.0, turn: random(0.9...1.5) * (Bool.random(using: &rng) ? 1 : -1))
        case .pan: pan()
        case .longPress: longPress()
        case .checkmark: checkmark()
        case .circle: circle()
        case .diagonalFlick: diagonalFlick()
        }
        let end = (events.last?.t ?? clock) + settings.recognitionSlack
        for name in gesture.labelNames {
            labels.append(SessionLabels.Gesture(name: name, start: start, end: end))
        }
        clock = (events.last?.t ?? clock) + random(settings.pause)
    }

    // MARK: - Gestures

    private mutating func taps(_ n: Int) {
        let p = randomPoint()
        var t = clock
        for k in 0..<n {
            let id = newID()
            emit(t, .began, [(id, jittered(p))])
            emit(t + 0.04, .stationary, [(id, jittered(p))])
            let up = t + random(0.07...0.12)
            emit(up, .ended, [(id, jittered(p))])
            if k < n - 1 { t = up + random(0.10...0.20) }
        }
    }

    private mutating func swipe(fingers: Int, direction: SwipeDirection) {
        let (ux, uy): (Double, Double)
        switch direction {
        case .right: (ux, uy) = (1, 0)
        case .left: (ux, uy) = (-1, 0)
        case .down: (ux, uy) = (0, 1)
        case .up: (ux, uy) = (0, -1)
        }
        let length = random(90...140), duration = random(0.18...0.3)
        let centre = randomPoint()
        let starts = (0..<fingers).map { k -> Point in
            let off = (Double(k) - Double(fingers - 1) / 2) * 35
            return Point(x: centre.x - ux * length / 2 - uy * off, y: centre.y - uy * length / 2 + ux * off)
        }
        let ids = starts.map { _ in newID() }
        path(ids: ids, duration: duration) { k, f in
            Point(x: starts[k].x + ux * length * f, y: starts[k].y + uy * length * f)
        }
    }

    private mutating func twoFinger(scaleTo: Double, turn: Double) {
        let centre = randomPoint()
        let r0 = scaleTo >= 1 ? random(40...55) : random(90...110)
        let a0 = random(0...Double.pi)
        let duration = random(0.5...0.8)
        let ids = [newID(), newID()]
        path(ids: ids, duration: duration) { k, f in
            let r = r0 * (1 + (scaleTo - 1) * f)
            let a = a0 + turn * f + (k == 0 ? 0 : .pi)
            return Point(x: centre.x + r * cos(a), y: centre.y + r * sin(a))
        }
    }

    private mutating func pan() {
        let start = randomPoint()
        // Headings 25°–65° off an axis, so no swipe can read the drag as straight.
        let heading = Double(Int.random(in: 0..<4, using: &rng)) * .pi / 2 + random(0.44...1.13)
        let length = random(140...220), bend = random(-0.6...0.6)
        let duration = random(0.9...1.4)
        path(ids: [newID()], duration: duration) { _, f in
            let a = heading + bend * f
            return Point(x: start.x + cos(a) * length * f, y: start.y + sin(a) * length * f)
        }
    }

    private mutating func diagonalFlick() {
        let start = randomPoint()
        let heading = Double(Int.random(in: 0..<4, using: &rng)) * .pi / 2 + .pi / 4
        let length = random(90...130)
        path(ids: [newID()], duration: random(0.15...0.25)) { _, f in
            Point(x: start.x + cos(heading) * length * f, y: start.y + sin(heading) * length * f)
        }
    }

    private mutating func longPress() {
        let p = randomPoint(), id = newID()
        let hold = random(0.8...1.2)
        emit(clock, .began, [(id, p)])
        var t = clock + 0.1
        while t < clock + hold {
            let phase: TouchSessionPhase = Bool.random(using: &rng) ? .moved : .stationary
            emit(t, phase, [(id, Point(x: p.x + random(-2...2), y: p.y + random(-2...2)))])
            t += 0.1
        }
        emit(clock + hold, .ended, [(id, p)])
    }

    private mutating func checkmark() {
        let s = randomPoint(), size = random(50...90)
        let corner = Point(x: s.x + size * 0.35, y: s.y + size * 0.45)
        let end = Point(x: s.x + size, y: s.y - size * 0.55)
        path(ids: [newID()], duration: random(0.35...0.6)) { _, f in
            f < 0.35 ? s.interpolated(to: corner, fraction: f / 0.35)
                : corner.interpolated(to: end, fraction: (f - 0.35) / 0.65)
        }
    }

    private mutating func circle() {
        let c = randomPoint(), r = random(40...70), a0 = random(0...(2 * Double.pi))
        let dir: Double = Bool.random(using: &rng) ? 1 : -1
        path(ids: [newID()], duration: random(0.7...1.1)) { _, f in
            let a = a0 + dir * 2 * .pi * f
            return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
        }
    }

    // MARK: - Sampling

    /// Fingers `ids` come down together at the clock, follow `position(k, fraction)`
    /// sampled at the sample rate, and lift together.
    private mutating func path(ids: [Int], duration: Double, _ position: (Int, Double) -> Point) {
        let t0 = clock
        emit(t0, .began, ids.indices.map { (ids[$0], position($0, 0)) })
        let steps = max(2, Int((duration * settings.sampleRate).rounded()))
        for s in 1...steps {
            let f = Double(s) / Double(steps)
            emit(t0 + duration * f, .moved, ids.indices.map { (ids[$0], jittered(position($0, f))) })
        }
        emit(t0 + duration + 0.01, .ended, ids.indices.map { (ids[$0], position($0, 1)) })
    }

    private mutating func emit(_ t: Double, _ phase: TouchSessionPhase, _ touches: [(Int, Point)]) {
        let rounded = (t * 1e6).rounded() / 1e6
        events.append(TouchSessionEvent(t: rounded, phase: phase, touches: touches.map {
            TouchSessionTouch(id: $0.0, x: ($0.1.x * 100).rounded() / 100, y: ($0.1.y * 100).rounded() / 100)
        }))
    }

    private mutating func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    private mutating func random(_ r: ClosedRange<Double>) -> Double { Double.random(in: r, using: &rng) }

    private mutating func randomPoint() -> Point {
        Point(x: random(settings.areaX), y: random(settings.areaY))
    }

    private mutating func jittered(_ p: Point) -> Point {
        let j = settings.jitter
        return j > 0 ? Point(x: p.x + random(-j...j), y: p.y + random(-j...j)) : p
    }
}
