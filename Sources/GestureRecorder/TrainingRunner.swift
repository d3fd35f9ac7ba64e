import Foundation
import GestureData

/// The hook behind the page's "Train" button: runs the training workflow on the samples
/// in the store and returns its report.
public protocol TrainingRunner: Sendable {
    /// Trains from `store` and returns the report to show.
    func train(store: SampleStore) async throws -> TrainingReport
}

/// What the page shows after training.
public struct TrainingReport: Hashable, Codable, Sendable {
    /// One line, e.g. "trained 2 labels from 40 samples (seed 1)".
    public var summary: String
    /// The full text report.
    public var text: String
    /// Files the workflow wrote (paths), if any.
    public var files: [String]
    /// When the report was made (ISO 8601).
    public var createdAt: String

    public init(summary: String, text: String, files: [String] = [], createdAt: Date = Date()) {
        self.summary = summary
        self.text = text
        self.files = files
        self.createdAt = ISO8601DateFormatter().string(from: createdAt)
    }
}
