import Foundation
import FuzzSupport
import GestureGeometry
import GestureMatching
import GestureTraining

/// Fuzz target: a model folder (`gesturelab.model/1`) and each of its parts — the
/// manifest, the template library, the rejection thresholds, the verifier and the
/// detector thresholds — under the readers' invariants (``FuzzSupport/ReaderInvariants``:
/// an error names the file and is short, what is kept stays within the byte budget).
///
/// The input is the folder's files, split at NUL bytes in the order of ``parts``
/// (an empty part is a file left out), after one flag byte: with bit 0 set, the manifest
/// (when it decodes) gets the true hashes of the other parts, so that mutated parts
/// reach their readers instead of stopping at the hash check. Each part is also read on
/// its own. A model that loads must recognize fixed strokes without trapping.
@main
enum FuzzModel: FuzzTarget {
    static func fuzzOne(_ data: Data) {
        guard let flags = data.first else { return }
        var chunks = data.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { Data($0) }
        while chunks.count < parts.count { chunks.append(Data()) }

        // Each part alone. (These decoders are given no file name: the model loader names it.)
        _ = ReaderInvariants.read("manifest", file: nil, bytes: chunks[0].count) { try JSONDecoder().decode(TrainingManifest.self, from: chunks[0]) }
        _ = ReaderInvariants.read("verifier", file: nil, bytes: chunks[3].count) { try RejectionVerifier.decode(chunks[3]) }

        // The folder.
        if flags & 1 != 0, var manifest = try? JSONDecoder().decode(TrainingManifest.self, from: chunks[0]) {
            manifest.files = [:]
            for (k, name) in parts.enumerated().dropFirst() where !chunks[k].isEmpty {
                var h = FNV1a64(); h.combine(chunks[k]); manifest.files[name] = h.hex
            }
            if let encoded = try? JSONEncoder().encode(manifest) { chunks[0] = encoded }
        }
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try? fm.removeItem(at: folder.appendingPathComponent(name))
        }
        var total = 0
        for (k, name) in parts.enumerated() where !chunks[k].isEmpty {
            guard (try? chunks[k].write(to: folder.appendingPathComponent(name))) != nil else { return }
            total += chunks[k].count
        }
        guard let model = ReaderInvariants.read("model folder", file: folder.path, bytes: total, {
            try GestureModel.load(folder)
        }) else { return }
        for stroke in FixedStrokes.all {
            _ = model.recognizer.recognize(Gesture([stroke]))
        }
    }

    static func tearDown() { try? FileManager.default.removeItem(at: folder) }
}

/// The files of a model folder, in the order the input gives them.
let parts = [GestureModel.manifestFile, GestureModel.templatesFile, GestureModel.thresholdsFile, GestureModel.verifierFile,
             "checkmark.json", "circle.json", "shape-check.json"]

/// One folder per process, emptied before each input.
let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gesturelab-fuzz-model-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()
