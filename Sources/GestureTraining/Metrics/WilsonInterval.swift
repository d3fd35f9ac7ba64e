/// The Wilson score interval for a binomial proportion (Wilson, JASA 1927): for `k`
/// successes in `n` trials, the 95% interval with z = 1.959964. Unlike the normal
/// approximation it stays inside 0…1 and is not empty at k = 0 or k = n, which is where
/// false-positive rates live.
///
/// ```swift
/// WilsonInterval(successes: 0, trials: 100).upper   // 0.037
/// ```
/// Edge cases: `trials == 0` gives the whole range 0…1 (nothing was measured).
public struct WilsonInterval: Hashable, Codable, Sendable {
    public var lower: Double
    public var upper: Double

    /// z for a two-sided 95% interval.
    public static let z95 = 1.959963984540054

    public init(successes k: Int, trials n: Int, z: Double = WilsonInterval.z95) {
        guard n > 0 else { lower = 0; upper = 1; return }
        let nd = Double(n), p = Double(Swift.min(Swift.max(k, 0), n)) / nd
        let z2 = z * z
        let centre = (p + z2 / (2 * nd)) / (1 + z2 / nd)
        let half = z / (1 + z2 / nd) * (p * (1 - p) / nd + z2 / (4 * nd * nd)).squareRoot()
        // At k = 0 (k = n) the bound is exactly 0 (1); rounding must not move it.
        lower = k <= 0 ? 0 : Swift.max(0, centre - half)
        upper = k >= n ? 1 : Swift.min(1, centre + half)
    }

    public var array: [Double] { [lower, upper] }
}
