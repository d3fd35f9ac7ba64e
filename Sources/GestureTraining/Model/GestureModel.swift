import Foundation
import GestureData
import GestureDetectors
import GestureMatching

/// A trained model folder (`gesturelab.model/1`): the one artifact a user carries.
///
/// ```
/// model/
///   manifest.json    format, typed matcher settings, active rejection, seed, data fingerprint,
///                    operating point, look-alike labels, and the FNV-1a 64 hash of every file
///   templates.json   the template library (gesturelab.templates/1)
///   verifier.json    the learned rejection verifier (gesturelab.verifier/1), when trained
///   rejection.json   per-label distance thresholds (gesturelab.rejection/1), the baseline
///   checkmark.json, circle.json   detector thresholds, when trained
///   shape-LABEL.json  the general shape detector trained for LABEL (gesturelab.shape/1),
///                    one per label asked for (`gesturelab train --shape-detector LABEL`)
/// ```
///
/// ```swift
/// let model = try GestureModel.load(URL(fileURLWithPath: "model"))
/// let result = model.recognizer.recognize(gesture)   // result.label, result.verdict
/// ```
///
/// Loading checks that every part belongs with the others: the files' hashes against the
/// manifest, and the verifier's and thresholds' matcher settings and labels against the
/// manifest's matcher and the library. A mismatch is an error naming both sides.
public struct GestureModel: Sendable {
    public var manifest: TrainingManifest
    public var library: TemplateLibrary
    public var thresholds: RejectionThresholds?
    public var verifier: RejectionVerifier?
    public var detectors: [DetectorKind: AnyDetectorThresholds]
    /// Detectors trained for a label of the data (``GestureDetectors/DetectorKind/shape``), by that label.
    public var shapeDetectors: [String: AnyDetectorThresholds]
    /// The recognizer with the manifest's matcher and active rejection rule.
    public let recognizer: ModelRecognizer

    public init(manifest: TrainingManifest, library: TemplateLibrary, thresholds: RejectionThresholds?, verifier: RejectionVerifier?,
                detectors: [DetectorKind: AnyDetectorThresholds],
                shapeDetectors: [String: AnyDetectorThresholds] = [:]) throws {
        self.manifest = manifest
        self.shapeDetectors = shapeDetectors
        self.library = library
        self.thresholds = thresholds
        self.verifier = verifier
        self.detectors = detectors
        try Self.checkWhole(manifest: manifest, library: library, thresholds: thresholds)
        if let prior = manifest.rejectionPrior {
            // The verifier must hold the trees of the prior the manifest names.
            guard let verifier else { throw GestureModelError.missingPart(folder: nil, part: Self.verifierFile) }
            let found = RejectionPrior.hash(of: verifier.model)
            guard found == prior.modelHash else {
                throw GestureModelError.invalidField(folder: nil, part: Self.verifierFile, field: "model",
                                                     reason: "its trees (FNV-1a \(found)) are not those of the rejection prior '\(shownValue(prior.version))' the manifest records (\(prior.modelHash))")
            }
        }
        // Checked by checkWhole; an unknown rule never means "accept everything".
        guard let rule = Rejection.Rule(rawValue: manifest.rejection) else {
            throw GestureModelError.invalidField(folder: nil, part: Self.manifestFile, field: "rejection",
                                                 reason: "'\(shownValue(manifest.rejection))' is not verifier, thresholds or none")
        }
        let rejection: Rejection
        switch rule {
        case .verifier:
            guard let verifier else { throw GestureModelError.missingPart(folder: nil, part: Self.verifierFile) }
            rejection = .verifier(verifier)
        case .thresholds:
            guard let thresholds else { throw GestureModelError.missingPart(folder: nil, part: Self.thresholdsFile) }
            rejection = .thresholds(thresholds)
        case .none:
            rejection = .none
        }
        do {
            recognizer = try ModelRecognizer(library: library, matcher: manifest.matcher, rejection: rejection)
            if let thresholds, rule != .thresholds {
                _ = try ModelRecognizer(library: library, matcher: manifest.matcher, rejection: .thresholds(thresholds))
            }
            // A verifier kept beside another active rule must belong to the model too.
            if let verifier, rule != .verifier {
                _ = try ModelRecognizer(library: library, matcher: manifest.matcher, rejection: .verifier(verifier))
            }
        } catch let e as ModelMismatch {
            throw GestureModelError.mismatch(folder: nil, e)
        }
    }

