import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The sample store's labels in one Unicode form, and what its start-up sweep clears.
struct SampleStoreLabelFormTests {
    typealias T = SampleStoreTests

    /// pid 2^30 is above Linux's pid_max (2^22), so no process has it.
    static let deadPID = 1_073_741_824

    /// "é" typed as one scalar and as "e" + combining acute made two folders; "Å", "A" +
    /// ring and the Ångström sign three. Each is now one folder, named in NFC.
    @Test(arguments: [["\u{E9}", "e\u{301}"], ["\u{C5}", "A\u{30A}", "\u{212B}"]])
    func oneLabelTypedInDifferentUnicodeFormsIsOneFolder(_ forms: [String]) throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        var entries: [SampleStore.Entry] = []
        for form in forms {
            #expect(try SampleStore.sanitizedLabel(form) == forms[0].precomposedStringWithCanonicalMapping)
            entries.append(try store.save(T.sample(label: form)))
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: tmp.url.path).filter { !$0.hasPrefix(".") }
        #expect(folders.count == 1, "\(folders.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
        #expect(try store.labels().count == 1)
        #expect(Set(entries.map(\.label)).count == 1)
        for e in entries { #expect(try store.load(e).label == e.label) }
    }

    /// A training killed while writing left `..model.tmp-PID-N` (a folder) in the store,
    /// and the start-up sweep removed only files, so it stayed for ever.
    @Test func staleTemporaryFoldersAndSessionFilesOfDeadWritersAreRemovedLiveOnesKept() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let store = try SampleStore(root: tmp.url)
        _ = try store.save(T.sample(label: "check"))
        let fm = FileManager.default
        let deadFolder = tmp.url.appendingPathComponent("..model.tmp-\(Self.deadPID)-42")
        let liveFolder = tmp.url.appendingPathComponent("..model.tmp-\(getpid())-43")
        for f in [deadFolder, liveFolder] {
            try fm.createDirectory(at: f.appendingPathComponent("nested"), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: f.appendingPathComponent("nested/templates.json"))
        }
        let sessions = tmp.url.appendingPathComponent(".sessions")
        try fm.createDirectory(at: sessions, withIntermediateDirectories: true)
        let deadSession = sessions.appendingPathComponent(".1-a.jsonl.tmp-\(Self.deadPID)-1")
        try Data("{".utf8).write(to: deadSession)
        let removed = try store.removeStaleTemporaryFiles()
        #expect(removed == [deadFolder.standardizedFileURL.path, deadSession.standardizedFileURL.path].sorted())
        #expect(!fm.fileExists(atPath: deadFolder.path))
        #expect(!fm.fileExists(atPath: deadSession.path))
        #expect(fm.fileExists(atPath: liveFolder.path), "a running writer's folder is kept")
        #expect(try store.list().count == 1)
    }
}
