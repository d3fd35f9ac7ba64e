import Foundation
import Testing
import GestureData
import GestureTestSupport

struct AtomicFileTests {
    @Test func writeReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let url = dir.url.appendingPathComponent("a.txt")
        try AtomicFile.write(Data("one".utf8), to: url)
        try AtomicFile.write(Data("two".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["a.txt"])
    }

    @Test func failedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // The destination is a non-empty folder: rename(2) over it fails.
        let target = dir.url.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("inner"), withIntermediateDirectories: true)
        #expect(throws: GestureDataError.self) { try AtomicFile.write(Data("x".utf8), to: target) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["taken"])
    }

    @Test func writeRemovesWhatKilledWritersOfTheSameFileLeftAndNothingElse() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let url = dir.url.appendingPathComponent("lib.json")
        // pid 2^30 is above Linux's pid_max (2^22), so no process has it.
        let deadFile = ".lib.json.tmp-1073741824-42", deadFolder = ".lib.json.tmp-1073741824-43"
        let live = ".lib.json.tmp-\(getpid())-7"          // a writer still running
        let other = ".other.json.tmp-1073741824-9"          // another file's temporary
        for name in [deadFile, live, other] { try Data("{\"half".utf8).write(to: dir.url.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent(deadFolder + "/inner"), withIntermediateDirectories: true)
        try AtomicFile.write(Data("new".utf8), to: url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == [live, other, "lib.json"].sorted())
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
    }
}

