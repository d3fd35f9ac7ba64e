import Foundation
import GestureData
import GestureDetectors
import GestureMatching

/// A screen's recognizers, their failure requirements and simultaneity, as a file
/// (`gesturelab.recognizers/1`, documented in the README):
///
/// ```json
/// {"format": "gesturelab.recognizers/1",
///  "recognizers": [
///    {"name": "singleTap", "type": "tap", "requireToFail": ["doubleTap"]},
///    {"name": "doubleTap", "type": "tap", "taps": 2},
///    {"name": "pinch", "type": "pinch"}, {"name": "rotation", "type": "rotation"}],
///  "simultaneous": [["pinch", "rotation"]]}
/// ```
/// Every field but `name` and `type` is optional and defaults to the recognizer's
/// `Settings` default. Unknown keys, unknown types, unknown or duplicate names, cycles
/// of `requireToFail` and out-of-range values are errors naming the field.
public struct RecognizerConfiguration: Hashable, Sendable {
    public static let format = "gesturelab.recognizers/1"

    /// One recognizer's type and settings.
    public enum Spec: Hashable, Sendable {
        case tap(TapRecognizer.Settings)
        case swipe(SwipeRecognizer.Settings)
        case pan(PanRecognizer.Settings)
        case pinch(PinchRecognizer.Settings)
        case rotation(RotationRecognizer.Settings)
        case longPress(LongPressRecognizer.Settings)
        /// A GestureDetectors detector (any registered ``GestureDetectors/DetectorKind``:
        /// check mark, circle, the general shape detector), hosted by a ``StrokeRecognizer``;
        /// its `type` in the file is the detector's id.
        case detector(AnyDetectorThresholds, DetectorDecision)
        /// GestureMatching's templates, decided when the finger lifts.
        case template(TemplateSpec)

        /// The `type` string in the file.
        public var typeName: String {
            switch self {
            case .tap: return "tap"
            case .swipe: return "swipe"
            case .pan: return "pan"
            case .pinch: return "pinch"
            case .rotation: return "rotation"
            case .longPress: return "longPress"
            case .detector(let t, _): return t.role.rawValue
            case .template: return "template"
            }
        }
    }

    public struct Entry: Hashable, Sendable {
        public var name: String
        public var spec: Spec
        public var requireToFail: [String]
        public var cancelsTouchesInView: Bool

        /// Times at which the recognizer is disabled, enabled again or removed (UIKit's
        /// `isEnabled`, `removeGestureRecognizer`), in the session's clock.
        public var schedule: [ScheduledChange]
        /// The view it is attached to (a name in ``RecognizerConfiguration/views``); `nil`:
        /// the root view.
        public var view: String?
        /// UIKit's `delaysTouchesBegan` (false) and `delaysTouchesEnded` (true).
        public var delaysTouchesBegan = false
        public var delaysTouchesEnded = true
        /// A stroke recognizer's (a detector's or a template's) ``StrokeRecognizer/minimumMovement``
        /// (points); `nil`: its detector's default (10 for trained thresholds and templates,
        /// 0 for the book's rules). Only stroke recognizers have it.
        public var minimumMovement: Double?

        public init(name: String, spec: Spec, requireToFail: [String] = [], cancelsTouchesInView: Bool = true,
                    schedule: [ScheduledChange] = []) {
            self.name = name
            self.spec = spec
            self.requireToFail = requireToFail
            self.cancelsTouchesInView = cancelsTouchesInView
            self.schedule = schedule
        }
    }

    /// One entry of a recognizer's `schedule`: `{"at": 2.5, "enabled": false}`,
    /// `{"at": 4, "enabled": true}` or `{"at": 6, "removed": true}`.
    public struct ScheduledChange: Hashable, Sendable {
        public var time: Double
        public var change: GestureArena.Availability
        public init(time: Double, change: GestureArena.Availability) {
            self.time = time
            self.change = change
        }
    }

    public var recognizers: [Entry]
    /// Groups whose members may all be in progress together.
    public var simultaneous: [[String]]
    /// The view tree recognizers attach to; `nil`: one view, every touch to everyone.
    public var views: ViewNode?

    public init(recognizers: [Entry], simultaneous: [[String]] = []) {
        self.recognizers = recognizers
        self.simultaneous = simultaneous
    }

