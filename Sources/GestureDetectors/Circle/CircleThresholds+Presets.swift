extension CircleThresholds {
    /// Sadun's circle test (iOS 6/7 cookbook): 2 s, 5 inflections, closure a third of a
    /// 320-point view, bounding-box centre, transit − 2π in [−π/4, +π].
    /// - SeeAlso: Sadun, *The iOS Developer's Cookbook*, "Detecting Circles".
    public static let sadun = CircleThresholds(
        rule: .sadun(SadunRule()),
        provenance: "Sadun, iOS Developer's Cookbook (iOS 6/7): 2 s, 5 inflections, closure 320/3, band [-pi/4, +pi]")

    /// Sadun's test without the inflection count, for comparison (README, Detectors: the book's figures). The 2 s
    /// test stays: on the $1 logs it rejects the slow circles that the inflection test
    /// would otherwise have rejected (see ``sadunShapeOnly``).
    public static let sadunWithoutInflectionTest = CircleThresholds(
        rule: .sadun(SadunRule(maxInflections: nil)),
        provenance: "Sadun's circle test with the inflection test turned off")

    /// Sadun's closure and transit tests only (no inflection count, no 2 s limit): what
    /// the book's "without inflection test" figure (98 % / 33 %) corresponds to.
    public static let sadunShapeOnly = CircleThresholds(
        rule: .sadun(SadunRule(maxDuration: nil, maxInflections: nil)),
        provenance: "Sadun's circle test with the inflection and duration tests turned off")
}
