import Foundation
import Testing
import GestureTestSupport

/// `eval matcher --protocol new-user`, end to end through the built binary.
struct NewUserCommandTests {
    /// The protocol prints one row per K with intervals and writes its report folder
    /// (table, plot, whole study); a K nobody has enough examples for is absent, not 0 %.
    @Test func newUserProtocolReportsPerK() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-newuser")
        defer { dir.remove() }
        let data = try SyntheticDatasetFixture.write(to: dir, subjects: ["s1", "s2"], perLabel: 5)
        let report = dir.path("report")
        let r = try CLIRunner.run(["eval", "matcher", "--protocol", "new-user", "--dataset", data, "--labels-per-user", "2",
                                   "--templates-per-class", "1,2,9", "--synthetic-negatives", "20", "--report", report])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("accepted+correct"))
        let rows = r.stdout.split(separator: "\n").filter { $0.hasPrefix("1 ") || $0.hasPrefix("2 ") || $0.hasPrefix("9 ") }
        #expect(rows.map { String($0.prefix(1)) } == ["1", "2"])
        #expect(r.stdout.contains("synthetic: random scribble"))
        #expect(r.stdout.contains("not scored"))
        for f in ["report.md", "report.json", "new-user.svg", "new-user.json"] {
            #expect(FileManager.default.fileExists(atPath: dir.path("report/\(f)")), "\(f)")
        }
    }
}
