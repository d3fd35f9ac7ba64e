import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport

/// The model folder at the command line: `train` writes it, `recognize --model` and
/// `eval model` read it, and parts that do not belong together are refused.
struct ModelCommandTests {
    func trained(_ dir: TemporaryDirectory, subjects: [String] = ["s1", "s2", "s3"]) throws -> (data: String, model: String) {
        let samples = SyntheticDatasetFixture.samples(subjects: subjects, perLabel: 5)
        let data = dir.path("train.jsonl")
        try JSONLines.write(samples, to: URL(fileURLWithPath: data))
        let model = dir.path("model")
        // A known matcher (not auto's choice): the model folder's plumbing is under test.
        let r = try CLIRunner.run(["train", "--dataset", data, "--out", model, "--scribbles", "80", "--splices", "80", "--algorithm", "combined"])
        #expect(r.status == 0, "\(r.stderr)")
        return (data, model)
    }

    @Test func trainWritesAModelThatRecognizeAndEvalModelUse() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-model")
        defer { dir.remove() }
        let (_, model) = try trained(dir)
        let manifest = try #require(jsonObject(try String(contentsOfFile: model + "/manifest.json", encoding: .utf8)))
        #expect(manifest["format"] as? String == "gesturelab.model/1")
        #expect((manifest["matcher"] as? [String: Any])?["algorithm"] as? String == "combined")
        #expect(manifest["rejection"] as? String == "verifier")
        #expect(FileManager.default.fileExists(atPath: model + "/verifier.json"))
        let test = dir.path("test.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s9"], perLabel: 3, seed: 77), to: URL(fileURLWithPath: test))
        let rec = try CLIRunner.run(["recognize", "--model", model, test, "--format", "json"])
        #expect(rec.status == 0, "\(rec.stderr)")
        let e = try CLIRunner.run(["eval", "model", "--model", model, "--dataset", test, "--format", "json"])
        #expect(e.status == 0, "\(e.stderr)")
        let report = try #require(jsonObject(e.stdout))
        let top = try #require(report["topOneAccuracy"] as? [String: Any])
        #expect((top["total"] as? Int) ?? 0 > 0)
        #expect((top["interval"] as? [Double])?.count == 2)
    }

    /// `replay`, the engine configuration, `eval engine`, `eval detector`, `eval matcher` and
    /// `record` all take the model folder and its settings; conflicting options are refused.
    @Test func everyCommandTakesTheModelFolder() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-model-everywhere")
        defer { dir.remove() }
        let (data, model) = try trained(dir)
        let test = dir.path("test.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s9"], perLabel: 3, seed: 78), to: URL(fileURLWithPath: test))

        // eval engine: the model's labels should fire its recognizer.
        let engine = try CLIRunner.run(["eval", "engine", "--model", model, "--dataset", test, "--format", "json"])
        #expect(engine.status == 0, "\(engine.stderr)")
        let counts = try #require(jsonObject(engine.stdout)?["counts"] as? [[String: Any]])
        let row = try #require(counts.first { $0["name"] as? String == "model" })
        let expected = row["expected"] as? Int ?? 0
        #expect(expected == SyntheticDatasetFixture.labels.count * 3)
        #expect((row["detected"] as? Int ?? 0) >= expected * 8 / 10, "\(row)")

        // replay --model, and a configuration naming the folder (relative to the configuration).
        let sessions = dir.path("sessions")
        #expect(try CLIRunner.run(["eval", "engine", "--synthetic-minutes", "0.2", "--write", sessions]).status == 0)
        let session = sessions + "/synthetic-seed1.jsonl"
        let replay = try CLIRunner.run(["replay", "--model", model, session, "--format", "json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect((jsonObject(replay.stdout)?["counts"] as? [String: Int])?["model"] != nil)
        let config = dir.path("recognizers.json")
        try #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "mine", "type": "template", "model": "model"}]}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        let viaConfig = try CLIRunner.run(["replay", "--recognizers", config, session, "--format", "json"])
        #expect(viaConfig.status == 0, "\(viaConfig.stderr)")
        #expect((jsonObject(viaConfig.stdout)?["counts"] as? [String: Int])?["mine"] != nil)
        try #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "mine", "type": "template", "model": "model", "minimumScore": 0.8}]}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        let both = try CLIRunner.run(["replay", "--recognizers", config, session])
        #expect(both.status != 0)
        #expect(both.stderr.contains("recognizers[0].minimumScore"), "\(both.stderr)")

        // eval detector: the model's check-mark thresholds, not together with --thresholds.
        let det = try CLIRunner.run(["eval", "detector", "checkmark", "--model", model, "--dataset", test, "--positive", "check"])
        #expect(det.status == 0, "\(det.stderr)")
        #expect(det.stdout.contains("thresholds model \(model)"))
        let detBoth = try CLIRunner.run(["eval", "detector", "checkmark", "--model", model, "--thresholds", "checkplease",
                                         "--dataset", test, "--positive", "check"])
        #expect(detBoth.status != 0)

        // eval matcher: the model's matcher settings; other settings asked for are an error naming both.
        let em = try CLIRunner.run(["eval", "matcher", "--model", model, "--dataset", data, "--templates-per-class", "1", "--trials", "2"])
        #expect(em.status == 0, "\(em.stderr)")
        #expect(em.stdout.contains("combined (weights pplus 1, jackknife 1, corner 0.25)"), "\(em.stdout)")
        let emBad = try CLIRunner.run(["eval", "matcher", "--model", model, "--dataset", data, "--algorithm", "protractor",
                                       "--trials", "2"])
        #expect(emBad.status != 0)
        #expect(emBad.stderr.contains("combined (weights pplus 1, jackknife 1, corner 0.25)") && emBad.stderr.contains("protractor (16 points"), "\(emBad.stderr)")

        // record: the model replaces --templates / --rejection.
        let rec = try CLIRunner.run(["record", "--store", dir.path("store"), "--model", model, "--templates", model + "/templates.json"])
        #expect(rec.status != 0)
        #expect(rec.stderr.contains("--model brings its own"), "\(rec.stderr)")
    }

    /// `--negatives` takes touch sessions as well as samples: every touch's path is a negative.
    @Test func touchSessionsServeAsNegativesForTrainAndEvalModel() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-session-negatives")
        defer { dir.remove() }
        let sessions = dir.path("sessions")
        #expect(try CLIRunner.run(["eval", "engine", "--synthetic-minutes", "0.5", "--write", sessions]).status == 0)
        let data = dir.path("train.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1", "s2", "s3"], perLabel: 5), to: URL(fileURLWithPath: data))
        let model = dir.path("model")
        let t = try CLIRunner.run(["train", "--dataset", data, "--out", model, "--scribbles", "80", "--splices", "80",
                                   "--negatives", sessions, "--format", "json"])
        #expect(t.status == 0, "\(t.stderr)")
        let verifier = try #require(jsonObject(try String(contentsOfFile: model + "/verifier.json", encoding: .utf8)))
        let bySource = (verifier["operatingPoint"] as? [String: Any])?["negativesBySource"] as? [String: Any]
        // The sessions' strokes are among the verifier's negatives.
        let user = try #require(bySource?["user"] as? [Int], "\(String(describing: bySource))")
        #expect(user.count == 2 && user[1] > 10)
        let e = try CLIRunner.run(["eval", "model", "--model", model, "--negatives", sessions + "/synthetic-seed1.jsonl", "--format", "json"])
        #expect(e.status == 0, "\(e.stderr)")
        let negatives = try #require(jsonObject(e.stdout)?["negatives"] as? [String: Any])
        let rate = try #require(negatives["negatives: touch sessions"] as? [String: Any], "\(negatives.keys)")
        #expect((rate["total"] as? Int ?? 0) > 10)
        // With labelled test data too, the report plots the rule's ROC (log FPR axis) and the confusion.
        let test = dir.path("test.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s9"], perLabel: 3, seed: 79), to: URL(fileURLWithPath: test))
        let report = dir.path("report")
        let withReport = try CLIRunner.run(["eval", "model", "--model", model, "--dataset", test, "--negatives", sessions,
                                            "--report", report])
        #expect(withReport.status == 0, "\(withReport.stderr)")
        let files = listing(URL(fileURLWithPath: report))
        #expect(files.contains("rejection-roc.svg") && files.contains("model-confusion.svg"), "\(files)")
        let roc = try String(contentsOfFile: report + "/rejection-roc.svg", encoding: .utf8)
        #expect(roc.contains("log scale"))
    }

    /// Data loss: `train --out`, `--report` and `--out .` never replace a folder
    /// holding files GestureLab did not write; a model folder it wrote is replaced.
    @Test func trainNeverReplacesAFolderOfTheUsersFiles() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-out-safety")
        defer { dir.remove() }
        let data = dir.path("train.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1", "s2"], perLabel: 4), to: URL(fileURLWithPath: data))
        let p = dir.path("p")
        try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)
        try "my thesis".write(toFile: p + "/thesis.txt", atomically: true, encoding: .utf8)
        let fast = ["--scribbles", "40", "--splices", "40", "--rejection", "f1"]
        for args in [["--out", p], ["--out", dir.path("m"), "--report", p]] {
            let r = try CLIRunner.run(["train", "--dataset", data] + args + fast)
            #expect(r.status != 0, "\(args)")
            #expect(r.stderr.contains("thesis.txt") && r.stderr.contains(p), "\(r.stderr)")
            #expect(try String(contentsOfFile: p + "/thesis.txt", encoding: .utf8) == "my thesis")
        }
        // Refused before the training: the model of `--out m --report p` was not written either.
        #expect(!FileManager.default.fileExists(atPath: dir.path("m")), "the model was written although its report was refused")
        // The current folder, holding the input.
        let here = try CLIRunner.run(["train", "--dataset", "train.jsonl", "--out", "."] + fast, in: dir.url)
        #expect(here.status != 0)
        #expect(FileManager.default.fileExists(atPath: data))
        // A folder GestureLab wrote is replaced as a whole.
        let m = dir.path("m2")
        #expect(try CLIRunner.run(["train", "--dataset", data, "--out", m] + fast).status == 0)
        let again = try CLIRunner.run(["train", "--dataset", data, "--out", m, "--seed", "2"] + fast)
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// The demo's OUT/model holding the user's files is refused before the demo reads or
    /// trains anything (one subject, which the demo would refuse later, shows the order),
    /// and OUT/report is not written.
    @Test func theDemoRefusesAModelFolderOfTheUsersFilesBeforeTraining() throws {
        let dir = try TemporaryDirectory("gesturelab-demo-out-safety")
        defer { dir.remove() }
        let data = dir.path("samples.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1"], perLabel: 3), to: URL(fileURLWithPath: data))
        try FileManager.default.createDirectory(atPath: dir.path("out/model"), withIntermediateDirectories: true)
        try "mine".write(toFile: dir.path("out/model/notes.txt"), atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["demo", "--samples", data, "--out", dir.path("out")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("notes.txt") && r.stderr.contains(dir.path("out/model")) && !r.stderr.contains("subjects"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out/report")), "the report was written although the model folder was refused")
        #expect(try String(contentsOfFile: dir.path("out/model/notes.txt"), encoding: .utf8) == "mine")
    }

    /// `-` reads samples from standard input; `--version` prints the version.
    @Test func recognizeReadsStandardInputAndVersionPrints() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-stdin")
        defer { dir.remove() }
        let (_, model) = try trained(dir)
        let samples = SyntheticDatasetFixture.samples(subjects: ["s9"], perLabel: 1, seed: 80)
        let one = try NativeSampleCodec.encode(samples[0])
        let r = try CLIRunner.run(["recognize", "--model", model, "-", "--format", "json"], input: one)
        #expect(r.status == 0, "\(r.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 1 && parsed?.first?["source"] != nil)
        let lines = Data(try samples.map { String(decoding: try NativeSampleCodec.encode($0), as: UTF8.self) }.joined(separator: "\n").utf8)
        let many = try CLIRunner.run(["recognize", "--model", model, "-", "--format", "json"], input: lines)
        #expect(many.status == 0, "\(many.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(many.stdout.utf8)) as? [Any])?.count == samples.count)
        let bad = try CLIRunner.run(["recognize", "--model", model, "-"], input: Data("{not json".utf8))
        #expect(bad.status != 0 && bad.stderr.contains("standard input"), "\(bad.stderr)")
        let v = try CLIRunner.run(["--version"])
        #expect(v.status == 0 && v.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3, "\(v.stdout)")
    }

    @Test func aForeignRejectionFileAndMismatchedSettingsExitNonZeroNamingWhatDisagrees() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-model-bad")
        defer { dir.remove() }
        let (data, model) = try trained(dir)
        // Thresholds trained elsewhere, with other settings, dropped into the folder.
        let lib = dir.path("lib.json")
        #expect(try CLIRunner.run(["templates", "build", "--dataset", data, "--per-class", "2", "--algorithm", "protractor", "--out", lib]).status == 0)
        let foreign = dir.path("foreign.json")
        let t = try CLIRunner.run(["train", "rejection", "--templates", lib, "--dataset", data, "--algorithm", "protractor",
                                   "--points", "32", "--rotation", "sensitive", "--out", foreign])
        #expect(t.status == 0, "\(t.stderr)")
        try FileManager.default.removeItem(atPath: model + "/rejection.json")
        try FileManager.default.copyItem(atPath: foreign, toPath: model + "/rejection.json")
        let r = try CLIRunner.run(["recognize", "--model", model, data])
        #expect(r.status != 0)
        #expect(r.stderr.contains("rejection.json"), "\(r.stderr)")
        // The same thresholds used directly with other matcher settings.
        let m = try CLIRunner.run(["recognize", "--templates", lib, "--rejection", foreign, "--algorithm", "protractor", data])
        #expect(m.status != 0)
        #expect(m.stderr.contains("32 points, rotation sensitive") && m.stderr.contains("16 points, rotation invariant"), "\(m.stderr)")
        // The recorder checks the settings too, not only the algorithm.
        let rec = try CLIRunner.run(["record", "--store", dir.path("store"), "--templates", lib, "--rejection", foreign,
                                     "--algorithm", "protractor"])
        #expect(rec.status != 0)
        #expect(rec.stderr.contains("32 points, rotation sensitive") && rec.stderr.contains("16 points, rotation invariant"), "\(rec.stderr)")
    }

    @Test func leaveOneLabelOutOnOneSubjectIsAnErrorNotZeroPercent() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-lolo-empty")
        defer { dir.remove() }
        let data = dir.path("one.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["me"], perLabel: 4), to: URL(fileURLWithPath: data))
        for rejection in ["verifier", "thresholds"] {
            let r = try CLIRunner.run(["eval", "matcher", "--dataset", data, "--protocol", "leave-one-label-out", "--rejection", rejection,
                                       "--templates-per-class", "2"])
            #expect(r.status != 0)
            #expect(r.stderr.contains("at least 2 subjects"), "\(r.stderr)")
            #expect(!r.stdout.contains("0.00%"))
        }
    }

    /// The study learns only from the other subjects of --dataset: a training dataset
    /// given to it once changed nothing and said nothing.
    @Test func leaveOneLabelOutRefusesATrainingDataset() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-lolo-train")
        defer { dir.remove() }
        let data = dir.path("two.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["a", "b"], perLabel: 4), to: URL(fileURLWithPath: data))
        let r = try CLIRunner.run(["eval", "matcher", "--dataset", data, "--protocol", "leave-one-label-out",
                                   "--train-dataset", data, "--algorithm", "protractor", "--templates-per-class", "2"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--train-dataset does not apply"), "\(r.stderr)")
    }

    @Test func aOnePercentTargetOnSixteenNegativesIsRefused() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-weak")
        defer { dir.remove() }
        let data = dir.path("store.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(labels: ["check", "circle", "zig_zag"],
                                                            subjects: ["me"], perLabel: 8), to: URL(fileURLWithPath: data))
        let lib = dir.path("lib.json")
        #expect(try CLIRunner.run(["templates", "build", "--dataset", data, "--per-class", "2", "--out", lib]).status == 0)
        let r = try CLIRunner.run(["train", "rejection", "--templates", lib, "--dataset", data, "--method", "target-fpr",
                                   "--target-fpr", "0.01", "--out", dir.path("t.json")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("3 / target"), "\(r.stderr)")
        let allowed = try CLIRunner.run(["train", "rejection", "--templates", lib, "--dataset", data, "--method", "target-fpr",
                                         "--target-fpr", "0.01", "--allow-weak-negatives", "--out", dir.path("t.json")])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }
}