    public static let manifestFile = "manifest.json"
    public static let templatesFile = "templates.json"
    public static let verifierFile = "verifier.json"
    public static let thresholdsFile = "rejection.json"
    public static func detectorFile(_ kind: DetectorKind) -> String { "\(kind.rawValue).json" }
    /// `shape-LABEL.json`: the detector for any label (the general shape detector) trained for `label`.
    public static func shapeDetectorFile(_ label: String) -> String { "\(shapeFilePrefix)\(label).json" }
    private static var shapeFilePrefix: String { "\(DetectorKind.shape.rawValue)-" }
    /// The label a `shape-LABEL.json` file name is for, or `nil`.
    public static func shapeLabel(ofFile name: String) -> String? {
        guard name.hasPrefix(shapeFilePrefix), name.hasSuffix(".json"), name.count > shapeFilePrefix.count + 5 else { return nil }
        return String(name.dropFirst(shapeFilePrefix.count).dropLast(5))
    }
    /// `true` when `label` can name a file in a model folder: letters, digits, `_`, `-`
    /// and `.`, not starting with `.`, at most 100 characters.
    public static func isFileSafe(_ label: String) -> Bool {
        !label.isEmpty && label.count <= 100 && !label.hasPrefix(".")
            && label.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "_-.".unicodeScalars.contains($0) }
    }

    /// Reads and checks a model folder.
    /// - Throws: ``GestureModelError`` naming the folder, the file and what disagrees.
    public static func load(_ folder: URL) throws -> GestureModel {
        let dir = folder.path
        func read(_ name: String, limit: Int = DatasetLoader.maxFileBytes) throws -> Data? {
            let url = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            do { return try BoundedFile.read(url.path, limit: limit) } catch {
                throw GestureModelError.badPart(folder: dir, part: name, reason: "\(error)")
            }
        }
        guard FileManager.default.fileExists(atPath: dir) else { throw GestureModelError.notAModel(folder: dir, reason: "no such folder") }
        guard let manifestData = try read(manifestFile, limit: BoundedFile.maxSettingsBytes) else {
            throw GestureModelError.notAModel(folder: dir, reason: "no \(manifestFile)")
        }
        let manifest: TrainingManifest
        do { manifest = try StrictJSON.decode(TrainingManifest.self, from: manifestData) } catch {  // strict: a key twice is refused
            throw GestureModelError.badPart(folder: dir, part: manifestFile, reason: "\(error)")
        }
        guard manifest.format == TrainingManifest.formatTag else {
            throw GestureModelError.badPart(folder: dir, part: manifestFile,
                                            reason: "field 'format': '\(shownValue(manifest.format))' is not \(TrainingManifest.formatTag)")
        }
        var parts: [String: Data] = [:]
        let shapeFiles = manifest.files.keys.filter { shapeLabel(ofFile: $0) != nil }.sorted()
        for name in [templatesFile, verifierFile, thresholdsFile] + DetectorKind.builtIn.map(detectorFile) + shapeFiles {
            guard let data = try read(name) else { continue }
            if let expected = manifest.files[name] {
                var h = FNV1a64(); h.combine(data)
                guard h.hex == expected else {
                    throw GestureModelError.badPart(folder: dir, part: name, reason: "its content is not what the manifest records (FNV-1a \(h.hex), manifest \(expected)): the file was replaced or comes from another model")
                }
            } else {
                throw GestureModelError.badPart(folder: dir, part: name, reason: "not listed in the manifest: it comes from another model")
            }
            parts[name] = data
        }
        for name in manifest.files.keys where parts[name] == nil {
            throw GestureModelError.missingPart(folder: dir, part: name)
        }
        func decode<T>(_ name: String, _ body: (Data) throws -> T) throws -> T? {
            guard let d = parts[name] else { return nil }
            do { return try body(d) } catch {
                throw GestureModelError.badPart(folder: dir, part: name, reason: "\(error)")
            }
        }
        let library = try decode(templatesFile, TemplateLibrary.decode)
        let thresholds = try decode(thresholdsFile, RejectionThresholds.decode)
        let verifier = try decode(verifierFile, RejectionVerifier.decode)
        var detectors: [DetectorKind: AnyDetectorThresholds] = [:]
        for kind in DetectorKind.builtIn {
            if let t = try decode(detectorFile(kind), { try AnyDetectorThresholds.decode($0, kind: kind, file: folder.appendingPathComponent(detectorFile(kind)).path) }) {
                detectors[kind] = t
            }
        }
        var shapeDetectors: [String: AnyDetectorThresholds] = [:]
        for name in shapeFiles {
            guard let label = shapeLabel(ofFile: name),
                  let t = try decode(name, { try AnyDetectorThresholds.decode($0, kind: .shape, file: folder.appendingPathComponent(name).path) })
            else { continue }
            guard t.label == label else {
                throw GestureModelError.badPart(folder: dir, part: name, reason: "field 'label': '\(shownValue(t.label ?? "(none)"))' is not the label '\(shownValue(label))' the file is named for")
            }
            shapeDetectors[label] = t
        }
        guard let library else { throw GestureModelError.missingPart(folder: dir, part: templatesFile) }
        do {
            return try GestureModel(manifest: manifest, library: library, thresholds: thresholds, verifier: verifier, detectors: detectors,
                                    shapeDetectors: shapeDetectors)
        } catch GestureModelError.mismatch(_, let m) {
            throw GestureModelError.mismatch(folder: dir, m)
        } catch GestureModelError.missingPart(_, let p) {
            throw GestureModelError.missingPart(folder: dir, part: p)
        } catch GestureModelError.invalidField(_, let p, let f, let r) {
            throw GestureModelError.invalidField(folder: dir, part: p, field: f, reason: r)
        }
    }
}

