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
/// Re-entry: while the arena dispatches (inside ``handle(_:)``, ``advance(to:)``,
/// ``setEnabled(_:_:)`` and ``remove(_:)``, which call recognizers, actions and the touch
/// sink), its public mutators may not be called — from an action, a recognizer or the
/// sink. Such a call is a programming error: debug builds stop on it (an assertion), and
/// release builds refuse it — the call does nothing (``drainActivations()`` returns no
/// activations) and is counted in ``refusedCalls``. (``setViews(_:attachments:)`` from an action
/// would free the view tree and the per-view buffers the dispatch is using.) Reading is
/// always allowed, and so is setting the plain flags ``recordsActivations``,
/// ``recordsChanges`` and ``touchSink``.
///
/// Speed: the arena and the recognizers are used from one thread, and no access to their
/// stored properties is held across a call into other code (actions, recognizers) — which
/// the re-entry rule above guarantees — so the
/// hot properties are marked `@exclusivity(unchecked)`: the run-time exclusivity checks
/// were a quarter of the replay time. Recognizers are called through internal drivers
/// without retaining them (retain and release around each call were a third of it), and
/// the per-recognizer and per-view state the hot loops write lives in buffers the arena
/// allocates (a write to an array element checks that the array is not shared).
public final class GestureArena {
    /// What the hot loops read about recognizer `i`: plain values only (a trivial type,
    /// checked when the arena is made), so that reading a slot never retains anything (the references — the recognizer, its actions, its
    /// failure requirements, its view's name — are kept in parallel arrays beside it).
    struct Slot {
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
    @exclusivity(unchecked) var resolutionOrder: [Int]

    /// The view hierarchy, when recognizers are attached to views.
    public private(set) var views: ViewTree? {
        didSet { hasViews = views != nil; unretainedViews = views.map { Unmanaged.passUnretained($0) } }
    }
    /// ``views`` for the hot path, which must not retain it on every event (``views``
    /// keeps it alive).
    @exclusivity(unchecked) var unretainedViews: Unmanaged<ViewTree>?
    /// `views != nil`, kept as a flag: the hot path must not copy the tree to ask.
    @exclusivity(unchecked) var hasViews = false
    /// The number of the view each touch began in (its hit-test result; −1: none), by
    /// touch id, while it is down. (A dictionary: with thousands of fingers down, a list
    /// walked for every touch made a replay's time grow with the square of the fingers.)
    @exclusivity(unchecked) var touchViews: [Int: Int] = [:]
    /// ``touchViews`` as a list while at most ``fewTouches`` touches are down (the usual
    /// case: hit views are read for every touch of every event, and searching a short
    /// list costs less than hashing), and empty and unused from more until none is down.
    @exclusivity(unchecked) var fewTouchViews: [(id: Int, view: Int)] = []
    @exclusivity(unchecked) var fewTouchViewsValid = true
    static let fewTouches = 8
    /// How many touches down began in each view, by view number (views with multiple
    /// touch off take one touch at a time).
    @exclusivity(unchecked) var touchesInView: [Int: Int] = [:]
    /// Events filtered for one view, by view number, reused across events.
    @exclusivity(unchecked) var routedEvents: [TouchEvent?] = []
    /// The view all touches began in and the touches down when ``viewDown`` and
    /// ``viewReceives`` were last worked out (−4: not worked out), and whether some
    /// recognizer then had none of its touches down.
    @exclusivity(unchecked) var routedCommon = -4
    @exclusivity(unchecked) var routedRemaining = 0
    @exclusivity(unchecked) var routedIdle = true
    /// By view number: touches down that began in the view or inside it, whether the
    /// current event goes to its recognizers, and whether it has recognizers. (Buffers
    /// the arena owns, as ``slots``: written on every event.)
    /// The hot loops use the buffers directly; ``viewStorage`` owns them (it alone frees
    /// them, when ``setViews(_:attachments:)`` replaces it or the arena goes).
    @exclusivity(unchecked) var viewDown: UnsafeMutableBufferPointer<Int>
    @exclusivity(unchecked) var viewReceives: UnsafeMutableBufferPointer<Bool>
    @exclusivity(unchecked) var viewHasRecognizers: UnsafeMutableBufferPointer<Bool>
    var viewStorage: ViewBuffers
    /// `together[i * count + j]`: recognizers `i` and `j` may be in progress together
    /// (allowed to, or attached to views neither of which contains the other).
    @exclusivity(unchecked) var together: [Bool]
    /// The pairs allowed with ``allowSimultaneous(_:_:)``: ``together`` is these and, with
    /// views, the pairs of unrelated views (worked out again by every ``setViews(_:attachments:)``).
    var allowedTogether: [Bool]
    /// Whether a dispatch is in progress (see "Re-entry" above).
    @exclusivity(unchecked) var dispatching = false
    /// Mutator calls refused because a dispatch was in progress (release builds; debug
    /// builds stop at the first).
    public internal(set) var refusedCalls = 0
    /// Whether a refused call stops a debug build (tests turn it off to check the refusal).
    var stopsOnReentry = true

