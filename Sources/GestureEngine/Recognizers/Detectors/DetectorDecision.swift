/// When a hosted shape detector decides.
public enum DetectorDecision: String, CaseIterable, Hashable, Sendable, Codable {
    /// Point by point, as `touchesMoved` feeds it: fires at the first point where the
    /// stroke so far passes (the book's CheckPlease behaviour).
    case streaming
    /// Once, when the finger lifts, on the whole stroke (Sadun's circle test runs here);
    /// a prefix of another symbol cannot fire it.
    case end
}
