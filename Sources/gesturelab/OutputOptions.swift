import ArgumentParser
import Foundation
import GestureData

/// How a command prints its result.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text
}

/// Options shared by commands that read a dataset.
struct DatasetOptions: ParsableArguments {
    @Option(name: .customLong("exclude-subject"),
            help: "Leave out this subject (its id or its folder name); repeatable.")
    var excludedSubjects: [String] = []

    @Flag(name: .customLong("skip-invalid"),
          help: "Skip bad samples (each skipped file or line is listed with its error) instead of stopping at the first.")
    var skipInvalid = false

    var mode: LoadMode { skipInvalid ? .tolerant : .strict }

    /// Loads the dataset at `path` in this mode, without the excluded subjects (and, when
    /// given, only `speed`). Skipped samples are listed on standard error.
    /// - Throws: the first bad sample's error (strict), or, with `--skip-invalid`, an
    ///   error when every input was refused: a command never runs on nothing.
    func load(_ path: String, speed: String? = nil) throws -> Dataset {
        let report = try DatasetLoader.load(path, mode: mode)
        DataCLI.reportSkipped(report.skipped)
        if report.dataset.samples.isEmpty, let first = report.skipped.first {
            throw FileError(file: path, message: "every input was refused (\(report.skipped.count) skipped; the first: \(first))")
        }
        var d = report.dataset.excludingSubjects(excludedSubjects)
        if let speed { d = d.filter { $0.speed == speed } }
        return d
    }
}

/// Writes to standard output / error. The CLI is the only module that prints.
enum Console {
    static func out(_ s: String) { print(s) }
    static func err(_ s: String) {
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }

    /// Pretty, key-sorted JSON of an encodable value.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }
}
