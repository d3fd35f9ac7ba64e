import Foundation
import GestureData
import GestureDetectors
import GestureMatching
import GestureTestSupport
import Testing
@testable import GestureTraining

/// A model folder is valid as a whole or refused with the file and the field named:
/// invalid parts (an unknown rejection rule, a verifier without trees, an empty detector
/// interval, thresholds for labels the model lacks) once loaded silently.
struct GestureModelValidationTests {
    /// The files of one small trained model, trained once.
    static let trained: Result<[String: Data], Error> = Result {
        try TrainingWorkflow.run(Dataset(WorkflowFixtures.samples()), source: "fixtures",
                                 settings: WorkflowTrainingTests.settings).files()
    }

    /// Writes the model with `part` changed by `edit` (its JSON object), the manifest's
    /// hash of it updated so that only the change itself is at fault.
    static func model(in dir: TemporaryDirectory, editing part: String, _ edit: (inout [String: Any]) -> Void) throws -> URL {
        var files = try trained.get()
        let original = try #require(files[part])
        var object = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
        edit(&object)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        files[part] = data
        if part != GestureModel.manifestFile {
            let manifestData = try #require(files[GestureModel.manifestFile])
            var manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
            var hashes = try #require(manifest["files"] as? [String: Any])
            var h = FNV1a64(); h.combine(data)
            hashes[part] = h.hex
            manifest["files"] = hashes
            files[GestureModel.manifestFile] = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        }
        let out = dir.url.appendingPathComponent("model")
        try? FileManager.default.removeItem(at: out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for (name, d) in files { try d.write(to: out.appendingPathComponent(name)) }
        return out
    }

    /// Loads `folder`, expecting a ``GestureModelError`` about `part` whose message names `field`.
    static func expectRefused(_ folder: URL, part: String, field: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try GestureModel.load(folder)
            Issue.record("the model loaded; \(part) \(field) should be refused", sourceLocation: sourceLocation)
        } catch let e as GestureModelError {
            #expect(e.part == part, "\(e)", sourceLocation: sourceLocation)
            #expect(e.description.contains(folder.path + "/" + part) && e.description.contains(field), "\(e)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a GestureModelError: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func theUneditedModelLoads() throws {
        let dir = try TemporaryDirectory("model-valid")
        defer { dir.remove() }
        let m = try GestureModel.load(try Self.model(in: dir, editing: GestureModel.thresholdsFile) { _ in })
        #expect(m.library.names == ["check", "circle", "zigzag"])
    }

    @Test(arguments: ["bogus", "", "Verifier"])
    func anUnknownRejectionRuleIsRefused(rule: String) throws {
        let dir = try TemporaryDirectory("model-rejection")
        defer { dir.remove() }
        let folder = try Self.model(in: dir, editing: GestureModel.manifestFile) { $0["rejection"] = rule }
        Self.expectRefused(folder, part: GestureModel.manifestFile, field: "rejection")
    }

    @Test func aVerifierWithoutTreesIsRefused() throws {
        let dir = try TemporaryDirectory("model-verifier")
        defer { dir.remove() }
        let folder = try Self.model(in: dir, editing: GestureModel.verifierFile) { v in
            var model = v["model"] as? [String: Any] ?? [:]
            model["trees"] = [Any]()
            v["model"] = model
        }
        Self.expectRefused(folder, part: GestureModel.verifierFile, field: "model.trees")
    }

    /// Verifiers no training makes: each refused naming the field.
    @Test(arguments: [
        ("featureCount", "model.featureCount"),
        ("gainByFeature", "gainByFeature"),
        ("child", "left"),
        ("cycle", "right"),
        ("feature", "feature"),
    ])
    func structurallyImpossibleVerifiersAreRefused(change: String, field: String) throws {
        let dir = try TemporaryDirectory("model-verifier-shape")
        defer { dir.remove() }
        let folder = try Self.model(in: dir, editing: GestureModel.verifierFile) { v in
            var model = v["model"] as? [String: Any] ?? [:]
            var trees = model["trees"] as? [[String: Any]] ?? []
            let count = model["featureCount"] as? Int ?? 0
            switch change {
            case "featureCount": model["featureCount"] = count + 1
            case "gainByFeature": model["gainByFeature"] = [0.0]
            case "child":
                var lefts = trees[0]["left"] as? [Int] ?? []
                if let i = (trees[0]["feature"] as? [Int])?.firstIndex(where: { $0 >= 0 }) { lefts[i] = 10_000 }
                trees[0]["left"] = lefts
            case "cycle":
                var rights = trees[0]["right"] as? [Int] ?? []
                if let i = (trees[0]["feature"] as? [Int])?.firstIndex(where: { $0 >= 0 }) { rights[i] = i }
                trees[0]["right"] = rights
            default:
                var features = trees[0]["feature"] as? [Int] ?? []
                if let i = features.firstIndex(where: { $0 >= 0 }) { features[i] = count + 5 }
                trees[0]["feature"] = features
            }
            model["trees"] = trees
            v["model"] = model
        }
        Self.expectRefused(folder, part: GestureModel.verifierFile, field: field)
    }

    @Test func anEmptyDetectorIntervalIsRefused() throws {
        let dir = try TemporaryDirectory("model-detector")
        defer { dir.remove() }
        let folder = try Self.model(in: dir, editing: "checkmark.json") { t in
            var box = t["box"] as? [String: Any] ?? [:]
            var intervals = box["intervals"] as? [String: Any] ?? [:]
            let name = intervals.keys.sorted()[0]
            intervals[name] = ["lower": 5.0, "upper": -5.0, "scale": 1.0]
            box["intervals"] = intervals
            t["box"] = box
        }
        Self.expectRefused(folder, part: "checkmark.json", field: "lower")
        // The same file given alone (`--thresholds FILE`) is refused too, naming the field.
        let file = folder.appendingPathComponent("checkmark.json").path
        #expect { try DetectorThresholdsFile.load(file, kind: .checkmark) } throws: { "\($0)".contains("box.intervals.") && "\($0)".contains(".lower") }
    }

    @Test func aNegativeIntervalScaleIsRefused() throws {
        let dir = try TemporaryDirectory("model-detector-scale")
        defer { dir.remove() }
        let folder = try Self.model(in: dir, editing: "circle.json") { t in
            var box = t["box"] as? [String: Any] ?? [:]
            var intervals = box["intervals"] as? [String: Any] ?? [:]
            let name = intervals.keys.sorted()[0]
            intervals[name] = ["lower": 0.0, "upper": 1.0, "scale": -1.0]
            box["intervals"] = intervals
            t["box"] = box
        }
        Self.expectRefused(folder, part: "circle.json", field: "scale")
    }

    @Test func thresholdsForALabelTheModelLacksAreRefused() throws {
        let dir = try TemporaryDirectory("model-thresholds")
        defer { dir.remove() }
        let folder = try Self.model(in: dir, editing: GestureModel.thresholdsFile) { t in
            var th = t["thresholds"] as? [String: Any] ?? [:]
            th["ghost"] = 0.5
            t["thresholds"] = th
        }
        Self.expectRefused(folder, part: GestureModel.thresholdsFile, field: "thresholds.ghost")
    }

    @Test func aModelLabelWithoutAThresholdIsRefused() throws {
        let dir = try TemporaryDirectory("model-thresholds-missing")
        defer { dir.remove() }
        let folder = try Self.model(in: dir, editing: GestureModel.thresholdsFile) { t in
            var th = t["thresholds"] as? [String: Any] ?? [:]
            th["circle"] = nil
            t["thresholds"] = th
        }
        Self.expectRefused(folder, part: GestureModel.thresholdsFile, field: "thresholds")
    }

    /// A verifier kept beside the thresholds in use must belong to the model as well.
    @Test func anInactiveVerifierOfOtherLabelsIsRefused() throws {
        let dir = try TemporaryDirectory("model-inactive-verifier")
        defer { dir.remove() }
        var folder = try Self.model(in: dir, editing: GestureModel.verifierFile) { v in
            var s = v["statistics"] as? [String: Any] ?? [:]
            s["labels"] = ["check", "circle", "other"]
            v["statistics"] = s
        }
        // Now make the thresholds the rule in use (keeping the edited verifier).
        let manifestURL = folder.appendingPathComponent(GestureModel.manifestFile)
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        manifest["rejection"] = "thresholds"
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        folder = manifestURL.deletingLastPathComponent()
        do {
            _ = try GestureModel.load(folder)
            Issue.record("a verifier of other labels loaded beside the thresholds")
        } catch let e as GestureModelError {
            #expect(e.description.contains("rejection verifier") && e.description.contains("other"), "\(e)")
        }
    }
}
