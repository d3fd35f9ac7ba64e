import Foundation
import Testing
@testable import GestureTraining
import GestureTestSupport

/// Replacing an output folder is one atomic step: with two renames, a kill
/// between them left no folder at the destination.
struct OutputFolderExchangeTests {
    @Test func exchangeSwapsTwoFoldersInOneStep() throws {
        let dir = try TemporaryDirectory("exchange")
        defer { dir.remove() }
        let a = dir.url.appendingPathComponent("a"), b = dir.url.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
        try Data("A".utf8).write(to: a.appendingPathComponent("f"))
        try Data("B".utf8).write(to: b.appendingPathComponent("f"))
        #if os(Linux)
        #expect(FolderExchange.exchange(a.path, b.path))
        #expect(try String(contentsOf: a.appendingPathComponent("f"), encoding: .utf8) == "B")
        #expect(try String(contentsOf: b.appendingPathComponent("f"), encoding: .utf8) == "A")
        #endif
    }

    @Test func replacingAFolderLeavesOnlyTheNewOne() throws {
        let dir = try TemporaryDirectory("replace")
        defer { dir.remove() }
        let out = dir.url.appendingPathComponent("model")
        try OutputFolder.write(["x.json": Data("1".utf8), "old.json": Data("o".utf8)], to: out)
        try OutputFolder.write(["x.json": Data("2".utf8)], to: out)
        #expect(try String(contentsOf: out.appendingPathComponent("x.json"), encoding: .utf8) == "2")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("old.json").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
