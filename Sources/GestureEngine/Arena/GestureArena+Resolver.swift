/// Resolution: failure requirements, exclusivity and simultaneity turn the recognizers'
/// own states into the states everyone sees, and send the actions.
extension GestureArena {
    func take(_ i: Int, out availability: Availability) {
        slots[i].availability = availability
        switch slots[i].visible {
        case .began, .changed:
            slots[i].visible = .cancelled
            emit(i, .cancelled)
        case .possible:
            slots[i].visible = .failed
        case .ended, .cancelled, .failed:
            break
        }
        resetRecognizer(i)
        resolve()
    }


    static func inPlay(_ s: RecognizerState) -> Bool { s == .possible || s == .began || s == .changed }

    func dependsOn(_ i: Int, _ j: Int) -> Bool {
        var stack = [i], seen: Set<Int> = []
        while let k = stack.popLast() {
            if k == j { return true }
            if seen.insert(k).inserted { stack += mustFail[k] }
        }
        return false
    }

    func resolve() {
        proposalsChanged = false
        var progress = true
        while progress {
            progress = false
            for i in resolutionOrder {
                let own = slots[i].own
                switch slots[i].visible {
                case .possible:
                    switch own {
                    case .possible:
                        continue
                    case .failed, .cancelled:
                        slots[i].visible = .failed
                        progress = true
                    case .began, .changed, .ended:
                        var waiting = false, beaten = false
                        for d in mustFail[i] {
                            switch slots[d].visible {
                            case .failed: continue
                            case .possible: waiting = true
                            default: beaten = true
                            }
                        }
                        if beaten || (!waiting && conflictsWithActive(i)) {
                            slots[i].visible = .failed
                            progress = true
                        } else if !waiting {
                            win(i)
                            progress = true
                        }
                    }
                case .began, .changed:
                    switch own {
                    case .began, .changed:
                        continue
                    case .ended:
                        slots[i].visible = .ended
                        emit(i, .ended)
                    case .cancelled, .failed, .possible:
                        slots[i].visible = .cancelled
                        emit(i, .cancelled)
                    }
                    progress = true
                case .ended, .cancelled, .failed:
                    continue
                }
            }
        }
    }

    func conflictsWithActive(_ i: Int) -> Bool {
        for j in slots.indices where j != i && slots[j].visible.isActive && !together[i * slots.count + j] {
            return true
        }
        return false
    }

    func win(_ i: Int) {
        let r = members[i]
        if r.kind == .discrete {
            slots[i].visible = .ended
            emit(i, .ended)
        } else {
            slots[i].visible = .began
            emit(i, .began)
            if slots[i].own == .ended {
                slots[i].visible = .ended
                emit(i, .ended)
            }
        }
        // While touches are down the winner holds them: the others still possible fail. A
        // discrete recognizer that recognizes with no touch down (the sequence is over, as
        // a tap at its lift) holds nothing: the others go on, to recognize in this event or
        // a later sequence — keeping them from it is what require(toFail:) is for. Only
        // those already held back by a failure requirement, waiting to fire on touches the
        // winner has used, lose to it.
        let sequenceOver = r.kind == .discrete && down(i) == 0
        // (Recognizers of a view and of a view inside it compete for the same touches: the
        // deeper view's, resolved first, fail the other's as UIKit's do.)
        for j in slots.indices where j != i && slots[j].visible == .possible && !together[i * slots.count + j] {
            if sequenceOver && slots[j].viewNumber == slots[i].viewNumber && (slots[j].own == .possible || !slots[j].hasRequirements) { continue }
            slots[j].visible = .failed
        }
        if r.cancelsTouchesInView && hasSink { cancelSinkTouches() }
    }

    func emit(_ i: Int, _ state: RecognizerState) {
        let record = recordsActivations && (state != .changed || recordsChanges)
        guard record || slots[i].hasActions else { return }
        let r = members[i]
        let a = GestureActivation(recognizer: r.name, kind: r.kind, state: state, time: now, values: r.values)
        if slots[i].hasActions {
            let actions = self.actions[i]   // no access to the arena's arrays is held while they run
            for action in actions { action(a) }
        }
        if record { activations.append(a) }
    }

    /// The sequence is over: a recognizer still `possible` with no timer can no longer
    /// decide, so it fails (UIKit resets it) and whoever waited for it may go ahead; then
    /// every finished recognizer is reset.
    func resetFinished() {
        var undecided = false
        for i in slots.indices where slots[i].visible == .possible && down(i) == 0 {
            if slots[i].own == .possible && slots[i].deadline == nil {
                slots[i].visible = .failed
                undecided = true
            }
        }
        if undecided { resolve() }
        for i in slots.indices where slots[i].visible.isFinished && slots[i].availability == .enabled && down(i) == 0 {
            resetRecognizer(i)
            slots[i].visible = .possible
        }
    }
}
