import Foundation
import GestureTestSupport
import Testing

/// What a new user meets first: typos get a "did you mean", a missing file is named as
/// missing before anything else, options that contradict a model are refused, and
/// `recognize` reports file by file.
struct FirstUseCLITests {
    @Test func aMistypedCommandSuggestsTheNearestOne() throws {
        let r = try CLIRunner.run(["trian", "--dataset", "x", "--out", "y"])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("unknown command 'trian'") && r.stderr.contains("did you mean 'train'"), "\(r.stderr)")
        let nested = try CLIRunner.run(["eval", "matcer", "--dataset", "x"])
        #expect(nested.status == 64 && nested.stderr.contains("did you mean 'matcher'"), "\(nested.stderr)")
    }

    @Test func aMistypedOptionSuggestsTheNearestOne() throws {
        let r = try CLIRunner.run(["train", "--datset", "x", "--out", "y"])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("unknown option '--datset'") && r.stderr.contains("did you mean '--dataset'"), "\(r.stderr)")
        #expect(!r.stderr.contains("Missing expected argument"), "\(r.stderr)")
        let sub = try CLIRunner.run(["eval", "model", "--model", "m", "--dataset", "d", "--fromat", "json"])
        #expect(sub.status == 64 && sub.stderr.contains("did you mean '--format'"), "\(sub.stderr)")
        // Known options, values that look like options and `--` are left alone.
        let help = try CLIRunner.run(["recognize", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--skip-invalid"), "\(help.stderr)")
    }

    @Test func helpStartsWithTheWalkthrough() throws {
        let r = try CLIRunner.run(["--help"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let walk = lines.prefix(10).filter { $0.contains(". gesturelab ") }
        #expect(walk.count == 5, "\(r.stdout)")
        #expect(walk.first?.contains("1. gesturelab record --store my-gestures") == true
                && walk.last?.contains("5. gesturelab eval model") == true, "\(r.stdout)")
    }

    @Test func aMissingFileIsNamedBeforeAnythingElse() throws {
        let dir = try TemporaryDirectory("gesturelab-missing")
        defer { dir.remove() }
        let config = dir.path("r.json")
        try Data(#"{"format": "gesturelab.recognizers/1", "recognizers": []}"#.utf8).write(to: URL(fileURLWithPath: config))
        let r = try CLIRunner.run(["show", dir.path("nope.jsonl"), "--recognizers", config, "--svg", dir.path("o.svg")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("\(dir.path("nope.jsonl")): no such file"), "\(r.stderr)")
        #expect(!r.stderr.contains("holds samples"), "\(r.stderr)")
        let model = try CLIRunner.run(["eval", "model", "--model", dir.path("no-model"), "--dataset", config])
        #expect(model.status != 0 && model.stderr.contains("no-model: no such file or folder (given as --model)"), "\(model.stderr)")
    }

    @Test(arguments: [["--algorithm", "protractor"], ["--points", "8"], ["--rotation", "sensitive"]])
    func optionsContradictingAModelAreRefused(option: [String]) throws {
        let dir = try TemporaryDirectory("gesturelab-contradict")
        defer { dir.remove() }
        let r = try CLIRunner.run(["recognize", "--model", dir.path("."), dir.path("s.json")] + option)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("\(option[0]) would contradict it"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func anOptionThatChangesNothingSaysSo() throws {
        let dir = try TemporaryDirectory("gesturelab-noop")
        defer { dir.remove() }
        let sample = dir.path("check.xml")
        try Data(DataFixtures.dollarOneXML.utf8).write(to: URL(fileURLWithPath: sample))
        let r = try CLIRunner.run(["recognize", "--templates", "templates/templates.json", "--algorithm", "pplus",
                                   "--rotation", "bounded", sample])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("--rotation changes nothing here"), "\(r.stderr)")
    }

    @Test func recognizeReportsEachFileAndGoesOn() throws {
        let dir = try TemporaryDirectory("gesturelab-per-file")
        defer { dir.remove() }
        let good = dir.path("good.xml"), good2 = dir.path("good2.xml"), bad = dir.path("bad.json")
        try Data(DataFixtures.dollarOneXML.utf8).write(to: URL(fileURLWithPath: good))
        try Data(DataFixtures.dollarOneXML.utf8).write(to: URL(fileURLWithPath: good2))
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: bad))
        let missing = dir.path("missing.json")
        let args = ["recognize", "--templates", "templates/templates.json", good, bad, missing, good2]
        // Without --skip-invalid: the good files' results, each bad file's error, exit 1.
        let r = try CLIRunner.run(args)
        #expect(r.status == 1, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasPrefix("\(good): ") && lines[1].hasPrefix("\(good2): "), "\(r.stdout)")
        #expect(r.stderr.contains(bad) && r.stderr.contains("\(missing): no such file"), "\(r.stderr)")
        #expect(r.stderr.contains("2 inputs (files, samples or lines) could not be read"), "\(r.stderr)")
        // With it: the same results, the bad ones listed as skipped, exit 0.
        let s = try CLIRunner.run(args.dropLast(4) + ["--skip-invalid", good, bad, missing, good2])
        #expect(s.status == 0, "\(s.stderr)")
        #expect(s.stdout == r.stdout)
        #expect(s.stderr.contains("skipped: \(missing): no such file"), "\(s.stderr)")
        // Nothing readable at all is still an error.
        let none = try CLIRunner.run(["recognize", "--templates", "templates/templates.json", "--skip-invalid", bad])
        #expect(none.status == 1 && none.stderr.contains("nothing could be recognized"), "\(none.stderr)")
    }

    @Test func shippedThresholdsWorkOutsideTheRepository() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        // Run from the fixture's folder, no templates/ anywhere near, no override.
        let r = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", "data", "--positive", "check",
                                   "--thresholds", "default"], in: dir.url, environment: ["GESTURELAB_TEMPLATES": ""])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("thresholds default (templates/checkmark.json)"), "\(r.stdout)")
    }
}
