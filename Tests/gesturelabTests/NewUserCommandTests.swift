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

    /// `--per-device`: each subject on each device is a person, with a table per device;
    /// refused on data that names no device and under the other protocols.
    @Test func perDevicePrintsATablePerDeviceAndIsRefusedWhereItCannotApply() throws {
        let dir = try TemporaryDirectory("gesturelab-cli-newuser")
        defer { dir.remove() }
        let study = try DeviceCommandTests.writeStudy(to: dir)
        let r = try CLIRunner.run(["eval", "matcher", "--protocol", "new-user", "--dataset", study, "--labels-per-user", "2",
                                   "--templates-per-class", "1", "--synthetic-negatives", "0", "--per-device"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("new-user: 3 people (a subject on one device)"), "s3 names no device and is a person too: \(r.stdout)")
        #expect(r.stdout.contains("\non mouse:\n  K    models") && r.stdout.contains("\non stylus:\n  K    models"), "\(r.stdout)")
        #expect(r.stdout.contains("\n  1    1 "), "one model per device at K = 1: \(r.stdout)")

        let plain = try SyntheticDatasetFixture.write(to: dir)
        let none = try CLIRunner.run(["eval", "matcher", "--protocol", "new-user", "--dataset", plain, "--per-device"])
        #expect(none.status != 0 && none.stderr.contains(plain) && none.stderr.contains("name no input device"), "\(none.stderr)")
        let other = try CLIRunner.run(["eval", "matcher", "--protocol", "user-dependent", "--dataset", study, "--per-device"])
        #expect(other.status != 0 && other.stderr.contains("--per-device applies to --protocol new-user"), "\(other.stderr)")
    }
}
