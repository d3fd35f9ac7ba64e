/// The arena's handle on one recognizer for the calls it makes on every event: touches,
/// timers and reset, each returning the recognizer's state and deadline afterwards.
///
/// Why it exists: calling a protocol method on an `any GestureRecognizer` taken from an
/// array makes Swift retain the recognizer around the call and release it after (two
/// atomic operations per recognizer per event; with twelve recognizers they were a
/// third of the replay time). The arena keeps its drivers alive in an array and calls
/// them through `Unmanaged._withUnsafeGuaranteedRef`, which promises the object is alive
/// and so needs no retain; the driver, generic over the concrete recognizer type, holds
/// it strongly and calls it directly.
class RecognizerDriver {
    /// A recognizer's state and deadline after a call.
    struct After {
        var state: RecognizerState
        var deadline: Double?
    }

    func touches(_ event: TouchEvent) -> After { fatalError("abstract") }
    func timerFired(at time: Double) -> After { fatalError("abstract") }
    func reset() -> After { fatalError("abstract") }

    /// A driver for `recognizer` (its concrete type opened from the existential).
    static func make(_ recognizer: any GestureRecognizer) -> RecognizerDriver {
        func open<R: GestureRecognizer>(_ r: R) -> RecognizerDriver { Driver(r) }
        return open(recognizer)
    }
}

private final class Driver<R: GestureRecognizer>: RecognizerDriver {
    let recognizer: R

    init(_ recognizer: R) { self.recognizer = recognizer }

    override func touches(_ event: TouchEvent) -> After {
        switch event.phase {
        case .began: recognizer.touchesBegan(event.changedTouches, with: event)
        case .moved: recognizer.touchesMoved(event.changedTouches, with: event)
        case .ended: recognizer.touchesEnded(event.changedTouches, with: event)
        case .cancelled: recognizer.touchesCancelled(event.changedTouches, with: event)
        case .stationary: break
        }
        return After(state: recognizer.state, deadline: recognizer.deadline)
    }

    override func timerFired(at time: Double) -> After {
        recognizer.timerFired(at: time)
        return After(state: recognizer.state, deadline: recognizer.deadline)
    }

    override func reset() -> After {
        recognizer.reset()
        return After(state: recognizer.state, deadline: recognizer.deadline)
    }
}
