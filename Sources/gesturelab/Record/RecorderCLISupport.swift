import GestureDetectors
import Foundation
import GestureRecorder
import GestureTraining
import GestureMatching
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
    /// The shipped template library `templates/templates.json`: `$GESTURELAB_TEMPLATES`,
    /// then `./templates`, then a `templates` folder beside or above the executable — the
    /// places `eval detector` looks for the shipped thresholds.
    static func defaultTemplatesPath() -> String? {
        TemplatesFolder.find("templates.json")
    }

    var recognizers: [any SampleRecognizer] = []
    var trainer: (any TrainingRunner)?
    /// Lines for standard error: what is wired and what is missing.
    var notes: [String] = []

    /// The check-mark and circle detectors with the shipped thresholds
    /// (`templates/checkmark.json`, `templates/circle.json`, found as `train detector` and
    /// `eval detector` find them) or, when a file is absent, the book presets (CheckPlease,
    /// Sadun). A thresholds file that exists but does not load is an error, not a fallback.
    ///
    /// With `model`, everything comes from the model folder: its recognizer (templates,
    /// matcher settings, rejection) and its detector thresholds (book presets for a
    /// detector it has none of).
    static func make(templatesOption: String?, rejectionOption: String?, matcher: MatcherOptions,
                     model modelPath: String? = nil) throws -> RecorderWiring {
        var w = RecorderWiring()
        if let modelPath {
            guard templatesOption == nil, rejectionOption == nil, matcher.isDefault else {
                throw ValidationError("--model brings its own templates, matcher settings and rejection: leave out --templates, --rejection, --algorithm, --points and --rotation")
            }
            let model = try ModelCLI.load(modelPath)
            for kind in DetectorKind.builtIn {
                w.addDetector(kind, model.detectors[kind].map { ($0, "\(modelPath)/\(GestureModel.detectorFile(kind))", "thresholds from the model \(modelPath)") },
                              missing: "the model has no \(kind.rawValue) thresholds", noPreset: "and the detector no book preset")
            }
            for (label, t) in model.shapeDetectors.sorted(by: { $0.key < $1.key }) {
                w.recognizers.append(DetectorRecognizer(thresholds: t, source: "\(modelPath)/\(GestureModel.shapeDetectorFile(label))"))
                w.notes.append("\(t.kind.rawValue) detector for '\(label)': thresholds from the model \(modelPath)")
            }
            w.recognizers.append(ModelSampleRecognizer(model.recognizer, source: modelPath))
            w.notes.append("model \(modelPath): \(model.manifest.matcher), \(model.library.templates.count) templates of \(model.library.names.count) labels, rejection \(model.manifest.rejection)")
            w.trainer = WorkflowTrainingRunner(writesModel: false)
            w.notes.append("Train button: runs the training workflow (train all, seed 1) on the store and shows its report; writes nothing (the page keeps --model)")
            return w
        }
        for kind in DetectorKind.builtIn {
            let shipped: ShippedTemplates.Shipped<AnyDetectorThresholds>?
            do {
                shipped = try ShippedTemplates.thresholds(for: kind)
            } catch {
                throw ValidationError("\(error)")
            }
            w.addDetector(kind, shipped.map { ($0.value, $0.origin.description, "thresholds from \($0.origin)") },
                          missing: "nothing shipped for it", noPreset: "and no book preset")
        }
        w.trainer = WorkflowTrainingRunner()
        w.notes.append("Train button (and --train-after-ms after each edit): trains the store's own model into STORE/\(StoreModel.folderName) and the page recognizes with it from then on")
        if let path = templatesOption ?? defaultTemplatesPath() {
            let library = try MatcherCLI.loadLibrary(path)
            let rejection = try rejectionOption.map(MatcherCLI.loadThresholds)
            if let rejection, rejection.algorithm != matcher.algorithm {
                throw ValidationError("--rejection \(rejectionOption ?? ""): thresholds are for \(rejection.algorithm.rawValue), "
                                      + "the matcher is \(matcher.algorithm.rawValue) (choose it with --algorithm)")
            }
            if let stored = rejection?.matcher, stored != matcher.settings {
                throw ValidationError("--rejection \(rejectionOption ?? ""): thresholds were trained with \(stored), "
                                      + "the matcher runs with \(matcher.settings) (give the same --points/--rotation)")
            }
            w.recognizers.append(MatcherRecognizer(library: library, settings: matcher.settings, rejection: rejection, source: path))
            w.notes.append("\(matcher.algorithm.rawValue) matcher: \(library.templates.count) templates of \(library.names.count) labels from \(path)"
                           + (rejectionOption.map { ", rejection thresholds from \($0)" } ?? ", no rejection thresholds (best match shown, no decision)"))
        } else {
            w.notes.append("no template library (templates/templates.json not found, no --templates): the page shows the detectors only")
        }
        return w
    }

    /// Adds `kind`'s detector with `found` (its thresholds, their source and the note that
    /// says where they come from); without, its default book preset, noting what is
    /// `missing`; without a preset either, only a note that it is not shown.
    private mutating func addDetector(_ kind: DetectorKind, _ found: (thresholds: AnyDetectorThresholds, source: String, note: String)?,
                                      missing: String, noPreset: String) {
        if let found {
            recognizers.append(DetectorRecognizer(thresholds: found.thresholds, source: found.source))
            notes.append("\(kind.rawValue) detector: \(found.note)")
        } else if let preset = Self.preset(kind) {
            recognizers.append(DetectorRecognizer(thresholds: preset.0, source: preset.1))
            notes.append("\(kind.rawValue) detector: \(missing), using the \(preset.1)")
        } else {
            notes.append("\(kind.rawValue) detector: \(missing) \(noPreset); not shown")
        }
    }

    /// The default book preset of a detector and its name (`preset checkPlease`).
    static func preset(_ kind: DetectorKind) -> (AnyDetectorThresholds, String)? {
        kind.bookPresets.first.map { ($0.thresholds, "preset \($0.name)") }
    }
}
