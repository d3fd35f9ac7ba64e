import Foundation
import GestureData

/// The "never fire" bin: strokes the user saves because they must never be recognized as
/// any label (a V that looks like a check mark, a scroll, a doodle). They train the
/// store's model as negatives and are checked against it after each training.
///
/// The bin is a sample store of its own in the hidden folder `.never-fire` inside the
/// store, with every stroke under the one label `never-fire`:
///
/// ```
/// STORE/
///   zig_zag/1764150000000-….json     the user's labels
///   .never-fire/never-fire/….json    the bin (hidden: the store's listing never sees it)
///   .model/                          the model the recorder trains
/// ```
///
/// No label can collide with it: the store refuses every label that starts with `.`
/// (``GestureData/SampleStore/sanitizedLabel(_:)``), so a user label spelled `never-fire`
/// is an ordinary label in `STORE/never-fire/`, and the bin is only ever
/// `STORE/.never-fire/`. Writes go through ``GestureData/SampleStore`` (atomic, with its
/// own edit lock).
///
/// ```
/// let bin = try NeverFireBin.store(of: store, create: true)!
/// let entry = try bin.save(NeverFireBin.marked(sample))   // .never-fire/never-fire/ID.json
/// let negatives = NeverFireBin.samples(of: store).samples  // for TrainingWorkflow.run(negatives:)
/// ```
public enum NeverFireBin {
    /// The bin's folder inside the store (hidden: no label may start with `.`).
    public static let folderName = ".never-fire"
    /// The one label the bin's strokes are saved under, inside the bin.
    public static let label = "never-fire"

    /// The bin's folder.
    public static func folder(of store: SampleStore) -> URL {
        store.root.appendingPathComponent(folderName, isDirectory: true)
    }

    /// The bin as a sample store; `nil` when it does not exist and `create` is false (a
    /// store that was never given a never-fire stroke has no bin folder).
    public static func store(of store: SampleStore, create: Bool = false) throws -> SampleStore? {
        let url = folder(of: store)
        guard create || FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try SampleStore(root: url)
    }

    /// `sample` as the bin stores it: under ``label``, marked in its metadata.
    public static func marked(_ sample: Sample) -> Sample {
        var s = sample
        s.label = label
        s.meta["neverFire"] = "true"
        return s
    }

    /// Every stroke in the bin (each with its file as `source`), and messages for files
    /// that do not load.
    public static func samples(of store: SampleStore) -> (samples: [Sample], unreadable: [String]) {
        guard let bin = try? Self.store(of: store) else { return ([], []) }
        var out: [Sample] = [], bad: [String] = []
        for entry in (try? bin.list(label: label)) ?? [] {
            do {
                var s = try bin.load(entry)
                s.source = "never fire \(entry.id)"
                out.append(s)
            } catch { bad.append("\(error)") }
        }
        return (out, bad)
    }

    /// How many strokes the bin holds.
    public static func count(of store: SampleStore) -> Int {
        guard let bin = try? Self.store(of: store) else { return 0 }
        return (try? bin.list(label: label).count) ?? 0
    }
}
