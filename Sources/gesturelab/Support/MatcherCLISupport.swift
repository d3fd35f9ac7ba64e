import ArgumentParser
import Foundation
import GestureGeometry
import GestureData
import GestureMatching
import GestureTraining

/// `--algorithm` values: a registered matcher (``MatcherAlgorithm/allCases``) or `auto`
/// (chosen by inner validation on the training data, ``AutoMatcherChoice``). The one
/// place the command line reads an algorithm name.
enum AlgorithmChoice: Hashable, ExpressibleByArgument, CustomStringConvertible {
    case auto
    case fixed(MatcherAlgorithm)

    init?(argument: String) {
        if argument == "auto" { self = .auto; return }
        guard let a = MatcherAlgorithm(rawValue: argument) else { return nil }
        self = .fixed(a)
    }

    static var allValueStrings: [String] { ["auto"] + MatcherAlgorithm.allCases.map(\.rawValue) }

    var description: String {
        switch self {
        case .auto: return "auto"
        case .fixed(let a): return a.rawValue
        }
    }

    /// The default of `train` and `eval matcher`.
    static let `default` = AlgorithmChoice.auto

    /// Help text listing every value.
    static var help: String {
        "Matcher: auto (the default: the algorithm or combination that wins inner validation on the training data), or one of "
            + MatcherAlgorithm.idList + "."
    }

    /// The fixed algorithm, `nil` for auto.
    var algorithm: MatcherAlgorithm? {
        if case .fixed(let a) = self { return a }
        return nil
    }
}

/// `--rotation` values for Protractor.
enum RotationOption: String, ExpressibleByArgument, CaseIterable {
    case invariant, bounded, sensitive
}

/// A template library and the rejection thresholds trained for it, the alternative to a
/// model folder (`recognize`, `record`).
struct LibraryOptions: ParsableArguments {
    @Option(help: "A template library (gesturelab.templates/1), instead of --model.")
    var templates: String?

    @Option(help: "Rejection thresholds (gesturelab.rejection/1) for the matcher's algorithm; without them the best match is shown and nothing rejected.")
    var rejection: String?
}

/// Matcher tunables shared by the matcher commands (and `train`).
struct MatcherOptions: ParsableArguments {
    @Option(name: .customLong("algorithm"), help: ArgumentHelp(AlgorithmChoice.help))
    var algorithmChoice: AlgorithmChoice?

    /// The algorithm asked for (`auto` when none).
    var choice: AlgorithmChoice { algorithmChoice ?? .default }

    @Option(help: ArgumentHelp(MatcherOptions.pointsHelp))
    var points: Int?

