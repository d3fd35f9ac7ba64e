import Foundation
import Testing
import GestureData
import GestureTestSupport

/// A model folder with an invalid part is refused by every command that reads it, naming
/// the file and the field (an unknown rejection rule once loaded as "no rejection").
struct InvalidModelCommandTests {
    @Test func anUnknownRejectionRuleIsRefusedNamingTheFileAndField() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-invalid-model")
        defer { dir.remove() }
        let data = dir.path("train.jsonl")
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1", "s2"], perLabel: 4), to: URL(fileURLWithPath: data))
        let model = dir.path("model")
        let t = try CLIRunner.run(["train", "--dataset", data, "--out", model, "--scribbles", "40", "--splices", "40",
                                   "--rejection", "f1", "--templates-per-class", "2"])
        #expect(t.status == 0, "\(t.stderr)")
        let manifestPath = model + "/manifest.json"
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath))) as? [String: Any])
        manifest["rejection"] = "bogus"
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: manifestPath))
        for args in [["recognize", "--model", model, data], ["eval", "model", "--model", model, "--dataset", data]] {
            let r = try CLIRunner.run(args)
            #expect(r.status != 0, "\(args)")
            #expect(r.stderr.contains("manifest.json") && r.stderr.contains("'rejection'") && r.stderr.contains("bogus"), "\(args): \(r.stderr)")
        }
    }
}
