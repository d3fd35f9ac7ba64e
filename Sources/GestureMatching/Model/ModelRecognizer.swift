import GestureGeometry

/// How a model decides whether the best match stands.
public enum Rejection: Hashable, Sendable {
    /// Every best match is accepted.
    case none
    /// Per-label limits on the primary matcher's native distance (the simple baseline).
    case thresholds(RejectionThresholds)
    /// A learned verifier over several matchers' distances and shape features.
    case verifier(RejectionVerifier)

    /// Which rule decides, without its trained values: what a model's manifest names
    /// (`rejection`), what training is asked for, and what a command line chooses.
    public enum Rule: String, Hashable, Codable, Sendable, CaseIterable {
        case verifier, thresholds, none
    }

    public var rule: Rule {
        switch self {
        case .none: return .none
        case .thresholds: return .thresholds
        case .verifier: return .verifier
        }
    }

    /// The rule's name: `none`, `thresholds` or `verifier`.
    public var name: String { rule.rawValue }
}

/// One recognition by a ``ModelRecognizer``.
public struct ModelRecognition: Hashable, Codable, Sendable {
    /// The accepted label, or `nil` when rejected (or nothing could be matched).
    public var label: String?
    /// The label the matcher chose, accepted or not.
    public var nearest: String?
    /// The best match of each label, closest first (one entry per label, not per template).
    public var matches: [Match]
    /// The verifier's score (log-odds of "accept"), or the best distance for thresholds.
    public var decisionValue: Double?
    /// What `decisionValue` is compared with.
    public var threshold: Double?
    /// How far the match is inside its rule, ≥ 0 exactly when accepted: the verifier's
    /// score minus its threshold, or 1 − distance / threshold for per-label thresholds (so
    /// labels with different thresholds share one scale). `nil` without a rule or a match.
    public var margin: Double?
    /// The decision in plain words, e.g. `accepted as check` or
    /// `rejected: closest check, verifier score -2.10 below its threshold 0.35`.
    public var verdict: String

    public var accepted: Bool { label != nil }
}

/// A template library, the matcher settings it is used with, and its rejection rule:
/// everything needed to turn a stroke into a label or a rejection.
///
/// ```swift
/// let recognizer = try ModelRecognizer(library: library, matcher: .pPlus(.default), rejection: .none)
/// recognizer.recognize(gesture).label
/// ```
public struct ModelRecognizer: Hashable, Sendable {
    /// Two recognizers are equal when their library, matcher settings and rule are.
    public static func == (a: ModelRecognizer, b: ModelRecognizer) -> Bool {
        a.library == b.library && a.matcher == b.matcher && a.rejection == b.rejection
    }

    public func hash(into h: inout Hasher) {
        h.combine(library)
        h.combine(matcher)
        h.combine(rejection)
    }

    public let library: TemplateLibrary
    public let matcher: MatcherSettings
    public let rejection: Rejection
    private let matchers: [AnyTemplateMatcher]
    private let templateLabels: [Int]
    /// The templates prepared for ``OrientationFeatures`` (empty unless the verifier reads them).
    private let templateShapes: [VerifierFeatures.Shape]

    /// - Throws: ``ModelMismatch`` when the rejection rule was trained for other matcher
    ///   settings or another library's labels.
    public init(library: TemplateLibrary, matcher: MatcherSettings, rejection: Rejection) throws {
        switch rejection {
        case .none: break
        case .thresholds(let t):
            guard t.algorithm == matcher.algorithm else {
                throw ModelMismatch(what: "rejection thresholds", expected: matcher.description, found: t.algorithm.rawValue)
            }
            if let stored = t.matcher, stored != matcher {
                throw ModelMismatch(what: "rejection thresholds", expected: matcher.description, found: stored.description)
            }
        case .verifier(let v):
            guard v.primary == matcher else {
                throw ModelMismatch(what: "rejection verifier", expected: matcher.description, found: v.primary.description)
            }
            guard v.statistics.labels == library.names else {
                throw ModelMismatch(what: "rejection verifier", expected: "labels \(library.names.joined(separator: ", "))",
                                    found: "labels \(v.statistics.labels.joined(separator: ", "))")
            }
        }
        self.library = library
        self.matcher = matcher
        self.rejection = rejection
        let names = library.names
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        templateLabels = library.templates.map { index[$0.name] ?? 0 }
        if case .verifier(let v) = rejection {
            matchers = v.matchers.map { $0.matcher(library: library) }
            templateShapes = v.featureSet >= VerifierFeatures.orientationSet
                ? library.templates.map { VerifierFeatures.Shape($0.gesture, featureSet: v.featureSet) } : []
        } else {
            matchers = [matcher.matcher(library: library)]
            templateShapes = []
        }
    }

