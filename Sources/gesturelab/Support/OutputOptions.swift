import ArgumentParser
import Foundation
import GestureData
import GestureTraining

/// How a command prints its result.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Print only the result: no notes, warnings or progress on standard error (errors still are).")
    var quiet = false

    @Flag(help: "Also print, on standard error, what was read and how long each step took.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose exclude each other") }
    }

    /// Standard error at the level `--quiet` / `--verbose` ask for: hand it to whatever
    /// prints notes, warnings or progress for the command.
    var console: Console { Console(level: quiet ? .quiet : (verbose ? .verbose : .normal)) }

    /// Prints a command's result on standard output: `value` as JSON with `--format json`,
    /// otherwise what `text` prints.
    func print<T: Encodable>(_ value: T, text: () throws -> Void) throws {
        switch format {
        case .json: Console.out(try Console.json(value))
        case .text: try text()
        }
    }
}

/// `--dataset PATH`, the one dataset a command reads (`templates build`, `eval matcher`,
/// `train detector`, `eval detector`).
struct DatasetPathOption: ParsableArguments {
    @Option(help: "A dataset folder, a sample file or a .jsonl dataset.")
    var dataset: String
}

/// `--seed`, the one seed of every random choice a command makes (`train`, `train prior`,
/// `eval matcher`, `eval engine`, `demo`, and with the detector targets `train detector` and `eval detector`).
struct SeedOption: ParsableArguments {
    @Option(help: "Seed of every random choice.")
    var seed: UInt64 = 1
}

/// Options shared by commands that read a dataset.
struct DatasetOptions: ParsableArguments {
    @Option(name: .customLong("exclude-subject"),
            help: "Leave out this subject (its id or its folder name); repeatable.")
    var excludedSubjects: [String] = []

    @Option(name: .customLong("device"),
            help: ArgumentHelp("Keep only the samples recorded on this input device (a sample's meta.device, a collection file's key under paths, a multistroke log's InputType), e.g. one device of a study recorded on several; repeatable.",
                               valueName: "NAME"))
    var devices: [String] = []

    @Flag(name: .customLong("skip-invalid"),
          help: "Skip bad samples (each skipped file or line is listed with its error) instead of stopping at the first.")
    var skipInvalid = false

    var mode: LoadMode { skipInvalid ? .tolerant : .strict }

    /// Loads the dataset at `path` in this mode, without the excluded subjects (and, when
    /// given, only `speed`, and only the `--device` devices unless `everyDevice`: negatives
    /// from elsewhere need not name a device); with `filtered` false, every subject and
    /// device (another study's people, whose ids mean nothing here). Skipped samples are
    /// listed on `console` (standard error).
    /// - Throws: the first bad sample's error (strict), or, with `--skip-invalid`, an
    ///   error when every input was refused: a command never runs on nothing.
    func load(_ path: String, speed: String? = nil, filtered: Bool = true, everyDevice: Bool = false, console: Console) throws -> Dataset {
        let clock = ContinuousClock(), start = clock.now
        let report = try DatasetLoader.load(path, mode: mode)
        let d0 = report.dataset
        console.verbose("read \(d0.samples.count) samples (\(d0.labels.count) labels, \(d0.subjects.count) subjects) from \(path) in "
                        + String(format: "%.2f s", (clock.now - start).inSeconds))
        DataCLI.reportSkipped(report.skipped, on: console)
        if report.dataset.samples.isEmpty, let first = report.skipped.first {
            throw FileError(file: path, message: "every input was refused (\(report.skipped.count) skipped; the first: \(first))")
        }
        guard filtered else { return report.dataset }
        var d = try kept(report.dataset, path: path, everyDevice: everyDevice)
        if let speed { d = d.filter { $0.speed == speed } }
        if !excludedSubjects.isEmpty || speed != nil || !devices.isEmpty {
            console.verbose("kept \(d.samples.count) samples after --exclude-subject/--speed/--device")
        }
        return d
    }

    /// The samples of `dataset` (read from `path`) that these options keep: without the
    /// excluded subjects and, unless `everyDevice`, only those of the `--device` devices.
    /// Every command that reads a dataset filters through here.
    /// - Throws: when a `--device` names no sample, with the devices the data has.
    func kept(_ dataset: Dataset, path: String, everyDevice: Bool = false) throws -> Dataset {
        let d = dataset.excludingSubjects(excludedSubjects)
        return devices.isEmpty || everyDevice ? d : try Self.only(devices, of: d, path: path)
    }

