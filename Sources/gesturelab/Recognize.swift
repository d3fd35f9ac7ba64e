import ArgumentParser
import Foundation
import GestureData
import GestureGeometry
import GestureMatching
import GestureTraining

struct Recognize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognize gesture files against a template library: best match and score, or \"rejected\".")

    @Option(help: "A trained model folder (gesturelab train --out): its templates, matcher settings and rejection rule are used.")
    var model: String?

    @Option(help: "A template library (gesturelab.templates/1), instead of --model.")
    var templates: String?

    @Option(help: "Rejection thresholds (gesturelab.rejection/1) for the same algorithm.")
    var rejection: String?

    @Option(help: "How many ranked matches to show per sample.")
    var top: Int = 1

    @OptionGroup var matcher: MatcherOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Sample files or datasets ($1 XML, gesturelab.sample/1 JSON, .jsonl, folders); - reads native JSON or .jsonl from standard input.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one gesture file") }
        if (model == nil) == (templates == nil) { throw ValidationError("give either --model DIR or --templates FILE") }
        if model != nil && rejection != nil {
            throw ValidationError("--rejection does not go with --model: the model folder holds its own rejection rule")
        }
        if top < 1 { throw ValidationError("--top must be at least 1") }
    }

    struct Result: Codable {
        var source: String
        var recognized: String?
        var rejected: Bool
        var matches: [Match]
    }

    func run() throws {
        if let model { return try runModel(model) }
        let templates = self.templates ?? ""
        let library = try MatcherCLI.loadLibrary(templates)
        let thresholds = try rejection.map(MatcherCLI.loadThresholds)
        if let thresholds, thresholds.algorithm != matcher.algorithm {
            throw FileError(file: rejection ?? "", message: "thresholds are for '\(thresholds.algorithm.rawValue)', not '\(matcher.algorithm.rawValue)'; pass --algorithm \(thresholds.algorithm.rawValue)")
        }
        if let thresholds, let stored = thresholds.matcher, stored != matcher.settings {
            throw FileError(file: rejection ?? "", message: "thresholds were trained with \(stored), this run uses \(matcher.settings)")
        }
        if let thresholds, thresholds.matcher == nil {
            // Distances depend on the matcher settings the thresholds were trained with.
            // Compared as text: files from before settings were typed hold "64", not 64.
            for (key, value) in matcher.summary where thresholds.settings[key].map({ $0.description != value.description }) ?? false {
                throw FileError(file: rejection ?? "", message: "thresholds were trained with \(key) \(thresholds.settings[key]?.description ?? ""), this run uses \(value)")
            }
        }
        // The best match of each label, `--top` labels (ranking templates printed
        // `check, check`).
        let m = matcher.settings.matcher(library: library)
        let top = self.top
        let recognize: (Gesture) -> [Match] = { g in
            var seen: Set<String> = []
            return Array(m.recognize(g, limit: nil).filter { seen.insert($0.name).inserted }.prefix(top))
        }
        var results: [Result] = []
        for file in files {
            for sample in try CLIInput.samples(file) {
                let matches = recognize(sample.gesture)
                let best = matches.first
                let accepted = best.map { b in thresholds?.accepts(b) ?? true } ?? false
                results.append(Result(source: sample.source ?? file, recognized: accepted ? best?.name : nil,
                                      rejected: !accepted, matches: matches))
            }
        }
        switch output.format {
        case .json:
            Console.out(try Console.json(results))
        case .text:
            for r in results {
                guard let best = r.matches.first else { Console.out("\(r.source): rejected (no points)"); continue }
                let detail = String(format: "score %.3f, distance %.4f", best.score, best.distance)
                if r.rejected {
                    Console.out("\(r.source): rejected (nearest \(best.name), \(detail))")
                } else {
                    Console.out("\(r.source): \(best.name) (\(detail))")
                }
                for m in r.matches.dropFirst() {
                    Console.out("    \(m.name) " + String(format: "score %.3f, distance %.4f", m.score, m.distance))
                }
            }
        }
    }
}

extension Recognize {
    struct ModelResult: Codable {
        var source: String
        var recognized: String?
        var rejected: Bool
        var verdict: String
        var decisionValue: Double?
        var threshold: Double?
        var matches: [Match]
    }

    /// Recognizes with a model folder: its matcher settings, templates and rejection rule.
    func runModel(_ folder: String) throws {
        let model = try ModelCLI.load(folder)
        var results: [ModelResult] = []
        for file in files {
            for sample in try CLIInput.samples(file) {
                let r = model.recognizer.recognize(sample.gesture, top: top)
                results.append(ModelResult(source: sample.source ?? file, recognized: r.label, rejected: !r.accepted, verdict: r.verdict,
                                           decisionValue: r.decisionValue, threshold: r.threshold, matches: r.matches))
            }
        }
        switch output.format {
        case .json:
            Console.out(try Console.json(results))
        case .text:
            for r in results {
                var line = "\(r.source): \(r.verdict)"
                if let best = r.matches.first { line += String(format: " (score %.3f, distance %.4f)", best.score, best.distance) }
                Console.out(line)
                for m in r.matches.dropFirst() {
                    Console.out("    \(m.name) " + String(format: "score %.3f, distance %.4f", m.score, m.distance))
                }
            }
        }
    }
}

/// Loading a model folder at the command line.
enum ModelCLI {
    static func load(_ folder: String) throws -> GestureModel {
        do { return try GestureModel.load(URL(fileURLWithPath: folder)) } catch let e as GestureModelError {
            throw FileError(file: folder, message: "\(e)")
        }
    }
}

/// Inputs given on the command line, where `-` means standard input.
enum CLIInput {
    /// The samples of `path`: a dataset path, or `-` for one native sample or JSON Lines
    /// of them on standard input (at most the dataset file limit).
    static func samples(_ path: String) throws -> [Sample] {
        guard path == "-" else { return try DatasetLoader.load(path).samples }
        var data = Data()
        while let chunk = try FileHandle.standardInput.read(upToCount: 1 << 16), !chunk.isEmpty {
            data.append(chunk)
            if data.count > DatasetLoader.maxFileBytes {
                throw GestureDataError.tooLarge(file: "standard input", bytes: data.count, limit: DatasetLoader.maxFileBytes)
            }
        }
        // One sample (on one line or pretty-printed over many), else JSON Lines.
        if let one = try? NativeSampleCodec.decode(data, file: "standard input", nativeOnly: true) { return [one] }
        let lines = data.split(separator: UInt8(ascii: "\n")).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        if lines.count <= 1 { return [try NativeSampleCodec.decode(data, file: "standard input", nativeOnly: true)] }
        return try JSONLines.decode(data, file: "standard input")
    }
}
