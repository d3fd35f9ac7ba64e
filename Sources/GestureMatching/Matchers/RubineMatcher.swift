import Foundation
import GestureGeometry

/// Settings of Rubine's trained recognizer; defaults are the paper's unless noted.
public struct RubineSettings: Hashable, Codable, Sendable {
    /// Points the joined strokes are resampled to before the geometric features. 32 (this
    /// project's choice): Rubine dropped input points closer than 3 pixels to the previous
    /// one; equal spacing makes the turning features independent of the device's sampling
    /// rate and units. Speed and duration come from the raw points.
    public var points: Int
    /// Rejection: the estimated probability of the best class must be at least this. 0.95:
    /// Rubine (1991).
    public var minProbability = 0.95
    /// Rejection: the squared Mahalanobis distance to the best class's mean must be at most
    /// this × F², F the number of features in use. ½: Rubine (1991).
    public var mahalanobisFactor = 0.5
    /// Weight, in pseudo-examples, of the identity prior the common covariance of the
    /// standardized features is shrunk toward: Σ = (S + ν·I) / (N − C + ν), S the pooled
    /// within-class scatter of N examples of C classes. Rubine inverts S / (N − C) alone,
    /// which is singular with one example per class (N = C) or a constant feature; 13 (this
    /// project's choice, one per feature) keeps it invertible and lets it fade as examples
    /// accumulate.
    public var priorStrength: Double = 13

    /// The paper's settings (and this project's choices where noted above), with `points` points.
    public init(points: Int = 32) { self.points = points }
    public static let `default` = RubineSettings()
}

/// Rubine's linear classifier ("Specifying Gestures by Example", SIGGRAPH 1991): 13
/// features of the gesture, one mean per class, a covariance common to all classes, and a
/// linear evaluation function per class, trained from the templates when the matcher is
/// built. Multistroke input is its strokes joined in drawing order.
///
/// The gesture is first scaled so its bounding box's longer side is 1 (Rubine measured
/// pixels; here a gesture drawn bigger is the same gesture). The features (see
/// ``features(_:points:)``): cosine and sine of the initial angle (first
/// point to third), length and angle of the bounding-box diagonal, distance from first to
/// last point with its cosine and sine, total length, total turning, total absolute
/// turning, sum of squared turning, maximum squared speed and duration (the last two 0
/// without time stamps).
///
/// With a common covariance Σ, Rubine's evaluation v_c = w_c·f + w_c0 (w_c = Σ⁻¹μ_c,
/// w_c0 = −½ w_c·μ_c) is −½ of the squared Mahalanobis distance to μ_c plus a term shared
/// by every class, so the best class is the nearest mean in that distance.
///
/// - `distance`: the squared Mahalanobis distance (in standardized features) from the
///   candidate to the mean of the template's class; every template of a class reports it.
/// - `score`: `1 / (1 + distance)`.
/// - Rejection (``classify(prepared:)``): Rubine's estimate P(ĉ) = 1 / Σ_c exp(v_c − v_ĉ)
///   below 0.95, or the squared Mahalanobis distance above ½F².
public struct RubineMatcher: TemplateListMatcher {
    /// The 13 features of one gesture.
    public struct Prepared: Hashable, Sendable {
        public var features: [Double]
    }

    /// The trained classifier's verdict on one candidate.
    public struct Classification: Hashable, Sendable {
        /// The best class.
        public var name: String
        /// Rubine's estimated probability of the best class, 1 / Σ_c exp(v_c − v_best).
        public var probability: Double
        /// Squared Mahalanobis distance to the best class's mean.
        public var mahalanobisSquared: Double
        /// Whether either of Rubine's rejection rules fires.
        public var rejected: Bool
    }

    /// Number of features.
    public static let featureCount = 13

    public let list: TemplateList<Prepared, RubineSettings>
    /// Class of each template (index into `classMeans`).
    let templateClass: [Int]
    /// Standardization: per-feature mean and scale over the templates; features constant
    /// over the templates (scale 0) are left out.
    let center: [Double], scale: [Double], used: [Int]
    /// Class means in standardized, used features.
    let classMeans: [[Double]]
    let classNames: [String]
    /// Inverse of the regularized common covariance (used × used, row-major).
    let inverse: [Double]

