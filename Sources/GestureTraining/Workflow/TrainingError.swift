/// Why `gesturelab train` stopped without writing anything.
public enum TrainingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing could be read from the dataset path.
    case noSamples(path: String, skippedFiles: Int)
    /// Samples were read but none carries a label.
    case noLabels(path: String, samples: Int)
    /// Every labelled sample is degenerate (one point, zero length, NaN).
    case noUsableSamples(path: String, degenerate: Int)
    /// Some files could not be read and the user did not ask to skip them.
    case unreadableFiles([String])

    public var description: String {
        switch self {
        case let .noSamples(path, skipped):
            return skipped > 0
                ? "\(path): no sample could be read (\(skipped) file(s) failed); nothing to train"
                : "\(path): no samples found (.xml, .json or .jsonl); nothing to train"
        case let .noLabels(path, n):
            return "\(path): none of the \(n) samples has a label; templates and thresholds need labelled samples"
        case let .noUsableSamples(path, n):
            return "\(path): all \(n) labelled samples are degenerate (a single point, zero length or non-finite coordinates)"
        case let .unreadableFiles(messages):
            let shown = messages.prefix(10).map { "  \($0)" }.joined(separator: "\n")
            let more = messages.count > 10 ? "\n  … and \(messages.count - 10) more" : ""
            return "\(messages.count) file(s) or line(s) could not be read; nothing was written:\n\(shown)\(more)\n"
                + "Fix them, or pass --skip-invalid to train on the rest (the manifest then lists what was skipped)."
        }
    }
}
