import Foundation
import Testing
import GestureTestSupport

/// `train detector --release R`: recorded in the provenance and refused out of range (what
/// it does to a box: `BoxReleaseTests`).
struct DetectorReleaseCLITests {
    @Test func releaseIsRecordedAndChecked() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-release")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir)
        for (name, extra) in [("plain.json", [String]()), ("released.json", ["--release", "0.5"])] {
            let r = try CLIRunner.run(["train", "detector", "checkmark", "--dataset", data, "--positive", "check", "--seed", "1",
                                       "--out", dir.path(name)] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            let file = try #require(jsonObject(try String(contentsOfFile: dir.path(name), encoding: .utf8)))
            #expect((file["provenance"] as? String)?.contains("--release 0.5") == !extra.isEmpty)
        }
        let bad = try CLIRunner.run(["train", "detector", "checkmark", "--dataset", data, "--positive", "check",
                                     "--out", dir.path("x.json"), "--release", "3"])
        #expect(bad.status != 0 && bad.stderr.contains("--release must be between 0 and 2"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.json")))
    }

    /// `--everyday-without FAMILY`: the family's strokes are not among the negatives (no
    /// FPR row for it), the provenance says so, and it needs `--everyday`.
    @Test func everydayFamiliesCanBeLeftOut() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-everyday-without")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir)
        let r = try CLIRunner.run(["train", "detector", "--label", "line", "--dataset", data, "--seed", "1", "--everyday", "20",
                                   "--everyday-without", "line", "--everyday-without", "scroll", "--out", dir.path("line.json")])
        #expect(r.status == 0, "\(r.stderr)")
        let text = r.stdout + r.stderr
        #expect(text.contains("everyday.zigzag") && !text.contains("everyday.line") && !text.contains("everyday.scroll"), "\(text)")
        let file = try #require(jsonObject(try String(contentsOfFile: dir.path("line.json"), encoding: .utf8)))
        #expect((file["provenance"] as? String)?.contains("--everyday-without line --everyday-without scroll") == true)
        let bad = try CLIRunner.run(["train", "detector", "--label", "line", "--dataset", data, "--everyday-without", "line",
                                     "--out", dir.path("x.json")])
        #expect(bad.status != 0 && bad.stderr.contains("--everyday-without needs --everyday N"), "\(bad.stderr)")
        let unknown = try CLIRunner.run(["train", "detector", "--label", "line", "--dataset", data, "--everyday", "5",
                                         "--everyday-without", "lines", "--out", dir.path("x.json")])
        #expect(unknown.status != 0 && unknown.stderr.contains("scroll"), "the families are listed: \(unknown.stderr)")
    }
}