    /// `--points` help: each algorithm's default count, from the registry.
    static var pointsHelp: String {
        let groups = Dictionary(grouping: MatcherAlgorithm.allCases.filter { $0.settingsType.hasPoints }) { $0.settingsType.default.points }
        let text = groups.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.map(\.rawValue).joined(separator: ", "))" }.joined(separator: "; ")
        return "Points after resampling (default: \(text))."
    }

    @Option(name: .customLong("rotation"), help: "Protractor rotation: invariant (the default), bounded or sensitive.")
    var rotationChoice: RotationOption?

    var rotation: RotationOption { rotationChoice ?? .invariant }

    @Option(name: .customLong("max-rotation"), help: "Protractor bounded rotation limit, degrees (default: 45).")
    var maxRotationChoice: Double?

    var maxRotation: Double { maxRotationChoice ?? 45 }

    @Option(name: .customLong("weights"), help: ArgumentHelp(MatcherOptions.weightsHelp))
    var weightsChoice: String?

    static var weightsHelp: String {
        "combined: component weights, e.g. pplus:1,protractor:1 (components: \(CombinedSettings.componentNames.joined(separator: ", ")); default \(CombinedSettings.default.argument))."
    }

    /// The combined recognizer's settings from `--weights`.
    var combined: CombinedSettings {
        get throws {
            guard let weightsChoice else { return .default }
            switch CombinedSettings.parse(weightsChoice) {
            case .success(let s): return s
            case .failure(let e): throw ValidationError("--weights: \(e)")
            }
        }
    }

    func validate() throws {
        if let points, points < 2 { throw ValidationError("--points must be at least 2, got \(points)") }
        // Bounded: every template and candidate is resampled to this many points; an
        // unbounded value (--points 100000000) ran out of time and memory.
        if let points, points > MatcherSettings.maxPoints { throw ValidationError("--points must be at most \(MatcherSettings.maxPoints), got \(points)") }
        if !(maxRotation >= 0 && maxRotation <= 180) { throw ValidationError("--max-rotation must be in 0…180 degrees") }
        _ = try combined
        if weightsChoice != nil && choice != .fixed(.combined) { throw ValidationError("--weights applies to --algorithm combined only") }
        if points != nil, let a = choice.algorithm, !a.settingsType.hasPoints {
            throw ValidationError("--points does not apply to --algorithm \(a.rawValue): its components resample their own way")
        }
    }

    /// For commands that train or evaluate a choice (`train`, `eval matcher`), where no
    /// `--algorithm` means `auto`: refuses `--points` with an explicit `auto`, and prints a
    /// note for options that change nothing with the choice made (`--points` with the
    /// default `auto`, `--rotation` and `--max-rotation` with a matcher other than Protractor).
    func checkAgainstTrainedChoice(console: Console) throws {
        if points != nil && algorithmChoice == .auto {
            throw ValidationError("--points needs a fixed --algorithm (auto uses each candidate's defaults)")
        }
        if points != nil && choice == .auto {
            console.err("note: --points changes nothing here: --algorithm auto (the default) uses each candidate's defaults; give --algorithm to set it")
        }
        if (rotationChoice != nil || maxRotationChoice != nil) && choice != .fixed(.protractor) {
            console.err("note: --rotation and --max-rotation change nothing here: they apply to --algorithm protractor, not \(choice)")
        }
    }

    var protractor: ProtractorSettings {
        let r: ProtractorRotation
        switch rotation {
        case .invariant: r = .invariant
        case .bounded: r = .bounded(maxRadians: maxRotation * .pi / 180)
        case .sensitive: r = .sensitive
        }
        return ProtractorSettings(points: points ?? 16, rotation: r)
    }

    /// The typed settings of `algorithm` with the options given: its defaults with
    /// `--points`, and Protractor's rotation or the combined weights where they apply.
    func settings(for algorithm: MatcherAlgorithm) -> MatcherSettings {
        if algorithm == .protractor { return .protractor(protractor) }
        if algorithm == .combined { return .combined((try? combined) ?? .default) }
        let s = algorithm.defaultSettings
        return points.map { s.with(points: $0) } ?? s
    }

    /// The matcher of commands that use a library as it is (recognize, record, templates
    /// build, train rejection): the algorithm asked for, Protractor when none (or auto:
    /// nothing is trained there to choose by).
    var algorithm: MatcherAlgorithm { choice.algorithm ?? .protractor }

    /// The settings of ``algorithm`` with the options given.
    var settings: MatcherSettings { settings(for: algorithm) }

    /// The typed settings of a fixed algorithm; `nil` for auto.
    var fixedSettings: MatcherSettings? { choice.algorithm.map(settings(for:)) }

    /// Whether no matcher option was given.
    var isDefault: Bool { algorithmChoice == nil && points == nil && rotationChoice == nil && maxRotationChoice == nil && weightsChoice == nil }

    /// The settings a command runs with: the model folder's when `--model` is given (and
    /// then no matcher option may be), otherwise the options' (`nil` for auto).
    /// - Throws: when both a model and matcher options are given, naming both settings.
    func resolved(model: GestureModel?, folder: String?) throws -> MatcherSettings? {
        guard let model else { return fixedSettings }
        guard isDefault else {
            throw ValidationError("--model \(folder ?? ""): the model matches with \(model.manifest.matcher); "
                                  + "--algorithm/--points/--rotation ask for \(fixedSettings.map(\.description) ?? "auto"). Leave them out to use the model's settings")
        }
        return model.manifest.matcher
    }

    /// A one-line description for reports.
    var summary: [String: SettingValue] {
        guard let s = fixedSettings else { return ["algorithm": .string("auto")] }
        return ["algorithm": .string(s.algorithm.rawValue), "matcher": .string(s.description), "points": SettingValue(s.points)]
    }
}

/// A readable error about a file given on the command line.
struct FileError: Error, CustomStringConvertible {
    var file: String
    var message: String
    var description: String { "\(file): \(message)" }
}

enum MatcherCLI {
    /// Reads a file after checking its size (an oversized file is refused unread).
    static func readFile(_ path: String, limit: Int = DatasetLoader.maxFileBytes) throws -> Data {
        do { return try BoundedFile.read(path, limit: limit) } catch GestureDataError.unreadable(_, let reason) {
            throw FileError(file: path, message: "cannot read: \(reason)")
        }
    }

