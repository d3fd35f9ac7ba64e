import Foundation
import GestureData
import GestureDetectors
import GestureMatching

// Reading the settings of the recognizers that host GestureDetectors and GestureMatching:
// thresholds, template libraries and rejection thresholds, given as presets, files or
// inline objects.
extension RecognizerConfiguration {
    /// A detector's thresholds: absent (the kind's default preset, when it has one), a
    /// preset name, a path to a thresholds file, or the thresholds object itself — of the
    /// registered detector `kind`, or of the general detector trained for `kind`'s label (``GestureDetectors/AnyDetectorThresholds/role``).
    static func thresholds(
        _ value: Any?, kind: DetectorKind, field: String, file: String, loadFile: ((String) throws -> Data)?
    ) throws -> AnyDetectorThresholds {
        let presets = kind.presets, preset = kind.defaultPreset
        func bad(_ reason: String) -> GestureDataError {
            .invalidField(file: file, location: .whole, field: field, reason: reason)
        }
        let data: Data
        switch value {
        case nil:
            if let preset { return preset }
            throw bad("missing: \(kind.rawValue) thresholds trained for a label are required (gesturelab train detector --label L)")
        case let name as String:
            if let p = presets[name] { return p }
            let noPreset = presets.isEmpty ? "'\(shownValue(name))'" : "'\(shownValue(name))' is no preset (\(presets.keys.sorted().joined(separator: ", "))) and"
            guard let loadFile else { throw bad("\(noPreset) files cannot be read here") }
            do {
                data = try loadFile(name)
            } catch {
                throw bad("\(noPreset) cannot be read as a file: \(error)")
            }
        case let object as [String: Any]:
            data = try JSONSerialization.data(withJSONObject: object)
        default:
            throw bad("must be a preset name, a file path or a thresholds object")
        }
        do {
            return try AnyDetectorThresholds.decode(data, kind: kind)
        } catch let DecodingError.dataCorrupted(ctx) {
            throw bad("bad thresholds: \(shownValue(ctx.debugDescription, limit: 200))")
        } catch let DecodingError.keyNotFound(key, _) {
            throw bad("bad thresholds: missing '\(shownValue(key.stringValue))'")
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw bad("bad thresholds: wrong type at '\(shownCodingPath(ctx.codingPath))'")
        } catch {
            throw bad("bad thresholds: \(shownValue("\(error)", limit: 200))")
        }
    }

    /// A file's bytes or an inline object's: `value` is a path (read with `loadFile`) or
    /// the object itself.
    static func fileOrObject(_ value: Any, field: String, file: String,
                                         loadFile: ((String) throws -> Data)?) throws -> Data {
        func bad(_ reason: String) -> GestureDataError {
            .invalidField(file: file, location: .whole, field: field, reason: reason)
        }
        switch value {
        case let path as String:
            guard let loadFile else { throw bad("files cannot be read here ('\(shownValue(path))')") }
            do {
                return try loadFile(path)
            } catch {
                throw bad("cannot read '\(shownValue(path))': \(error.localizedDescription)")
            }
        case let object as [String: Any]:
            return try JSONSerialization.data(withJSONObject: object)
        default:
            throw bad("must be a file path or an object")
        }
    }

    static func templateSpec(_ obj: [String: Any], field f: String, file: String,
                                         loadFile: ((String) throws -> Data)?, loadModel: ((String) throws -> ModelRecognizer)?,
                                         fields: ConfigurationFields) throws -> TemplateSpec {
        func bad(_ field: String, _ reason: String) -> GestureDataError {
            .invalidField(file: file, location: .whole, field: field, reason: reason)
        }
        if let rawModel = obj["model"] {
            // A model folder carries its own templates, matcher settings and rejection rule.
            for key in ["library", "algorithm", "minimumScore", "rejection"] where obj[key] != nil {
                throw bad(f + "." + key, "a model folder brings its own \(key == "minimumScore" ? "rejection" : key); give model or \(key), not both")
            }
            guard let folder = rawModel as? String, !folder.isEmpty else { throw bad(f + ".model", "must be a model folder's path") }
            guard let loadModel else { throw bad(f + ".model", "model folders cannot be read here") }
            let model: ModelRecognizer
            do { model = try loadModel(folder) } catch { throw bad(f + ".model", "\(error)") }
            return TemplateSpec(model: model, folder: folder, labels: try fields.strings("labels") ?? [])
        }
        guard let rawLibrary = obj["library"] else { throw bad(f + ".library", "missing (a template library file, or a model folder as model)") }
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary.decode(try fileOrObject(rawLibrary, field: f + ".library", file: file, loadFile: loadFile))
        } catch let e as GestureDataError {
            throw e
        } catch {
            throw bad(f + ".library", "\(error)")
        }
        var algorithm = MatcherAlgorithm.protractor
        if let a = obj["algorithm"] {
            guard let name = a as? String, let alg = MatcherAlgorithm(rawValue: name) else {
                throw bad(f + ".algorithm", "must be one of \(MatcherAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            algorithm = alg
        }
        let acceptance: TemplateAcceptance
        switch (try fields.double("minimumScore"), obj["rejection"]) {
        case (.some(let m), nil):
            acceptance = .minimumScore(m)
        case (nil, .some(let raw)):
            do {
                acceptance = .rejection(try RejectionThresholds.decode(try fileOrObject(raw, field: f + ".rejection", file: file, loadFile: loadFile)))
            } catch let e as GestureDataError {
                throw e
            } catch {
                throw bad(f + ".rejection", "\(error)")
            }
        case (.some, .some):
            throw bad(f, "give minimumScore or rejection, not both")
        case (nil, nil):
            throw bad(f, "needs minimumScore (0…1) or rejection (a gesturelab.rejection/1 file): without one, every stroke would match something")
        }
        return TemplateSpec(library: library, algorithm: algorithm, acceptance: acceptance,
                            labels: try fields.strings("labels") ?? [])
    }

    static func decision(_ value: Any?, field: String, default fallback: DetectorDecision,
                                     _ bad: (String, String) -> GestureDataError) throws -> DetectorDecision {
        guard let value else { return fallback }
        guard let s = value as? String, let d = DetectorDecision(rawValue: s) else {
            throw bad(field, "must be 'streaming' or 'end'")
        }
        return d
    }
}

