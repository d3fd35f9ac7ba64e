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
}
