import Foundation
import Testing
import GestureData
import GestureTestSupport

/// A study recorded on several input devices (a sample's `meta.device`): `eval detector`
/// scores it device by device in one run, and `--device` keeps one device's samples on
/// every command that reads a dataset.
struct DeviceCommandTests {
    /// The synthetic fixture with subject s1 on a mouse, s2 on a stylus and s3 naming no device.
    static func writeStudy(to dir: TemporaryDirectory) throws -> String {
        let devices = ["s1": "mouse", "s2": "stylus"]
        let samples = SyntheticDatasetFixture.samples().map { s -> Sample in
            var s = s
            if let d = s.subject.flatMap({ devices[$0] }) { s.meta["device"] = d }
            return s
        }
        let path = dir.path("study.jsonl")
        try JSONLines.write(samples, to: URL(fileURLWithPath: path))
        return path
    }

    @Test func evalDetectorScoresEachDeviceAndTheRowsAddUp() throws {
        let dir = try TemporaryDirectory("gesturelab-devices"); defer { dir.remove() }
        let study = try Self.writeStudy(to: dir)
        let r = try CLIRunner.run(["eval", "detector", "checkmark", "--thresholds", "default", "--dataset", study,
                                   "--positive", "check", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let e = try #require(jsonObject(r.stdout))
        let perDevice = try #require(e["perDevice"] as? [String: [String: Any]])
        #expect(Set(perDevice.keys) == ["mouse", "stylus"], "the samples naming no device are in no row")
        // Each subject is one device here, so each device's row is that subject's.
        let perSubject = try #require(e["perSubject"] as? [String: [String: Any]])
        for (device, subject) in [("mouse", "s1"), ("stylus", "s2")] {
            let d = try #require(perDevice[device]), s = try #require(perSubject[subject])
            #expect(d["positives"] as? Int == 4 && d["negatives"] as? Int == 20, "\(device): \(d)")
            for key in ["truePositiveRate", "falsePositiveRate", "falseDetections"] {
                #expect((d[key] as? NSNumber) == (s[key] as? NSNumber), "\(device) \(key): \(d[key] ?? "nil") against \(s[key] ?? "nil")")
            }
        }
        // The text report lists the same rows.
        let text = try CLIRunner.run(["eval", "detector", "checkmark", "--thresholds", "default", "--dataset", study, "--positive", "check"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("per device (TPR, FPR):"))
        #expect(text.stdout.contains("  mouse: ") && text.stdout.contains("of 4 positives and 20 negatives"), "\(text.stdout)")

        // Data that names no device has no per-device figures at all.
        let plain = try SyntheticDatasetFixture.write(to: dir)
        let p = try CLIRunner.run(["eval", "detector", "checkmark", "--thresholds", "default", "--dataset", plain,
                                   "--positive", "check", "--format", "json"])
        #expect(p.status == 0, "\(p.stderr)")
        #expect(try #require(jsonObject(p.stdout))["perDevice"] == nil)
        let pt = try CLIRunner.run(["eval", "detector", "checkmark", "--thresholds", "default", "--dataset", plain, "--positive", "check"])
        #expect(!pt.stdout.contains("per device"))
    }

    @Test func deviceKeepsThatDevicesSamplesAndAnUnknownOneIsNamedWithTheDevicesThere() throws {
        let dir = try TemporaryDirectory("gesturelab-devices"); defer { dir.remove() }
        let study = try Self.writeStudy(to: dir)
        let r = try CLIRunner.run(["eval", "detector", "checkmark", "--thresholds", "default", "--dataset", study,
                                   "--positive", "check", "--device", "stylus", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let e = try #require(jsonObject(r.stdout))
        #expect(e["positives"] as? Int == 4 && e["negatives"] as? Int == 20)
        #expect((e["perSubject"] as? [String: Any]).map { Set($0.keys) } == ["s2"])

        let bad = try CLIRunner.run(["eval", "detector", "checkmark", "--thresholds", "default", "--dataset", study,
                                     "--positive", "check", "--device", "pen"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains(study) && bad.stderr.contains("--device 'pen' names no sample")
                && bad.stderr.contains("mouse (24), stylus (24)"), "\(bad.stderr)")

        // Device names come from the data: a long one is cut, a long list ends with a count.
        let many = SyntheticDatasetFixture.samples(labels: ["check"], subjects: ["s1"], perLabel: 25).enumerated().map { i, s -> Sample in
            var s = s
            s.meta["device"] = String(format: "%02d", i) + String(repeating: "d", count: 5000)
            return s
        }
        let manyPath = dir.path("many.jsonl")
        try JSONLines.write(many, to: URL(fileURLWithPath: manyPath))
        let cut = try CLIRunner.run(["dataset", "info", manyPath, "--device", "pen"])
        #expect(cut.status != 0)
        #expect(cut.stderr.contains("and 5 more") && cut.stderr.utf8.count < 4000, "\(cut.stderr.utf8.count) bytes: \(cut.stderr.prefix(300))")

        let none = try SyntheticDatasetFixture.write(to: dir)
        let n = try CLIRunner.run(["eval", "detector", "checkmark", "--thresholds", "default", "--dataset", none,
                                   "--positive", "check", "--device", "mouse"])
        #expect(n.status != 0)
        #expect(n.stderr.contains(none) && n.stderr.contains("its samples name no device"), "\(n.stderr)")
    }

    @Test func datasetInfoCountsDevicesAndNegativesFromElsewhereNeedNone() throws {
        let dir = try TemporaryDirectory("gesturelab-devices"); defer { dir.remove() }
        let study = try Self.writeStudy(to: dir)
        let info = try CLIRunner.run(["dataset", "info", study, "--format", "json"])
        #expect(info.status == 0, "\(info.stderr)")
        let summary = try #require(jsonObject(info.stdout))
        #expect(summary["devices"] as? [String: Int] == ["mouse": 24, "stylus": 24])
        let text = try CLIRunner.run(["dataset", "info", study])
        #expect(text.stdout.contains("devices (2):") && text.stdout.contains("  (none): 24"), "\(text.stdout)")
        let one = try CLIRunner.run(["dataset", "info", study, "--device", "mouse", "--format", "json"])
        #expect(try #require(jsonObject(one.stdout))["samples"] as? Int == 24)

        // --negatives from a folder that names no device are not filtered by --device.
        let negatives = try SyntheticDatasetFixture.write(to: dir, name: "others.jsonl", labels: ["line", "zig_zag"], subjects: ["x"])
        let r = try CLIRunner.run(["eval", "detector", "checkmark", "--thresholds", "default", "--dataset", study,
                                   "--positive", "check", "--device", "mouse", "--negatives", negatives, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try #require(jsonObject(r.stdout))["negatives"] as? Int == 20 + 8)
    }

    /// `train --device` keeps the device's samples and says so; `eval model` then scores
    /// the study device by device.
    @Test func trainKeepsOneDeviceAndEvalModelScoresEachDevice() throws {
        let dir = try TemporaryDirectory("gesturelab-devices"); defer { dir.remove() }
        let study = try Self.writeStudy(to: dir)
        let out = dir.path("model")
        let t = try CLIRunner.run(["train", "--dataset", study, "--device", "stylus", "--out", out])
        #expect(t.status == 0, "\(t.stderr)")
        let manifest = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("device stylus only"), "\(manifest.prefix(600))")

        let e = try CLIRunner.run(["eval", "model", "--model", out, "--dataset", study, "--format", "json"])
        #expect(e.status == 0, "\(e.stderr)")
        let report = try #require(jsonObject(e.stdout))
        let perDevice = try #require(report["perDevice"] as? [String: [String: Any]])
        #expect(Set(perDevice.keys) == ["mouse", "stylus"], "s3 names no device and has no row")
        for (device, row) in perDevice {
            #expect(row["samples"] as? Int == 24, "\(device): \(row)")
            let correct = try #require(row["acceptedAndCorrect"] as? [String: Any])
            #expect(correct["total"] as? Int == 24 && (correct["interval"] as? [Double])?.count == 2)
            #expect(row["falsePositiveRate"] == nil, "every label of the study is in the model: no negatives on \(device)")
        }
        let text = try CLIRunner.run(["eval", "model", "--model", out, "--dataset", study])
        #expect(text.stdout.contains("per device (accepted and correct, accepted but wrong, FPR on negatives and unknown labels):")
                && text.stdout.contains("  mouse: ") && text.stdout.contains("/24), ") && text.stdout.hasSuffix("–\n"), "\(text.stdout)")
        let one = try CLIRunner.run(["eval", "model", "--model", out, "--dataset", study, "--device", "mouse", "--format", "json"])
        #expect((try #require(jsonObject(one.stdout))["perDevice"] as? [String: Any]).map { Set($0.keys) } == ["mouse"])

        // `eval engine` replays one session per subject and device, with figures per device.
        let engine = try CLIRunner.run(["eval", "engine", "--model", out, "--dataset", study, "--format", "json"])
        #expect(engine.status == 0, "\(engine.stderr)")
        let replay = try #require(jsonObject(engine.stdout))
        let sessions = try #require(replay["sessions"] as? [[String: Any]]).compactMap { $0["session"] as? String }
        #expect(sessions == ["subject s1 (mouse)", "subject s2 (stylus)", "subject s3 (no device)"], "\(sessions)")
        let devices = try #require(replay["perDevice"] as? [String: [String: Any]])
        #expect(Set(devices.keys) == ["mouse", "stylus"])
        for (device, row) in devices {
            let total = try #require(row["total"] as? [String: Any])
            #expect(total["expected"] as? Int == 24, "every sample of \(device) is of a label the model knows: \(total)")
        }
        let engineText = try CLIRunner.run(["eval", "engine", "--model", out, "--dataset", study])
        #expect(engineText.stdout.contains("per device (expected, detected, missed, repeats, false):\n  mouse: 24, "), "\(engineText.stdout)")
    }
}