    /// A fresh arena with new recognizers built from this configuration.
    /// - Precondition: the configuration is valid (``validate(file:)``; decoded ones are).
    public func makeArena(startTime: Double = 0) -> GestureArena {
        let arena = GestureArena(recognizers.map { Self.makeRecognizer($0) }, startTime: startTime)
        for e in recognizers {
            for other in e.requireToFail { arena.require(e.name, toFail: other) }
            for c in e.schedule where c.time >= startTime { arena.schedule(c.change, of: e.name, at: c.time) }
            arena.setDelays(e.name, touchesBegan: e.delaysTouchesBegan, touchesEnded: e.delaysTouchesEnded)
        }
        for group in simultaneous {
            for (k, a) in group.enumerated() {
                for b in group[(k + 1)...] where a != b { arena.allowSimultaneous(a, b) }
            }
        }
        if let views {
            var attachments: [String: String] = [:]
            for e in recognizers { if let v = e.view { attachments[e.name] = v } }
            arena.setViews(ViewTree(views), attachments: attachments)
        }
        return arena
    }

    static func makeRecognizer(_ e: Entry) -> any GestureRecognizer {
        switch e.spec {
        case .tap(let s): return TapRecognizer(name: e.name, settings: s, cancelsTouchesInView: e.cancelsTouchesInView)
        case .swipe(let s): return SwipeRecognizer(name: e.name, settings: s, cancelsTouchesInView: e.cancelsTouchesInView)
        case .pan(let s): return PanRecognizer(name: e.name, settings: s, cancelsTouchesInView: e.cancelsTouchesInView)
        case .pinch(let s): return PinchRecognizer(name: e.name, settings: s, cancelsTouchesInView: e.cancelsTouchesInView)
        case .rotation(let s): return RotationRecognizer(name: e.name, settings: s, cancelsTouchesInView: e.cancelsTouchesInView)
        case .longPress(let s): return LongPressRecognizer(name: e.name, settings: s, cancelsTouchesInView: e.cancelsTouchesInView)
        case .detector(let t, let d):
            return t.accept(StrokeRecognizerMaker(name: e.name, decision: d, cancelsTouchesInView: e.cancelsTouchesInView,
                                                  minimumMovement: e.minimumMovement))
        case .template(let t):
            return StrokeRecognizer(name: e.name, detector: t.makeDetector(), cancelsTouchesInView: e.cancelsTouchesInView,
                                    minimumMovement: e.minimumMovement)
        }
    }

    /// Checks names, references, cycles and value ranges.
    /// - Throws: ``GestureData/GestureDataError/invalidField(file:location:field:reason:)``.
    public func validate(file: String) throws {
        func bad(_ field: String, _ reason: String) -> GestureDataError {
            .invalidField(file: file, location: .whole, field: field, reason: reason)
        }
        guard !recognizers.isEmpty else { throw bad("recognizers", "needs at least one recognizer") }
        var index: [String: Int] = [:]
        for (i, e) in recognizers.enumerated() {
            guard !e.name.isEmpty else { throw bad("recognizers[\(i)].name", "empty name") }
            if let j = index[e.name] { throw bad("recognizers[\(i)].name", "'\(shownValue(e.name))' is also recognizers[\(j)]") }
            index[e.name] = i
            try Self.checkRanges(e.spec, field: "recognizers[\(i)]", bad)
            if let m = e.minimumMovement {
                switch e.spec {
                case .detector, .template: break
                default: throw bad("recognizers[\(i)].minimumMovement", "only a detector's or a template's stroke recognizer has one")
                }
                guard m.isFinite, m >= 0 else { throw bad("recognizers[\(i)].minimumMovement", "must be a number >= 0 (found \(m))") }
            }
        }
        if let views {
            var seen: Set<String> = []
            for v in views.all {
                guard seen.insert(v.name).inserted else { throw bad("views", "two views are named '\(shownValue(v.name))'") }
            }
        }
        let viewNames = Set(views?.all.map(\.name) ?? [])
        for (i, e) in recognizers.enumerated() {
            if let v = e.view, !viewNames.contains(v) {
                throw bad("recognizers[\(i)].view", views == nil ? "names a view, but the configuration has no views" : "no view named '\(shownValue(v))'")
            }
        }
        for (i, e) in recognizers.enumerated() {
            for (k, other) in e.requireToFail.enumerated() {
                guard let j = index[other] else { throw bad("recognizers[\(i)].requireToFail[\(k)]", "no recognizer named '\(shownValue(other))'") }
                if j == i { throw bad("recognizers[\(i)].requireToFail[\(k)]", "a recognizer cannot wait for itself to fail") }
            }
        }
        // Cycles: each would wait for the other forever.
        var state = [UInt8](repeating: 0, count: recognizers.count)     // 0 new, 1 on stack, 2 done
        func visit(_ i: Int) throws {
            state[i] = 1
            for other in recognizers[i].requireToFail {
                guard let j = index[other] else { continue }
                if state[j] == 1 {
                    throw bad("recognizers[\(i)].requireToFail", "'\(shownValue(recognizers[i].name))' and '\(shownValue(other))' wait for each other (a cycle)")
                }
                if state[j] == 0 { try visit(j) }
            }
            state[i] = 2
        }
        for i in recognizers.indices where state[i] == 0 { try visit(i) }
        for (g, group) in simultaneous.enumerated() {
            for (k, n) in group.enumerated() where index[n] == nil {
                throw bad("simultaneous[\(g)][\(k)]", "no recognizer named '\(shownValue(n))'")
            }
        }
    }

