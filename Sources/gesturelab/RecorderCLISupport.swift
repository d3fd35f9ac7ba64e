import Foundation
import GestureRecorder
import GestureTraining
import ArgumentParser

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

    /// The check-mark and circle detectors with the shipped thresholds
    /// (`templates/checkmark.json`, `templates/circle.json`, found as `train detector` and
    /// `eval detector` find them) or, when a file is absent, the book presets (CheckPlease,
    /// Sadun). A thresholds file that exists but does not load is an error, not a fallback.
    static func make(templatesOption: String?) throws -> RecorderWiring {
        var w = RecorderWiring()
        for kind in DetectorKind.allCases {
            if let path = DetectorCLI.defaultThresholdsPath(kind) {
                let thresholds: DetectorThresholds
                do {
                    thresholds = try DetectorThresholdsFile.load(path, kind: kind)
                } catch {
                    throw ValidationError("\(error)")
                }
                w.recognizers.append(DetectorRecognizer(thresholds: thresholds, source: path))
                w.notes.append("\(kind.rawValue) detector: thresholds from \(path)")
            } else {
                let preset: (DetectorThresholds, String) = kind == .checkmark
                    ? (.checkmark(.checkPlease), "preset checkPlease")
                    : (.circle(.sadun), "preset sadun")
                w.recognizers.append(DetectorRecognizer(thresholds: preset.0, source: preset.1))
                w.notes.append("\(kind.rawValue) detector: no templates/\(kind.rawValue).json found, using the \(preset.1)")
            }
        }
        var current: [DetectorKind: DetectorThresholds] = [:]
        for r in w.recognizers {
            if let d = r as? DetectorRecognizer { current[d.thresholds.kind] = d.thresholds }
        }
        w.trainer = DetectorTrainingRunner(current: current)
        w.notes.append("Train button: trains detector thresholds from the store (labels check, circle); writes nothing")
        w.notes.append("no template matcher in this build yet: the page shows the detectors only")
        if let templatesOption { w.notes.append("--templates \(templatesOption) is not used: no matcher in this build") }
        return w
    }
}
