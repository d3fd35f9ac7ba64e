import Foundation

/// `manifest.json` of a training output folder (format `gesturelab.training/1`): what
/// was trained, from which data, with which settings and seed, and what could not be
/// trained and why.
public struct TrainingManifest: Hashable, Codable, Sendable {
    public static let formatTag = "gesturelab.training/1"

    public var format: String = Self.formatTag
    public var seed: UInt64
    public var settings: [String: String]
    public var dataset: DatasetSummary
    /// How ``DatasetSummary/fingerprint`` is computed.
    public var fingerprintAlgorithm: String = "FNV-1a 64 over the sorted canonical gesturelab.sample/1 bytes of every sample"
    /// Output file name → FNV-1a 64 of its bytes.
    public var files: [String: String]
    /// What was trained, one line each.
    public var trained: [String]
    /// What was not trained, with the reason.
    public var notTrained: [String]
    /// Input files that could not be read, with the reason.
    public var skippedFiles: [String]
    /// Other remarks (synthetic data used, labels with few samples).
    public var notes: [String]

    public init(seed: UInt64, settings: [String: String], dataset: DatasetSummary, files: [String: String] = [:],
                trained: [String] = [], notTrained: [String] = [], skippedFiles: [String] = [], notes: [String] = []) {
        self.seed = seed
        self.settings = settings
        self.dataset = dataset
        self.files = files
        self.trained = trained
        self.notTrained = notTrained
        self.skippedFiles = skippedFiles
        self.notes = notes
    }
}