    /// Recognizes `gesture`: the primary matcher picks a label, the rejection rule decides.
    /// - Parameter top: how many labels `matches` lists.
    public func recognize(_ gesture: Gesture, top: Int = 3) -> ModelRecognition {
        guard let primary = matchers[0].distances(gesture), !primary.isEmpty else {
            return ModelRecognition(label: nil, nearest: nil, matches: [], decisionValue: nil, threshold: nil, margin: nil,
                                    verdict: "rejected: nothing to match (no points, zero length or no templates)")
        }
        var bestPerLabel: [String: Match] = [:]
        for (t, d) in primary.enumerated() where d.isFinite {
            let name = library.templates[t].name
            if d < bestPerLabel[name]?.distance ?? .infinity {
                bestPerLabel[name] = Match(name: name, templateIndex: t, distance: d, score: matcher.score(forDistance: d))
            }
        }
        let ranked = bestPerLabel.values.sorted { ($0.distance, $0.templateIndex) < ($1.distance, $1.templateIndex) }
        guard let best = ranked.first else {
            return ModelRecognition(label: nil, nearest: nil, matches: [], decisionValue: nil, threshold: nil, margin: nil,
                                    verdict: "rejected: nothing to match")
        }
        let shown = Array(ranked.prefix(Swift.max(1, top)))
        func result(_ ok: Bool, _ value: Double?, _ limit: Double?, _ why: String) -> ModelRecognition {
            var margin: Double?
            if let value, let limit {
                switch rejection {
                case .none: margin = nil
                case .thresholds: margin = limit > 0 ? 1 - value / limit : limit - value
                case .verifier: margin = value - limit
                }
            }
            return ModelRecognition(label: ok ? best.name : nil, nearest: best.name, matches: shown, decisionValue: value,
                                    threshold: limit, margin: margin,
                                    verdict: ok ? "accepted as \(best.name)" : "rejected: closest \(best.name), \(why)")
        }
        switch rejection {
        case .none:
            return result(true, nil, nil, "")
        case .thresholds(let t):
            guard let limit = t.thresholds[best.name] else { return result(false, best.distance, nil, "no threshold for this label") }
            return result(best.distance <= limit, best.distance, limit,
                          "distance \(Self.f(best.distance)) farther than its threshold \(Self.f(limit))")
        case .verifier(let v):
            var all = [primary]
            for m in matchers.dropFirst() { all.append(m.distances(gesture) ?? [Double](repeating: .infinity, count: primary.count)) }
            let descriptor = ShapeDescriptor(gesture, points: v.descriptorPoints)?.values
            guard let row = VerifierFeatures.row(distances: all, templateLabels: templateLabels, descriptor: descriptor,
                                                 statistics: v.statistics) else {
                return result(false, nil, v.threshold, "nothing to match")
            }
            let extra = VerifierFeatures.extra(featureSet: v.featureSet, candidate: VerifierFeatures.Shape(gesture, featureSet: v.featureSet),
                                               templates: templateShapes, templateLabels: templateLabels, label: row.label,
                                               closest: VerifierFeatures.closestTemplate(primary))
            let score = v.model.margin(row.values + extra)
            return result(score >= v.threshold, score, v.threshold,
                          "verifier score \(Self.f(score)) below its threshold \(Self.f(v.threshold))")
        }
    }

    static func f(_ v: Double) -> String { String(format: "%.3f", v) }
}

/// A rejection rule, thresholds file or model part trained under other settings than the
/// ones it is used with. Only ``ModelRecognizer`` throws it, so its initializer is the
/// synthesized internal one.
public struct ModelMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    public var what: String
    public var expected: String
    public var found: String
    public var description: String { "\(what) trained for \(found), but used with \(expected)" }
}
