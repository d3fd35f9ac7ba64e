import Foundation
import Testing
import GestureTestSupport

struct DatasetInfoCommandTests {
    @Test func jsonReportHasSamplesLabelsAndSubjects() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let r = try CLIRunner.run(["dataset", "info", dir.path("data"), "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(jsonObject(r.stdout))
        #expect(json["samples"] as? Int == 5)
        #expect(json["labels"] as? [String: Int] == ["check": 3, "circle": 1, "arrowhead": 1])
        #expect(json["subjects"] as? [String: Int] == ["2": 1, "3": 1, "10": 1, "s02": 2])
        #expect(json["skipped"] == nil)
    }

    @Test func excludeSubjectLeavesItOut() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let r = try CLIRunner.run(["dataset", "info", dir.path("data"), "--exclude-subject", "s02", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        // s02 is both a subject id (the .jsonl lines) and the folder of the first $1 log.
        #expect(jsonObject(r.stdout)?["samples"] as? Int == 2)
    }

    @Test func timingPrintsTheLoadTime() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let r = try CLIRunner.run(["dataset", "info", dir.path("data"), "--timing"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("load time: "))
        let j = try CLIRunner.run(["dataset", "info", dir.path("data"), "--timing", "--format", "json"])
        #expect(jsonObject(j.stdout)?["loadSeconds"] is Double)
    }

    @Test(arguments: DataFixtures.badInputs)
    func badInputFailsWithFileLocationAndField(input: DataFixtures.BadInput) throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        let bad = dir.path("data/s03/\(input.fileName)")
        try Data(input.contents.utf8).write(to: URL(fileURLWithPath: bad))
        let r = try CLIRunner.run(["dataset", "info", dir.path("data")])
        #expect(r.status != 0)
        #expect(r.stderr.contains(bad), "\(r.stderr)")
        #expect(r.stderr.contains(input.location), "\(r.stderr)")
        #expect(r.stderr.contains(input.field), "\(r.stderr)")
    }

    @Test func skipInvalidListsEverySkippedFile() throws {
        let dir = try makeFixtureDataset()
        defer { dir.remove() }
        for input in DataFixtures.badInputs {
            try Data(input.contents.utf8).write(to: dir.url.appendingPathComponent("data/s03/\(input.fileName)"))
        }
        let r = try CLIRunner.run(["dataset", "info", dir.path("data"), "--skip-invalid", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(jsonObject(r.stdout))
        // The good samples plus the good first line of the bad .jsonl.
        #expect(json["samples"] as? Int == 6)
        let skipped = try #require(json["skipped"] as? [[String: String]])
        #expect(skipped.count == DataFixtures.badInputs.count)
        for input in DataFixtures.badInputs {
            #expect(skipped.contains { $0["file"]?.hasSuffix(input.fileName) == true && $0["error"]?.contains(input.field) == true },
                    "\(input.name) not listed")
        }
        let text = try CLIRunner.run(["dataset", "info", dir.path("data"), "--skip-invalid"])
        #expect(text.stdout.contains("skipped: \(DataFixtures.badInputs.count)"))
    }

    @Test func missingPathFails() throws {
        let r = try CLIRunner.run(["dataset", "info", "/no/such/dataset"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("/no/such/dataset"))
    }

    /// The acceptance figures on the real $1 logs (5280 files; a few seconds in debug).
    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func dollarOneCountsMatchThePaper() throws {
        guard let root = DatasetLocator.dollarOnePath else {
            print(DatasetLocator.skipMessage)
            return
        }
        let all = try CLIRunner.run(["dataset", "info", root, "--format", "json"])
        #expect(all.status == 0, "\(all.stderr)")
        let json = try #require(jsonObject(all.stdout))
        #expect(json["samples"] as? Int == 5280)
        let labels = try #require(json["labels"] as? [String: Int])
        #expect(labels.count == 16 && labels.values.allSatisfy { $0 == 330 })
        let subjects = try #require(json["subjects"] as? [String: Int])
        #expect(subjects.count == 11 && subjects.values.allSatisfy { $0 == 480 })
        let paper = try CLIRunner.run(["dataset", "info", root, "--exclude-subject", "s01 (pilot)", "--format", "json"])
        #expect(jsonObject(paper.stdout)?["samples"] as? Int == 4800)
    }
}

/// A collection of datasets in the public layouts, counted per dataset.
struct DatasetInfoCollectionTests {
    @Test func aCollectionFolderReportsPerDatasetCounts() throws {
        let dir = try TemporaryDirectory("info-collection")
        defer { dir.remove() }
        let fm = FileManager.default
        for (i, name) in ["star", "circle"].enumerated() {
            let folder = dir.path("gester/s\(i + 1)")
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try #"{"name": "\#(name)", "subject": \#(i + 1), "paths": {"Finger": {"strokes": [{"x": "1", "y": 2, "t": 10, "stroke_id": 0}, {"x": 5, "y": 9, "t": 30, "stroke_id": 0}]}}}"#
                .write(toFile: folder + "/\(name).json", atomically: true, encoding: .utf8)
        }
        try fm.createDirectory(atPath: dir.path("shapes/zigzag"), withIntermediateDirectories: true)
        try "[[[0, 0], [5, 5], [10, 0], [15, 5]]]".write(toFile: dir.path("shapes/zigzag/1.json"), atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["dataset", "info", dir.url.path, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(jsonObject(r.stdout))
        #expect(o["samples"] as? Int == 3)
        let folders = try #require(o["folders"] as? [String: [String: Int]])
        #expect(folders["gester"] == ["samples": 2, "labels": 2, "subjects": 2])
        #expect(folders["shapes"]?["samples"] == 1 && folders["shapes"]?["labels"] == 1)
    }
}
