import Foundation
import Testing
import GestureTestSupport

/// `eval detector` with fixed thresholds on data that has only one side: a person's own
/// check marks (no negatives: the TPR is what counts) or another vocabulary
/// (`--negatives-only`: the FPR per label is what counts). A rate with no samples is
/// shown as –, never as 0 %; training on such data is refused, saying why.
struct OneSidedDetectorDataTests {
    @Test func aPersonsOwnCheckMarksAloneAreScoredByFixedThresholds() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-one-sided")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, name: "checks.jsonl", labels: ["check"])
        let text = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                      "--thresholds", "checkplease", "--device-shift"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let rates = try #require(lines.first { $0.hasPrefix("TPR ") })
        #expect(rates.hasSuffix("FPR – (no negatives)"), "\(rates)")
        #expect(rates.contains("/12)"), "12 check marks scored: \(rates)")
        let shifted = try #require(lines.first { $0.contains("sampling") })
        #expect(shifted.hasSuffix("–"), "the device-shift rows have no FPR either: \(shifted)")
        let json = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                      "--thresholds", "checkplease", "--format", "json"])
        let e = try #require(jsonObject(json.stdout))
        #expect(e["positives"] as? Int == 12 && e["negatives"] as? Int == 0)

        // Training needs negatives; a mistyped positive label is still refused, naming the labels.
        let train = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check", "--thresholds", "train"])
        #expect(train.status != 0 && train.stderr.contains(data) && train.stderr.contains("training a detector needs negatives"), "\(train.stderr)")
        let typo = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "chek", "--thresholds", "checkplease"])
        #expect(typo.status != 0 && typo.stderr.contains("no sample is labelled 'chek' (labels: check)"), "\(typo.stderr)")
    }

    @Test func anotherVocabularyIsScoredWithNegativesOnly() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-one-sided")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, name: "others.jsonl", labels: ["circle", "v"])
        let refused = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check", "--thresholds", "checkplease"])
        #expect(refused.status != 0 && refused.stderr.contains("no sample is labelled 'check'"), "\(refused.stderr)")
        let r = try CLIRunner.run(["eval", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                   "--thresholds", "checkplease", "--negatives-only"])
        #expect(r.status == 0, "\(r.stderr)")
        let rates = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("TPR ") })
        #expect(rates.hasPrefix("TPR – (no positives), FPR "), "\(rates)")
        #expect(r.stdout.contains("v: ") && r.stdout.contains("circle: "), "detections per label: \(r.stdout)")
    }
}
