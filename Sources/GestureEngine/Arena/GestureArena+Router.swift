/// Routing: touches to the recognizers of the views they began in, the recognizers' calls,
/// and the clock's timers.
extension GestureArena {
    /// Records recognizer `i`'s deadline, keeping ``earliestDeadline`` a lower bound.
    @inline(__always)
    func setDeadline(_ i: Int, _ deadline: Double?) {
        slots[i].deadline = deadline
        if let deadline, deadline < earliestDeadline { earliestDeadline = deadline }
    }

    /// Resets recognizer `i` and takes its state and deadline afterwards.
    func resetRecognizer(_ i: Int) {
        let after = drivers[i]._withUnsafeGuaranteedRef { $0.reset() }
        slots[i].own = after.state
        setDeadline(i, after.deadline)
    }

    /// Touches down that recognizer `i` sees: those routed to its view, or all of them.
    @inline(__always)
    func down(_ i: Int) -> Int { hasViews ? viewDown[slots[i].viewNumber] : touchesDown }

    /// Gives recognizer `i` the touches of `event` if it is in play.
    @inline(__always)
    func deliver(_ event: TouchEvent, to i: Int) {
        guard slots[i].availability == .enabled, Self.inPlay(slots[i].visible), Self.inPlay(slots[i].own) else { return }
        guard event.phase != .stationary else { return }
        let after = drivers[i]._withUnsafeGuaranteedRef { $0.touches(event) }
        let own = after.state
        if own != slots[i].own { proposalsChanged = true }
        slots[i].own = own
        setDeadline(i, after.deadline)
        if slots[i].visible.isActive && own == .changed {
            slots[i].visible = .changed
            emit(i, .changed)
        }
    }

    /// The view touch `id` began in (−1: none or unknown).
    @inline(__always)
    func hitView(of id: Int) -> Int {
        #if DEBUG
        lookupSteps += 1
        #endif
        if fewTouchViewsValid {
            for e in fewTouchViews where e.id == id { return e.view }
            return -1
        }
        return touchViews[id] ?? -1
    }

    /// Adds `delta` to the count of touches down that began in view number `view`.
    func countTouch(in view: Int, _ delta: Int) {
        guard view >= 0 else { return }
        let n = (touchesInView[view] ?? 0) + delta
        touchesInView[view] = n > 0 ? n : nil
    }

    /// Hit-tests the touches that begin in `event` (a view with multiple touch off that
    /// already holds a touch takes no other: such a touch goes to no view).
    func route(_ event: TouchEvent, _ tree: ViewTree) {
        guard event.phase == .began else { return }
        for t in event.changedTouches {
            var hit = tree.hitTestNumber(t.location) ?? -1
            #if DEBUG
            lookupSteps += 1
            #endif
            // (A touch id seen again replaces its old entry.)
            if let old = touchViews.removeValue(forKey: t.id) { countTouch(in: old, -1) }
            if hit >= 0, !tree.isMultipleTouchEnabled(number: hit), (touchesInView[hit] ?? 0) > 0 {
                hit = -1
            }
            touchViews[t.id] = hit
            countTouch(in: hit, 1)
            if fewTouchViewsValid {
                if touchViews.count <= Self.fewTouches {
                    fewTouchViews.removeAll { $0.id == t.id }
                    fewTouchViews.append((t.id, hit))
                } else {
                    fewTouchViewsValid = false
                    fewTouchViews.removeAll()
                }
            }
        }
    }

    /// Gives each recognizer the touches of `event` that began in its view or inside it,
    /// and counts each view's touches down.
    /// - Returns: whether some recognizer has none of its touches down.
    func deliverRouted(_ event: TouchEvent, _ tree: ViewTree) -> Bool {
        let viewCount = viewDown.count
        // The common case: every touch on the screen began in one view, so each
        // recognizer gets the whole event or nothing.
        var common = -2
        for t in event.allTouches {
            let hit = hitView(of: t.id)
            if common == -2 { common = hit } else if common != hit { common = -3; break }
        }
        if common != -3 {
            let remaining = event.remainingTouchCount
            // Moves of the same fingers route as the event before: work it out only when
            // the view or the number of fingers changes.
            if common != routedCommon || remaining != routedRemaining {
                routedCommon = common
                routedRemaining = remaining
                routedIdle = false
                for v in 0..<viewCount {
                    let receives = common >= 0 && tree.isView(number: common, inside: v)
                    viewReceives[v] = receives
                    viewDown[v] = receives ? remaining : 0
                    if viewHasRecognizers[v] && (!receives || remaining == 0) { routedIdle = true }
                }
            }
            for i in slots.indices where viewReceives[slots[i].viewNumber] { deliver(event, to: i) }
            return routedIdle
        }
        routedCommon = -4
        // Empty here: the loop below clears it after use.
        if routedEvents.count != viewCount { routedEvents = [TouchEvent?](repeating: nil, count: viewCount) }
        var idle = false
        for v in 0..<viewCount where viewHasRecognizers[v] {
            let mine = self.event(event, routedTo: v, tree)
            viewDown[v] = mine.remainingTouchCount
            if viewDown[v] == 0 { idle = true }
            if !mine.changedTouches.isEmpty { routedEvents[v] = mine }
        }
        for i in slots.indices {
            if let mine = routedEvents[slots[i].viewNumber] { deliver(mine, to: i) }
        }
        // Let go of the routed events, so the tracker's touch buffer is unique again.
        for v in routedEvents.indices { routedEvents[v] = nil }
        return idle
    }

    /// `event` with only the touches that began in view number `view` or inside it.
    func event(_ event: TouchEvent, routedTo view: Int, _ tree: ViewTree) -> TouchEvent {
        func mine(_ t: Touch) -> Bool {
            let hit = hitView(of: t.id)
            return hit >= 0 && tree.isView(number: hit, inside: view)
        }
        return TouchEvent(timestamp: event.timestamp, phase: event.phase,
                          changedTouches: event.changedTouches.filter(mine), allTouches: event.allTouches.filter(mine))
    }

    /// Fires every timer due by `time`, in time order, each at its own moment.
    func runTimers(to time: Double) {
        // Most events come before any deadline: nothing to look at.
        while time >= earliestDeadline {
            var due: Int?
            var dueTime = Double.infinity
            var earliest = Double.infinity
            for i in slots.indices {
                // The mirrors: no call into the recognizers to find the next timer.
                guard Self.inPlay(slots[i].visible), Self.inPlay(slots[i].own), let d = slots[i].deadline else { continue }
                earliest = min(earliest, d)
                guard d <= time, d < dueTime else { continue }
                due = i
                dueTime = d
            }
            earliestDeadline = earliest
            guard let i = due else { break }
            now = max(now, dueTime)
            let after = drivers[i]._withUnsafeGuaranteedRef { $0.timerFired(at: now) }
            slots[i].own = after.state
            setDeadline(i, after.deadline)
            if let d = after.deadline {
                precondition(d > dueTime, "\(members[i].name).timerFired(at:) must move or clear its deadline")
            }
            resolve()
            if hasSink { flushHeld() }
            if hasViews || touchesDown == 0 { resetFinished() }
        }
        now = time
    }
}
