import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Moves between labels and deletes in the sample store: one place per sample, kills
/// included, and files that no longer load.
struct SampleStoreEditTests {
    typealias T = SampleStoreTests

    /// pid 2^30 is above Linux's pid_max (2^22), so no process has it.
    static let deadPID = 1_073_741_824

    /// A store written before labels were normalized may hold "e" + combining acute as
    /// its own folder beside "é": it is listed as one label, its samples load, move and
    /// delete under the normalized label.
    @Test func anOlderFolderOfTheSameLabelInAnotherFormIsListedAsThatLabel() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let saved = try store.save(T.sample(label: "\u{E9}"))
        let oldID = SampleStore.newID()
        let oldFolder = tmp.url.appendingPathComponent("e\u{301}")
        try FileManager.default.createDirectory(at: oldFolder, withIntermediateDirectories: true)
        try NativeSampleCodec.encode(T.sample(label: "e\u{301}")).write(to: oldFolder.appendingPathComponent("\(oldID).json"))
        #expect(try store.labels() == ["\u{E9}"])
        #expect(try store.counts() == ["\u{E9}": 2])
        let old = SampleStore.Entry(label: "\u{E9}", id: oldID)
        #expect(Set(try store.list(label: "e\u{301}")) == [saved, old])
        #expect(try store.load(old).gesture.pointCount == 5)
        let moved = try store.move(old, to: "x")
        #expect(try store.load(moved).label == "x")
        try store.delete(moved)
        try store.delete(saved)
        #expect(try store.list().isEmpty)
    }

    /// A move killed after the sample's file was renamed into its new label's folder, but
    /// before its copy with the new label replaced it: the sweep puts the copy in place.
    /// One killed before the rename: the sweep removes the copy, the sample stays put.
    @Test func aMoveCutShortIsCompletedOrUndoneByTheSweep() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let a = try store.save(T.sample(label: "old"))
        let b = try store.save(T.sample(label: "old"))
        let fm = FileManager.default
        let newFolder = tmp.url.appendingPathComponent("new")
        try fm.createDirectory(at: newFolder, withIntermediateDirectories: true)
        // a: renamed, its new copy waiting.
        try fm.moveItem(at: try store.url(of: a), to: newFolder.appendingPathComponent("\(a.id).json"))
        try NativeSampleCodec.encode(T.sample(label: "new"))
            .write(to: newFolder.appendingPathComponent(".\(a.id).json.pending-\(Self.deadPID)"))
        // b: killed before the rename.
        try NativeSampleCodec.encode(T.sample(label: "new"))
            .write(to: newFolder.appendingPathComponent(".\(b.id).json.pending-\(Self.deadPID)"))
        _ = try store.removeStaleTemporaryFiles()
        #expect(try store.load(.init(label: "new", id: a.id)).label == "new")
        #expect(try store.load(b).label == "old")
        #expect(try store.list().map(\.label).sorted() == ["new", "old"])
        #expect(T.allFiles(tmp.url).filter { $0.contains("pending") }.isEmpty)
    }

    /// A move is one edit: the second of two moves of one sample finds it gone.
    @Test func aSecondMoveOfAMovedSampleIsNotFoundAndTheSampleIsInOnePlace() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let e = try store.save(T.sample(label: "start"))
        let moved = try store.move(e, to: "alpha")
        #expect(throws: SampleStoreError.notFound(label: "start", id: e.id)) { try store.move(e, to: "beta") }
        #expect(try store.list() == [moved])
        #expect(try store.load(moved).label == "alpha")
        #expect(T.allFiles(tmp.url) == ["alpha/\(e.id).json"])
    }

    /// Deleting needs no decoding: a file that no longer loads is deleted, its bytes kept
    /// for undo.
    @Test func aFileThatDoesNotLoadCanBeDeletedAndRestored() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        let e = SampleStore.Entry(label: "check", id: SampleStore.newID())
        let url = try store.url(of: e)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"format\": 1".utf8).write(to: url)
        #expect(throws: SampleStoreError.self) { try store.move(e, to: "circle") }
        let bytes = try store.delete(e)
        #expect(bytes == Data("{\"format\": 1".utf8))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try store.restore(try #require(bytes), as: e)
        #expect(throws: SampleStoreError.alreadyExists(label: "check", id: e.id)) { try store.restore(try #require(bytes), as: e) }
    }
}
