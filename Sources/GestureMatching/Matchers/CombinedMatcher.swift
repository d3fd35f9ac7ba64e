import Foundation
import GestureGeometry

/// Settings of the combined recognizer: the weight of each component matcher (0 leaves
/// it out). Each component runs with its paper's defaults.
public struct CombinedSettings: Hashable, Codable, Sendable {
    public var pPlus: Double
    public var protractor: Double
    public var pennyPincher: Double
    public var jackknife: Double

    public init(pPlus: Double = 1, protractor: Double = 0, pennyPincher: Double = 0, jackknife: Double = 1) {
        self.pPlus = pPlus
        self.protractor = protractor
        self.pennyPincher = pennyPincher
        self.jackknife = jackknife
    }

    /// $P+ and Jackknife, equal weights: a point cloud (blind to drawing order) beside a
    /// direction sequence (blind to where the points lie). Chosen by leave-one-subject-out
    /// selection among 17 component sets and weights on the $1 logs, on draws (seed 101)
    /// apart from the ones reported (`tools/combined-cv`; README, Matcher accuracy): every
    /// one of the ten folds chose $P+ with Jackknife.
    public static let `default` = CombinedSettings()

    /// The components' names, as `--weights` and the settings file spell them.
    public static let componentNames = ["pplus", "protractor", "pennypincher", "jackknife"]

    /// The weights in ``componentNames`` order.
    public var weights: [Double] { [pPlus, protractor, pennyPincher, jackknife] }

    /// Sets the weight of the component `name`; `false` for an unknown name.
    public mutating func setWeight(_ w: Double, of name: String) -> Bool {
        switch name {
        case "pplus": pPlus = w
        case "protractor": protractor = w
        case "pennypincher": pennyPincher = w
        case "jackknife": jackknife = w
        default: return false
        }
        return true
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
/// - `distance`: Σ wₘ·dₘ/sₘ / Σ wₘ, ≥ 0 (0 for a template matched with itself).
/// - `score`: `1 / (1 + distance)`.
public struct CombinedMatcher: TemplateMatcher {
    /// Each component's prepared form (`nil` for a component of weight 0).
    public struct Prepared: Hashable, Sendable {
        var pPlus: PPlusMatcher.Prepared?
        var protractor: ProtractorMatcher.Prepared?
        var pennyPincher: PennyPincherMatcher.Prepared?
        var jackknife: JackknifeMatcher.Prepared?
    }

    public static let algorithm = MatcherAlgorithm.combined
    public let settings: CombinedSettings
    public let names: [String]
    let pPlus: PPlusMatcher?
    let protractor: ProtractorMatcher?
    let pennyPincher: PennyPincherMatcher?
    let jackknife: JackknifeMatcher?
    /// Scale of each component, in `CombinedSettings.weights` order.
    let scales: [Double]

    /// Template pairs of different labels the scales are measured on, at most.
    static let scalePairs = 400

    public init(names: [String], templates: [Prepared], settings: CombinedSettings = .default) {
        precondition(names.count == templates.count, "one name per template")
        self.names = names
        self.settings = settings
        let w = settings.weights
        pPlus = w[0] > 0 ? PPlusMatcher(names: names, templates: templates.map { $0.pPlus! }) : nil
        protractor = w[1] > 0 ? ProtractorMatcher(names: names, templates: templates.map { $0.protractor! }) : nil
        pennyPincher = w[2] > 0 ? PennyPincherMatcher(names: names, templates: templates.map { $0.pennyPincher! }) : nil
        jackknife = w[3] > 0 ? JackknifeMatcher(names: names, templates: templates.map { $0.jackknife! }) : nil
        // Pairs of different labels, spread evenly over all such pairs (deterministic).
        var pairs: [(Int, Int)] = []
        for i in templates.indices { for j in (i + 1)..<templates.count where names[i] != names[j] { pairs.append((i, j)) } }
        if pairs.count > Self.scalePairs {
            let stride = Double(pairs.count) / Double(Self.scalePairs)
            pairs = (0..<Self.scalePairs).map { pairs[Int(Double($0) * stride)] }
        }
        func median(_ d: (Int, Int) -> Double) -> Double {
            let v = pairs.map { d($0.0, $0.1) }.filter(\.isFinite).sorted()
            guard !v.isEmpty else { return 1 }
            let m = v[v.count / 2]
            return m > 0 ? m : 1
        }
        scales = [
            w[0] > 0 ? median { PPlusMatcher.distance(templates[$0].pPlus!, templates[$1].pPlus!) } : 1,
            w[1] > 0 ? median { ProtractorMatcher.distance(templates[$0].protractor!, templates[$1].protractor!, settings: .default) } : 1,
            w[2] > 0 ? median { PennyPincherMatcher.distance(templates[$0].pennyPincher!, templates[$1].pennyPincher!, settings: .default) } : 1,
            w[3] > 0 ? median { JackknifeMatcher.distance(templates[$0].jackknife!, templates[$1].jackknife!, settings: .default) } : 1,
        ]
    }

    public static func prepare(_ gesture: Gesture, settings: CombinedSettings) -> Prepared? {
        let w = settings.weights
        guard w.contains(where: { $0 > 0 }) else { return nil }
        var p = Prepared()
        if w[0] > 0 { guard let x = PPlusMatcher.prepare(gesture, settings: .default) else { return nil }; p.pPlus = x }
        if w[1] > 0 { guard let x = ProtractorMatcher.prepare(gesture, settings: .default) else { return nil }; p.protractor = x }
        if w[2] > 0 { guard let x = PennyPincherMatcher.prepare(gesture, settings: .default) else { return nil }; p.pennyPincher = x }
        if w[3] > 0 { guard let x = JackknifeMatcher.prepare(gesture, settings: .default) else { return nil }; p.jackknife = x }
        return p
    }

    public static func score(forDistance d: Double) -> Double { 1 / (1 + Swift.max(0, d)) }

    /// `false`: Protractor and Penny Pincher score through BLAS products.
    public static var ranksByPairDistance: Bool { false }

    public func recognize(prepared candidate: Prepared, limit: Int? = nil) -> [Match] {
        guard !names.isEmpty else { return [] }
        var fused = [Double](repeating: 0, count: names.count)
        let w = settings.weights
        let total = w.filter { $0 > 0 }.reduce(0, +)
        func add(_ matches: [Match], _ k: Int) {
            for m in matches { fused[m.templateIndex] += w[k] * m.distance / scales[k] / total }
        }
        if let pPlus, let c = candidate.pPlus { add(pPlus.recognize(prepared: c, limit: nil), 0) }
        if let protractor, let c = candidate.protractor { add(protractor.recognize(prepared: c, limit: nil), 1) }
        if let pennyPincher, let c = candidate.pennyPincher { add(pennyPincher.recognize(prepared: c, limit: nil), 2) }
        if let jackknife, let c = candidate.jackknife { add(jackknife.recognize(prepared: c, limit: nil), 3) }
        return Ranking.ranked(fused, names: names, limit: limit, score: Self.score(forDistance:))
    }
}
