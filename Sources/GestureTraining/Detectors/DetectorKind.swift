/// The rule-based detectors that can be trained and evaluated on samples.
public enum DetectorKind: String, CaseIterable, Codable, Sendable {
    case checkmark, circle
}
