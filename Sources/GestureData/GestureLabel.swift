import Foundation

/// The one check every label goes through wherever it enters GestureLab: a sample's
/// `label`, a template's name in a library, a label typed on the recorder page, a label
/// given on the command line, a model's labels.
///
/// A label is compared as text, not as bytes: "é" typed as one scalar (U+00E9) and as
/// "e" + combining acute (U+0065 U+0301) are the same label, and so are "Å" (U+00C5),
/// "A" + ring (U+0041 U+030A) and the Ångström sign (U+212B). Without one form, a store
/// made two folders for one label and a library two templates' names that print alike.
/// So every label is put into Unicode normalization form C and trimmed of surrounding
/// white space, and a label holding control characters (which would reach a terminal
/// raw: ESC, BEL) or nothing at all is refused.
///
/// ```swift
/// let same = try GestureLabel.normalized("e\u{301}") == "\u{E9}"   // true
/// let refused = try? GestureLabel.normalized("a\u{1B}[2J")       // nil: control character U+001B
/// ```
public enum GestureLabel {
    /// Longest label accepted, in UTF-8 bytes after normalization.
    public static let maxBytes = 256

    /// Why a label was refused.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        /// The label as given, cut and escaped for showing (``shownValue(_:limit:)``).
        public let shown: String
        public let reason: String

        public var description: String { "invalid label \"\(shown)\": \(reason)" }
    }

    /// `raw` in normalization form C without surrounding white space.
    /// - Throws: ``Invalid`` when the label is empty, longer than ``maxBytes`` or holds a
    ///   control character (named by its code point).
    public static func normalized(_ raw: String) throws(Invalid) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw Invalid(shown: shownValue(raw), reason: "the label is empty") }
        // Checked before normalizing so that a huge value costs no more than its length.
        guard trimmed.utf8.count <= maxBytes * 4 else {
            throw Invalid(shown: shownValue(raw), reason: "longer than \(maxBytes) bytes")
        }
        if let control = trimmed.unicodeScalars.first(where: isControl) {
            throw Invalid(
                shown: shownValue(raw),
                reason: "it holds the control character U+\(String(format: "%04X", control.value)); labels are printable text")
        }
        let label = trimmed.precomposedStringWithCanonicalMapping
        guard label.utf8.count <= maxBytes else {
            throw Invalid(shown: shownValue(raw), reason: "longer than \(maxBytes) bytes")
        }
        return label
    }

    /// Whether `label` is already what ``normalized(_:)`` returns for it.
    public static func isNormalized(_ label: String) -> Bool {
        (try? normalized(label)) == label
    }

    /// C0 and C1 controls, DEL, and the bidirectional formatting characters that make a
    /// label print as something else.
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        if s.properties.generalCategory == .control { return true }
        switch s.value {
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
