/// Runs a set of recognizers over one view's touches, as UIKit's gesture system does:
/// delivers touch events, fires timers on an explicit clock, resolves failure
/// requirements, simultaneity and exclusivity, sends actions, forwards touches to a
/// ``TouchSink`` and resets recognizers when a touch sequence is over.
///
/// ```swift
/// let single = TapRecognizer(name: "single")
/// var s = TapRecognizer.Settings(); s.tapsRequired = 2
/// let double = TapRecognizer(name: "double", settings: s)
/// let arena = GestureArena([single, double])
/// arena.require("single", toFail: "double")
/// arena.addAction(to: "single") { print("single at \($0.time)") }
/// arena.handle(event)          // touch events, in time order
/// arena.advance(to: 10)        // let time pass: timers fire, nothing sleeps
/// ```
///
/// Rules (UIKit's):
/// - **Require to fail**: a recognizer that wants to begin or recognize waits while a
///   recognizer it requires to fail is still possible, fails if that one recognizes,
///   and goes ahead once all of them failed.
/// - **Exclusivity by default**: a recognizer may not begin or recognize while another
///   recognizer it is not allowed to run with is in progress (the first to begin wins);
///   once one begins, or recognizes while touches are down, the others still possible
///   fail. A discrete recognizer that recognizes when the last finger lifts holds no
///   touches: it fails only the recognizers waiting on a failure requirement to fire on
///   touches it used; the others go on, to recognize in the same event or a later
///   sequence. So with a single-tap and a double-tap recognizer and no failure
///   requirement both fire (single on the first tap; single and double on the second),
///   as the books show; `require(toFail:)` is what keeps the single tap back.
/// - **Simultaneous**: pairs allowed with ``allowSimultaneous(_:_:)`` ignore each other.
/// - **Reset**: after the last finger lifts (or a timer fires with none down), a
///   recognizer still `possible` without a pending timer fails, and then every
///   recognizer that ended, was cancelled or failed is reset to `possible`.
///
/// - **Enabled / removed**: ``setEnabled(_:_:)`` and ``remove(_:)`` act as UIKit's
///   `isEnabled` and `removeGestureRecognizer`: a recognizer in progress is cancelled, a
///   possible one fails (so whoever waits for it goes ahead), and it gets no touches until
///   enabled again, from the next touch sequence on. ``schedule(_:of:at:)`` does it at a
///   time of the arena's clock (configurations' `schedule`, for replays).
///
/// - **Views** (``setViews(_:attachments:)``): a touch belongs to the deepest view under
///   it when it begins (``ViewTree/hitTest(_:)``); a recognizer gets the touches that
///   began in its view or inside it, as UIKit routes them, and counts only those as
///   down. Recognizers of views neither of which contains the other never share a touch
///   and run independently (a pinch on one view and a tap on another at the same time).
///   A view with multiple touch off takes one touch at a time.
///
/// - **Delays** (``setDelays(_:touchesBegan:touchesEnded:)``, UIKit's defaults false and
///   true): while a recognizer that delays began touches is possible, the sink gets none
///   of the new touches' events; they are delivered when every such recognizer has
///   failed, and dropped if one recognizes with `cancelsTouchesInView`. While one that
///   delays ended touches is possible, lifted touches are held; they end when it fails
///   and are cancelled if a recognizer with `cancelsTouchesInView` recognizes.
///
/// Not modelled: `cancelsTouchesInView` cancels every touch toward the sink, not only the
/// winner's view's; delays consider every possible recognizer, whatever its view.
///
/// Speed: the arena and the recognizers are used from one thread, and no access to their
/// stored properties is held across a call into other code (actions, recognizers), so the
/// hot properties are marked `@exclusivity(unchecked)`: the run-time exclusivity checks
/// were a quarter of the replay time. Recognizers are called through internal drivers
/// without retaining them (retain and release around each call were a third of it), and
/// the per-recognizer and per-view state the hot loops write lives in buffers the arena
/// allocates (a write to an array element checks that the array is not shared).
public final class GestureArena {
    /// What the hot loops read about recognizer `i`: plain values only, so that reading a
    /// slot never retains anything (the references — the recognizer, its actions, its
    /// failure requirements, its view's name — are kept in parallel arrays beside it).
    private struct Slot {
        var visible: RecognizerState = .possible
        var availability = Availability.enabled
        /// The recognizer's own state as of the arena's last call into it. Recognizers
        /// change state and deadline only inside the calls the arena makes (touches,
        /// timers, reset), so these mirrors spare the hot loops a call through the
        /// protocol per recognizer.
        var own: RecognizerState = .possible
        /// The recognizer's deadline as of the same moment.
        var deadline: Double?
        /// The number of the view it is attached to (with ``setViews(_:attachments:)``; −1 without).
        var viewNumber = -1
        /// UIKit `delaysTouchesBegan` (false) and `delaysTouchesEnded` (true).
        var delaysBegan = false
        var delaysEnded = true
        /// Whether it has actions, or requires others to fail.
        var hasActions = false
        var hasRequirements = false
    }

