import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport
@testable import GestureTraining

/// `eval model` on a study recorded on several input devices: each device's figures are
/// those of its samples alone, samples that name no device are in no row, and data that
/// names none has no per-device figures.
struct ModelEvaluationDeviceTests {
    /// A model of three labels trained on two people.
    static func model() throws -> (GestureModel, TemporaryDirectory) {
        let train = VerifierFixtures.samples(["check", "zigzag", "triangle"], subjects: ["s1", "s2"], perLabel: 6, seed: 5)
        let result = try TrainingWorkflow.run(Dataset(train), source: "fixture", settings: TrainingSettings())
        let dir = try TemporaryDirectory("eval-model-devices")
        try OutputFolder.write(try result.files(), to: dir.url.appendingPathComponent("m"))
        return (try GestureModel.load(dir.url.appendingPathComponent("m")), dir)
    }

    /// Test data of three other people: s3 on a mouse, s4 on a stylus, s5 naming no device;
    /// circles and rectangles are labels the model does not know.
    static func study() -> [Sample] {
        let devices = ["s3": "mouse", "s4": "stylus"]
        return VerifierFixtures.samples(["check", "zigzag", "triangle", "circle", "rectangle"], subjects: ["s3", "s4", "s5"],
                                        perLabel: 5, seed: 9).map { s in
            var s = s
            if let d = s.subject.flatMap({ devices[$0] }) { s.meta["device"] = d }
            return s
        }
    }

    @Test func eachDevicesFiguresAreThoseOfItsSamplesAlone() throws {
        let (model, dir) = try Self.model(); defer { dir.remove() }
        let study = Self.study()
        // Negatives given apart from the test data: lines on the mouse, one naming no device.
        var negatives = VerifierFixtures.samples(["line"], subjects: ["n"], perLabel: 4, seed: 2).map { s -> Sample in
            var s = s
            s.meta["device"] = "mouse"
            return s
        }
        negatives[0].meta["device"] = nil
        let all = try ModelEvaluation.run(model, modelPath: "m", test: Dataset(study), negatives: negatives)
        let devices = try #require(all.perDevice)
        #expect(Set(devices.keys) == ["mouse", "stylus"], "s5 names no device and has no row")
        for device in ["mouse", "stylus"] {
            let alone = try ModelEvaluation.run(model, modelPath: "m", test: Dataset(study).onlyDevices([device]),
                                                negatives: negatives.filter { $0.device == device })
            let row = try #require(devices[device])
            #expect(row.samples == alone.samples && row.samples == 15, "\(device): 3 known labels x 5")
            #expect(row.acceptedAndCorrect == alone.acceptedAndCorrect)
            #expect(row.rejectionRate == alone.rejectionRate)
            #expect(row.acceptedWrong == alone.acceptedWrong)
            // Every negative of the device: its unknown labels and the negatives given.
            let negativesAlone = alone.negatives.values.reduce((0, 0)) { ($0.0 + $1.count, $0.1 + $1.total) }
            #expect(row.falsePositiveRate?.count == negativesAlone.0 && row.falsePositiveRate?.total == negativesAlone.1)
            #expect(row.falsePositiveRate?.total == (device == "mouse" ? 10 + 3 : 10))
        }
        // Rows and the sample without a device add up to the whole.
        let s5 = try ModelEvaluation.run(model, modelPath: "m", test: Dataset(study.filter { $0.device == nil }))
        #expect(devices.values.map(\.samples).reduce(0, +) + s5.samples == all.samples)
        #expect(devices.values.compactMap(\.acceptedAndCorrect?.count).reduce(0, +) + s5.acceptedAndCorrect.count
                == all.acceptedAndCorrect.count)

        // The report's notes carry one line per device.
        let notes = EvaluationReport.model(all, seed: 1, dataset: nil).notes
        #expect(notes.contains { $0.hasPrefix("device mouse: accepted and correct: ") && $0.contains("false-positive rate on negatives and unknown labels") },
                "\(notes)")
    }

    @Test func dataThatNamesNoDeviceHasNoPerDeviceFigures() throws {
        let (model, dir) = try Self.model(); defer { dir.remove() }
        let plain = Self.study().map { s -> Sample in
            var s = s
            s.meta["device"] = nil
            return s
        }
        let r = try ModelEvaluation.run(model, modelPath: "m", test: Dataset(plain))
        #expect(r.perDevice == nil)
        // Only negatives on a device: a row with an FPR and no acceptance.
        var line = VerifierFixtures.samples(["line"], subjects: ["n"], perLabel: 3, seed: 2)
        for i in line.indices { line[i].meta["device"] = "trackpad" }
        let negativesOnly = try ModelEvaluation.run(model, modelPath: "m", test: Dataset([]), negatives: line)
        let row = try #require(negativesOnly.perDevice?["trackpad"])
        #expect(row.samples == 0 && row.acceptedAndCorrect == nil && row.acceptedWrong == nil)
        #expect(row.falsePositiveRate?.total == 3)
    }
}
