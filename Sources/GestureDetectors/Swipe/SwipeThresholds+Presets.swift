extension SwipeThresholds {
    /// The book's swipe: at least 25 points along the axis, at most 5 across.
    /// - SeeAlso: *Beginning iPhone Development*, Swipes (kMinimumGestureLength,
    ///   kMaximumVariance).
    public static let book = SwipeThresholds(minLength: 25, maxVariance: 5,
                                             provenance: "Beginning iPhone Development: 25 points, variance 5")
}
