import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport
#if canImport(Glibc)
import Glibc
#endif

struct SampleStoreTests {
    static func sample(label: String?, points: Int = 5, strokes: Int = 1, subject: String? = "s01") -> Sample {
        let ss = (0..<strokes).map { k in
            Stroke((0..<points).map { i in Point(x: Double(i) * 3 + Double(k), y: Double(i * i) / 2, t: Double(k * points + i) * 0.01) })
        }
        return Sample(gesture: Gesture(ss), label: label, subject: subject, meta: ["device": "pen"])
    }

    /// Every regular file under `root`, hidden ones included, relative to `root`.
    static func allFiles(_ root: URL) -> [String] {
        let e = FileManager.default.enumerator(atPath: root.path)
        var out: [String] = []
        while let p = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(p).path, isDirectory: &isDir), !isDir.boolValue {
                out.append(p)
            }
        }
        return out.sorted()
    }

    @Test func openingAMissingFolderCreatesIt() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let root = tmp.url.appendingPathComponent("a/b/store")
        let store = try SampleStore(root: root)
        #expect(FileManager.default.fileExists(atPath: store.root.path))
        #expect(try store.list().isEmpty)
        #expect(try store.labels().isEmpty)
    }

    @Test func openingAFileAsStoreFails() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let file = tmp.url.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        #expect(throws: SampleStoreError.notAFolder(path: file.standardizedFileURL.path)) {
            try SampleStore(root: file)
        }
    }

    @Test func savedSampleLandsUnderItsLabelAndLoadsBackEqual() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let s = Self.sample(label: "check", points: 7, strokes: 2)
        let entry = try store.save(s)
        #expect(entry.label == "check")
        let url = try store.url(of: entry)
        #expect(url.path == tmp.url.standardizedFileURL.appendingPathComponent("check/\(entry.id).json").path)
        #expect(FileManager.default.fileExists(atPath: url.path))
        let back = try store.load(entry)
        #expect(back.label == "check")
        #expect(back.subject == "s01")
        #expect(back.meta == ["device": "pen"])
        #expect(back.gesture == s.gesture)
        // The file is the native format, readable by the general loader too.
        let direct = try NativeSampleCodec.decode(try Data(contentsOf: url), file: url.path)
        #expect(direct.gesture.pointCount == 14)
        #expect(Self.allFiles(tmp.url) == ["check/\(entry.id).json"])
    }

    @Test func labelIsStoredTrimmed() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let entry = try store.save(Self.sample(label: "  circle \n"))
        #expect(entry.label == "circle")
        #expect(try store.load(entry).label == "circle")
    }

    @Test(arguments: ["check", "circle", "star-5", "zig_zag", "v1.2", "Grüße", "two words", "鉤"])
    func usableLabelsAreAccepted(_ label: String) throws {
        #expect(try SampleStore.sanitizedLabel(label) == label)
    }

    @Test(arguments: ["", "   ", "../../etc", "..", ".", ".hidden", "a/b", "/etc", "a\\b", "nul\u{0}byte",
                      "tab\there", "new\nline", "semi;colon", "star*", String(repeating: "x", count: 65)])
    func unusableLabelsAreRejectedAndNothingIsWritten(_ label: String) throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let root = tmp.url.appendingPathComponent("store")
        let store = try SampleStore(root: root)
        #expect(throws: SampleStoreError.self) { try SampleStore.sanitizedLabel(label) }
        do {
            try store.save(Self.sample(label: label))
            Issue.record("saving under \(label.debugDescription) should fail")
        } catch let error as SampleStoreError {
            guard case .invalidLabel = error else { Issue.record("unexpected \(error)"); return }
            #expect(error.description.contains("invalid label"))
            #expect(error.description.contains("nothing was written"))
        }
        // Nothing anywhere under the temporary folder but the empty store.
        #expect(Self.allFiles(tmp.url).isEmpty)
    }

    @Test func traversalLabelMessageNamesTheRule() throws {
        do {
            _ = try SampleStore.sanitizedLabel("../../etc")
            Issue.record("should throw")
        } catch {
            #expect("\(error)".contains("../../etc"))
            #expect("\(error)".contains("may not start with '.'"))
        }
        do {
            _ = try SampleStore.sanitizedLabel("a/../../etc")
            Issue.record("should throw")
        } catch {
            #expect("\(error)".contains("no path separators"))
        }
    }

    @Test func sampleWithoutLabelIsRejected() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        #expect(throws: SampleStoreError.self) { try store.save(Self.sample(label: nil)) }
        #expect(Self.allFiles(tmp.url).isEmpty)
    }

    @Test(arguments: ["", "../x", "a/b", "..", "x.json", "ä", String(repeating: "1", count: 101)])
    func malformedIDsAreRejectedBeforeAnyPathIsBuilt(_ id: String) throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        #expect(throws: SampleStoreError.invalidID(id: id)) { try store.delete(label: "check", id: id) }
        #expect(throws: SampleStoreError.invalidID(id: id)) { try store.load(.init(label: "check", id: id)) }
    }

    @Test func listIsOldestFirstPerLabelAndCountsAddUp() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        // A clock that moves one millisecond per id: ids sort by time without waiting.
        let tick = TickingClock()
        let store = try SampleStore(root: tmp.url, clock: tick.next)
        var saved: [SampleStore.Entry] = []
        for label in ["circle", "check", "check", "circle", "check"] {
            saved.append(try store.save(Self.sample(label: label)))
        }
        #expect(try store.labels() == ["check", "circle"])
        #expect(try store.counts() == ["check": 3, "circle": 2])
        let checks = try store.list(label: "check")
        #expect(checks == saved.filter { $0.label == "check" })
        #expect(try store.list().count == 5)
    }

    @Test func listSkipsHiddenTemporaryAndForeignFiles() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let e = try store.save(Self.sample(label: "check"))
        let dir = tmp.url.appendingPathComponent("check")
        try Data("half".utf8).write(to: dir.appendingPathComponent(".x.json.tmp-1-2"))
        try Data("notes".utf8).write(to: dir.appendingPathComponent("README.txt"))
        try FileManager.default.createDirectory(at: tmp.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        #expect(try store.list() == [e])
        #expect(try store.labels() == ["check"])
    }

    @Test func deleteRemovesTheFileAndASecondDeleteSaysNotFound() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let e = try store.save(Self.sample(label: "check"))
        try store.delete(e)
        #expect(try store.list().isEmpty)
        #expect(throws: SampleStoreError.notFound(label: "check", id: e.id)) { try store.delete(e) }
        #expect(throws: SampleStoreError.notFound(label: "check", id: e.id)) { try store.load(e) }
    }

    @Test func writeUnderAnOldIDRestoresADeletedSample() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let s = Self.sample(label: "check")
        let e = try store.save(s)
        let original = try store.load(e)
        try store.delete(e)
        try store.write(original, as: e)
        #expect(try store.list() == [e])
        #expect(try store.load(e).gesture == s.gesture)
    }

    @Test func truncatedFileFailsToLoadNamingTheFile() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let e = try store.save(Self.sample(label: "check", points: 50))
        let url = try store.url(of: e)
        let data = try Data(contentsOf: url)
        try data.prefix(data.count / 2).write(to: url)
        do {
            _ = try store.load(e)
            Issue.record("a truncated file must not load")
        } catch {
            #expect("\(error)".contains(url.lastPathComponent))
        }
    }

    @Test func idsAreUniqueAndSortByTime() {
        let a = SampleStore.newID(now: Date(timeIntervalSince1970: 1000))
        let b = SampleStore.newID(now: Date(timeIntervalSince1970: 1000))
        let c = SampleStore.newID(now: Date(timeIntervalSince1970: 2000))
        #expect(a != b)
        #expect(a.hasPrefix("1000000-"))
        #expect(c.hasPrefix("2000000-"))
        #expect((try? SampleStore.validatedID(a)) == a)
    }

    /// Many writers at once, each with its own store value (as two processes would have):
    /// every save lands in its own file and every file decodes.
    @Test func concurrentWritersLoseNothing() async throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let root = tmp.url
        let writers = 8, perWriter = 25
        try await withThrowingTaskGroup(of: [SampleStore.Entry].self) { group in
            for w in 0..<writers {
                group.addTask {
                    let store = try SampleStore(root: root)
                    var mine: [SampleStore.Entry] = []
                    for i in 0..<perWriter {
                        mine.append(try store.save(Self.sample(label: w % 2 == 0 ? "check" : "circle", points: 10 + i, subject: "w\(w)")))
                    }
                    return mine
                }
            }
            var all: [SampleStore.Entry] = []
            for try await part in group { all += part }
            #expect(Set(all).count == writers * perWriter)
        }
        let store = try SampleStore(root: root)
        let listed = try store.list()
        #expect(listed.count == writers * perWriter)
        for e in listed { _ = try store.load(e) }
        #expect(Self.allFiles(root).allSatisfy { !$0.contains(".tmp-") })
    }

    @Test func staleTemporaryFilesOfDeadWritersAreRemovedLiveOnesKept() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        _ = try store.save(Self.sample(label: "check"))
        let dir = tmp.url.appendingPathComponent("check")
        // pid 2^30 is above Linux's pid_max (2^22), so no process has it.
        let dead = dir.appendingPathComponent(".123-abc.json.tmp-1073741824-42")
        let live = dir.appendingPathComponent(".456-def.json.tmp-\(getpid())-7")
        try Data("{\"form".utf8).write(to: dead)
        try Data("{\"form".utf8).write(to: live)
        let removed = try store.removeStaleTemporaryFiles()
        #expect(removed == [dead.standardizedFileURL.path])
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }
}

/// A clock for stores in tests: each reading is one millisecond after the last.
final class TickingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var milliseconds: Int64 = 1_700_000_000_000

    @Sendable func next() -> Date {
        lock.lock(); defer { lock.unlock() }
        milliseconds += 1
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
