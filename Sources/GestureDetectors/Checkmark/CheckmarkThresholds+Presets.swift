extension CheckmarkThresholds {
    /// The book's CheckPlease recognizer: 50°–135° between consecutive raw touch segments,
    /// more than 10 points drawn. Point by point on raw input, sampling-rate dependent.
    /// - SeeAlso: *Beginning iPhone Development*, "Taps, Touches, and Gestures", CheckPlease.
    public static let checkPlease = CheckmarkThresholds(rule: .checkPlease(CheckPleaseRule()),
                                                        provenance: "CheckPlease (Beginning iPhone Development): 50°, 135°, 10 points")
}
