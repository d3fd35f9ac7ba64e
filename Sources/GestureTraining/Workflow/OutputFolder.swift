import Foundation
import GestureData
import GestureDetectors
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole folder of outputs at once: every file goes into a hidden temporary
/// sibling folder, and only when all are written is that folder renamed into place
/// (rename(2) is atomic within a file system). A reader never sees a half-written
/// output folder: either the previous folder (or none) or the complete new one.
///
/// When the destination exists, the new folder and the previous one are exchanged
/// atomically (`renameat2(RENAME_EXCHANGE)`, Linux 3.15+) and the previous one is then
/// removed. Where that call is missing, the previous folder is renamed aside first and
/// put back if the second rename fails (a kill between the two renames then leaves the
/// previous folder under its hidden `.old-` name).
///
/// Only a folder GestureLab wrote, of the same ``Kind``, is replaced: every output folder
/// gets a marker file (``markerFile``) naming its kind and listing the files written, and
/// an existing destination is replaced only when it is empty, or when its marker is of
/// the kind being written and the folder holds nothing but the files the marker lists.
/// A folder of another kind (a report never replaces a model), a folder of the user's own
/// files, the current folder, the input — anything else is refused, naming the folder and
/// what would be lost.
public enum OutputFolder {
    /// What an output folder is, recorded in its marker: a folder of one kind is never
    /// replaced by an output of another.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A model folder (`gesturelab.model/1`: `manifest.json` and its parts).
        public static let model = Kind(rawValue: "model")
        /// A report folder (`report.json`, `report.md` and plots).
        public static let report = Kind(rawValue: "report")
        /// Any other folder of outputs.
        public static let files = Kind(rawValue: "files")
        public var description: String { rawValue }
    }

    /// The marker in every folder GestureLab writes:
    /// JSON `{"format": "gesturelab.output/2", "kind": "model", "files": [...]}`.
    public static let markerFile = ".gesturelab-output"
    static let markerFormat = "gesturelab.output/2"
    /// Markers written before kinds were recorded: `{"format": "gesturelab.output/1", "files": [...]}`.
    static let firstMarkerFormat = "gesturelab.output/1"

    /// Writes `files` (relative path → bytes) as the folder `url`, an output of `kind`.
    /// - Throws: `GestureDataError.writeFailed` naming the folder or file; the
    ///   temporary folder is removed and the destination left as it was. A destination
    ///   that holds files GestureLab did not write, or an output of another kind, is
    ///   refused and left untouched.
    public static func write(_ files: [String: Data], to url: URL, kind: Kind) throws {
        let fm = FileManager.default
        let dest = url.standardizedFileURL
        try checkReplaceable(dest, kind: kind)
        var files = files
        files[markerFile] = try JSONSerialization.data(
            withJSONObject: ["format": markerFormat, "kind": kind.rawValue, "files": files.keys.sorted()],
            options: [.sortedKeys, .withoutEscapingSlashes])
        let parent = dest.deletingLastPathComponent()
        let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let tmp = parent.appendingPathComponent(".\(dest.lastPathComponent).tmp-\(tag)")
        AtomicFile.removeStaleTemporaries(of: dest)  // folders left by killed writers
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
            try fm.createDirectory(at: tmp, withIntermediateDirectories: false)
        } catch {
            throw GestureDataError.writeFailed(file: dest.path, reason: "cannot create \(tmp.path): \(error.localizedDescription)")
        }
        var tmpIsOurs = true  // false while `tmp` holds the previous folder
        do {
            for (name, data) in files.sorted(by: { $0.key < $1.key }) {
                guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
                    throw GestureDataError.writeFailed(file: dest.path, reason: "bad output file name '\(shownValue(name))'")
                }
                try AtomicFile.write(data, to: tmp.appendingPathComponent(name), removingStaleTemporaries: false)
            }
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: dest.path, isDirectory: &isDir) {
                guard isDir.boolValue else {
                    throw GestureDataError.writeFailed(file: dest.path, reason: "exists and is not a folder")
                }
                // Swap the two folders in one step where the system can (renameat2
                // RENAME_EXCHANGE on Linux); with two renames, a kill between them left
                // no folder at the destination at all.
                if FolderExchange.exchange(tmp.path, dest.path) {
                    tmpIsOurs = false
                    // `tmp` now holds the previous folder. A file added to it since the
                    // check above makes it the user's again: put it back, delete nothing.
                    do { try checkReplaceable(tmp, kind: kind, shownAs: dest) } catch {
                        if FolderExchange.exchange(tmp.path, dest.path) {
                            tmpIsOurs = true  // holds the new output again
                            throw error
                        }
                        // Never leave the user's files under a temporary name, which
                        // the sweep of stale temporaries would remove.
                        let kept = parent.appendingPathComponent(".\(dest.lastPathComponent).old-\(tag)")
                        let movedAside = rename(tmp.path, kept.path) == 0
                        if movedAside { tmpIsOurs = true }
                        throw GestureDataError.writeFailed(
                            file: dest.path, reason: "\(error); the previous folder was kept as \(movedAside ? kept.path : tmp.path)")
                    }
                    try? fm.removeItem(at: tmp)
                    return
                }
                let old = parent.appendingPathComponent(".\(dest.lastPathComponent).old-\(tag)")
                guard rename(dest.path, old.path) == 0 else {
                    throw GestureDataError.writeFailed(file: dest.path, reason: String(cString: strerror(errno)))
                }
                if rename(tmp.path, dest.path) != 0 {
                    let reason = String(cString: strerror(errno))
                    _ = rename(old.path, dest.path)
                    throw GestureDataError.writeFailed(file: dest.path, reason: reason)
                }
                try? fm.removeItem(at: old)
            } else if rename(tmp.path, dest.path) != 0 {
                throw GestureDataError.writeFailed(file: dest.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            if tmpIsOurs { try? fm.removeItem(at: tmp) }
            if let e = error as? GestureDataError { throw e }
            throw GestureDataError.writeFailed(file: dest.path, reason: "\(error)")
        }
    }

    /// Writes `files` as the folder `url`, of the kind its files show: a model folder when
    /// they hold `manifest.json`, a report when they hold `report.json`, else ``Kind/files``.
    /// Prefer ``write(_:to:kind:)``, which says the kind.
    public static func write(_ files: [String: Data], to url: URL) throws {
        let kind: Kind = files["manifest.json"] != nil ? .model : (files["report.json"] != nil ? .report : .files)
        try write(files, to: url, kind: kind)
    }
}