    private static func checkRanges(_ spec: Spec, field: String, _ bad: (String, String) -> GestureDataError) throws {
        func positive(_ v: Double, _ key: String) throws {
            guard v.isFinite, v > 0 else { throw bad("\(field).\(key)", "must be a positive number (found \(v))") }
        }
        func atLeastOne(_ v: Int, _ key: String) throws {
            guard v >= 1 else { throw bad("\(field).\(key)", "must be at least 1 (found \(v))") }
        }
        switch spec {
        case .tap(let s):
            try atLeastOne(s.tapsRequired, "taps"); try atLeastOne(s.touchesRequired, "touches")
            try positive(s.maximumInterval, "maximumInterval"); try positive(s.maximumMovement, "maximumMovement")
            try positive(s.maximumPressDuration, "maximumPressDuration"); try positive(s.maximumTapDistance, "maximumTapDistance")
        case .swipe(let s):
            try atLeastOne(s.touchesRequired, "touches")
            try positive(s.minimumLength, "minimumLength")
            guard s.maximumVariance.isFinite, s.maximumVariance >= 0 else {
                throw bad("\(field).maximumVariance", "must be a number >= 0")
            }
            guard !s.directions.isEmpty else { throw bad("\(field).directions", "needs at least one direction") }
            if let d = s.maximumDuration { try positive(d, "maximumDuration") }
        case .pan(let s):
            try atLeastOne(s.minimumTouches, "minimumTouches")
            guard s.maximumTouches >= s.minimumTouches else {
                throw bad("\(field).maximumTouches", "must be >= minimumTouches")
            }
            guard s.minimumTranslation.isFinite, s.minimumTranslation >= 0 else {
                throw bad("\(field).minimumTranslation", "must be a number >= 0")
            }
        case .pinch(let s):
            try positive(s.minimumScaleChange, "minimumScaleChange")
        case .rotation(let s):
            try positive(s.minimumRotation, "minimumRotation")
        case .detector:
            break
        case .template(let t):
            switch t.acceptance {
            case .minimumScore(let m):
                guard m.isFinite, m > 0, m <= 1 else { throw bad("\(field).minimumScore", "must be in (0, 1] (found \(m))") }
            case .rejection(let r):
                guard r.algorithm == t.algorithm else {
                    throw bad("\(field).rejection", "thresholds are for '\(r.algorithm.rawValue)' distances, the recognizer uses '\(t.algorithm.rawValue)'")
                }
                // The recognizer matches with the algorithm's default settings; thresholds
                // measured with others (more points, rotation sensitive) do not apply.
                let used = MatcherSettings.defaults(for: t.algorithm)
                if let stored = r.matcher, stored != used {
                    throw bad("\(field).rejection", "thresholds were trained with \(stored), the recognizer matches with \(used) (use a model folder to carry other settings)")
                }
            case .model:
                break  // checked when the model was built
            }
            let names = Set(t.library.templates.map(\.name))
            for (k, l) in t.labels.enumerated() where !names.contains(l) {
                throw bad("\(field).labels[\(k)]", "no template named '\(shownValue(l))' in the library")
            }
        case .longPress(let s):
            try positive(s.minimumPressDuration, "minimumDuration"); try atLeastOne(s.touchesRequired, "touches")
            guard s.allowableMovement.isFinite, s.allowableMovement >= 0 else {
                throw bad("\(field).allowableMovement", "must be a number >= 0")
            }
        }
    }
}

/// Builds the ``StrokeRecognizer`` of a detector at its own type.
private struct StrokeRecognizerMaker: DetectorThresholdsVisitor {
    var name: String
    var decision: DetectorDecision
    var cancelsTouchesInView: Bool
    var minimumMovement: Double?

    func visit<D: ShapeDetector>(_ thresholds: DetectorThresholds<D>) -> any GestureRecognizer {
        StrokeRecognizer(name: name, detector: ShapeStrokeDetector(thresholds: thresholds, decision: decision),
                         cancelsTouchesInView: cancelsTouchesInView, minimumMovement: minimumMovement)
    }
}
