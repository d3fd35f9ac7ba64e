import ArgumentParser
import Foundation
import GestureData
import GestureEngine
import GestureTraining

/// File access and formatting shared by `replay`, `eval engine` and `bench engine`.
enum EngineCLI {
    /// Reads and validates a recognizer configuration file. Files and model folders it
    /// names (detector thresholds, `"model": DIR`) are relative to the configuration's folder.
    static func loadConfiguration(_ path: String) throws -> RecognizerConfiguration {
        let data = try BoundedFile.read(path, limit: BoundedFile.maxSettingsBytes)  // size first, on the opened file
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func resolve(_ name: String) -> URL { name.hasPrefix("/") ? URL(fileURLWithPath: name) : folder.appendingPathComponent(name) }
        return try RecognizerConfiguration.decode(data, file: path, loadFile: { name in
            try BoundedFile.read(resolve(name).path, limit: BoundedFile.maxSettingsBytes)
        }, loadModel: { name in
            try GestureModel.load(resolve(name)).recognizer
        })
    }

    /// The name of the template recognizer `--model DIR` adds to a configuration.
    static let modelRecognizerName = "model"

    /// `config` with a template recognizer for the model folder `model` added (named
    /// ``modelRecognizerName``), or `config` unchanged when no model is given.
    /// - Throws: when the model does not load, or the configuration already has a
    ///   recognizer of that name.
    static func adding(model: String?, to config: RecognizerConfiguration, file: String) throws -> RecognizerConfiguration {
        guard let model else { return config }
        let recognizer = try ModelCLI.load(model).recognizer
        var c = config
        c.recognizers.append(.init(name: modelRecognizerName, spec: .template(TemplateSpec(model: recognizer, folder: model))))
        try c.validate(file: file)
        return c
    }

    /// The configuration `replay` and `show` replay a session through: the file
    /// `recognizersPath` (none when not given) with the model folder `model` added.
    static func configuration(recognizersPath: String?, model: String?) throws -> RecognizerConfiguration {
        try adding(model: model, to: try recognizersPath.map(loadConfiguration) ?? .init(recognizers: []),
                   file: recognizersPath ?? model ?? "")
    }

    /// Activations (began or recognized) per recognizer: every name of `names` (0 when it
    /// never fired), and any other recognizer that fired.
    static func activationCounts(_ activations: [GestureActivation], names: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for n in names { counts[n] = 0 }
        for a in activations where a.isActivation { counts[a.recognizer, default: 0] += 1 }
        return counts
    }

    /// Thresholds from a file, or `nil` for none given.
    static func loadThresholds<T: Decodable>(_ path: String?, as type: T.Type) throws -> T? {
        guard let path else { return nil }
        let data = try BoundedFile.read(path, limit: BoundedFile.maxSettingsBytes)  // size first, on the opened file
        do {
            return try StrictJSON.decode(T.self, from: data)  // strict: a key twice is refused
        } catch {
            throw GestureDataError.invalidField(file: path, location: .whole, field: "(thresholds)", reason: "\(error)")
        }
    }

    /// `.jsonl` files under `dir` (recursively), sorted.
    static func sessionFiles(in dir: String) throws -> [String] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw GestureDataError.unreadable(file: dir, reason: "not a folder")
        }
        let root = URL(fileURLWithPath: dir)
        guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            throw GestureDataError.unreadable(file: dir, reason: "cannot list folder")
        }
        var out: [String] = []
        for case let url as URL in e where url.pathExtension.lowercased() == "jsonl" { out.append(url.path) }
        return out.sorted()
    }

    /// One activation as a text row.
    static func row(_ a: GestureActivation, nameWidth: Int) -> String {
        let name = a.recognizer.padding(toLength: max(nameWidth, a.recognizer.count), withPad: " ", startingAt: 0)
        let state = a.stateName.padding(toLength: 10, withPad: " ", startingAt: 0)
        return String(format: "%10.3f  ", a.time) + name + "  " + state + "  " + describe(a.values)
    }

    /// The values that apply, e.g. `at (120.0, 88.0) taps 2`.
    static func describe(_ v: GestureValues) -> String {
        var parts: [String] = []
        if let p = v.location { parts.append(String(format: "at (%.1f, %.1f)", p.x, p.y)) }
        if let n = v.taps { parts.append("taps \(n)") }
        if let d = v.direction { parts.append("direction \(d.rawValue)") }
        if let n = v.numberOfTouches { parts.append("touches \(n)") }
        if let t = v.translation { parts.append(String(format: "translation (%.1f, %.1f)", t.x, t.y)) }
        if let s = v.velocity { parts.append(String(format: "velocity (%.0f, %.0f)/s", s.x, s.y)) }
        if let s = v.scale { parts.append(String(format: "scale %.3f", s)) }
        if let r = v.rotation { parts.append(String(format: "rotation %.3f rad", r)) }
        if let s = v.score { parts.append(String(format: "score %.3f", s)) }
        if let m = v.match { parts.append("match \(m)") }
        return parts.joined(separator: " ")
    }
}

extension DetectorDecision: ExpressibleByArgument {}
