import ArgumentParser
import Foundation
import GestureData
import GestureGeometry
import GestureMatching
import GestureTraining

struct Recognize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognize gesture files against a model or a template library: best match and score, or \"rejected\".",
        discussion: """
        Each file is read and recognized on its own: a file that cannot be read is reported \
        on standard error with its error, and the other files are still recognized and \
        printed. The command then exits 1 when any file could not be read; with \
        --skip-invalid it exits 0 as long as one sample was recognized (and, inside a folder \
        or a .jsonl, skips bad samples and lines instead of stopping at the first).
        """)

    @Option(help: "A trained model folder (gesturelab train --out): its templates, matcher settings and rejection rule are used.")
    var model: String?

    @OptionGroup var libraryOptions: LibraryOptions

    @Option(help: "How many ranked matches to show per sample.")
    var top: Int = 1

    @Flag(name: .customLong("skip-invalid"),
          help: "Skip files, samples and lines that cannot be read (each listed with its error) and exit 0 if anything was recognized.")
    var skipInvalid = false

    @OptionGroup var matcher: MatcherOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Sample files or datasets ($1 XML, gesturelab.sample/1 JSON, .jsonl, folders); - reads native JSON or .jsonl from standard input.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one gesture file") }
        if (model == nil) == (libraryOptions.templates == nil) { throw ValidationError("give either --model DIR or --templates FILE") }
        if let model, libraryOptions.rejection != nil || libraryOptions.templates != nil || !matcher.isDefault {
            throw ValidationError(Self.contradictsModel(model, given: givenMatcherOptions + (libraryOptions.rejection != nil ? ["--rejection"] : [])))
        }
        if top < 1 { throw ValidationError("--top must be at least 1") }
    }

    /// The matcher options given on the command line, by name.
    var givenMatcherOptions: [String] {
        [("--algorithm", matcher.algorithmChoice != nil), ("--points", matcher.points != nil),
         ("--rotation", matcher.rotationChoice != nil), ("--max-rotation", matcher.maxRotationChoice != nil),
         ("--weights", matcher.weightsChoice != nil)].filter(\.1).map(\.0)
    }

    /// The refusal of options that a model folder settles itself.
    static func contradictsModel(_ model: String, given: [String]) -> String {
        "--model \(model) brings its own templates, matcher settings and rejection rule; "
            + "\(given.joined(separator: ", ")) would contradict \(given.count == 1 ? "it" : "them"): leave \(given.count == 1 ? "it" : "them") out"
    }

    /// Notes for options given that change nothing with the others given.
    var ineffectiveOptionNotes: [String] {
        var notes: [String] = []
        let algorithm = matcher.algorithm.rawValue
        if matcher.rotationChoice != nil && matcher.algorithm != .protractor {
            notes.append("note: --rotation changes nothing here: it applies to --algorithm protractor, not \(algorithm)")
        } else if matcher.maxRotationChoice != nil && (matcher.algorithm != .protractor || matcher.rotation != .bounded) {
            notes.append("note: --max-rotation changes nothing here: it applies to --algorithm protractor with --rotation bounded")
        }
        return notes
    }

    /// Recognizes every input on its own: results of the readable ones, errors of the others.
    /// - Returns: the results, in input order.
    /// - Throws: ``UnreadableInputs`` after printing the results, when a file could not be
    ///   read and `--skip-invalid` is not given (or nothing at all was read).
    func eachInput<R>(_ recognize: (Sample, String) -> R, print: ([R]) throws -> Void) throws {
        var results: [R] = []
        var failures = 0
        let report: (Error) -> Void = { error in
            failures += 1
            // An error, not a note: printed whatever --quiet says.
            FileHandle.standardError.write(Data(((skipInvalid ? "skipped: " : "Error: ") + "\(error)\n").utf8))
        }
        for file in files {
            do {
                try InputFiles.requireExisting(file, option: nil)
                let read = try CLIInput.samplesReportingEach(file)
                read.errors.forEach(report)
                for sample in read.samples { results.append(recognize(sample, file)) }
            } catch {
                report(error)
            }
        }
        try print(results)
        if failures > 0 && (!skipInvalid || results.isEmpty) {
            throw UnreadableInputs(failed: failures, skipInvalid: skipInvalid)
        }
    }

    /// Some inputs could not be read (each was reported above).
    struct UnreadableInputs: Error, CustomStringConvertible {
        var failed: Int
        var skipInvalid: Bool
        var description: String {
            let what = "\(failed) input\(failed == 1 ? "" : "s") (files, samples or lines)"
            return skipInvalid
                ? "nothing could be recognized: \(what) could not be read (listed above)"
                : "\(what) could not be read (listed above; the others' results are printed); --skip-invalid skips them and exits 0"
        }
    }

    struct Result: Codable {
        var source: String
        var recognized: String?
        var rejected: Bool
        var matches: [Match]
    }

    func run() throws {
        for path in [model, libraryOptions.templates, libraryOptions.rejection].compactMap({ $0 }) { try InputFiles.requireExisting(path, option: nil) }
        for note in ineffectiveOptionNotes { output.console.err(note) }
        if let model { return try runModel(model) }
        let templates = libraryOptions.templates ?? "", rejection = libraryOptions.rejection
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
        if top > library.names.count {
            output.console.err("note: --top \(top) shows at most \(library.names.count): the library has \(library.names.count) label\(library.names.count == 1 ? "" : "s")")
        }
        try eachInput({ sample, file -> Result in
            let matches = recognize(sample.gesture)
            let best = matches.first
            let accepted = best.map { b in thresholds?.accepts(b) ?? true } ?? false
            return Result(source: sample.source ?? file, recognized: accepted ? best?.name : nil,
                          rejected: !accepted, matches: matches)
        }, print: printResults)
    }

    private func printResults(_ results: [Result]) throws {
        try output.print(results) {
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
        if top > model.library.names.count {
            output.console.err("note: --top \(top) shows at most \(model.library.names.count): the model knows \(model.library.names.count) label\(model.library.names.count == 1 ? "" : "s")")
        }
        try eachInput({ sample, file -> ModelResult in
            let r = model.recognizer.recognize(sample.gesture, top: top)
            return ModelResult(source: sample.source ?? file, recognized: r.label, rejected: !r.accepted, verdict: r.verdict,
                               decisionValue: r.decisionValue, threshold: r.threshold, matches: r.matches)
        }, print: printModelResults)
    }

    private func printModelResults(_ results: [ModelResult]) throws {
        try output.print(results) {
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
        try samplesReportingEach(path).samples
    }

    /// The readable samples of `path` and the error of each file, sample or line that
    /// could not be read: a folder or `.jsonl` is read in tolerant mode, so one bad file
    /// does not hide the others. Standard input is read whole (an error throws).
    static func samplesReportingEach(_ path: String) throws -> (samples: [Sample], errors: [Error]) {
        guard path == "-" else {
            let report = try DatasetLoader.load(path, mode: .tolerant)
            return (report.dataset.samples, report.skipped)
        }
        return (try standardInput(), [])
    }

    private static func standardInput() throws -> [Sample] {
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
