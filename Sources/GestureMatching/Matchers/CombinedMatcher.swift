import Foundation
import GestureGeometry

/// Settings of the combined recognizer: the weight of each component matcher, by
/// algorithm (absent or 0 leaves it out), and the weight of the corner term. Each
/// component runs with its paper's defaults. Any registered matcher whose settings are
/// ``AlgorithmSettings/isCombinable`` may be a component.
///
/// The *corner term* (``corner``, spelled `corner` among the weights) is no matcher: it
/// is how differently two gestures turn at their sharpest (``CombinedMatcher/cornerDistance(_:_:)``),
/// a trait the point clouds and direction sequences barely see — a sharp chevron and a
/// round curve with the same ends are close for both. It refines the components'
/// distances and recognizes nothing alone, so settings need at least one component.
public struct CombinedSettings: Hashable, Sendable {
    /// Weight of each component above 0 (a weight of 0 is no entry, so settings that
    /// differ only by left-out components are equal).
    public private(set) var weights: [MatcherAlgorithm: Double]
    /// Weight of the corner term, 0 (off) or above.
    public private(set) var corner: Double

    public init(_ weights: [MatcherAlgorithm: Double], corner: Double = 0) {
        self.weights = weights.filter { $0.value > 0 }
        self.corner = corner > 0 ? corner : 0
    }

    /// $P+ and Jackknife, equal weights: a point cloud (blind to drawing order) beside a
    /// direction sequence (blind to where the points lie). Chosen by leave-one-subject-out
    /// selection among 17 component sets and weights on the $1 logs, on draws (seed 101)
    /// apart from the ones reported (`tools/combined-cv`; README, Matcher accuracy): every
    /// one of the ten folds chose $P+ with Jackknife. The corner term at
    /// ``defaultCornerWeight`` beside them.
    public static let `default` = CombinedSettings([.pPlus: 1, .jackknife: 1], corner: defaultCornerWeight)

    /// The corner term's weight in ``default``: the best mean of T = 1 and T = 3 accuracy on
    /// the $1 logs (user-dependent, medium, seeds 101–104) among 0.0625…1, HOMUS
    /// (user-dependent, seed 105) checked beside it; never chosen on the data the term was
    /// made for (Sources/Documentation/recognizers.md, "The corner term").
    public static let defaultCornerWeight = 0.25

    /// The name of the corner term among the weights (`--weights …,corner:0.5`).
    public static let cornerName = "corner"

    /// The algorithms that may be components, in registry order.
    public static var componentAlgorithms: [MatcherAlgorithm] { MatcherAlgorithm.allCases.filter(\.isCombinable) }

    /// The components' names, as `--weights` and the settings file spell them, and the
    /// corner term's last.
    public static var componentNames: [String] { componentAlgorithms.map(\.rawValue) + [cornerName] }

    /// The components with a weight above 0, in registry order (the corner term is not one).
    public var components: [(algorithm: MatcherAlgorithm, weight: Double)] {
        Self.componentAlgorithms.compactMap { a in weights[a].flatMap { $0 > 0 ? (a, $0) : nil } }
    }

    /// The sum of the components' weights and the corner term's: what the fused distance
    /// is divided by.
    public var totalWeight: Double { components.reduce(corner) { $0 + $1.weight } }

    /// Sets the weight of the component (or the corner term) `name`; `false` for an unknown name.
    public mutating func setWeight(_ w: Double, of name: String) -> Bool {
        if name == Self.cornerName { corner = w > 0 ? w : 0; return true }
        guard let a = MatcherAlgorithm(rawValue: name), a.isCombinable else { return false }
        weights[a] = w > 0 ? w : nil
        return true
    }

    /// Every weight above 0 by name, the corner term's last.
    var namedWeights: [(String, Double)] {
        components.map { ($0.algorithm.rawValue, $0.weight) } + (corner > 0 ? [(Self.cornerName, corner)] : [])
    }

    /// `pplus 1, jackknife 1, corner 0.5`: the weights above 0.
    public var weightsText: String {
        namedWeights.map { "\($0.0) \(settingsNumber($0.1))" }.joined(separator: ", ")
    }

    /// `pplus:1,jackknife:1,corner:0.5` (the `--weights` form).
    public var argument: String {
        namedWeights.map { "\($0.0):\(settingsNumber($0.1))" }.joined(separator: ",")
    }

    /// Largest weight a component may have.
    public static let maxWeight = 1000.0

    /// Reads `pplus:1,protractor:2` (the `--weights` form); the error says what is wrong.
    public static func parse(_ text: String) -> Result<CombinedSettings, WeightsError> {
        var s = CombinedSettings([:])
        for part in text.split(separator: ",") {
            let kv = part.split(separator: ":", maxSplits: 1).map(String.init)
            guard kv.count == 2, let w = Double(kv[1]), w.isFinite, w >= 0, w <= maxWeight else {
                return .failure(WeightsError("'\(part)' is not NAME:WEIGHT with a weight in 0…\(settingsNumber(maxWeight))"))
            }
            guard s.setWeight(w, of: kv[0]) else {
                return .failure(WeightsError("unknown component '\(kv[0])' (known: \(componentNames.joined(separator: ", ")))"))
            }
        }
        guard !s.components.isEmpty else {
            return .failure(WeightsError("at least one matcher's weight must be above 0 (the corner term recognizes nothing alone)"))
        }
        return .success(s)
    }