    /// The order ``resolve()`` visits recognizers in: as given, or deeper views first.
    @exclusivity(unchecked) private var resolutionOrder: [Int]

    /// The view hierarchy, when recognizers are attached to views.
    public private(set) var views: ViewTree? {
        didSet { hasViews = views != nil; unretainedViews = views.map { Unmanaged.passUnretained($0) } }
    }
    /// ``views`` for the hot path, which must not retain it on every event (``views``
    /// keeps it alive).
    @exclusivity(unchecked) private var unretainedViews: Unmanaged<ViewTree>?
    /// `views != nil`, kept as a flag: the hot path must not copy the tree to ask.
    @exclusivity(unchecked) private var hasViews = false
    /// The number of the view each touch began in (its hit-test result; −1: none), by
    /// touch id, while it is down. (A dictionary: with thousands of fingers down, a list
    /// walked for every touch made a replay's time grow with the square of the fingers.)
    @exclusivity(unchecked) private var touchViews: [Int: Int] = [:]
    /// ``touchViews`` as a list while at most ``fewTouches`` touches are down (the usual
    /// case: hit views are read for every touch of every event, and searching a short
    /// list costs less than hashing), and empty and unused from more until none is down.
    @exclusivity(unchecked) private var fewTouchViews: [(id: Int, view: Int)] = []
    @exclusivity(unchecked) private var fewTouchViewsValid = true
    private static let fewTouches = 8
    /// How many touches down began in each view, by view number (views with multiple
    /// touch off take one touch at a time).
    @exclusivity(unchecked) private var touchesInView: [Int: Int] = [:]
    /// Events filtered for one view, by view number, reused across events.
    @exclusivity(unchecked) private var routedEvents: [TouchEvent?] = []
    /// The view all touches began in and the touches down when ``viewDown`` and
    /// ``viewReceives`` were last worked out (−4: not worked out), and whether some
    /// recognizer then had none of its touches down.
    @exclusivity(unchecked) private var routedCommon = -4
    @exclusivity(unchecked) private var routedRemaining = 0
    @exclusivity(unchecked) private var routedIdle = true
    /// By view number: touches down that began in the view or inside it, whether the
    /// current event goes to its recognizers, and whether it has recognizers. (Buffers
    /// the arena owns, as ``slots``: written on every event.)
    @exclusivity(unchecked) private var viewDown = UnsafeMutableBufferPointer<Int>.allocate(capacity: 0)
    @exclusivity(unchecked) private var viewReceives = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 0)
    @exclusivity(unchecked) private var viewHasRecognizers = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 0)
    /// `together[i * count + j]`: recognizers `i` and `j` may be in progress together
    /// (allowed to, or attached to views neither of which contains the other).
    @exclusivity(unchecked) private var together: [Bool]

    /// Whether a recognizer takes part.
    public enum Availability: String, Hashable, Sendable, Codable {
        case enabled, disabled, removed
    }

    @exclusivity(unchecked) private var scheduled: [(time: Double, name: String, change: Availability)] = []

    /// One slot per recognizer, allocated by the arena for its lifetime: writing a field
    /// of an array element checks that the array is uniquely referenced, a call per write
    /// on the hot path; a buffer the arena owns needs no such check.
    private let slots: UnsafeMutableBufferPointer<Slot>
    /// By slot: the recognizer, its actions, the recognizers it requires to fail, and
    /// the name of its view.
    private let members: [any GestureRecognizer]
    /// Each recognizer's driver (kept alive here) and the unretained handles the hot
    /// paths call it through (see ``RecognizerDriver``).
    private let driverStorage: [RecognizerDriver]
    @exclusivity(unchecked) private var drivers: [Unmanaged<RecognizerDriver>]
    private var actions: [[(GestureActivation) -> Void]]
    @exclusivity(unchecked) private var mustFail: [[Int]]
    private var viewNames: [String?]
    private var index: [String: Int] = [:]
    /// The arena's clock (seconds): the last event's time or the last ``advance(to:)``.
    @exclusivity(unchecked) public private(set) var now: Double
    /// Receives the touches after the recognizers (weakly held).
    public weak var touchSink: (any TouchSink)? { didSet { hasSink = touchSink != nil } }
    /// Whether a sink was set: the hot path asks this instead of loading the weak
    /// reference (a sink that went away is found `nil` where it is used).
    @exclusivity(unchecked) private var hasSink = false
    /// Whether sent actions are kept in ``activations``.
    @exclusivity(unchecked) public var recordsActivations = true
    /// Whether `changed` actions are kept too (they are always sent to action closures).
    @exclusivity(unchecked) public var recordsChanges = false
    /// The actions sent so far (see ``recordsActivations``); ``drainActivations()`` empties it.
    @exclusivity(unchecked) public private(set) var activations: [GestureActivation] = []

    @exclusivity(unchecked) private var lastTouches: [Touch] = []
    @exclusivity(unchecked) private var touchesDown = 0
    /// No recognizer in play has a deadline before this (a lower bound: recognizers that
    /// leave play keep theirs in it until ``runTimers(to:)`` next looks).
    @exclusivity(unchecked) private var earliestDeadline = Double.infinity
    /// Whether a recognizer's own state changed since the last ``resolve()``.
    @exclusivity(unchecked) private var proposalsChanged = false
    /// With views: whether some recognizer had none of its touches down after the last event.
    @exclusivity(unchecked) private var idleRecognizers = true
    @exclusivity(unchecked) private var currentEvent: TouchEvent?
    private var sinkOpen: Set<Int> = []
    private var sinkCancelled: Set<Int> = []
    /// Events kept from the sink while a recognizer that delays touches began is possible.
    private var heldBegan: [TouchEvent] = []
    private var heldBeganIDs: Set<Int> = []
    /// Ended touches kept from the sink while a recognizer that delays touches ended is possible.
    private var heldEnded: [Touch] = []
    #if DEBUG
    /// Steps taken looking touches up (views, sink), for tests that check the work per
    /// touch stays constant however many fingers are down (debug builds only).
    var lookupSteps = 0
    #endif

    /// - Precondition: recognizer names are unique.
    public init(_ recognizers: [any GestureRecognizer], startTime: Double = 0) {
        slots = .allocate(capacity: recognizers.count)
        slots.initialize(repeating: Slot())
        members = recognizers
        driverStorage = recognizers.map(RecognizerDriver.make)
        drivers = driverStorage.map { Unmanaged.passUnretained($0) }
        actions = Array(repeating: [], count: recognizers.count)
        mustFail = Array(repeating: [], count: recognizers.count)
        viewNames = Array(repeating: nil, count: recognizers.count)
        together = [Bool](repeating: false, count: recognizers.count * recognizers.count)
        resolutionOrder = Array(recognizers.indices)
        now = startTime
        for (i, r) in recognizers.enumerated() {
            precondition(index[r.name] == nil, "two recognizers are named '\(r.name)'")
            index[r.name] = i
        }
    }

    deinit {
        slots.deallocate()
        viewDown.deallocate(); viewReceives.deallocate(); viewHasRecognizers.deallocate()
    }

    /// The recognizers, in the order given.
    public var recognizers: [any GestureRecognizer] { members }

    /// The recognizer called `name`.
    public func recognizer(named name: String) -> (any GestureRecognizer)? {
        index[name].map { members[$0] }
    }

    /// The state everyone sees (after require-to-fail and exclusivity), `nil` for an
    /// unknown name.
    public func state(of name: String) -> RecognizerState? {
        index[name].map { slots[$0].visible }
    }

    /// Whether `name` is enabled, disabled or removed; `nil` for an unknown name.
    public func availability(of name: String) -> Availability? {
        index[name].map { slots[$0].availability }
    }

    /// UIKit's `isEnabled`: disabling cancels `name` if it is in progress and fails it if
    /// it is possible (recognizers waiting for it to fail go ahead); it then gets no
    /// touches. Enabling takes effect at once when no finger is down, otherwise with the
    /// next touch sequence. A removed recognizer stays removed.
    /// - Precondition: `name` exists.
    public func setEnabled(_ name: String, _ enabled: Bool) {
        guard let i = index[name] else { preconditionFailure("unknown recognizer '\(name)'") }
        guard slots[i].availability != .removed else { return }
        if enabled {
            slots[i].availability = .enabled
            if down(i) == 0 && slots[i].visible.isFinished {
                resetRecognizer(i)
                slots[i].visible = .possible
            }
            return
        }
        take(i, out: .disabled)
    }

    /// UIKit's `removeGestureRecognizer`: as disabling, for good.
    /// - Precondition: `name` exists.
    public func remove(_ name: String) {
        guard let i = index[name] else { preconditionFailure("unknown recognizer '\(name)'") }
        take(i, out: .removed)
    }

    /// Makes `change` (``Availability``) to `name` when the clock reaches `time`: before
    /// an event at that time, after timers due earlier.
    /// - Precondition: `name` exists and `time >= now`.
    public func schedule(_ change: Availability, of name: String, at time: Double) {
        precondition(index[name] != nil, "unknown recognizer '\(name)'")
        precondition(time >= now, "cannot schedule in the past: \(time) before \(now)")
        let k = scheduled.firstIndex { $0.time > time } ?? scheduled.count
        scheduled.insert((time, name, change), at: k)
    }

    private func take(_ i: Int, out availability: Availability) {
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

    /// Attaches recognizers to views: `attachments[name]` is the view of recognizer `name`
    /// (the root view for those not named). Recognizers of unrelated views (neither inside
    /// the other) are allowed to run together: they never see the same touch.
    /// - Precondition: every name is a recognizer and every view is in `tree`; no touch is
    ///   down.
    public func setViews(_ tree: ViewTree, attachments: [String: String]) {
        precondition(touchesDown == 0, "views are set between touch sequences")
        for (name, view) in attachments {
            precondition(index[name] != nil, "unknown recognizer '\(name)'")
            precondition(tree.view(named: view) != nil, "unknown view '\(view)'")
        }
        views = tree
        for i in slots.indices {
            let view = attachments[members[i].name] ?? tree.root.name
            viewNames[i] = view
            slots[i].viewNumber = tree.number(of: view)!
        }
        let viewCount = tree.names.count
        viewDown.deallocate(); viewReceives.deallocate(); viewHasRecognizers.deallocate()
        viewDown = .allocate(capacity: viewCount); viewDown.initialize(repeating: 0)
        viewReceives = .allocate(capacity: viewCount); viewReceives.initialize(repeating: false)
        viewHasRecognizers = .allocate(capacity: viewCount); viewHasRecognizers.initialize(repeating: false)
        for slot in slots { viewHasRecognizers[slot.viewNumber] = true }
        routedCommon = -4
        // Deeper views' recognizers are resolved first (stable within a depth).
        func depth(_ v: String) -> Int { tree.depth(of: v) }
        resolutionOrder = slots.indices.sorted { (-depth(viewNames[$0]!), $0) < (-depth(viewNames[$1]!), $1) }
        for i in slots.indices {
            for j in slots.indices where j > i {
                let a = viewNames[i]!, b = viewNames[j]!
                if !tree.isView(a, inside: b) && !tree.isView(b, inside: a) {
                    setTogether(i, j)
                }
            }
        }
    }

    private func setTogether(_ i: Int, _ j: Int) {
        together[i * slots.count + j] = true
        together[j * slots.count + i] = true
    }

    /// UIKit's `delaysTouchesBegan` and `delaysTouchesEnded` for recognizer `name`.
    /// - Precondition: `name` exists.
    public func setDelays(_ name: String, touchesBegan: Bool, touchesEnded: Bool) {
        guard let i = index[name] else { preconditionFailure("unknown recognizer '\(name)'") }
        slots[i].delaysBegan = touchesBegan
        slots[i].delaysEnded = touchesEnded
    }

    /// The view recognizer `name` is attached to; `nil` without views or for an unknown name.
    public func view(of name: String) -> String? { index[name].flatMap { viewNames[$0] } }

    /// `name` may begin or recognize only after `other` failed (UIKit `require(toFail:)`).
    /// - Precondition: both names exist and the requirement makes no cycle.
    public func require(_ name: String, toFail other: String) {
        guard let i = index[name], let j = index[other] else {
            preconditionFailure("unknown recognizer in require('\(name)', toFail: '\(other)')")
        }
        precondition(i != j && !dependsOn(j, i), "require('\(name)', toFail: '\(other)') makes a cycle")
        if !mustFail[i].contains(j) { mustFail[i].append(j); slots[i].hasRequirements = true }
    }

    /// `a` and `b` may be in progress together (UIKit
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` returning true).
    /// - Precondition: both names exist.
    public func allowSimultaneous(_ a: String, _ b: String) {
        guard let i = index[a], let j = index[b] else {
            preconditionFailure("unknown recognizer in allowSimultaneous('\(a)', '\(b)')")
        }
        setTogether(i, j)
    }

    /// Calls `action` for every action `name` sends (began, changed, ended/recognized, cancelled).
    /// - Precondition: `name` exists.
    public func addAction(to name: String, _ action: @escaping (GestureActivation) -> Void) {
        guard let i = index[name] else { preconditionFailure("unknown recognizer '\(name)'") }
        actions[i].append(action)
        slots[i].hasActions = true
    }

    /// Returns and forgets the recorded actions.
    public func drainActivations() -> [GestureActivation] {
        defer { activations.removeAll(keepingCapacity: true) }
        return activations
    }

    /// Delivers one touch event: timers due by its time fire first, then recognizers
    /// still in play get the touches, the arena resolves, and the touch sink gets what
    /// is not cancelled.
    /// - Precondition: `event.timestamp >= now` (sessions are validated on reading).
    public func handle(_ event: TouchEvent) {
        precondition(event.timestamp >= now, "time went backwards: \(event.timestamp) after \(now)")
        advance(to: event.timestamp)
        // Kept for cancelling toward the sink only: copying the event retains its arrays.
        let sink = hasSink
        if sink { currentEvent = event }
        defer { if sink { currentEvent = nil } }
        if hasViews, let tree = unretainedViews {
            idleRecognizers = tree._withUnsafeGuaranteedRef { tree in
                route(event, tree)
                return deliverRouted(event, tree)
            }
        } else {
            for i in slots.indices { deliver(event, to: i) }
        }
        // Kept only for cancelling toward the sink; holding it otherwise would make the
        // tracker copy its touch array on every event.
        if hasSink { lastTouches = event.allTouches }
        touchesDown = event.remainingTouchCount
        if hasViews && event.phase.isFinished {
            for t in event.changedTouches {
                #if DEBUG
                lookupSteps += 1
                #endif
                if let v = touchViews.removeValue(forKey: t.id) { countTouch(in: v, -1) }
                if fewTouchViewsValid { fewTouchViews.removeAll { $0.id == t.id } }
            }
            if touchViews.isEmpty { fewTouchViewsValid = true }
        }
        // Resolution depends only on the recognizers' states: when no proposal changed,
        // the last resolution stands.
        if proposalsChanged { resolve() }
        if hasSink { forwardToSink(event); flushHeld() }
        // Without views every recognizer's touches are all the touches; with views, only
        // a recognizer with none of its touches down can be reset or left undecided.
        if hasViews ? idleRecognizers : touchesDown == 0 { resetFinished() }
    }

    /// Records recognizer `i`'s deadline, keeping ``earliestDeadline`` a lower bound.
    @inline(__always)
    private func setDeadline(_ i: Int, _ deadline: Double?) {
        slots[i].deadline = deadline
        if let deadline, deadline < earliestDeadline { earliestDeadline = deadline }
    }

    /// Resets recognizer `i` and takes its state and deadline afterwards.
    private func resetRecognizer(_ i: Int) {
        let after = drivers[i]._withUnsafeGuaranteedRef { $0.reset() }
        slots[i].own = after.state
        setDeadline(i, after.deadline)
    }

    /// Touches down that recognizer `i` sees: those routed to its view, or all of them.
    @inline(__always)
    private func down(_ i: Int) -> Int { hasViews ? viewDown[slots[i].viewNumber] : touchesDown }

    /// Gives recognizer `i` the touches of `event` if it is in play.
    @inline(__always)
    private func deliver(_ event: TouchEvent, to i: Int) {
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
    private func hitView(of id: Int) -> Int {
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
    private func countTouch(in view: Int, _ delta: Int) {
        guard view >= 0 else { return }
        let n = (touchesInView[view] ?? 0) + delta
        touchesInView[view] = n > 0 ? n : nil
    }

    /// Hit-tests the touches that begin in `event` (a view with multiple touch off that
    /// already holds a touch takes no other: such a touch goes to no view).
    private func route(_ event: TouchEvent, _ tree: ViewTree) {
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
    private func deliverRouted(_ event: TouchEvent, _ tree: ViewTree) -> Bool {
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
    private func event(_ event: TouchEvent, routedTo view: Int, _ tree: ViewTree) -> TouchEvent {
        func mine(_ t: Touch) -> Bool {
            let hit = hitView(of: t.id)
            return hit >= 0 && tree.isView(number: hit, inside: view)
        }
        return TouchEvent(timestamp: event.timestamp, phase: event.phase,
                          changedTouches: event.changedTouches.filter(mine), allTouches: event.allTouches.filter(mine))
    }

    /// Lets the clock run to `time`: every timer due by then fires, in time order, each
    /// at its own moment (so a single tap waiting for a double tap is reported at the end
    /// of the double-tap interval, not at `time`).
    /// - Precondition: `time >= now`.
    public func advance(to time: Double) {
        precondition(time >= now, "time went backwards: \(time) after \(now)")
        while let next = scheduled.first, next.time <= time {
            scheduled.removeFirst()
            runTimers(to: next.time)
            switch next.change {
            case .enabled: setEnabled(next.name, true)
            case .disabled: setEnabled(next.name, false)
            case .removed: remove(next.name)
            }
        }
        runTimers(to: time)
    }

    /// Fires every timer due by `time`, in time order, each at its own moment.
    private func runTimers(to time: Double) {
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

    // MARK: - Resolution

    private static func inPlay(_ s: RecognizerState) -> Bool { s == .possible || s == .began || s == .changed }

    private func dependsOn(_ i: Int, _ j: Int) -> Bool {
        var stack = [i], seen: Set<Int> = []
        while let k = stack.popLast() {
            if k == j { return true }
            if seen.insert(k).inserted { stack += mustFail[k] }
        }
        return false
    }

    private func resolve() {
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

    private func conflictsWithActive(_ i: Int) -> Bool {
        for j in slots.indices where j != i && slots[j].visible.isActive && !together[i * slots.count + j] {
            return true
        }
        return false
    }

    private func win(_ i: Int) {
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

    private func emit(_ i: Int, _ state: RecognizerState) {
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
    private func resetFinished() {
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

    // MARK: - Touch sink

    /// Whether a recognizer that delays `began` (or ended) touches is still possible.
    private func delaying(began: Bool) -> Bool {
        slots.contains { $0.availability == .enabled && $0.visible == .possible && (began ? $0.delaysBegan : $0.delaysEnded) }
    }

    /// Delivers what was held once nobody delays it any more.
    private func flushHeld() {
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

    private func cancelSinkTouches() {
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

    private func forwardToSink(_ event: TouchEvent) {
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

    private func deliverToSink(_ event: TouchEvent, _ sink: any TouchSink) {
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
