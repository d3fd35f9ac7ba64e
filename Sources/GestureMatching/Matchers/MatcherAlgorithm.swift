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
}