    /// Why a weights text or field cannot be read.
    public struct WeightsError: Error, CustomStringConvertible, Sendable {
        public let description: String
        init(_ d: String) { description = d }
    }
}

extension CombinedSettings: AlgorithmSettings {
    /// $P+'s default (each component resamples its own way; kept for the settings file).
    public var points: Int { PPlusSettings.default.points }
    public func with(points: Int) -> Self { self }
    public static var hasPoints: Bool { false }
    public static var isCombinable: Bool { false }
    /// `false`: `--algorithm auto` builds its own combinations from the components.
    public static var isAutoCandidate: Bool { false }
    public static var scoreMeaning: String { "combined score 1/(1 + d), d the weighted mean of scaled distances" }
    public var fieldsDescription: String { "weights \(weightsText)" }

    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws {
        try c.put(Dictionary(uniqueKeysWithValues: namedWeights), "weights")
    }

    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        let weights = try c.decodeIfPresent([String: Double].self, forKey: MatcherSettingsField("weights")) ?? [:]
        if weights.isEmpty { return .default }
        var s = CombinedSettings([:])
        for (name, w) in weights.sorted(by: { $0.key < $1.key }) {
            guard w.isFinite, w >= 0, w <= maxWeight else { throw c.bad("weights", "weight of '\(name)' must be in 0…\(settingsNumber(maxWeight)), found \(w)") }
            guard s.setWeight(w, of: name) else {
                throw c.bad("weights", "unknown component '\(name)' (known: \(componentNames.joined(separator: ", ")))")
            }
        }
        guard !s.components.isEmpty else { throw c.bad("weights", "at least one matcher's weight must be above 0") }
        return s
    }
}

/// A combined recognizer: several matchers' distances fused into one, so that a sample
/// one matcher confuses (a point cloud cannot tell drawing direction; a direction-based
/// matcher is thrown by a changed start or an extra loop) is decided by the others.
///
/// Each component's distance is divided by its *scale* — the median distance between
/// templates of different labels in the library (1 when the library has one label) —
/// so that the components speak in comparable units: 1 means "as far as two different
/// gestures usually are". The fused distance is the weighted mean of the scaled
/// distances.
///
/// With a corner weight w꜀ above 0 (``CombinedSettings/corner``), the term
/// w꜀·``cornerDistance(_:_:)`` joins the sum and w꜀ the weights it is divided by. It has no
/// scale of its own: its distance is already in absolute units (a share of a half turn), and
/// a vocabulary whose gestures all turn alike (swipes) would otherwise get a tiny median
/// that turns noise into a large term.
///
/// - `distance`: (Σ wₘ·dₘ/sₘ + w꜀·d꜀) / (Σ wₘ + w꜀), ≥ 0 (0 for a template matched with itself).
/// - `score`: `1 / (1 + distance)`.
public struct CombinedMatcher: TemplateMatcher {
    /// Each component's prepared form, in ``CombinedSettings/components`` order.
    public struct Prepared: Sendable {
        let parts: [any Sendable]
        /// The sharpest turn (``cornerSharpness(_:)``) when the corner term is on, else `nil`.
        let sharp: Double?
    }

    public let settings: CombinedSettings
    public let names: [String]
    /// Each component's matcher over the templates, in ``CombinedSettings/components`` order.
    let parts: [Part]
    /// Scale of each component.
    let scales: [Double]
    /// Each template's sharpest turn, when the corner term is on.
    let sharps: [Double?]

    /// One component's matcher with its type erased.
    struct Part: Sendable {
        let weight: Double
        let recognize: @Sendable (any Sendable) -> [Match]
    }

    /// Template pairs of different labels the scales are measured on, at most.
    static let scalePairs = 400

    public init(names: [String], templates: [Prepared], settings: CombinedSettings = .default) {
        precondition(names.count == templates.count, "one name per template")
        self.names = names
        self.settings = settings
        let components = settings.components
        let pairs = Self.scalePairs(names: names)
        var parts: [Part] = [], scales: [Double] = []
        for (k, c) in components.enumerated() {
            func build<M: TemplateMatcher>(_: M.Type) -> (Part, Double) {
                let typed = templates.map { $0.parts[k] as! M.Prepared }
                let m = M(names: names, templates: typed, settings: .default)
                let scale = Self.scale(pairs.map { M.distance(typed[$0.0], typed[$0.1], settings: .default) })
                return (Part(weight: c.weight, recognize: { m.recognize(prepared: $0 as! M.Prepared, limit: nil) }), scale)
            }
            let (part, scale) = build(c.algorithm.matcher)
            parts.append(part)
            scales.append(scale)
        }
        self.parts = parts
        self.scales = scales
        self.sharps = templates.map(\.sharp)
    }