    /// Whether a recognizer takes part.
    public enum Availability: String, Hashable, Sendable, Codable {
        case enabled, disabled, removed
    }

    @exclusivity(unchecked) var scheduled: [(time: Double, name: String, change: Availability)] = []

    /// One slot per recognizer, allocated by the arena for its lifetime: writing a field
    /// of an array element checks that the array is uniquely referenced, a call per write
    /// on the hot path; a buffer the arena owns needs no such check.
    let slots: UnsafeMutableBufferPointer<Slot>
    /// Owns ``slots``.
    let slotStorage: OwnedBuffer<Slot>
    /// By slot: the recognizer, its actions, the recognizers it requires to fail, and
    /// the name of its view.
    let members: [any GestureRecognizer]
    /// Each recognizer's driver (kept alive here) and the unretained handles the hot
    /// paths call it through (see ``RecognizerDriver``).
    let driverStorage: [RecognizerDriver]
    @exclusivity(unchecked) var drivers: [Unmanaged<RecognizerDriver>]
    var actions: [[(GestureActivation) -> Void]]
    @exclusivity(unchecked) var mustFail: [[Int]]
    var viewNames: [String?]
    var index: [String: Int] = [:]
    /// The arena's clock (seconds): the last event's time or the last ``advance(to:)``.
    @exclusivity(unchecked) public internal(set) var now: Double
    /// Receives the touches after the recognizers (weakly held).
    public weak var touchSink: (any TouchSink)? { didSet { hasSink = touchSink != nil } }
    /// Whether a sink was set: the hot path asks this instead of loading the weak
    /// reference (a sink that went away is found `nil` where it is used).
    @exclusivity(unchecked) var hasSink = false
    /// Whether sent actions are kept in ``activations``.
    @exclusivity(unchecked) public var recordsActivations = true
    /// Whether `changed` actions are kept too (they are always sent to action closures).
    @exclusivity(unchecked) public var recordsChanges = false
    /// The actions sent so far (see ``recordsActivations``); ``drainActivations()`` empties it.
    @exclusivity(unchecked) public internal(set) var activations: [GestureActivation] = []

    @exclusivity(unchecked) var lastTouches: [Touch] = []
    @exclusivity(unchecked) var touchesDown = 0
    /// No recognizer in play has a deadline before this (a lower bound: recognizers that
    /// leave play keep theirs in it until ``runTimers(to:)`` next looks).
    @exclusivity(unchecked) var earliestDeadline = Double.infinity
    /// Whether a recognizer's own state changed since the last ``resolve()``.
    @exclusivity(unchecked) var proposalsChanged = false
    /// With views: whether some recognizer had none of its touches down after the last event.
    @exclusivity(unchecked) var idleRecognizers = true
    @exclusivity(unchecked) var currentEvent: TouchEvent?
    var sinkOpen: Set<Int> = []
    var sinkCancelled: Set<Int> = []
    /// Events kept from the sink while a recognizer that delays touches began is possible.
    var heldBegan: [TouchEvent] = []
    var heldBeganIDs: Set<Int> = []
    /// Ended touches kept from the sink while a recognizer that delays touches ended is possible.
    var heldEnded: [Touch] = []
    #if DEBUG
    /// Steps taken looking touches up (views, sink), for tests that check the work per
    /// touch stays constant however many fingers are down (debug builds only).
    var lookupSteps = 0
    #endif

