import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GestureData

/// The hook behind the page's "Train" button: runs the training workflow on the samples
/// in the store and returns its report.
public protocol TrainingRunner: Sendable {
    /// Trains from `store` and returns the report to show.
    func train(store: SampleStore) async throws -> TrainingReport
    /// Trains with the operating point the user chose on the page. The default ignores
    /// the choice (a runner without a verifier has no operating point to choose).
    func train(store: SampleStore, choice: OperatingPointChoice) async throws -> TrainingReport
    /// The held-out check of the store's examples (``HeldOutCheck``) with this runner's
    /// training. The default throws ``HeldOutCheckUnavailable``.
    func checkHeldOut(store: SampleStore, choice: OperatingPointChoice) async throws -> HeldOutCheck
}

extension TrainingRunner {
    public func train(store: SampleStore, choice: OperatingPointChoice) async throws -> TrainingReport {
        try await train(store: store)
    }
    public func checkHeldOut(store: SampleStore, choice: OperatingPointChoice) async throws -> HeldOutCheck {
        throw HeldOutCheckUnavailable()
    }
}

/// This build's trainer cannot run the held-out check.
public struct HeldOutCheckUnavailable: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the held-out check needs the training workflow, which this trainer does not run" }
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

/// Runs CPU-heavy training work on a thread of its own, at a lower scheduling priority,
/// instead of on the tasks that answer requests: a long training then cannot take the
/// threads the server needs to answer `GET /api/state` and the other reads.
///
/// ```swift
/// let sum = try await TrainingThread.run { (1...1_000).reduce(0, +) }   // computed off the server's threads
/// ```
public enum TrainingThread {
    /// How much lower than the server the training thread runs (Linux `nice` steps).
    public static let niceIncrement: Int32 = 10

    /// Runs `work` on a new thread with lowered priority and returns its result.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let thread = Thread {
                lowerPriority()
                continuation.resume(with: Result { try work() })
            }
            thread.name = "gesturelab-training"
            thread.qualityOfService = .utility
            // Training recurses and builds large arrays; the default secondary-thread stack is small.
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    /// Lowers the calling thread's priority (Linux: its own nice value; elsewhere the
    /// quality of service set on the thread does this).
    static func lowerPriority() {
        #if os(Linux)
        // On Linux the nice value belongs to the thread: `who` 0 is the calling thread only.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        _ = setpriority(which, 0, min(19, getpriority(which, 0) + niceIncrement))
        #endif
    }
}
