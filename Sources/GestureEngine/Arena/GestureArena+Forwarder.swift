/// Forwarding: the touches the recognizers did not cancel or delay, to the ``TouchSink``.
extension GestureArena {

    /// Whether a recognizer that delays `began` (or ended) touches is still possible.
    func delaying(began: Bool) -> Bool {
        slots.contains { $0.availability == .enabled && $0.visible == .possible && (began ? $0.delaysBegan : $0.delaysEnded) }
    }

    /// Delivers what was held once nobody delays it any more.
    func flushHeld() {
        guard let sink = touchSink else { return }
        if !heldBegan.isEmpty && !delaying(began: true) {
            let events = heldBegan
            heldBegan = []
            heldBeganIDs = []
            for e in events { deliverToSink(e, sink) }
        }
        if !heldEnded.isEmpty && !delaying(began: false) {
            let ended = heldEnded.filter { !sinkCancelled.contains($0.id) }
            heldEnded = []
            for t in ended { sinkOpen.remove(t.id) }
            if !ended.isEmpty { sink.touchesEnded(ended, with: TouchEvent(timestamp: now, phase: .ended, changedTouches: ended, allTouches: ended)) }
        }
    }

    func cancelSinkTouches() {
        guard let sink = touchSink else { return }
        // Held began touches never reach the view; held ended ones are cancelled.
        for id in heldBeganIDs { sinkCancelled.insert(id) }
        heldBegan = []
        heldBeganIDs = []
        var cancelledEnded: [Touch] = []
        for var t in heldEnded where sinkOpen.remove(t.id) != nil { t.phase = .cancelled; cancelledEnded.append(t) }
        heldEnded = []
        if !cancelledEnded.isEmpty {
            sink.touchesCancelled(cancelledEnded, with: TouchEvent(timestamp: now, phase: .cancelled, changedTouches: cancelledEnded, allTouches: cancelledEnded))
        }
        let onScreen = currentEvent?.allTouches ?? lastTouches.filter { !$0.phase.isFinished }
        var cancelled: [Touch] = []
        for var t in onScreen where !sinkCancelled.contains(t.id) {
            sinkCancelled.insert(t.id)
            if sinkOpen.remove(t.id) != nil {
                t.phase = .cancelled
                cancelled.append(t)
            }
        }
        guard !cancelled.isEmpty else { return }
        let e = TouchEvent(timestamp: now, phase: .cancelled, changedTouches: cancelled, allTouches: cancelled)
        sink.touchesCancelled(cancelled, with: e)
    }

    func forwardToSink(_ event: TouchEvent) {
        guard let sink = touchSink else { return }
        // delaysTouchesBegan: new touches, and everything after for them, wait.
        if event.phase == .began && delaying(began: true) {
            for t in event.changedTouches where !sinkCancelled.contains(t.id) { heldBeganIDs.insert(t.id) }
        }
        if !heldBeganIDs.isEmpty {
            let held = event.changedTouches.filter { heldBeganIDs.contains($0.id) }
            if !held.isEmpty {
                heldBegan.append(TouchEvent(timestamp: event.timestamp, phase: event.phase, changedTouches: held, allTouches: event.allTouches))
                if event.phase.isFinished { for t in held { heldBeganIDs.remove(t.id) } }
                // (Every touch of `held` has its id in heldBeganIDs unless the event
                // finished it: those ids are kept aside instead of searching `held`.)
                let heldIDs = event.phase.isFinished ? Set(held.map(\.id)) : []
                let rest = event.changedTouches.filter { t in
                    #if DEBUG
                    lookupSteps += 1
                    #endif
                    return !heldBeganIDs.contains(t.id) && !heldIDs.contains(t.id) }
                if rest.isEmpty { return }
                return deliverToSink(TouchEvent(timestamp: event.timestamp, phase: event.phase, changedTouches: rest, allTouches: event.allTouches), sink)
            }
        }
        // delaysTouchesEnded: lifted touches wait while a recognizer that delays them may still recognize.
        if event.phase == .ended && delaying(began: false) {
            heldEnded += event.changedTouches.filter { !sinkCancelled.contains($0.id) && sinkOpen.contains($0.id) }
            for t in event.changedTouches where !sinkOpen.contains(t.id) { sinkCancelled.remove(t.id) }
            return
        }
        deliverToSink(event, sink)
    }

    func deliverToSink(_ event: TouchEvent, _ sink: any TouchSink) {
        let forward = sinkCancelled.isEmpty ? event.changedTouches
            : event.changedTouches.filter { !sinkCancelled.contains($0.id) }
        if event.phase.isFinished {
            for t in event.changedTouches {
                sinkCancelled.remove(t.id)
                sinkOpen.remove(t.id)
            }
        } else if event.phase == .began {
            for t in forward { sinkOpen.insert(t.id) }
        }
        guard !forward.isEmpty else { return }
        switch event.phase {
        case .began: sink.touchesBegan(forward, with: event)
        case .moved: sink.touchesMoved(forward, with: event)
        case .stationary: return  // as in UIKit: a touch that did not move is not a move
        case .ended: sink.touchesEnded(forward, with: event)
        case .cancelled: sink.touchesCancelled(forward, with: event)
        }
    }
}
