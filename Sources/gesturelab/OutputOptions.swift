import ArgumentParser
import Foundation

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
