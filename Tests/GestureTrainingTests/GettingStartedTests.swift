import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport
import GestureTraining

/// The DocC article "Getting started" (GestureTraining.docc/GettingStarted.md): its code,
/// compiled and run here against a model folder trained on the spot, so the example
/// cannot rot.
struct GettingStartedTests {
    @Test func theArticlesExampleLoadsAModelAndRecognizesAStroke() throws {
        let dir = try TemporaryDirectory("getting-started")
        defer { dir.remove() }
        let samples = SyntheticDatasetFixture.samples(subjects: ["s1", "s2", "s3"], perLabel: 5)
        var settings = TrainingSettings()
        settings.syntheticNegatives = 80
        settings.splicedNegatives = 80
        let trained = try TrainingWorkflow.run(Dataset(samples), source: "fixture", settings: settings)
        try OutputFolder.write(try trained.files(), to: dir.url.appendingPathComponent("model"))

        // From the article (the folder path made absolute):
        let model = try GestureModel.load(dir.url.appendingPathComponent("model"))
        let stroke = Stroke([Point(x: 0, y: 0), Point(x: 20, y: 30), Point(x: 80, y: -50)])
        let result = model.recognizer.recognize(Gesture([stroke]))
        print(result.label ?? "rejected", "-", result.verdict)

        #expect(result.nearest == "check", "\(result.verdict)")
        #expect(result.verdict.hasPrefix(result.accepted ? "accepted as check" : "rejected: closest check"))
    }

    /// The article's code block, checked against this test's, line by line.
    @Test func theArticleShowsThisCode() throws {
        let article = DatasetLocator.packageRoot.appendingPathComponent("Sources/GestureTraining/GestureTraining.docc/GettingStarted.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        for line in ["let model = try GestureModel.load(URL(fileURLWithPath: \"model\"))",
                     "let stroke = Stroke([Point(x: 0, y: 0), Point(x: 20, y: 30), Point(x: 80, y: -50)])",
                     "let result = model.recognizer.recognize(Gesture([stroke]))"] {
            #expect(text.contains(line), "the article lost: \(line)")
        }
        let code = text.components(separatedBy: "```swift")[1].components(separatedBy: "```")[0]
        #expect(code.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count <= 10)
    }
}