    /// Trains the classifier on the list's templates.
    public init(list: TemplateList<Prepared, RubineSettings>) {
        self.list = list
        let names = list.names, templates = list.templates, settings = list.settings
        let f = Self.featureCount
        // Standardize over the templates so the prior is the same in every unit.
        var center = [Double](repeating: 0, count: f), scale = [Double](repeating: 0, count: f)
        let n = Double(Swift.max(1, templates.count))
        for t in templates { for j in 0..<f { center[j] += t.features[j] / n } }
        for t in templates { for j in 0..<f { scale[j] += (t.features[j] - center[j]) * (t.features[j] - center[j]) / n } }
        scale = scale.map { $0.squareRoot() }
        let used = (0..<f).filter { scale[$0] > 1e-12 * Swift.max(1, abs(center[$0])) && scale[$0].isFinite }
        var classOf: [String: Int] = [:], classNames: [String] = [], templateClass: [Int] = []
        for name in names {
            if classOf[name] == nil { classOf[name] = classNames.count; classNames.append(name) }
            templateClass.append(classOf[name]!)
        }
        let k = used.count
        func z(_ t: Prepared) -> [Double] { used.map { (t.features[$0] - center[$0]) / scale[$0] } }
        var means = [[Double]](repeating: [Double](repeating: 0, count: k), count: classNames.count)
        var counts = [Double](repeating: 0, count: classNames.count)
        let zs = templates.map(z)
        for (i, v) in zs.enumerated() {
            counts[templateClass[i]] += 1
            for j in 0..<k { means[templateClass[i]][j] += v[j] }
        }
        for c in means.indices where counts[c] > 0 { means[c] = means[c].map { $0 / counts[c] } }
        // Pooled within-class scatter plus ν·I, over N − C + ν degrees of freedom.
        let nu = Swift.max(1e-9, settings.priorStrength)
        var cov = [Double](repeating: 0, count: k * k)
        for (i, v) in zs.enumerated() {
            let m = means[templateClass[i]]
            for a in 0..<k { for b in 0..<k { cov[a * k + b] += (v[a] - m[a]) * (v[b] - m[b]) } }
        }
        let dof = Double(templates.count - classNames.count) + nu
        for a in 0..<k { cov[a * k + a] += nu }
        cov = cov.map { $0 / dof }
        self.center = center
        self.scale = scale
        self.used = used
        self.classMeans = means
        self.classNames = classNames
        self.templateClass = templateClass
        self.inverse = Self.inverted(cov, k) ?? Self.identity(k)
    }

    public static func prepare(_ gesture: Gesture, settings: RubineSettings) -> Prepared? {
        guard let f = features(gesture, points: settings.points), f.allSatisfy(\.isFinite) else { return nil }
        return Prepared(features: f)
    }

    /// Rubine's 13 features of `gesture`, scaled so its bounding box's longer side is 1 and
    /// its strokes joined in drawing order: the initial
    /// angle and the turning from the joined path resampled to `points` equally spaced
    /// points; box, end points, length, speed and duration from the raw points.
    /// `nil` for no points, zero length or a non-finite coordinate.
    public static func features(_ gesture: Gesture, points: Int) -> [Double]? {
        // Scaled so the bounding box's longer side is 1, as every matcher here: drawn bigger,
        // the same gesture keeps its features.
        guard let fitted = gesture.fittedToUnitBox() else { return nil }
        let raw = fitted.allPoints
        guard !raw.isEmpty, raw.allSatisfy(\.isFinite), Stroke(raw).pathLength > 0 else { return nil }
        let p = Stroke(raw).resampled(count: Swift.max(3, points)).points
        guard p.count >= 3, let box = Stroke(raw).boundingBox else { return nil }
        var f = [Double](repeating: 0, count: featureCount)
        // f1, f2: initial angle, first point to third (of the resampled points).
        let ix = p[2].x - p[0].x, iy = p[2].y - p[0].y, il = (ix * ix + iy * iy).squareRoot()
        if il > 1e-12 { f[0] = ix / il; f[1] = iy / il }
        // f3, f4: bounding-box diagonal length and angle.
        f[2] = (box.width * box.width + box.height * box.height).squareRoot()
        f[3] = atan2(box.height, box.width)
        // f5–f7: first to last point, distance, cosine, sine.
        let ex = raw[raw.count - 1].x - raw[0].x, ey = raw[raw.count - 1].y - raw[0].y
        f[4] = (ex * ex + ey * ey).squareRoot()
        // A closed gesture ends where it started, up to rounding: the direction of a gap under
        // a millionth of the box is noise, so it counts as none (cosine and sine 0).
        if f[4] > 1e-6 { f[5] = ex / f[4]; f[6] = ey / f[4] }
        // f8: total length.
        f[7] = Stroke(raw).pathLength
        // f9–f11: turning at the inner resampled points.
        for i in 1..<(p.count - 1) {
            let dx = p[i + 1].x - p[i].x, dy = p[i + 1].y - p[i].y
            let px = p[i].x - p[i - 1].x, py = p[i].y - p[i - 1].y
            let theta = atan2(dx * py - px * dy, dx * px + dy * py)
            f[8] += theta; f[9] += abs(theta); f[10] += theta * theta
        }
        // f12, f13: maximum squared speed and duration, when every point has a time.
        let times = raw.compactMap(\.t)
        if times.count == raw.count, let first = times.first, let last = times.last {
            f[12] = Swift.max(0, last - first)
            for i in 1..<raw.count {
                let dt = times[i] - times[i - 1]
                guard dt > 0 else { continue }
                let dx = raw[i].x - raw[i - 1].x, dy = raw[i].y - raw[i - 1].y
                f[11] = Swift.max(f[11], (dx * dx + dy * dy) / (dt * dt))
            }
        }
        return f
    }