    /// The samples of `dataset` (read from `path`) recorded on `devices`.
    /// - Throws: when a device names no sample, with the devices the data has.
    private static func only(_ devices: [String], of dataset: Dataset, path: String) throws -> Dataset {
        let present = dataset.countsByDevice
        for name in devices where present[name] == nil {
            // Names come from the data: each is cut, and a long list ends with a count.
            let names = present.keys.sorted()
            let listed = names.prefix(20).map { "\(shownValue($0)) (\(present[$0] ?? 0))" }.joined(separator: ", ")
            let has = present.isEmpty ? "its samples name no device"
                : "its devices: " + listed + (names.count > 20 ? ", and \(names.count - 20) more" : "")
            throw FileError(file: path, message: "--device '\(shownValue(name))' names no sample (\(has))")
        }
        return dataset.onlyDevices(devices)
    }
}

/// Writes to standard output / error. The CLI is the only module that prints.
///
/// Standard output carries the result only (``out(_:)``). Standard error carries notes,
/// warnings and progress (``err(_:)``, silenced by `--quiet`) and, with `--verbose`, what
/// was read and how long it took (``verbose(_:)``). Errors end the command through
/// ArgumentParser and are printed whatever the level.
///
/// A console is a value: a command makes one from its options (``OutputOptions/console``)
/// and passes it to what prints on standard error; nothing global holds the level.
struct Console: Sendable {
    enum Level: Sendable { case quiet, normal, verbose }
    let level: Level

    /// Notes and warnings at the normal level, for a command without `--quiet` / `--verbose`.
    static let normal = Console(level: .normal)

    static func out(_ s: String) { print(s) }

    func err(_ s: String) {
        guard level != .quiet else { return }
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }

    func verbose(_ s: String) {
        guard level == .verbose else { return }
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }

    /// Pretty, key-sorted JSON of an encodable value.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }
}

/// A command that writes files or folders. Before it reads or writes anything it calls
/// ``checkOutputPaths()``, which refuses an output that is, holds or lies inside one of
/// its inputs (a report once replaced the model folder it was evaluating) or another of
/// its outputs, naming both options.
protocol WritesOutputs {
    /// Every output path the command was given, with its option.
    var outputPaths: [OutputPaths.Named] { get }
    /// Every input path it was given (files and folders), with its option.
    var inputPaths: [OutputPaths.Named] { get }
    /// `true` for a command that leaves its own output out of what it reads, so that an
    /// output file may lie inside an input folder (never be or hold an input).
    var outputsMayLieInInputs: Bool { get }
    /// The kind of folder an output is (`nil`: not a folder GestureLab replaces as a
    /// whole), checked for being replaceable before any work (default: `--report` writes
    /// a report folder).
    func outputFolderKind(_ output: OutputPaths.Named) -> OutputFolder.Kind?
}

extension WritesOutputs {
    var outputsMayLieInInputs: Bool { false }
    func outputFolderKind(_ output: OutputPaths.Named) -> OutputFolder.Kind? { output.option == "--report" ? .report : nil }

    /// Checks, before anything is read or written, that every input exists (a missing
    /// file is "no such file", not a complaint about another option), that no output
    /// is, holds or lies inside an input, and that every output folder may be replaced
    /// (a folder of the user's own files, or of another kind, is refused before a
    /// training runs, not after it).
    /// - Throws: ``FileError`` naming a missing input and its option; ``OutputPathsError``
    ///   naming the output's and the input's options; the output folder's refusal.
    func checkOutputPaths() throws {
        try InputFiles.requireExisting(inputPaths)
        try OutputPaths.check(outputs: outputPaths, inputs: inputPaths, outputsMayLieInInputs: outputsMayLieInInputs)
        for output in outputPaths {
            guard let kind = outputFolderKind(output) else { continue }
            try OutputFolder.checkWritable(URL(fileURLWithPath: output.path), kind: kind)
        }
    }

    /// `option path`, or nothing for an option not given.
    func named(_ option: String, _ path: String?) -> [OutputPaths.Named] {
        path.map { [OutputPaths.Named(option, $0)] } ?? []
    }
}

/// Inputs named on the command line must exist before anything else is said about them.
enum InputFiles {
    /// - Throws: ``FileError`` "no such file or folder (OPTION)" for the first input that
    ///   does not exist (`-`, standard input, always does).
    static func requireExisting(_ inputs: [OutputPaths.Named]) throws {
        for input in inputs where input.path != "-" {
            try requireExisting(input.path, option: input.option)
        }
    }

    /// - Throws: ``FileError`` when nothing exists at `path` (a dangling link included;
    ///   `-`, standard input, always exists).
    static func requireExisting(_ path: String, option: String?) throws {
        guard path != "-", !FileManager.default.fileExists(atPath: path) else { return }
        let given = option.map { $0.hasPrefix("-") ? " (given as \($0))" : "" } ?? ""
        throw FileError(file: path, message: "no such file or folder\(given)")
    }
}
