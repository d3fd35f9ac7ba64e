import Foundation
import Testing
import GestureData
import GestureTestSupport

/// Outputs never replace what they must not: a report once replaced the model folder it
/// was evaluating (`--report` naming the `--model` folder), and `train --out` deleted a
/// folder of the user's files because it held a GestureLab `report.json`.
struct OutputSafetyCommandTests {
    static let fast = ["--scribbles", "40", "--splices", "40", "--rejection", "f1", "--templates-per-class", "2"]

    /// A trained model folder and a test set in `dir`.
    func trained(_ dir: TemporaryDirectory) throws -> (data: String, test: String, model: String) {
        let data = dir.path("train.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1", "s2", "s3"], perLabel: 4), to: URL(fileURLWithPath: data))
        let test = dir.path("test.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s9"], perLabel: 2, seed: 77), to: URL(fileURLWithPath: test))
        let model = dir.path("model")
        let r = try CLIRunner.run(["train", "--dataset", data, "--out", model] + Self.fast)
        #expect(r.status == 0, "\(r.stderr)")
        return (data, test, model)
    }

    /// Every file under `path` with its bytes (hidden ones included).
    func snapshot(_ path: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for rel in FileManager.default.subpaths(atPath: path) ?? [] {
            if let d = FileManager.default.contents(atPath: path + "/" + rel) { out[rel] = d }
        }
        return out
    }

    @Test func aReportIntoTheModelFolderItEvaluatesIsRefused() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-report-into-model")
        defer { dir.remove() }
        let (data, test, model) = try trained(dir)
        let before = snapshot(model)
        #expect(before["manifest.json"] != nil)
        let commands: [[String]] = [
            ["eval", "model", "--model", model, "--dataset", test, "--report", model],
            ["eval", "model", "--model", model, "--dataset", test, "--report", model + "/report"],
            ["eval", "matcher", "--model", model, "--dataset", data, "--templates-per-class", "1", "--trials", "2", "--report", model],
            ["eval", "detector", "checkmark", "--model", model, "--dataset", test, "--positive", "check", "--report", model],
            ["train", "--dataset", data, "--out", model, "--report", model] + Self.fast,
            ["train", "--dataset", data, "--out", dir.path("m2"), "--report", dir.path("m2")] + Self.fast,
        ]
        for args in commands {
            let r = try CLIRunner.run(args)
            #expect(r.status != 0, "\(args) succeeded")
            #expect(r.stderr.contains("--report"), "\(args): \(r.stderr)")
            #expect(r.stderr.contains("--model") || r.stderr.contains("--out"), "\(args): \(r.stderr)")
            #expect(snapshot(model) == before, "\(args) changed the model folder")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("m2")), "nothing is written when the paths overlap")
        // The model still loads and recognizes.
        let rec = try CLIRunner.run(["recognize", "--model", model, test])
        #expect(rec.status == 0, "\(rec.stderr)")
    }

    /// A report into a model folder that is not the command's input is refused too: a
    /// marker of another kind never licenses replacing a folder.
    @Test func aReportIntoAModelFolderOfAnotherCommandIsRefused() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-report-kind")
        defer { dir.remove() }
        let (data, _, model) = try trained(dir)
        let before = snapshot(model)
        let r = try CLIRunner.run(["eval", "matcher", "--dataset", data, "--templates-per-class", "1", "--trials", "2", "--report", model])
        #expect(r.status != 0)
        #expect(r.stderr.contains("model folder") && r.stderr.contains(model), "\(r.stderr)")
        #expect(snapshot(model) == before)
    }

    /// `train --out F` where F holds a GestureLab-looking `report.json` beside the user's
    /// own files: nothing is deleted.
    @Test func trainNeverDeletesFilesBesideALegacyReport() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-legacy-report")
        defer { dir.remove() }
        let data = dir.path("train.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1", "s2"], perLabel: 4), to: URL(fileURLWithPath: data))
        let f = dir.path("F")
        try FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        try #"{"format": "gesturelab.report/1", "title": "old"}"#.write(toFile: f + "/report.json", atomically: true, encoding: .utf8)
        try #"{"keep": "me"}"#.write(toFile: f + "/precious.json", atomically: true, encoding: .utf8)
        try "# my notes".write(toFile: f + "/notes.md", atomically: true, encoding: .utf8)
        let before = snapshot(f)
        for args in [["--out", f], ["--out", dir.path("m"), "--report", f]] {
            let r = try CLIRunner.run(["train", "--dataset", data] + args + Self.fast)
            #expect(r.status != 0, "\(args)")
            #expect(r.stderr.contains(f), "\(r.stderr)")
            #expect(snapshot(f) == before, "\(args)")
        }
    }

    /// Commands writing one file: the output is never an input.
    @Test func aFileOutputIsNeverAnInput() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-file-outputs")
        defer { dir.remove() }
        let data = dir.path("train.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1", "s2"], perLabel: 4), to: URL(fileURLWithPath: data))
        let lib = dir.path("lib.json")
        #expect(try CLIRunner.run(["templates", "build", "--dataset", data, "--per-class", "2", "--out", lib]).status == 0)
        let cases: [(args: [String], input: String)] = [
            (["templates", "build", "--dataset", data, "--out", data], "--dataset"),
            (["train", "rejection", "--templates", lib, "--dataset", data, "--out", lib], "--templates"),
            (["train", "detector", "checkmark", "--dataset", data, "--positive", "check", "--out", data], "--dataset"),
            (["dataset", "convert", data, "--to", data], "PATH"),
            (["train", "--dataset", data, "--out", dir.path("")] + Self.fast, "--dataset"),
            (["show", data, "--svg", data], "FILE"),
            (["eval", "engine", "--synthetic-minutes", "1", "--recognizers", lib, "--write", dir.path("")], "--recognizers"),
            (["record", "--store", dir.path(""), "--templates", lib, "--port", "0"], "--templates"),
        ]
        let before = snapshot(dir.path(""))
        for c in cases {
            let r = try CLIRunner.run(c.args)
            #expect(r.status != 0, "\(c.args)")
            #expect(r.stderr.contains(c.input), "\(c.args): \(r.stderr)")
            #expect(snapshot(dir.path("")) == before, "\(c.args)")
        }
    }
}

/// Every command with an output option takes part in the output-versus-input check, so a
/// new command cannot forget it.
struct OutputSafetyCoverageTests {
    /// Commands still to be converted (their outputs are checked by their own code or
    /// not yet at all); remove a name once its command conforms to `WritesOutputs`.
    static let notYetConverted: Set<String> = []

    @Test func everyCommandWithAnOutputOptionChecksItsPaths() throws {
        let dir = DatasetLocator.packageRoot.appendingPathComponent("Sources/gesturelab")
        let outputOption = try Regex(#"@OptionGroup var \w+: ReportOptions|customLong\("(to|svg|store|out|report|write)"\)|@Option\([^\n]*\)\s*\n\s*var (out|write)\s*[:=]"#)
        var checked: [String] = []
        // The commands sit in one folder per family (Train/, Eval/, …): every file below the target.
        let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        for path in files.sorted() where path.hasSuffix(".swift") {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let text = try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
            // ReportCLISupport.swift defines `--report` for the commands that use it.
            guard text.contains(outputOption), !Self.notYetConverted.contains(name), name != "ReportCLISupport.swift" else { continue }
            #expect(text.contains("WritesOutputs") && text.contains("try checkOutputPaths()"),
                    "\(name) has an output option but does not check it against its inputs (conform to WritesOutputs)")
            checked.append(name)
        }
        #expect(checked.count >= 9, "\(checked)")
    }
}