    static func loadLibrary(_ path: String) throws -> TemplateLibrary {
        let data = try readFile(path)
        do { return try TemplateLibrary.decode(data) } catch let e as TemplateLibraryError {
            throw FileError(file: path, message: e.description)
        }
    }

    static func loadThresholds(_ path: String) throws -> RejectionThresholds {
        let data = try readFile(path, limit: BoundedFile.maxSettingsBytes)
        do { return try RejectionThresholds.decode(data) } catch let e as RejectionThresholdsError {
            throw FileError(file: path, message: e.description)
        }
    }

    /// The label negatives read from touch sessions carry (their source in reports).
    static let sessionNegativeLabel = "touch sessions"

    /// `--negatives PATH`: gestures that must never fire, as samples (a dataset folder or
    /// file) or touch sessions (`.jsonl` files of touch events, told apart by content),
    /// where every touch's path is one negative stroke. A folder may hold both; the files
    /// that go with sessions (label sidecars, recognizer configurations) are ignored.
    static func loadNegatives(_ path: String) throws -> [Sample] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw FileError(file: path, message: "no such file or folder")
        }
        func fromSession(_ file: String) throws -> [Sample] {
            TouchSessionStrokes.strokes(try TouchSessionReader.read(file)).filter { $0.points.count >= 2 }
                .map { Sample(gesture: Gesture([$0]), label: sessionNegativeLabel, source: file) }
        }
        guard isDir.boolValue else {
            return TouchSessionStrokes.looksLikeSession(path) ? try fromSession(path) : try DatasetLoader.load(path).samples
        }
        let root = URL(fileURLWithPath: path)
        let files = ((FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []).sorted()
            .map { root.appendingPathComponent($0).path }
        let sessions = files.filter(TouchSessionStrokes.looksLikeSession)
        if sessions.isEmpty { return try DatasetLoader.load(path).samples }
        let sessionSet = Set(sessions)
        func goesWithSessions(_ f: String) -> Bool {
            guard let h = FileHandle(forReadingAtPath: f) else { return false }
            defer { try? h.close() }
            let head = String(decoding: (try? h.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
            return head.contains("gesturelab.recognizers/") || head.contains("gesturelab.session-labels/")
        }
        let others = files.filter { f in
            !sessionSet.contains(f) && ["xml", "json", "jsonl"].contains((f as NSString).pathExtension.lowercased()) && !goesWithSessions(f)
        }
        return try sessions.flatMap(fromSession) + others.flatMap { try DatasetLoader.load($0).samples }
    }

    /// Largest value a list like `--templates-per-class` takes.
    static let maxListValue = 10_000
    /// Most values such a list may hold.
    static let maxListCount = 1_000

    /// Parses `1,3,5`, `1-9` or a mix (`1-3,5`); values 1…``maxListValue``, at most
    /// ``maxListCount`` of them (unbounded, `1-9223372036854775807` crashed).
    static func parseIntList(_ s: String, name: String) throws -> [Int] {
        var out: [Int] = []
        for part in s.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            let bounds = part.split(separator: "-", maxSplits: 1).map(String.init)
            let range: ClosedRange<Int>
            if bounds.count == 2, let a = Int(bounds[0]), let b = Int(bounds[1]), a <= b {
                range = a...b
            } else if let v = Int(part) {
                range = v...v
            } else {
                throw ValidationError("\(name): cannot read '\(part.prefix(80))'; use a list like 1,3,5 or 1-9")
            }
            guard range.lowerBound >= 1, range.upperBound <= maxListValue else {
                throw ValidationError("\(name): values must be 1…\(maxListValue), got '\(part.prefix(80))'")
            }
            guard out.count + range.count <= maxListCount else {
                throw ValidationError("\(name): at most \(maxListCount) values")
            }
            out += Array(range)
        }
        guard !out.isEmpty else { throw ValidationError("\(name): give positive integers, e.g. 1-9") }
        return out
    }

    /// Parses `-10,10` into doubles.
    static func parseDoubleList(_ s: String, name: String) throws -> [Double] {
        try s.split(separator: ",").map {
            guard let v = Double($0.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                throw ValidationError("\(name): cannot read '\($0)' as a number")
            }
            return v
        }
    }

    static func write(_ data: Data, to path: String) throws {
        try AtomicFile.write(data, to: URL(fileURLWithPath: path))
    }

    static func percent(_ v: Double) -> String { String(format: "%.2f%%", v * 100) }
}
