/// The states of a gesture recognizer, as UIKit's `UIGestureRecognizer.State`.
///
/// Discrete recognizers (tap, swipe) go `possible → recognized` or `possible → failed`;
/// continuous ones (pan, pinch, rotation, long press) go
/// `possible → began → changed… → ended | cancelled` or `possible → failed`.
public enum RecognizerState: String, CaseIterable, Hashable, Sendable, Codable {
    case possible, began, changed, ended, cancelled, failed

    /// UIKit's alias: a discrete recognizer that recognized is `ended`.
    public static let recognized = RecognizerState.ended

    /// `began` or `changed`: a continuous gesture in progress.
    public var isActive: Bool { self == .began || self == .changed }
    /// `ended`, `cancelled` or `failed`: waits for ``GestureRecognizer/reset()``.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}

/// Whether a recognizer reports one moment or a stretch of time.
public enum RecognizerKind: String, Hashable, Sendable, Codable {
    /// Recognized once, at one moment (tap, swipe, check mark, template).
    case discrete
    /// Began, changed, ended (pan, pinch, rotation, long press).
    case continuous
}
