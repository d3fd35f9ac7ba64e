import Foundation
import GestureData
import GestureDetectors
import GestureMatching

/// The detector thresholds and template library that ship with GestureLab, compiled into
/// the code so that a copied or installed `gesturelab` (or an app linking GestureTraining)
/// has them wherever it runs, with no `templates/` folder beside it.
///
/// The bytes are those of `templates/checkmark.json`, `templates/circle.json` and
/// `templates/templates.json`, copied into `ShippedTemplates+Generated.swift` by
/// `tools/embed-templates` (`tools/embed-templates --check`, run by `tools/test`, fails when
/// the two differ). The environment variable `GESTURELAB_TEMPLATES=DIR` overrides them file
/// by file: a file of that name in `DIR` is read instead; a file it lacks stays the
/// compiled-in one. Every answer says where it came from (``Origin``), in plain words, so
/// that a page or a report can tell the user.
///
/// ```swift
/// if let shipped = try ShippedTemplates.thresholds(for: .circle) {
///     print(shipped.value.kind, "from", shipped.origin)   // "circle from templates/circle.json, shipped with GestureLab"
/// }
/// ```
public enum ShippedTemplates {
    /// The environment variable naming a folder whose files override the compiled-in ones.
    public static let overrideVariable = "GESTURELAB_TEMPLATES"

    /// The file name of the shipped template library.
    public static let libraryFileName = "templates.json"

    /// Where a shipped file came from.
    public enum Origin: Hashable, Sendable, CustomStringConvertible {
        /// Compiled into the code from `templates/NAME` of the source tree.
        case compiledIn(name: String)
        /// Read from `path`, in the folder `GESTURELAB_TEMPLATES` names.
        case overridden(path: String)

        /// Plain words: "templates/circle.json, shipped with GestureLab" or
        /// "/x/circle.json (from GESTURELAB_TEMPLATES)".
        public var description: String {
            switch self {
            case let .compiledIn(name): return "templates/\(name), shipped with GestureLab"
            case let .overridden(path): return "\(path) (from \(ShippedTemplates.overrideVariable))"
            }
        }

        /// A short name for legends and reports: `templates/circle.json` or the override's path.
        public var shortName: String {
            switch self {
            case let .compiledIn(name): return "templates/\(name)"
            case let .overridden(path): return path
            }
        }

        /// The file on disk, when the value was read from one (an override).
        public var path: String? {
            if case let .overridden(path) = self { return path }
            return nil
        }
    }

    /// A shipped value and where it came from.
    public struct Shipped<Value: Sendable>: Sendable {
        public let value: Value
        public let origin: Origin
    }

    /// The file name of a detector's shipped thresholds (`checkmark.json`), or `nil` for a
    /// detector nothing is shipped for (the general shape detector, trained per label).
    public static func thresholdsFileName(for kind: DetectorKind) -> String? {
        compiledIn["\(kind.rawValue).json"] == nil ? nil : "\(kind.rawValue).json"
    }

    /// The compiled-in bytes by file name.
    static let compiledIn: [String: String] = [
        "checkmark.json": checkmarkJSON,
        "circle.json": circleJSON,
        libraryFileName: libraryJSON,
    ]

    /// The bytes of shipped file `name` (`checkmark.json`, `circle.json`, `templates.json`)
    /// and their origin: `DIR/name` when `GESTURELAB_TEMPLATES=DIR` holds it, else the
    /// compiled-in copy; `nil` for a name nothing is shipped under.
    /// - Throws: an error naming the override file when it exists but cannot be read or is
    ///   over `limit` bytes.
    public static func file(_ name: String, limit: Int = BoundedFile.maxSettingsBytes,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> Shipped<Data>?
    {
        if let path = overridePath(name, environment: environment) {
            return Shipped(value: try BoundedFile.read(path, limit: limit), origin: .overridden(path: path))
        }
        guard let text = compiledIn[name] else { return nil }
        return Shipped(value: Data(text.utf8), origin: .compiledIn(name: name))
    }

    /// `DIR/name` when `GESTURELAB_TEMPLATES=DIR` is set and that file exists.
    public static func overridePath(_ name: String,
                                    environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let dir = environment[overrideVariable], !dir.isEmpty else { return nil }
        let path = URL(fileURLWithPath: dir).appendingPathComponent(name).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return path
    }

    /// The shipped thresholds of `kind` (the check mark's and the circle's), or `nil` when
    /// nothing is shipped for it.
    /// - Throws: ``DetectorTrainingError/badThresholds(file:reason:)`` naming the file when
    ///   an override does not load as thresholds of `kind`.
    public static func thresholds(for kind: DetectorKind,
                                  environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> Shipped<AnyDetectorThresholds>?
    {
        guard let name = thresholdsFileName(for: kind) else { return nil }
        if let path = overridePath(name, environment: environment) {
            return Shipped(value: try DetectorThresholdsFile.load(path, kind: kind), origin: .overridden(path: path))
        }
        let origin = Origin.compiledIn(name: name)
        return Shipped(value: try AnyDetectorThresholds.decode(Data(compiledIn[name]!.utf8), kind: kind, file: origin.shortName),
                       origin: origin)
    }

    /// The shipped template library (`templates/templates.json`: two medoid templates per
    /// label of the $1 logs, medium speed).
    /// - Throws: ``ShippedTemplatesError`` naming the file when an override does not load.
    public static func library(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> Shipped<TemplateLibrary>
    {
        let file = try file(libraryFileName, limit: DatasetLoader.maxFileBytes, environment: environment)!
        do {
            return Shipped(value: try TemplateLibrary.decode(file.value), origin: file.origin)
        } catch let error as TemplateLibraryError {
            throw ShippedTemplatesError(file: file.origin.shortName, reason: error.description)
        }
    }
}

/// A shipped file that does not load, naming it.
public struct ShippedTemplatesError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let reason: String
    public var description: String { "\(file): \(reason)" }
}
