import Foundation
import GestureRecorder

/// Helpers for `gesturelab record`.
enum RecorderCLISupport {
    /// Runs async work from the synchronous command tree and waits for it, rethrowing its
    /// error. (The root command is a `ParsableCommand`, so subcommands cannot be async.)
    static func runBlocking(_ work: @escaping @Sendable () async throws -> Void) throws {
        let box = ErrorBox()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { try await work() } catch { box.set(error) }
            done.signal()
        }
        done.wait()
        if let error = box.error { throw error }
    }

    /// Pushes buffered standard output out now (scripts wait for the "Listening" line).
    static func flush() { fflush(nil) }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    private final class ErrorBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Error?
        var error: Error? { lock.lock(); defer { lock.unlock() }; return stored }
        func set(_ e: Error) { lock.lock(); stored = e; lock.unlock() }
    }
}

/// Which recognizers and trainer the recorder gets in this build.
struct RecorderWiring {
    var recognizers: [any SampleRecognizer] = []
    var trainer: (any TrainingRunner)?
    /// Lines for standard error: what is wired and what is missing.
    var notes: [String] = []

    /// The detectors, the matcher and the training workflow are wired here once their
    /// modules exist on main; until then the page shows "no recognizers in this build".
    static func make(templatesOption: String?) throws -> RecorderWiring {
        var w = RecorderWiring()
        w.notes.append("no detectors, matcher or training workflow in this build: the page records samples only")
        if let templatesOption { w.notes.append("--templates \(templatesOption) is ignored: no matcher in this build") }
        return w
    }
}
