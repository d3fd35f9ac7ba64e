import GestureGeometry

/// A template matcher of any algorithm, chosen at run time from ``MatcherSettings``.
///
/// ```swift
/// let m = MatcherSettings.pPlus(.default).matcher(library: library)
/// m.recognize(gesture, limit: 1).first?.name
/// ```
public struct AnyTemplateMatcher: Sendable {
    public let settings: MatcherSettings
    /// Template names in library order.
    public let names: [String]
    private let rank: @Sendable (Gesture, Int?) -> [Match]

    public init<M: TemplateMatcher>(_ matcher: M, settings: MatcherSettings) {
        self.settings = settings
        self.names = matcher.names
        self.rank = { matcher.recognize($0, limit: $1) }
    }

    /// The best `limit` matches (all when `nil`), closest first; `[]` for a gesture with no
    /// shape (no points, zero length, non-finite) or an empty library.
    public func recognize(_ gesture: Gesture, limit: Int? = nil) -> [Match] { rank(gesture, limit) }

    /// The native distance to every template, in library order; `nil` when the gesture has
    /// no shape to match.
    public func distances(_ gesture: Gesture) -> [Double]? {
        let all = rank(gesture, nil)
        guard !all.isEmpty else { return names.isEmpty ? [] : nil }
        var out = [Double](repeating: .infinity, count: names.count)
        for m in all { out[m.templateIndex] = m.distance }
        return out
    }
}
