import GestureData
import GestureEngine

/// Feeds hand-written touch lines to an arena, and counts actions per recognizer.
final class TouchScript {
    let arena: GestureArena
    private var tracker = TouchTracker()
    private(set) var log: [GestureActivation] = []

    init(_ arena: GestureArena) {
        self.arena = arena
        for r in arena.recognizers {
            arena.addAction(to: r.name) { [unowned self] in self.log.append($0) }
        }
    }

    convenience init(_ recognizers: [any GestureRecognizer]) {
        self.init(GestureArena(recognizers))
    }

    func send(_ t: Double, _ phase: TouchSessionPhase, _ touches: [(Int, Double, Double)]) throws {
        let line = TouchSessionEvent(t: t, phase: phase, touches: touches.map { TouchSessionTouch(id: $0.0, x: $0.1, y: $0.2) })
        arena.handle(try tracker.event(for: line))
    }

    /// One finger down at `t`, up `duration` later, in place.
    func tap(at t: Double, id: Int, x: Double = 100, y: Double = 100, duration: Double = 0.08) throws {
        try send(t, .began, [(id, x, y)])
        try send(t + duration, .ended, [(id, x, y)])
    }

    /// Fingers move from `from` to `to` (per finger) in `steps` moves over `duration`.
    func drag(ids: [Int], from: [(Double, Double)], to: [(Double, Double)], start: Double,
              duration: Double, steps: Int = 20, lift: Bool = true) throws {
        try send(start, .began, ids.indices.map { (ids[$0], from[$0].0, from[$0].1) })
        for s in 1...steps {
            let f = Double(s) / Double(steps)
            try send(start + duration * f, .moved, ids.indices.map {
                (ids[$0], from[$0].0 + (to[$0].0 - from[$0].0) * f, from[$0].1 + (to[$0].1 - from[$0].1) * f)
            })
        }
        if lift { try send(start + duration + 0.01, .ended, ids.indices.map { (ids[$0], to[$0].0, to[$0].1) }) }
    }

    /// Activations (began / recognized) by recognizer name.
    func fired(_ name: String) -> [GestureActivation] {
        log.filter { $0.recognizer == name && $0.isActivation }
    }

    func states(_ name: String) -> [RecognizerState] {
        log.filter { $0.recognizer == name }.map(\.state)
    }

    var firedNames: [String] { log.filter(\.isActivation).map(\.recognizer) }
}

/// A tap recognizer needing `taps` taps.
func tapRecognizer(_ name: String, taps: Int = 1, touches: Int = 1) -> TapRecognizer {
    var s = TapRecognizer.Settings()
    s.tapsRequired = taps
    s.touchesRequired = touches
    return TapRecognizer(name: name, settings: s)
}
