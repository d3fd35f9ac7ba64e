import ArgumentParser
import Foundation
import GestureGeometry
import GestureData
import GestureMatching
import GestureTraining

/// `--algorithm` values.
enum AlgorithmOption: String, ExpressibleByArgument, CaseIterable {
    case protractor, dollar1, pdollar, pplus, qdollar, pennypincher, jackknife, combined

    var algorithm: MatcherAlgorithm { MatcherAlgorithm(rawValue: rawValue)! }
}

/// `--rotation` values for Protractor.
enum RotationOption: String, ExpressibleByArgument, CaseIterable {
    case invariant, bounded, sensitive
}

/// Matcher tunables shared by the matcher commands.
struct MatcherOptions: ParsableArguments {
    @Option(name: .customLong("algorithm"), help: "Matching algorithm: protractor (the default), dollar1, pdollar, pplus, qdollar, pennypincher, jackknife or combined.")
    var algorithmChoice: AlgorithmOption?

    var algorithm: AlgorithmOption { algorithmChoice ?? .protractor }

    @Option(help: "Points after resampling (default: 16 Protractor, Penny Pincher and Jackknife, 64 $1, 32 $P, $P+ and $Q).")
    var points: Int?

    @Option(name: .customLong("rotation"), help: "Protractor rotation: invariant (the default), bounded or sensitive.")
    var rotationChoice: RotationOption?

    var rotation: RotationOption { rotationChoice ?? .invariant }

    @Option(name: .customLong("max-rotation"), help: "Protractor bounded rotation limit, degrees (default: 45).")
    var maxRotationChoice: Double?

    var maxRotation: Double { maxRotationChoice ?? 45 }

    @Option(name: .customLong("weights"), help: "combined: component weights, e.g. pplus:1,protractor:1 (components: pplus, protractor, pennypincher, jackknife; default pplus:1,jackknife:1).")
    var weightsChoice: String?

    /// The combined recognizer's settings from `--weights`.
    var combined: CombinedSettings {
        get throws {
            guard let weightsChoice else { return .default }
            var s = CombinedSettings(pPlus: 0, protractor: 0, pennyPincher: 0, jackknife: 0)
            for part in weightsChoice.split(separator: ",") {
                let kv = part.split(separator: ":", maxSplits: 1).map(String.init)
                guard kv.count == 2, let w = Double(kv[1]), w.isFinite, w >= 0, w <= 1000 else {
                    throw ValidationError("--weights: '\(part)' is not NAME:WEIGHT with a weight in 0…1000")
                }
                guard s.setWeight(w, of: kv[0]) else {
                    throw ValidationError("--weights: unknown component '\(kv[0])' (known: \(CombinedSettings.componentNames.joined(separator: ", ")))")
                }
            }
            guard s.weights.contains(where: { $0 > 0 }) else { throw ValidationError("--weights: at least one weight must be above 0") }
            return s
        }
    }

    func validate() throws {
        if let points, points < 2 { throw ValidationError("--points must be at least 2, got \(points)") }
        // Bounded: every template and candidate is resampled to this many points; an
        // unbounded value (--points 100000000) ran out of time and memory.
        if let points, points > 4096 { throw ValidationError("--points must be at most 4096, got \(points)") }
        if !(maxRotation >= 0 && maxRotation <= 180) { throw ValidationError("--max-rotation must be in 0…180 degrees") }
        _ = try combined
        if weightsChoice != nil && algorithm != .combined { throw ValidationError("--weights applies to --algorithm combined only") }
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

    var dollarOne: DollarOneSettings {
        var s = DollarOneSettings()
        if let points { s.points = points }
        return s
    }

    var pDollar: PDollarSettings {
        var s = PDollarSettings()
        if let points { s.points = points }
        return s
    }

    var pPlus: PPlusSettings { PPlusSettings(points: points ?? 32) }

    /// The typed settings of the chosen algorithm.
    var settings: MatcherSettings {
        switch algorithm {
        case .protractor: return .protractor(protractor)
        case .dollar1: return .dollarOne(dollarOne)
        case .pdollar: return .pDollar(pDollar)
        case .pplus: return .pPlus(pPlus)
        case .qdollar: return .qDollar(QDollarSettings(points: points ?? 32))
        case .pennypincher: return .pennyPincher(PennyPincherSettings(points: points ?? 16))
        case .jackknife: return .jackknife(JackknifeSettings(points: points ?? 16))
        case .combined: return .combined((try? combined) ?? .default)
        }
    }

    /// Whether no matcher option was given.
    var isDefault: Bool { algorithmChoice == nil && points == nil && rotationChoice == nil && maxRotationChoice == nil && weightsChoice == nil }

    /// The settings a command runs with: the model folder's when `--model` is given (and
    /// then no matcher option may be), otherwise the options'.
    /// - Throws: when both a model and matcher options are given, naming both settings.
    func resolved(model: GestureModel?, folder: String?) throws -> MatcherSettings {
        guard let model else { return settings }
        guard isDefault else {
            throw ValidationError("--model \(folder ?? ""): the model matches with \(model.manifest.matcher); "
                                  + "--algorithm/--points/--rotation ask for \(settings). Leave them out to use the model's settings")
        }
        return model.manifest.matcher
    }

    /// A one-line description for reports.
    var summary: [String: SettingValue] {
        var d: [String: SettingValue] = ["algorithm": .string(algorithm.rawValue)]
        switch algorithm {
        case .protractor:
            d["points"] = SettingValue(protractor.points)
            d["rotation"] = .string(rotation == .bounded ? "bounded ±\(maxRotation)°" : rotation.rawValue)
        case .combined: d["matcher"] = .string(settings.description)
        default: d["points"] = SettingValue(settings.points)
        }
        return d
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

/// A progress line on standard error for long protocols (at most every 5%).
final class ProgressPrinter: @unchecked Sendable {
    private let label: String
    private var lastShown = -1
    private let lock = NSLock()
    init(_ label: String) { self.label = label }
    var handler: ProgressHandler {
        { [self] done, total in
            lock.lock(); defer { lock.unlock() }
            let pct = total > 0 ? done * 100 / total : 100
            if pct / 5 != lastShown / 5 || done == total {
                lastShown = pct
                Console.err("\(label): \(done)/\(total)")
            }
        }
    }
}