extension GestureModel {
    /// The rejection rules a manifest may name.
    public static let rejectionRules = Rejection.Rule.allCases.map(\.rawValue)

    /// Checks that the parts make one model, beyond each file being valid on its own: the
    /// manifest names a known rejection rule, and the rejection thresholds hold exactly
    /// one threshold per label of the template library (a threshold for a label the model
    /// lacks comes from another model; a label without one would always be rejected).
    /// - Throws: ``GestureModelError/invalidField(folder:part:field:reason:)`` naming the
    ///   file and the field.
    static func checkWhole(manifest: TrainingManifest, library: TemplateLibrary, thresholds: RejectionThresholds?) throws {
        guard rejectionRules.contains(manifest.rejection) else {
            throw GestureModelError.invalidField(folder: nil, part: manifestFile, field: "rejection",
                                                 reason: "'\(shownValue(manifest.rejection))' is not \(rejectionRules.joined(separator: ", ")): the rule in use must be known")
        }
        if let thresholds {
            let labels = Set(library.names)
            if let extra = thresholds.thresholds.keys.sorted().first(where: { !labels.contains($0) }) {
                throw GestureModelError.invalidField(folder: nil, part: thresholdsFile, field: "thresholds.\(shownValue(extra))",
                                                     reason: "the model has no label '\(shownValue(extra))' (\(templatesFile) holds \(shownValue(library.names.joined(separator: ", "), limit: 200))): the thresholds come from another model")
            }
            if let missing = library.names.sorted().first(where: { thresholds.thresholds[$0] == nil }) {
                throw GestureModelError.invalidField(folder: nil, part: thresholdsFile, field: "thresholds",
                                                     reason: "no threshold for the model's label '\(shownValue(missing))': its gestures would always be rejected")
            }
        }
    }
}

/// A model folder that cannot be used.
public enum GestureModelError: Error, Hashable, Sendable, CustomStringConvertible {
    case notAModel(folder: String, reason: String)
    case missingPart(folder: String?, part: String)
    case badPart(folder: String, part: String, reason: String)
    case mismatch(folder: String?, ModelMismatch)
    /// A part that is well-formed on its own but makes no valid model: `part` is the file
    /// and `field` the field at fault.
    case invalidField(folder: String?, part: String, field: String, reason: String)

    /// The field at fault, for a part that makes no valid model.
    public var field: String? {
        if case .invalidField(_, _, let f, _) = self { return f }
        return nil
    }

    /// The file at fault; `nil` for a folder that is no model at all or settings that disagree.
    public var part: String? {
        switch self {
        case .notAModel: return nil
        case .missingPart(_, let p), .badPart(_, let p, _), .invalidField(_, let p, _, _): return p
        case .mismatch: return nil
        }
    }

    public var description: String {
        switch self {
        case .notAModel(let f, let r): return "\(f): not a GestureLab model folder (\(r))"
        case .missingPart(let f, let p): return "\(f.map { "\($0)/" } ?? "")\(p): missing, but the manifest needs it"
        case .badPart(let f, let p, let r): return "\(f)/\(p): \(r)"
        case .mismatch(let f, let m): return "\(f.map { "\($0): " } ?? "")settings disagree: \(m)"
        case .invalidField(let f, let p, let field, let r): return "\(f.map { "\($0)/" } ?? "")\(p): field '\(field)': \(r)"
        }
    }
}