    public static func score(forDistance d: Double) -> Double { 1 / (1 + Swift.max(0, d)) }

    /// `false`: the distances come from the classifier trained on the whole template set.
    public static var ranksByPairDistance: Bool { false }

    public func recognize(prepared candidate: Prepared, limit: Int? = nil) -> [Match] {
        guard !templates.isEmpty else { return [] }
        let d = classDistances(candidate)
        return Ranking.ranked(templateClass.map { d[$0] }, names: names, limit: limit, score: Self.score(forDistance:))
    }

    /// Squared Mahalanobis distance from `candidate` to every class mean.
    func classDistances(_ candidate: Prepared) -> [Double] {
        let k = used.count
        let z = used.map { (candidate.features[$0] - center[$0]) / scale[$0] }
        return classMeans.map { m in
            var sum = 0.0
            for a in 0..<k {
                var row = 0.0
                for b in 0..<k { row += inverse[a * k + b] * (z[b] - m[b]) }
                sum += (z[a] - m[a]) * row
            }
            return Swift.max(0, sum)
        }
    }

    /// The best class with Rubine's rejection: probability 1 / Σ_c exp(−½(d_c − d_best))
    /// (the evaluation functions differ by −½ the squared distances) below
    /// ``RubineSettings/minProbability``, or the squared distance above
    /// ``RubineSettings/mahalanobisFactor`` × F². `nil` with no templates.
    public func classify(prepared candidate: Prepared) -> Classification? {
        let d = classDistances(candidate)
        guard let best = d.indices.min(by: { (d[$0], $0) < (d[$1], $1) }) else { return nil }
        let total = d.reduce(0.0) { $0 + exp(-0.5 * ($1 - d[best])) }
        let probability = 1 / total
        let f = Double(used.count)
        let rejected = probability < settings.minProbability || d[best] > settings.mahalanobisFactor * f * f
        return Classification(name: classNames[best], probability: probability, mahalanobisSquared: d[best], rejected: rejected)
    }

    static func identity(_ k: Int) -> [Double] {
        var m = [Double](repeating: 0, count: k * k)
        for i in 0..<k { m[i * k + i] = 1 }
        return m
    }

    /// Gauss–Jordan inverse with partial pivoting; `nil` when singular or non-finite.
    static func inverted(_ m: [Double], _ k: Int) -> [Double]? {
        var a = m, inv = identity(k)
        for col in 0..<k {
            var pivot = col
            for r in col..<k where abs(a[r * k + col]) > abs(a[pivot * k + col]) { pivot = r }
            let p = a[pivot * k + col]
            guard abs(p) > 1e-300, p.isFinite else { return nil }
            if pivot != col {
                for c in 0..<k { a.swapAt(col * k + c, pivot * k + c); inv.swapAt(col * k + c, pivot * k + c) }
            }
            for c in 0..<k { a[col * k + c] /= p; inv[col * k + c] /= p }
            for r in 0..<k where r != col {
                let factor = a[r * k + col]
                if factor == 0 { continue }
                for c in 0..<k { a[r * k + c] -= factor * a[col * k + c]; inv[r * k + c] -= factor * inv[col * k + c] }
            }
        }
        return inv.allSatisfy(\.isFinite) ? inv : nil
    }
}

extension RubineSettings: PointCountSettings {
    public static var scoreMeaning: String { "Rubine score 1/(1 + d), d the squared Mahalanobis distance to the class mean" }
    /// Not a distance between two gestures: the combined recognizer cannot scale it.
    public static var isCombinable: Bool { false }
    /// Rubine trained on about 15 examples per class; with one the shrunk covariance makes
    /// it a nearest-mean classifier, which the other matchers beat.
    public static var fewestExamplesPerClass: Int { 5 }
    /// A historic baseline (and a rejection rule), not a candidate for a user's model.
    public static var isAutoCandidate: Bool { false }
    public var fieldsDescription: String {
        "\(points) points, reject below p \(settingsNumber(minProbability)) or above \(settingsNumber(mahalanobisFactor))·F², prior \(settingsNumber(priorStrength))"
    }
    public func encodeFields(to c: inout KeyedEncodingContainer<MatcherSettingsField>) throws {
        try c.put(minProbability, "minProbability")
        try c.put(mahalanobisFactor, "mahalanobisFactor")
        try c.put(priorStrength, "priorStrength")
    }
    public static func decodeFields(from c: KeyedDecodingContainer<MatcherSettingsField>, points: Int) throws -> Self {
        var s = RubineSettings(points: points)
        if let v = try c.number("minProbability", in: 0...1) { s.minProbability = v }
        if let v = try c.number("mahalanobisFactor", in: 0...1e6) { s.mahalanobisFactor = v }
        if let v = try c.number("priorStrength", in: 1e-6...1e6) { s.priorStrength = v }
        return s
    }
}
