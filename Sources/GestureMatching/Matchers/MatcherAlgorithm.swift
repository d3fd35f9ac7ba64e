/// The template-matching algorithms GestureMatching implements.
public enum MatcherAlgorithm: String, CaseIterable, Codable, Sendable {
    /// Protractor (Li, CHI 2010): closed-form rotation, cosine (angular) distance.
    case protractor
    /// $1 (Wobbrock, Wilson, Li, UIST 2007): golden-section search over rotation.
    case dollarOne = "dollar1"
    /// $P (Vatavu, Anthony, Wobbrock, ICMI 2012): point clouds, multistroke.
    case pDollar = "pdollar"
    /// $P+ (Vatavu, CHI 2017): $P's cloud with the turning angle as a third coordinate,
    /// one-to-many matching in both directions.
    case pPlus = "pplus"
    /// $Q (Vatavu, Anthony, Wobbrock, MobileHCI 2018): $P with a look-up table, lower
    /// bounds and early abandoning.
    case qDollar = "qdollar"
    /// Penny Pincher (Taranta & LaViola, GI 2015): sum of dot products of between-point
    /// unit vectors.
    case pennyPincher = "pennypincher"
    /// Jackknife (Taranta et al., CHI 2017): DTW over direction vectors with correction
    /// factors.
    case jackknife
    /// Several matchers' distances fused (``CombinedMatcher``).
    case combined
}
