import Foundation
import Testing
import GestureTestSupport

/// A temporary copy of a small real subset of the $1 logs: `subjects` × medium speed
/// (160 files per subject), or `nil` (printing the skip message) when the dataset is absent.
func makeDollarOneSubset(subjects: [String] = ["s02", "s03"]) throws -> TemporaryDirectory? {
    guard let root = DatasetLocator.dollarOnePath else {
        print(DatasetLocator.skipMessage)
        return nil
    }
    let dir = try TemporaryDirectory("gesturelab-dollar1-subset")
    let fm = FileManager.default
    for s in subjects {
        let from = URL(fileURLWithPath: root).appendingPathComponent(s).appendingPathComponent("medium")
        let to = dir.url.appendingPathComponent("data").appendingPathComponent(s)
        try fm.createDirectory(at: to, withIntermediateDirectories: true)
        for name in try fm.contentsOfDirectory(atPath: from.path) where name.hasSuffix(".xml") {
            try fm.copyItem(at: from.appendingPathComponent(name), to: to.appendingPathComponent(name))
        }
    }
    return dir
}

/// `train detector` and `eval detector`, end to end through the built binary.
struct DetectorCommandTests {
    static let positiveLabel: [String: String] = ["checkmark": "check", "circle": "circle"]

    /// Trains `kind` on the synthetic fixture dataset into `out`.
    func train(_ kind: String, dataset: String, out: String, seed: String = "1",
               extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(["train", "detector", kind, "--dataset", dataset,
                           "--positive", Self.positiveLabel[kind] ?? kind, "--seed", seed, "--out", out] + extra)
    }

