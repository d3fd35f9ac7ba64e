import GestureDetectors
import Foundation
import GestureData
import GestureTraining

/// The model the recorder trains from its own store: a model folder (as
/// `gesturelab train --out` writes it) in the hidden folder `.model` inside the store, so
/// the recorder never writes outside its store and the store's sample listing never sees
/// it. Once trained, the page recognizes with it: the user's own templates, rejection and
/// detector thresholds.
///
/// ```swift
/// let model = try GestureModel.load(StoreModel.folder(of: store))
/// let hooks = StoreModel.recognizers(model, source: ".model", fallback: [])
/// ```
public enum StoreModel {
    /// The folder's name inside the store.
    public static let folderName = ".model"

    /// Where the store's model lives.
    public static func folder(of store: SampleStore) -> URL {
        store.root.appendingPathComponent(folderName, isDirectory: true)
    }

    /// Whether the store holds a trained model.
    public static func exists(in store: SampleStore) -> Bool {
        FileManager.default.fileExists(atPath: folder(of: store).appendingPathComponent(GestureModel.manifestFile).path)
    }

    /// The recognizers the page uses with `model`: a detector for each kind the model has
    /// thresholds for, the `fallback` detectors of the kinds it has none for, and the
    /// model's matcher with its rejection rule.
    public static func recognizers(_ model: GestureModel, source: String,
                                   fallback: [any SampleRecognizer]) -> [any SampleRecognizer] {
        var out: [any SampleRecognizer] = []
        for kind in DetectorKind.builtIn {
            if let t = model.detectors[kind] {
                out.append(DetectorRecognizer(thresholds: t, source: "\(source)/\(GestureModel.detectorFile(kind))"))
            } else if let old = fallback.first(where: { ($0 as? DetectorRecognizer)?.thresholds.role == kind }) {
                out.append(old)
            }
        }
        for (label, t) in model.shapeDetectors.sorted(by: { $0.key < $1.key }) {
            out.append(DetectorRecognizer(thresholds: t, source: "\(source)/\(GestureModel.shapeDetectorFile(label))"))
        }
        out.append(ModelSampleRecognizer(model.recognizer, source: source))
        return out
    }
}
