import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport

struct DatasetLoaderTests {
    /// root/s1/check01.xml (no Subject attribute), root/s2/x.jsonl (2 lines), root/top.json.
    private func makeFolder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let fm = FileManager.default
        for s in ["s1/fast", "s2"] {
            try fm.createDirectory(at: dir.url.appendingPathComponent(s), withIntermediateDirectories: true)
        }
        let noSubject = DataFixtures.dollarOneXML.replacingOccurrences(of: #" Subject="2""#, with: "")
            .replacingOccurrences(of: #" Speed="medium""#, with: "")
        try Data(noSubject.utf8).write(to: dir.url.appendingPathComponent("s1/fast/check01.xml"))
        let line = #"{"format":"gesturelab.sample/1","label":"z","strokes":[[[0,0],[1,1]]]}"#
        try Data((line + "\n" + line + "\n").utf8).write(to: dir.url.appendingPathComponent("s2/x.jsonl"))
        try Data(DataFixtures.nativeSampleJSON.utf8).write(to: dir.url.appendingPathComponent("top.json"))
        try Data("ignored".utf8).write(to: dir.url.appendingPathComponent("s2/notes.txt"))
        try Data("{".utf8).write(to: dir.url.appendingPathComponent("s2/.hidden.json"))
        return dir
    }

    @Test func folderIsSearchedRecursivelyInPathOrder() throws {
        let dir = try makeFolder()
        defer { dir.remove() }
        let d = try DatasetLoader.load(dir.url.path)
        #expect(d.count == 4)
        #expect(d.samples.map(\.label) == ["check", "z", "z", "check"])
    }

    @Test func subjectFallsBackToTheFirstFolderUnderTheRoot() throws {
        let dir = try makeFolder()
        defer { dir.remove() }
        let d = try DatasetLoader.load(dir.url.path)
        #expect(d.samples.map(\.subject) == ["s1", "s2", "s2", "s02"])
        #expect(d.samples[0].speed == "fast")
        #expect(d.samples[0].meta["folder"] == "s1" && d.samples[3].meta["folder"] == nil)
    }

    @Test func strictModeStopsAtTheFirstBadFileInPathOrder() throws {
        let dir = try makeFolder()
        defer { dir.remove() }
        try Data("<Gesture>".utf8).write(to: dir.url.appendingPathComponent("s1/a-bad.xml"))
        try Data("{".utf8).write(to: dir.url.appendingPathComponent("s2/z-bad.json"))
        do {
            _ = try DatasetLoader.load(dir.url.path)
            Issue.record("loaded")
        } catch let e as GestureDataError {
            #expect(e.file.hasSuffix("s1/a-bad.xml"))
        }
    }

    @Test func tolerantModeReportsEverySkippedSample() throws {
        let dir = try makeFolder()
        defer { dir.remove() }
        try Data("<Gesture>".utf8).write(to: dir.url.appendingPathComponent("s1/a-bad.xml"))
        try Data("{".utf8).write(to: dir.url.appendingPathComponent("s2/z-bad.json"))
        let r = try DatasetLoader.load(dir.url.path, mode: .tolerant)
        #expect(r.dataset.count == 4)
        #expect(r.skipped.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["a-bad.xml", "z-bad.json"])
        let strictOnGood = try DatasetLoader.load(dir.url.path + "/s2/x.jsonl", mode: .strict)
        #expect(strictOnGood.skipped.isEmpty && strictOnGood.dataset.count == 2)
    }

    @Test func missingPathIsAnErrorInBothModes() {
        for mode in LoadMode.allCases {
            #expect(throws: GestureDataError.unreadable(file: "/no/such/place", reason: "no such file or folder")) {
                try DatasetLoader.load("/no/such/place", mode: mode)
            }
        }
    }

    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func dollarOneSubsetMatchesThePaperLayout() throws {
        guard let root = DatasetLocator.dollarOnePath else {
            print(DatasetLocator.skipMessage)
            return
        }
        // One subject keeps this fast in debug: 16 gestures × 3 speeds × 10 repetitions.
        let d = try DatasetLoader.load(root + "/s02")
        #expect(d.count == 480)
        #expect(d.labels.count == 16)
        #expect(d.countsByLabel.values.allSatisfy { $0 == 30 })
        #expect(Set(d.samples.compactMap(\.speed)) == ["slow", "medium", "fast"])
        #expect(d.samples.allSatisfy { $0.gesture.strokes.count == 1 && $0.gesture.pointCount >= 2 })
        #expect(d.samples.allSatisfy { ($0.gesture.strokes[0].duration ?? -1) > 0 })
        // Converting to native and back keeps every point.
        let back = try JSONLines.decode(try JSONLines.encode(d.samples), file: "mem.jsonl")
        #expect(back.map(\.gesture) == d.samples.map(\.gesture))
    }
}

/// Labels are normalized to NFC and may not hold control characters.
struct LabelHygieneTests {
    func write(_ labels: [String], _ dir: TemporaryDirectory) throws -> String {
        let path = dir.path("d.jsonl")
        let g = Gesture(points: [Point(x: 0, y: 0), Point(x: 10, y: 5)])
        try JSONLines.write(labels.map { Sample(gesture: g, label: $0, subject: "s1") }, to: URL(fileURLWithPath: path))
        return path
    }

    @Test func twoUnicodeFormsOfALabelAreOneLabel() throws {
        let dir = try TemporaryDirectory("labels-nfc")
        defer { dir.remove() }
        let d = try DatasetLoader.load(try write(["caf\u{E9}", "cafe\u{301}"], dir))
        #expect(d.labels == ["caf\u{E9}"])
        #expect(d.labels.first?.unicodeScalars.count == 4)
    }

    @Test func aControlCharacterInALabelIsAnErrorNamingTheField() throws {
        let dir = try TemporaryDirectory("labels-control")
        defer { dir.remove() }
        let path = try write(["ok", "two\nlines"], dir)
        do { _ = try DatasetLoader.load(path); Issue.record("accepted") } catch {
            #expect("\(error)".contains("label") && "\(error)".contains("U+000A")
                    && ("\(error)".contains("sample 2") || "\(error)".contains("line 2")), "\(error)")
        }
        let skipping = try DatasetLoader.load(path, mode: .tolerant)
        #expect(skipping.dataset.labels == ["ok"])
    }
}

/// A folder that cannot be listed is an error, never silently empty. (As root
/// every folder can be listed, so this runs only for other users.)
struct UnlistableFolderTests {
    @Test(.enabled(if: getuid() != 0, "root can list a chmod 000 folder: nothing to test")) func aFolderThatCannotBeListedIsAnError() throws {
        let dir = try TemporaryDirectory("unlistable")
        defer {
            chmod(dir.path("data/locked"), 0o755)
            dir.remove()
        }
        try FileManager.default.createDirectory(atPath: dir.path("data/locked"), withIntermediateDirectories: true)
        try JSONLines.write(SyntheticDatasetFixture.samples(subjects: ["s1"], perLabel: 1), to: URL(fileURLWithPath: dir.path("data/locked/a.jsonl")))
        #expect(chmod(dir.path("data/locked"), 0) == 0)
        do { _ = try DatasetLoader.load(dir.path("data")); Issue.record("an unlistable folder was read as empty") } catch {
            #expect("\(error)".contains("locked") && "\(error)".contains("cannot list"), "\(error)")
        }
        let tolerant = try DatasetLoader.load(dir.path("data"), mode: .tolerant)
        #expect(tolerant.skipped.contains { "\($0)".contains("locked") })
    }
}