    @Test(arguments: ["checkmark", "circle"])
    func trainWritesAThresholdsFileThatDecodesAndEvaluates(kind: String) throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir)
        let out = dir.path("\(kind).json")
        let r = try train(kind, dataset: data, out: out, extra: ["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try #require(jsonObject(r.stdout))
        #expect(report["positives"] as? Int == 12)
        #expect(report["negatives"] as? Int == 60)
        #expect(report["seed"] as? Int == 1)

        let file = try #require(jsonObject(try String(contentsOfFile: out, encoding: .utf8)))
        #expect(file["format"] as? String == "gesturelab.\(kind)/1")
        #expect((file["provenance"] as? String)?.contains("--seed 1") == true)

        // The file is usable: evaluating it on its own training data finds the positives
        // and rejects most negatives.
        let e = try CLIRunner.run(["eval", "detector", kind, "--dataset", data, "--positive", Self.positiveLabel[kind] ?? kind,
                                   "--thresholds", out, "--format", "json"])
        #expect(e.status == 0, "\(e.stderr)")
        let eval = try #require(jsonObject(e.stdout))
        let tpr = try #require(eval["truePositiveRate"] as? Double)
        let fpr = try #require(eval["falsePositiveRate"] as? Double)
        #expect(tpr >= 0.9, "TPR \(tpr)")
        #expect(fpr <= 0.1, "FPR \(fpr)")
        #expect(eval["thresholdsSource"] as? String == out)
    }

    @Test func trainingIsByteIdenticalWithTheSameSeed() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir)
        let a = try train("checkmark", dataset: data, out: dir.path("a.json"), seed: "5")
        let b = try train("checkmark", dataset: data, out: dir.path("b.json"), seed: "5")
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        let first = try Data(contentsOf: dir.url.appendingPathComponent("a.json"))
        #expect(!first.isEmpty)
        #expect(first == (try Data(contentsOf: dir.url.appendingPathComponent("b.json"))))
        #expect(a.stdout.replacingOccurrences(of: "a.json", with: "b.json") == b.stdout)
    }

    @Test func missingDatasetFailsNamingItAndWritesNothing() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let missing = dir.path("no-such-dataset")
        let r = try train("checkmark", dataset: missing, out: dir.path("out.json"))
        #expect(r.status != 0)
        #expect(r.stderr.contains(missing), "\(r.stderr)")
        #expect(listing(dir.url).isEmpty, "\(listing(dir.url))")
    }

    @Test func noPositivesFailsNamingTheLabelAndTheFileAndKeepsTheOldOutput() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, labels: ["line", "v"])
        let out = dir.path("out.json")
        try Data("previous\n".utf8).write(to: URL(fileURLWithPath: out))
        let r = try train("checkmark", dataset: data, out: out)
        #expect(r.status != 0)
        #expect(r.stderr.contains("'check'"), "\(r.stderr)")
        #expect(r.stderr.contains(data), "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous\n")
        #expect(listing(dir.url) == ["out.json", "synthetic.jsonl"])
    }

    @Test(arguments: ["all", "leave-one-subject-out"])
    func evalWithoutPositivesFailsNamingTheLabelAndTheFile(evaluationProtocol: String) throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, labels: ["line", "v"])
        let r = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                   "--thresholds", "checkplease", "--protocol", evaluationProtocol, "--format", "json"])
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr.contains("'check'") && r.stderr.contains(data), "\(r.stderr)")
    }

    @Test func onlyPositivesFailsSayingNegativesAreNeeded() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, labels: ["circle"])
        let r = try train("circle", dataset: data, out: dir.path("out.json"))
        #expect(r.status != 0)
        #expect(r.stderr.contains("negatives"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.json")))
    }

    struct EvalCase: Sendable, CustomStringConvertible {
        var kind: String
        var thresholds: String
        var evaluationProtocol: String
        var description: String { "\(kind) \(thresholds) \(evaluationProtocol)" }
    }

    static let evalCases: [EvalCase] = [
        ("checkmark", "checkplease"), ("checkmark", "default"), ("circle", "sadun"), ("circle", "default"),
    ].flatMap { kind, t in
        ["all", "leave-one-subject-out"].map { EvalCase(kind: kind, thresholds: t, evaluationProtocol: $0) }
    }

    @Test(arguments: evalCases)
    func evalJSONHasTheDocumentedKeys(c: EvalCase) throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir)
        let r = try CLIRunner.run(["eval", "detector", c.kind, "--dataset", data, "--positive", Self.positiveLabel[c.kind] ?? "",
                                   "--thresholds", c.thresholds, "--protocol", c.evaluationProtocol, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let e = try #require(jsonObject(r.stdout))
        let tpr = try #require(e["truePositiveRate"] as? Double)
        let fpr = try #require(e["falsePositiveRate"] as? Double)
        #expect((0...1).contains(tpr) && (0...1).contains(fpr))
        #expect(e["positives"] as? Int == 12)
        #expect(e["negatives"] as? Int == 60)
        let perLabel = try #require(e["perLabel"] as? [String: Double])
        #expect(perLabel.keys.sorted() == SyntheticDatasetFixture.labels)
        // The positive label's detected fraction is the TPR.
        #expect(abs((perLabel[Self.positiveLabel[c.kind] ?? ""] ?? -1) - tpr) < 1e-12)
        let perSubject = try #require(e["perSubject"] as? [String: Any])
        #expect(perSubject.keys.sorted() == ["s1", "s2", "s3"])
        let thresholds = try #require(e["thresholds"] as? [String: Any])
        // The detector's own format, or the general detector's trained for its label (the
        // shipped check mark, chosen on inner folds), which stands for it.
        let format = thresholds["format"] as? String
        #expect(format == "gesturelab.\(c.kind)/1"
                || (format == "gesturelab.shape/1" && thresholds["label"] as? String == Self.positiveLabel[c.kind]), "\(format ?? "")")
        #expect(e["protocol"] as? String == c.evaluationProtocol)
    }

    /// `--redrawn-loops N` scores every positive redrawn with 2…N loops, one subject per
    /// loop count; it is refused below 2 and with `--thresholds train`.
    @Test func redrawnLoopsAreScoredPerLoopCount() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir)
        let args = ["eval", "detector", "circle", "--dataset", data, "--positive", "circle", "--thresholds", "default",
                    "--format", "json"]
        let r = try CLIRunner.run(args + ["--redrawn-loops", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("12 of 12 'circle' samples redrawn with 2…3 loops"), "\(r.stderr)")
        let e = try #require(jsonObject(r.stdout))
        #expect(e["positives"] as? Int == 12 + 24)
        #expect(e["negatives"] as? Int == 60)
        let perSubject = try #require(e["perSubject"] as? [String: [String: Any]])
        #expect(perSubject.keys.sorted() == ["loops-2", "loops-3", "s1", "s2", "s3"])
        for k in ["loops-2", "loops-3"] {
            #expect(perSubject[k]?["positives"] as? Int == 12)
            // The fixture's clean circles, redrawn, are still circles to the shipped file.
            #expect(try #require(perSubject[k]?["truePositiveRate"] as? Double) >= 0.9, "\(k): \(r.stdout)")
        }
        #expect(try CLIRunner.run(args + ["--redrawn-loops", "3"]).stdout == r.stdout)
        for bad in [["--redrawn-loops", "1"], ["--redrawn-loops", "21"]] {
            let b = try CLIRunner.run(args + bad)
            #expect(b.status != 0 && b.stderr.contains("--redrawn-loops must be between 2 and 20"), "\(b.stderr)")
        }
        let trained = try CLIRunner.run(["eval", "detector", "circle", "--dataset", data, "--positive", "circle",
                                         "--thresholds", "train", "--redrawn-loops", "3"])
        #expect(trained.status != 0 && trained.stderr.contains("not --thresholds train"), "\(trained.stderr)")
        // --loop-*: how loops differ. Loops shrinking to 0.6 of the one before are a spiral, not a circle.
        let spiral = try CLIRunner.run(args + ["--redrawn-loops", "3", "--loop-size-trend", "0.6"])
        #expect(spiral.status == 0, "\(spiral.stderr)")
        let spiralSubjects = try #require(jsonObject(spiral.stdout)?["perSubject"] as? [String: [String: Any]])
        #expect(try #require(spiralSubjects["loops-3"]?["truePositiveRate"] as? Double) <= 0.1, "\(spiral.stdout)")
        let steady = try CLIRunner.run(args + ["--redrawn-loops", "3", "--loop-size-spread", "0.02", "--loop-centre-step", "0.02"])
        let steadySubjects = try #require(jsonObject(steady.stdout)?["perSubject"] as? [String: [String: Any]])
        #expect(try #require(steadySubjects["loops-3"]?["truePositiveRate"] as? Double) >= 0.9, "\(steady.stdout)")
        for (bad, message) in [(["--redrawn-loops", "3", "--loop-size-spread", "0.7"], "--loop-size-spread must be within 0.0…0.5, got 0.7"),
                               (["--redrawn-loops", "3", "--loop-centre-step", "nan"], "--loop-centre-step must be within"),
                               (["--redrawn-loops", "3", "--loop-size-trend", "3"], "--loop-size-trend must be within 0.5…2.0, got 3.0"),
                               (["--loop-size-trend", "0.9"], "apply only with --redrawn-loops")] {
            let b = try CLIRunner.run(args + bad)
            #expect(b.status != 0 && b.stderr.contains(message), "\(bad): \(b.stderr)")
        }
    }

    @Test func trainedOnOtherSubjectsPerFoldSeparatesTheFixtureShapes() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        // 8 samples per label and subject: each fold trains on 16 circles and 80 others.
        let data = try SyntheticDatasetFixture.write(to: dir, perLabel: 8)
        let args = ["eval", "detector", "circle", "--dataset", data, "--positive", "circle", "--thresholds", "train",
                    "--protocol", "leave-one-subject-out", "--seed", "3", "--format", "json"]
        let r = try CLIRunner.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        let e = try #require(jsonObject(r.stdout))
        #expect(try #require(e["truePositiveRate"] as? Double) >= 0.9, "\(r.stdout)")
        #expect(try #require(e["falsePositiveRate"] as? Double) <= 0.05, "\(r.stdout)")
        #expect(e["seed"] as? Int == 3)
        #expect(try CLIRunner.run(args).stdout == r.stdout)
    }

    /// `--augment N` trains on transformed copies too (tested on the recorded samples
    /// only); `--device-shift` adds one row per transform, in text and JSON.
    @Test func augmentedTrainingAndDeviceShiftThroughTheCLI() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, perLabel: 6)
        let base = ["eval", "detector", "checkmark", "--dataset", data, "--positive", "check", "--thresholds", "train",
                    "--protocol", "leave-one-subject-out", "--augment", "2", "--device-shift"]
        let json = try CLIRunner.run(base + ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let o = try #require(jsonObject(json.stdout))
        let e = try #require(o["evaluation"] as? [String: Any])
        let rows = try #require(o["deviceShift"] as? [[String: Any]])
        #expect(rows.first?["transform"] as? String == "none")
        #expect(rows.contains { $0["transform"] as? String == "sampling 30 Hz" })
        #expect(rows.contains { $0["transform"] as? String == "rotation -20°" })
        // Last, a finger resting at both ends and one resting along the stroke, which the
        // preparation drops rather than training holds, and how another hand draws.
        #expect(rows.suffix(5).map { $0["transform"] as? String } == [
            "resting ends (12 points each)", "resting along the stroke (20 points)", "pixel grid (30 px on the longer side)",
            "wobble 2% of the diagonal, 4 waves", "flick at the lift (3–6% of the path)",
        ])
        // The copies train only: the positives counted are the recorded ones.
        let none = try #require(rows.first?["counts"] as? [String: Any])
        #expect(none["truePositives"] as? Int == Int(((e["truePositiveRate"] as? Double) ?? 0) * Double((e["positives"] as? Int) ?? 0) + 0.5))
        #expect((e["samples"] as? [Any]) == nil, "per-sample details only with --details")
        let text = try CLIRunner.run(base)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("device shift"))
        #expect(text.stdout.contains("scale 0.3x"))
        // --augment only makes sense when training.
        let refused = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check", "--augment", "2"])
        #expect(refused.status != 0 && refused.stderr.contains("--augment"), "\(refused.stderr)")
        // train detector --augment records it in the provenance.
        let out = dir.path("aug.json")
        let t = try train("checkmark", dataset: data, out: out, extra: ["--augment", "2"])
        #expect(t.status == 0, "\(t.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("--augment 2"))
    }

    /// `--every-device`: the inner folds choose by the worst device shift, said in the file
    /// and the report; the general detector's thresholds trained for check marks stand for
    /// the check-mark detector (a `v`'s do not).
    @Test func everyDeviceTrainingAndGeneralThresholdsStandingForTheCheckMark() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, perLabel: 6)
        let out = dir.path("check.json")
        let t = try train("checkmark", dataset: data, out: out, extra: ["--every-device", "--choose-detector", "--format", "json"])
        #expect(t.status == 0, "\(t.stderr)")
        let report = try #require(jsonObject(t.stdout))
        let worstTPR = try #require(report["worstDeviceTruePositiveRate"] as? Double)
        #expect(worstTPR <= (report["validationTruePositiveRate"] as? Double ?? 0))
        let file = try String(contentsOfFile: out, encoding: .utf8)
        #expect(file.contains("--every-device") && file.contains("worst device shift TPR"), "\(file)")
        let plain = try train("checkmark", dataset: data, out: dir.path("plain.json"), extra: ["--format", "json"])
        #expect(try #require(jsonObject(plain.stdout))["worstDeviceTruePositiveRate"] == nil)

        // The general detector trained for `check`: a check-mark file wherever one is read.
        let general = dir.path("general-check.json")
        let g = try CLIRunner.run(["train", "detector", "shape", "--positive", "check", "--dataset", data, "--out", general])
        #expect(g.status == 0, "\(g.stderr)")
        let e = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                   "--thresholds", general, "--format", "json"])
        #expect(e.status == 0, "\(e.stderr)")
        let o = try #require(jsonObject(e.stdout))
        #expect(try #require(o["truePositiveRate"] as? Double) >= 0.9, "\(e.stdout)")
        #expect(try #require(o["falsePositiveRate"] as? Double) <= 0.05, "\(e.stdout)")
        #expect((o["thresholds"] as? [String: Any])?["format"] as? String == "gesturelab.shape/1")
        #expect(o["bookPreset"] != nil, "CheckPlease beside, as for the check mark's own thresholds")
        let text = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check", "--thresholds", general])
        #expect(text.stdout.contains("thresholds \(general) (shape measures)"), "\(text.stdout)")
        let v = dir.path("general-v.json")
        #expect(try CLIRunner.run(["train", "detector", "--label", "v", "--dataset", data, "--out", v]).status == 0)
        let refused = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check", "--thresholds", v])
        #expect(refused.status != 0 && refused.stderr.contains(v) && refused.stderr.contains("'v'")
                && refused.stderr.contains("label"), "\(refused.stderr)")
        // Choosing by devices needs training.
        let noTrain = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check", "--every-device"])
        #expect(noTrain.status != 0 && noTrain.stderr.contains("--every-device"), "\(noTrain.stderr)")
    }

    /// `--held-out-dataset`: another study scores every choice; its figures reach the report
    /// and the provenance; a subject excluded from `--dataset` is not excluded from it; the
    /// option needs training, and its labels must exist.
    @Test func aDatasetHeldOutWholeThroughTheCLI() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-held-out")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, perLabel: 6)
        let other = try SyntheticDatasetFixture.write(to: dir, name: "other.jsonl", subjects: ["s1", "w2"], perLabel: 5, seed: 99)
        let out = dir.path("check.json")
        let t = try train("checkmark", dataset: data, out: out,
                          extra: ["--held-out-dataset", other, "--exclude-subject", "s1", "--format", "json"])
        #expect(t.status == 0, "\(t.stderr)")
        let report = try #require(jsonObject(t.stdout))
        // Both of the other study's subjects count: 10 check marks, the rest negatives.
        #expect(report["heldOutTruePositiveRate"] is Double, "\(t.stdout)")
        #expect(report["heldOutFalsePositiveRate"] is Double, "\(t.stdout)")
        let families = try #require(report["familyFalsePositiveRates"] as? [String: Double])
        #expect(families.keys.contains { $0.hasPrefix("held-out:") } && families["held-out:check"] == nil, "\(families)")
        let file = try String(contentsOfFile: out, encoding: .utf8)
        #expect(file.contains("--held-out-dataset \(other)") && file.contains("held-out dataset TPR"), "\(file)")
        let text = try train("checkmark", dataset: data, out: dir.path("check2.json"),
                             extra: ["--held-out-dataset", other, "--held-out-positive", "check", "--held-out-positive", "v"])
        #expect(text.status == 0 && text.stdout.contains("held out whole (\(other)): TPR"), "\(text.stdout)\(text.stderr)")
        // Refusals: no label of it, no dataset, no training.
        let unknown = try train("checkmark", dataset: data, out: dir.path("x.json"),
                                extra: ["--held-out-dataset", other, "--held-out-positive", "nope"])
        #expect(unknown.status != 0 && unknown.stderr.contains(other) && unknown.stderr.contains("'nope'"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.json")))
        let alone = try train("checkmark", dataset: data, out: dir.path("x.json"), extra: ["--held-out-positive", "check"])
        #expect(alone.status != 0 && alone.stderr.contains("--held-out-positive needs --held-out-dataset"), "\(alone.stderr)")
        let fixed = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                       "--held-out-dataset", other])
        #expect(fixed.status != 0 && fixed.stderr.contains("--held-out-dataset"), "\(fixed.stderr)")
        let trained = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                         "--thresholds", "train", "--held-out-dataset", other, "--format", "json"])
        #expect(trained.status == 0, "\(trained.stderr)")
    }

    /// `--bag K`: the median of K draws, said in the provenance; training only; bounded.
    @Test func baggedTrainingThroughTheCLI() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-bag")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, perLabel: 6)
        let out = dir.path("circle.json")
        let t = try train("circle", dataset: data, out: out, extra: ["--augment", "1", "--everyday", "5", "--bag", "3"])
        #expect(t.status == 0, "\(t.stderr)")
        let file = try String(contentsOfFile: out, encoding: .utf8)
        #expect(file.contains("--bag 3") && file.contains("the median box of 3 draws (seeds 1, 2, 3)"), "\(file)")
        let e = try CLIRunner.run(["eval", "detector", "circle", "--dataset", data, "--positive", "circle", "--thresholds", "train",
                                   "--protocol", "leave-one-subject-out", "--augment", "1", "--bag", "2", "--format", "json"])
        #expect(e.status == 0, "\(e.stderr)")
        let fixed = try CLIRunner.run(["eval", "detector", "circle", "--dataset", data, "--positive", "circle", "--bag", "2"])
        #expect(fixed.status != 0 && fixed.stderr.contains("--bag"), "\(fixed.stderr)")
        // --loops trains on looped copies with or without --augment, in eval as in train; fixed thresholds refuse it.
        let looped = try CLIRunner.run(["eval", "detector", "circle", "--dataset", data, "--positive", "circle", "--thresholds", "train",
                                        "--loops", "3", "--format", "json"])
        #expect(looped.status == 0, "\(looped.stderr)")
        let loopsFixed = try CLIRunner.run(["eval", "detector", "circle", "--dataset", data, "--positive", "circle", "--loops", "3"])
        #expect(loopsFixed.status != 0 && loopsFixed.stderr.contains("--loops"), "\(loopsFixed.stderr)")
        let tooMany = try train("circle", dataset: data, out: dir.path("x.json"), extra: ["--bag", "10"])
        #expect(tooMany.status != 0 && tooMany.stderr.contains("--bag must be between 1 and 9"), "\(tooMany.stderr)")
    }

    /// `train detector --label zig_zag`: the general shape detector for any label, its
    /// file, its evaluation, and its place in a model folder.
    @Test func aShapeDetectorForAnyLabelThroughTheCLI() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-shape")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, perLabel: 6)
        let out = dir.path("zig_zag.json")
        let t = try CLIRunner.run(["train", "detector", "--label", "zig_zag", "--dataset", data, "--out", out])
        #expect(t.status == 0, "\(t.stderr)")
        let file = try String(contentsOfFile: out, encoding: .utf8)
        #expect(file.contains("gesturelab.shape/1") && file.contains("\"label\" : \"zig_zag\""), "\(file)")
        let e = try CLIRunner.run(["eval", "detector", "--label", "zig_zag", "--dataset", data, "--thresholds", out, "--format", "json"])
        #expect(e.status == 0, "\(e.stderr)")
        let o = try #require(jsonObject(e.stdout))
        #expect(o["detector"] as? String == "shape")
        #expect(try #require(o["truePositiveRate"] as? Double) >= 0.9, "\(e.stdout)")
        #expect(try #require(o["falsePositiveRate"] as? Double) <= 0.05, "\(e.stdout)")
        // No label, both labels, or no shipped default: clear refusals.
        let none = try CLIRunner.run(["train", "detector", "--dataset", data, "--out", out])
        #expect(none.status != 0 && none.stderr.contains("--label"), "\(none.stderr)")
        let noDefault = try CLIRunner.run(["eval", "detector", "--label", "zig_zag", "--dataset", data])
        #expect(noDefault.status != 0 && noDefault.stderr.contains("no shipped thresholds"), "\(noDefault.stderr)")
        // gesturelab train --shape-detector zig_zag puts it in the model folder.
        let model = dir.path("model")
        let m = try CLIRunner.run(["train", "--dataset", data, "--out", model, "--shape-detector", "zig_zag", "--quiet"])
        #expect(m.status == 0, "\(m.stderr)")
        #expect(FileManager.default.fileExists(atPath: model + "/shape-zig_zag.json"))
        let fromModel = try CLIRunner.run(["eval", "detector", "--label", "zig_zag", "--dataset", data, "--model", model, "--format", "json"])
        #expect(fromModel.status == 0, "\(fromModel.stderr)")
        let missing = try CLIRunner.run(["eval", "detector", "--label", "v", "--dataset", data, "--model", model])
        #expect(missing.status != 0 && missing.stderr.contains("shape-v.json"), "\(missing.stderr)")
    }

    /// `bench detectors` prints a row per detector, method and length (figures are printed,
    /// never asserted: timing belongs in benchmarks).
    @Test func benchDetectorsPrintsEveryRow() throws {
        let r = try CLIRunner.run(["bench", "detectors", "--points", "50,300", "--repeats", "1", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(jsonObject(r.stdout)?["rows"] as? [[String: Any]])
        #expect(rows.count == 12)
        #expect(Set(rows.compactMap { $0["points"] as? Int }) == [50, 300])
        #expect(rows.contains { $0["detector"] as? String == "shape (trained)" && $0["method"] as? String == "re-measure prefix" })
        #expect(rows.allSatisfy { (($0["pointsPerSecond"] as? Double) ?? 0) > 0 })
        let bad = try CLIRunner.run(["bench", "detectors", "--points", "2"])
        #expect(bad.status != 0 && bad.stderr.contains("--points"), "\(bad.stderr)")
    }

    struct BadThresholds: Sendable, CustomStringConvertible {
        var name: String
        /// Turns a valid trained file into a bad one.
        var corrupt: @Sendable (String) -> String
        /// What the message must name besides the file.
        var field: String
        var description: String { name }
    }

    static let badThresholds: [BadThresholds] = [
        BadThresholds(name: "unknown-version", corrupt: {
            $0.replacingOccurrences(of: "gesturelab.checkmark/1", with: "gesturelab.checkmark/9")
        }, field: "format"),
        BadThresholds(name: "truncated", corrupt: { String($0.prefix($0.count / 2)) }, field: "field"),
        BadThresholds(name: "not-json", corrupt: { _ in "thresholds, please\n" }, field: "field"),
        BadThresholds(name: "missing-format", corrupt: {
            $0.replacingOccurrences(of: "\"format\"", with: "\"formatted\"")
        }, field: "format"),
    ]

    @Test(arguments: badThresholds)
    func badThresholdsFileFailsNamingTheFileAndField(bad: BadThresholds) throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir)
        let good = dir.path("good.json")
        let t = try train("checkmark", dataset: data, out: good)
        #expect(t.status == 0, "\(t.stderr)")
        let badPath = dir.path("\(bad.name).json")
        try Data(bad.corrupt(try String(contentsOfFile: good, encoding: .utf8)).utf8).write(to: URL(fileURLWithPath: badPath))
        let r = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                   "--thresholds", badPath, "--format", "json"])
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr.contains(badPath), "\(r.stderr)")
        #expect(r.stderr.contains(bad.field), "\(r.stderr)")
    }

    @Test func circleThresholdsGivenToTheCheckMarkDetectorAreRefused() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-detector")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir)
        let circle = dir.path("circle.json")
        #expect(try train("circle", dataset: data, out: circle).status == 0)
        let r = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                   "--thresholds", circle])
        #expect(r.status != 0)
        #expect(r.stderr.contains(circle) && r.stderr.contains("format"), "\(r.stderr)")
    }

    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func realSubsetTrainsAndEvaluatesACheckMarkDetector() throws {
        let dir = try #require(try makeDollarOneSubset(), "the $1 logs vanished while the suite ran")
        defer { dir.remove() }
        let data = dir.path("data")
        let out = dir.path("check.json")
        let t = try train("checkmark", dataset: data, out: out)
        #expect(t.status == 0, "\(t.stderr)")
        #expect(t.stdout.contains("320 samples: 20 'check', 300 others"), "\(t.stdout)")
        for spec in ["checkplease", out] {
            let r = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                       "--thresholds", spec, "--format", "json"])
            #expect(r.status == 0, "\(r.stderr)")
            let e = try #require(jsonObject(r.stdout))
            #expect(e["positives"] as? Int == 20)
            #expect(e["negatives"] as? Int == 300)
            #expect((e["perSubject"] as? [String: Any])?.count == 2)
            if spec == out {
                // On its own training data the trained box keeps the check marks and
                // rejects the rest far better than the book rule.
                #expect(try #require(e["truePositiveRate"] as? Double) >= 0.9)
                #expect(try #require(e["falsePositiveRate"] as? Double) <= 0.05)
            } else {
                #expect(try #require(e["falsePositiveRate"] as? Double) >= 0.3)
            }
        }
    }
}