    /// How sharply `gesture` turns at its sharpest, as the pen drew it: ``CornerFeatures``'
    /// sharpest turn, the largest absolute turning over three consecutive points of 48
    /// resampled ones, over π, turns within ``CornerFeatures/endTrim`` steps of either end of
    /// a stroke (pen hooks) left out. A gesture of several strokes shares the 48 points among
    /// its strokes by length and takes the sharpest turn within any stroke: a jump between
    /// strokes is no turn of the pen (a stroke too short for a turn away from its ends adds
    /// none). 0 for a gesture with no length.
    public static func cornerSharpness(_ gesture: Gesture) -> Double {
        let strokes = gesture.strokes.filter { $0.pathLength > 0 }
        guard strokes.count > 1 else { return CornerFeatures.prepare(gesture)?.sharp ?? 0 }
        let total = strokes.reduce(0) { $0 + $1.pathLength }
        guard total.isFinite, total > 0 else { return 0 }
        var sharp = 0.0
        for s in strokes {
            let n = Int((Double(CornerFeatures.points) * s.pathLength / total).rounded())
            guard n >= 2 * CornerFeatures.endTrim + 3 else { continue }
            sharp = Swift.max(sharp, CornerFeatures.prepare(points: s.resampled(count: n).points)?.sharp ?? 0)
        }
        return sharp
    }

    /// The corner term's distance: how many times sharper one sharpest turn is than the
    /// other, on a log scale, |ln((a + ε)/(b + ε))| with ε = ``cornerFloor``. Turns are
    /// compared by ratio: 0.8 and 0.85 of a half turn are the same corner drawn twice
    /// (0.05), a chevron's 0.6 and a curve's 0.14 are different shapes (1.07); the floor
    /// keeps strokes that hardly turn at all (0.02 against 0.05) from being pushed apart by
    /// the ratio of their jitter (0.22, where 0.02 against 0.1 without it would be 1.6).
    /// 0 when either is unknown.
    public static func cornerDistance(_ a: Double?, _ b: Double?) -> Double {
        guard let a, let b else { return 0 }
        return abs(log((a + cornerFloor) / (b + cornerFloor)))
    }

    /// ε of ``cornerDistance(_:_:)``: a tenth of a half turn (18°) over three of 48 steps,
    /// about what a gently curved stroke turns there. Set once, not searched.
    public static let cornerFloor = 0.1

    /// Pairs of templates of different labels, spread evenly over all such pairs
    /// (deterministic), at most ``scalePairs``: where the scales are measured.
    public static func scalePairs(names: [String]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        for i in names.indices { for j in (i + 1)..<names.count where names[i] != names[j] { pairs.append((i, j)) } }
        if pairs.count > scalePairs {
            let stride = Double(pairs.count) / Double(scalePairs)
            pairs = (0..<scalePairs).map { pairs[Int(Double($0) * stride)] }
        }
        return pairs
    }

    /// A component's scale from its distances over ``scalePairs(names:)``: their median
    /// (1 when there is none, or it is 0).
    public static func scale(_ distances: [Double]) -> Double {
        let v = distances.filter(\.isFinite).sorted()
        guard !v.isEmpty else { return 1 }
        let m = v[v.count / 2]
        return m > 0 ? m : 1
    }

    public static func prepare(_ gesture: Gesture, settings: CombinedSettings) -> Prepared? {
        let components = settings.components
        guard !components.isEmpty else { return nil }
        var parts: [any Sendable] = []
        for c in components {
            func part<M: TemplateMatcher>(_: M.Type) -> (any Sendable)? { M.prepare(gesture, settings: .default) }
            guard let p = part(c.algorithm.matcher) else { return nil }
            parts.append(p)
        }
        return Prepared(parts: parts, sharp: settings.corner > 0 ? cornerSharpness(gesture) : nil)
    }

    public static func score(forDistance d: Double) -> Double { 1 / (1 + Swift.max(0, d)) }

    /// `false`: Protractor and Penny Pincher score through BLAS products.
    public static var ranksByPairDistance: Bool { false }

    public func recognize(prepared candidate: Prepared, limit: Int? = nil) -> [Match] {
        guard !names.isEmpty, candidate.parts.count == parts.count else { return [] }
        var fused = [Double](repeating: 0, count: names.count)
        let total = settings.totalWeight
        for (k, part) in parts.enumerated() {
            for m in part.recognize(candidate.parts[k]) { fused[m.templateIndex] += part.weight * m.distance / scales[k] / total }
        }
        if settings.corner > 0 {
            for j in fused.indices { fused[j] += settings.corner * Self.cornerDistance(candidate.sharp, sharps[j]) / total }
        }
        return Ranking.ranked(fused, names: names, limit: limit, score: Self.score(forDistance:))
    }
}
