/// The matcher registry.
///
/// Adding a matcher takes its file, one line here and its own tests:
///
/// 1. In its file (in this folder): the matcher, a `struct … : TemplateMatcher`, and its
///    settings, a `struct … : AlgorithmSettings` with `static let default`, `points`, a
///    ``AlgorithmSettings/scoreMeaning`` and, when it has fields beyond `points`,
///    ``AlgorithmSettings/fieldsDescription``, ``AlgorithmSettings/encodeFields(to:)`` and
///    ``AlgorithmSettings/decodeFields(from:points:)`` (each field a key of the settings
///    JSON, checked with the field's name in the error). The matcher need not declare
///    `algorithm`: ``TemplateMatcher/algorithm`` finds it here.
/// 2. One line in ``MatcherAlgorithm/allCases`` below: `MatcherAlgorithm("id", MyMatcher.self),`
///    with a new lowercase id. Lists and help texts show the algorithms in this order.
/// 3. Its own tests (hand-worked cases). The generic matcher tests, the fuzz targets,
///    `bench matcher`, `eval matcher`, `train --algorithm`, the engine configuration, the
///    recorder, the model folder's settings file and the combined recognizer's components
///    (unless ``AlgorithmSettings/isCombinable`` is `false`) pick it up from this list;
///    `train --algorithm auto` considers it when ``AlgorithmSettings/isAutoCandidate`` is
///    `true` (the default).
extension MatcherAlgorithm: CaseIterable {
    /// Every registered algorithm.
    public static let allCases: [MatcherAlgorithm] = [
        .protractor,
        .dollarOne,
        .pDollar,
        .pPlus,
        .qDollar,
        .pennyPincher,
        .jackknife,
        MatcherAlgorithm("ndollar", NDollarMatcher.self),
        MatcherAlgorithm("rubine", RubineMatcher.self),
        MatcherAlgorithm("ftl", FTLMatcher.self),
        .combined,
    ]
}