    /// - Precondition: recognizer names are unique.
    public init(_ recognizers: [any GestureRecognizer], startTime: Double = 0) {
        // Slots are read and written in the hot loops without retains or releases: that
        // holds only while a slot is plain values.
        precondition(_isPOD(Slot.self), "GestureArena.Slot must stay a trivial type")
        let slotOwner = OwnedBuffer(count: recognizers.count, repeating: Slot())
        slotStorage = slotOwner
        slots = slotOwner.buffer
        let viewOwner = ViewBuffers(count: 0)
        viewStorage = viewOwner
        (viewDown, viewReceives, viewHasRecognizers) = (viewOwner.down, viewOwner.receives, viewOwner.hasRecognizers)
        members = recognizers
        driverStorage = recognizers.map(RecognizerDriver.make)
        drivers = driverStorage.map { Unmanaged.passUnretained($0) }
        actions = Array(repeating: [], count: recognizers.count)
        mustFail = Array(repeating: [], count: recognizers.count)
        viewNames = Array(repeating: nil, count: recognizers.count)
        together = [Bool](repeating: false, count: recognizers.count * recognizers.count)
        allowedTogether = together
        resolutionOrder = Array(recognizers.indices)
        now = startTime
        for (i, r) in recognizers.enumerated() {
            precondition(index[r.name] == nil, "two recognizers are named '\(r.name)'")
            index[r.name] = i
        }
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
        guard mayMutate("setEnabled") else { return }
        dispatch { applyEnabled(name, enabled) }
    }

    func applyEnabled(_ name: String, _ enabled: Bool) {
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
        guard mayMutate("remove") else { return }
        dispatch { applyRemove(name) }
    }

    func applyRemove(_ name: String) {
        guard let i = index[name] else { preconditionFailure("unknown recognizer '\(name)'") }
        take(i, out: .removed)
    }

    /// Makes `change` (``Availability``) to `name` when the clock reaches `time`: before
    /// an event at that time, after timers due earlier.
    /// - Precondition: `name` exists and `time >= now`.
    public func schedule(_ change: Availability, of name: String, at time: Double) {
        guard mayMutate("schedule") else { return }
        precondition(index[name] != nil, "unknown recognizer '\(name)'")
        precondition(time >= now, "cannot schedule in the past: \(time) before \(now)")
        let k = scheduled.firstIndex { $0.time > time } ?? scheduled.count
        scheduled.insert((time, name, change), at: k)
    }

    /// Attaches recognizers to views: `attachments[name]` is the view of recognizer `name`
    /// (the root view for those not named). Recognizers of unrelated views (neither inside
    /// the other) are allowed to run together: they never see the same touch.
    /// Each call replaces the previous attachments (the pairs of unrelated views are
    /// worked out again; pairs allowed with ``allowSimultaneous(_:_:)`` stay).
    /// - Precondition: every name is a recognizer and every view is in `tree`; no touch is
    ///   down.
    public func setViews(_ tree: ViewTree, attachments: [String: String]) {
        guard mayMutate("setViews") else { return }
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
        // The new buffers replace the old, which their owner frees (no dispatch is using them).
        viewStorage = ViewBuffers(count: viewCount)
        (viewDown, viewReceives, viewHasRecognizers) = (viewStorage.down, viewStorage.receives, viewStorage.hasRecognizers)
        for slot in slots { viewHasRecognizers[slot.viewNumber] = true }
        routedCommon = -4
        // Deeper views' recognizers are resolved first (stable within a depth).
        func depth(_ v: String) -> Int { tree.depth(of: v) }
        resolutionOrder = slots.indices.sorted { (-depth(viewNames[$0]!), $0) < (-depth(viewNames[$1]!), $1) }
        // The previous attachments' unrelated pairs go; the allowed pairs stay.
        together = allowedTogether
        for i in slots.indices {
            for j in slots.indices where j > i {
                let a = viewNames[i]!, b = viewNames[j]!
                if !tree.isView(a, inside: b) && !tree.isView(b, inside: a) {
                    setTogether(i, j)
                }
            }
        }
    }

    func setTogether(_ i: Int, _ j: Int) {
        together[i * slots.count + j] = true
        together[j * slots.count + i] = true
    }

    /// Whether recognizers `a` and `b` may be in progress together (allowed to, or of
    /// unrelated views); `nil` for an unknown name. (For tests.)
    func mayRunTogether(_ a: String, _ b: String) -> Bool? {
        guard let i = index[a], let j = index[b] else { return nil }
        return together[i * slots.count + j]
    }

