import Foundation
import Testing
@testable import GestureData
import GestureTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The size check and the read are on one opened descriptor: a size check on the path
/// followed by a second opening once let a symbolic link swapped in between read a 1 GB file.
struct BoundedFileTests {
    @Test func aPathSwappedBetweenASmallAndALargeFileNeverYieldsMoreThanTheLimit() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let limit = 1000
        try Data(repeating: UInt8(ascii: "s"), count: 100).write(to: dir.url.appendingPathComponent("small"))
        try Data(repeating: UInt8(ascii: "L"), count: 4 << 20).write(to: dir.url.appendingPathComponent("large"))
        let link = dir.path("link")
        #expect(symlink(dir.path("small"), link) == 0)
        let stop = ManagedAtomicFlag()
        let swapper = Thread {
            var large = false
            while !stop.isSet {
                large.toggle()
                let next = dir.path("next")
                unlink(next)
                _ = symlink(dir.path(large ? "large" : "small"), next)
                _ = rename(next, link)  // atomic swap of what `link` names
            }
        }
        swapper.start()
        defer { stop.set() }
        var sizes: Set<Int> = []
        for _ in 0..<400 {
            do {
                let data = try BoundedFile.read(link, limit: limit)
                sizes.insert(data.count)
            } catch GestureDataError.tooLarge(_, _, let l) {
                #expect(l == limit)
            }
        }
        stop.set()
        #expect(sizes.allSatisfy { $0 <= limit }, "read \(sizes.max() ?? 0) bytes through a path checked under \(limit)")
    }

    @Test func aFileThatGrowsAfterTheCheckIsCutAtTheLimitAndRefused() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path("growing.json")
        try Data(repeating: UInt8(ascii: "a"), count: 10).write(to: URL(fileURLWithPath: path))
        #expect(throws: GestureDataError.tooLarge(file: path, bytes: 1001, limit: 1000)) {
            try BoundedFile.read(path, limit: 1000, displayPath: nil, afterCheck: {
                let h = FileHandle(forWritingAtPath: path)!
                h.seekToEndOfFile()
                h.write(Data(repeating: UInt8(ascii: "b"), count: 1 << 20))
                h.closeFile()
            })
        }
    }

    @Test func aFileSwappedAfterTheCheckIsReadAsTheFileThatWasChecked() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Data("small".utf8).write(to: dir.url.appendingPathComponent("small"))
        try Data(repeating: 0x41, count: 1 << 20).write(to: dir.url.appendingPathComponent("large"))
        let link = dir.path("link")
        #expect(symlink(dir.path("small"), link) == 0)
        let data = try BoundedFile.read(link, limit: 100, displayPath: nil, afterCheck: {
            unlink(link)
            _ = symlink(dir.path("large"), link)
        })
        #expect(data == Data("small".utf8))
    }

    @Test func exactlyTheLimitIsReadAndAFIFOIsRefusedWithoutBlocking() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path("exact")
        try Data(repeating: 0x41, count: 1000).write(to: URL(fileURLWithPath: path))
        #expect(try BoundedFile.read(path, limit: 1000).count == 1000)
        let fifo = dir.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: GestureDataError.self) { try BoundedFile.read(fifo, limit: 1000) }
    }
}

/// A flag set once from one thread and read from another.
private final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}