extension OutputFolder {
    /// What an existing folder is, as far as GestureLab can tell: the kind of output it
    /// is and the files that output consists of (marker included), or `nil` kind when it
    /// is not an output GestureLab wrote.
    struct Existing {
        var kind: Kind?
        var files: Set<String>
    }

    /// Refuses, before any work, a destination ``write(_:to:kind:)`` would refuse (the same
    /// check it makes again when it writes): a command checks its output folders first, so
    /// that a long training is not thrown away for a folder it may not replace.
    public static func checkWritable(_ url: URL, kind: Kind) throws {
        try checkReplaceable(url.standardizedFileURL, kind: kind)
    }

    /// Refuses a destination an output of `kind` may not replace: anything but a folder;
    /// a folder that is not, by its marker (or, written before markers, by its exact
    /// files), an output of `kind`; or one holding a file its marker does not list.
    /// - Parameter shownAs: the path named in errors (default `dest`).
    static func checkReplaceable(_ dest: URL, kind: Kind, shownAs: URL? = nil) throws {
        let shown = (shownAs ?? dest).path
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: dest.path, isDirectory: &isDir) else { return }
        guard isDir.boolValue else { throw GestureDataError.writeFailed(file: shown, reason: "exists and is not a folder") }
        let entries = try filesInside(dest, shownAs: shown)
        if entries.isEmpty { return }  // empty, or only empty folders: nothing to lose
        let existing = identify(dest, entries: entries)
        func refuse(_ why: String) -> GestureDataError {
            .writeFailed(file: shown, reason: "\(why); it is replaced as a whole, so it was left untouched: choose a new or empty folder")
        }
        guard let found = existing.kind else {
            throw refuse("the folder holds files GestureLab did not write (\(named(entries)))")
        }
        guard found == kind else {
            throw refuse("the folder is a GestureLab \(found) folder, and a \(kind) output never replaces a \(found)")
        }
        let foreign = entries.filter { !existing.files.contains($0) }
        if !foreign.isEmpty {
            throw refuse("the folder holds files GestureLab did not write (\(named(foreign)))")
        }
    }

    /// `a.txt` or `a.txt and 3 more`, names cut for display.
    private static func named(_ files: [String]) -> String {
        guard let first = files.first else { return "" }
        return shownValue(first) + (files.count > 1 ? " and \(files.count - 1) more" : "")
    }

    /// Every entry under `dir` that is not a folder (files, links, …), as sorted relative
    /// paths; folders are walked, symbolic links are not followed.
    static func filesInside(_ dir: URL, shownAs shown: String) throws -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        var pending = [""]
        while let rel = pending.popLast() {
            let path = rel.isEmpty ? dir.path : dir.appendingPathComponent(rel).path
            let names: [String]
            do { names = try fm.contentsOfDirectory(atPath: path) } catch {
                throw GestureDataError.writeFailed(file: shown, reason: "cannot list the existing folder: \(error.localizedDescription)")
            }
            for name in names {
                let child = rel.isEmpty ? name : rel + "/" + name
                var st = stat()
                if lstat(dir.appendingPathComponent(child).path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR {
                    pending.append(child)
                } else {
                    out.append(child)
                }
            }
        }
        return out.sorted()
    }

    /// Identifies an existing output folder by its marker; a folder written before
    /// markers (or before markers named the kind) is identified only by its exact files:
    /// a model's `manifest.json` lists its parts, a report's `report.json` gives the plots
    /// it comes with. Nothing else licenses replacing a folder.
    static func identify(_ dest: URL, entries: [String]) -> Existing {
        let none = Existing(kind: nil, files: [])
        if entries.contains(markerFile) {
            guard let o = jsonObject(dest.appendingPathComponent(markerFile)), let listed = o["files"] as? [String] else { return none }
            switch o["format"] as? String {
            case markerFormat:
                guard let k = o["kind"] as? String, !k.isEmpty else { return none }
                return Existing(kind: Kind(rawValue: k), files: Set(listed + [markerFile]))
            case firstMarkerFormat:
                // Its kind is the kind of output its listed files make up.
                let own = legacy(dest)
                guard let kind = own.kind, Set(listed).isSubset(of: own.files) else { return none }
                return Existing(kind: kind, files: Set(listed + [markerFile]))
            default:
                return none
            }
        }
        return legacy(dest)
    }

    /// A model or report folder written before markers, by its own files.
    private static func legacy(_ dest: URL) -> Existing {
        if let o = jsonObject(dest.appendingPathComponent("manifest.json")), o["format"] as? String == TrainingManifest.formatTag,
           let parts = o["files"] as? [String: Any] {
            // Only the parts a model folder can hold: a manifest never licenses other files.
            let known = Set([GestureModel.templatesFile, GestureModel.verifierFile, GestureModel.thresholdsFile]
                            + DetectorKind.builtIn.map(GestureModel.detectorFile))
            let own = parts.keys.filter { known.contains($0) || GestureModel.shapeLabel(ofFile: $0) != nil }
            return Existing(kind: .model, files: Set(own).union([GestureModel.manifestFile]))
        }
        if let data = try? BoundedFile.read(dest.appendingPathComponent("report.json").path, limit: DatasetLoader.maxFileBytes),
           let report = try? JSONDecoder().decode(EvaluationReport.self, from: data), report.format == EvaluationReport.formatTag,
           let files = try? ReportWriter.files(for: report) {
            return Existing(kind: .report, files: Set(files.keys))
        }
        return Existing(kind: nil, files: [])
    }

    private static func jsonObject(_ url: URL) -> [String: Any]? {
        guard let data = try? BoundedFile.read(url.path, limit: BoundedFile.maxSettingsBytes) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// The rule that an output is never one of the inputs of the same command: an output
/// path may not be an input path, hold one (a folder replaced as a whole would delete
/// it) or lie inside one (it would add to, or replace part of, what was read).
public enum OutputPaths {
    /// A path given with the option that named it (`--report`, `--model`, …).
    public struct Named: Sendable {
        public var option: String
        public var path: String
        public init(_ option: String, _ path: String) {
            self.option = option
            self.path = path
        }
    }

    /// Refuses outputs that overlap an input or each other.
    /// - Parameters:
    ///   - outputs: every file or folder the command writes.
    ///   - inputs: every file or folder it reads (`-`, standard input, is skipped).
    ///   - outputsMayLieInInputs: allow an output file inside an input folder, for a
    ///     command that leaves its own output out of what it reads.
    /// - Throws: ``OutputPathsError`` naming both options and paths, before anything is
    ///   read or written.
    public static func check(outputs: [Named], inputs: [Named], outputsMayLieInInputs: Bool = false) throws {
        let outs = outputs.filter { !$0.path.isEmpty }
        let ins = inputs.filter { !$0.path.isEmpty && $0.path != "-" }
        for (i, o) in outs.enumerated() {
            let op = resolved(o.path)
            for input in ins {
                let ip = resolved(input.path)
                if let r = relation(op, ip), !(outputsMayLieInInputs && r == .inside) {
                    throw OutputPathsError(output: o, input: input, relation: r, bothOutputs: false)
                }
            }
            for other in outs[(i + 1)...] {
                if let r = relation(op, resolved(other.path)) {
                    throw OutputPathsError(output: o, input: other, relation: r, bothOutputs: true)
                }
            }
        }
    }

    /// How an output path stands to another path.
    public enum Relation: Sendable {
        case same, contains, inside
    }

    static func relation(_ a: String, _ b: String) -> Relation? {
        if a == b || sameFile(a, b) { return .same }
        func under(_ x: String, _ folder: String) -> Bool { folder == "/" ? x != "/" : x.hasPrefix(folder + "/") }
        if under(b, a) { return .contains }
        if under(a, b) { return .inside }
        return nil
    }

    /// Two existing paths that are one file (a hard link, or a link the resolution missed).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// The absolute path, with `.`/`..` removed and the symbolic links of its longest
    /// existing prefix resolved (the rest does not exist yet, so it cannot be a link).
    static func resolved(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while url.path != "/" {
            if let real = realpath(url.path, nil) {
                defer { free(real) }
                var out = String(cString: real)
                for c in rest.reversed() { out = out == "/" ? "/" + c : out + "/" + c }
                return out
            }
            rest.append(url.lastPathComponent)
            url = url.deletingLastPathComponent().standardizedFileURL
        }
        return "/" + rest.reversed().joined(separator: "/")
    }
}

/// An output that is, holds or lies inside an input (or another output) of the same command.
public struct OutputPathsError: Error, Sendable, CustomStringConvertible {
    public var output: OutputPaths.Named
    public var input: OutputPaths.Named
    public var relation: OutputPaths.Relation
    /// `true` when `input` is another output of the command.
    public var bothOutputs: Bool

    public var description: String {
        let o = "\(output.option) \(shownValue(output.path, limit: 200))"
        let i = "\(input.option) \(shownValue(input.path, limit: 200))"
        let what = bothOutputs ? "another output" : "an input"
        let how: String
        switch relation {
        case .same: how = "is the same path as \(what), \(i)"
        case .contains: how = "holds \(what), \(i), and would replace it"
        case .inside: how = "lies inside \(what), \(i)"
        }
        let rule = bothOutputs ? "the outputs of a command never overlap" : "a command never writes over what it reads"
        return "\(o) \(how): \(rule); choose another path for \(output.option) (nothing was read or written)"
    }
}

/// Atomic exchange of two paths, looked up at run time: `renameat2` is in glibc 2.28+ but
/// not in Swift's Glibc module.
enum FolderExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    private static let renameat2: RenameAt2? = {
        #if os(Linux)
        guard let symbol = dlsym(nil, "renameat2") else { return nil }  // nil is RTLD_DEFAULT
        return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
        return nil
        #endif
    }()

    /// Exchanges `a` and `b` in one step; `false` when the system cannot (then nothing
    /// changed).
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        guard let f = renameat2 else { return false }
        let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE, linux/fs.h
        return f(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
        return false
        #endif
    }
}