    /// UIKit's `delaysTouchesBegan` and `delaysTouchesEnded` for recognizer `name`.
    /// - Precondition: `name` exists.
    public func setDelays(_ name: String, touchesBegan: Bool, touchesEnded: Bool) {
        guard mayMutate("setDelays") else { return }
        guard let i = index[name] else { preconditionFailure("unknown recognizer '\(name)'") }
        slots[i].delaysBegan = touchesBegan
        slots[i].delaysEnded = touchesEnded
    }

    /// The view recognizer `name` is attached to; `nil` without views or for an unknown name.
    public func view(of name: String) -> String? { index[name].flatMap { viewNames[$0] } }

    /// `name` may begin or recognize only after `other` failed (UIKit `require(toFail:)`).
    /// - Precondition: both names exist and the requirement makes no cycle.
    public func require(_ name: String, toFail other: String) {
        guard mayMutate("require(_:toFail:)") else { return }
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
        guard mayMutate("allowSimultaneous") else { return }
        guard let i = index[a], let j = index[b] else {
            preconditionFailure("unknown recognizer in allowSimultaneous('\(a)', '\(b)')")
        }
        allowedTogether[i * slots.count + j] = true
        allowedTogether[j * slots.count + i] = true
        setTogether(i, j)
    }

    /// Calls `action` for every action `name` sends (began, changed, ended/recognized, cancelled).
    /// - Precondition: `name` exists.
    public func addAction(to name: String, _ action: @escaping (GestureActivation) -> Void) {
        guard mayMutate("addAction") else { return }
        guard let i = index[name] else { preconditionFailure("unknown recognizer '\(name)'") }
        actions[i].append(action)
        slots[i].hasActions = true
    }

    /// Returns and forgets the recorded actions.
    public func drainActivations() -> [GestureActivation] {
        guard mayMutate("drainActivations") else { return [] }
        defer { activations.removeAll(keepingCapacity: true) }
        return activations
    }

    /// Delivers one touch event: timers due by its time fire first, then recognizers
    /// still in play get the touches, the arena resolves, and the touch sink gets what
    /// is not cancelled.
    /// - Precondition: `event.timestamp >= now` (sessions are validated on reading).
    public func handle(_ event: TouchEvent) {
        guard mayMutate("handle") else { return }
        precondition(event.timestamp >= now, "time went backwards: \(event.timestamp) after \(now)")
        dispatching = true
        defer { dispatching = false }
        advanceClock(to: event.timestamp)
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

    /// Lets the clock run to `time`: every timer due by then fires, in time order, each
    /// at its own moment (so a single tap waiting for a double tap is reported at the end
    /// of the double-tap interval, not at `time`).
    /// - Precondition: `time >= now`.
    public func advance(to time: Double) {
        guard mayMutate("advance(to:)") else { return }
        precondition(time >= now, "time went backwards: \(time) after \(now)")
        dispatch { advanceClock(to: time) }
    }

    /// ``advance(to:)`` inside a dispatch.
    func advanceClock(to time: Double) {
        while let next = scheduled.first, next.time <= time {
            scheduled.removeFirst()
            runTimers(to: next.time)
            switch next.change {
            case .enabled: applyEnabled(next.name, true)
            case .disabled: applyEnabled(next.name, false)
            case .removed: applyRemove(next.name)
            }
        }
        runTimers(to: time)
    }

    // MARK: - Re-entry

    /// Runs `body` as a dispatch: public mutators called from inside it are refused.
    @inline(__always)
    func dispatch<R>(_ body: () -> R) -> R {
        dispatching = true
        defer { dispatching = false }
        return body()
    }

    /// Whether a public mutator may run: always, except while a dispatch is in progress.
    @inline(__always)
    func mayMutate(_ call: StaticString) -> Bool {
        if _fastPath(!dispatching) { return true }
        refuse(call)
        return false
    }

    /// A mutator called during a dispatch: stops a debug build, counts the refusal in a
    /// release build.
    @inline(never)
    func refuse(_ call: StaticString) {
        refusedCalls += 1
        if stopsOnReentry {
            assertionFailure("GestureArena.\(call) called while the arena is dispatching (from an action, a recognizer or the touch sink); call it after handle(_:) or advance(to:) returns")
        }
    }
}
