import Foundation
import Testing
import GestureData
import GestureTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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


/// Inputs are checked through symbolic links and must be regular files;
/// outputs never replace a special file.
struct SpecialFileTests {
    @Test func aLinkToAnOversizedFileIsRefusedBySizeUnread() throws {
        let dir = try TemporaryDirectory("special-link")
        defer { dir.remove() }
        let big = dir.path("big.jsonl"), link = dir.path("link.jsonl")
        // A sparse file: 65 MiB of size, no disk used.
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t(DatasetLoader.maxFileBytes + (1 << 20))) == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: big)
        do { _ = try DatasetLoader.load(link); Issue.record("read through the link") } catch let e as GestureDataError {
            guard case .tooLarge = e else { Issue.record("\(e)"); return }
        }
        #expect(throws: GestureDataError.self) { try BoundedFile.read(link, limit: 1 << 20) }
    }

    @Test func aFIFOIsRefusedAsInputAndAsOutput() throws {
        let dir = try TemporaryDirectory("special-fifo")
        defer { dir.remove() }
        let fifo = dir.path("pipe.jsonl")
        #expect(mkfifo(fifo, 0o600) == 0)
        do { _ = try BoundedFile.read(fifo, limit: 1 << 20); Issue.record("read a FIFO") } catch {
            #expect("\(error)".contains("not a regular file (a FIFO)"), "\(error)")
        }
        do { _ = try TouchSessionReader.read(fifo); Issue.record("read a FIFO") } catch {
            #expect("\(error)".contains("a FIFO"), "\(error)")
        }
        do { try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: fifo)); Issue.record("replaced a FIFO") } catch {
            #expect("\(error)".contains("GestureLab writes only regular files"), "\(error)")
        }
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
        // A device (/dev/zero as input was reported as "permission denied").
        do { _ = try BoundedFile.read("/dev/zero", limit: 1 << 20); Issue.record("read /dev/zero") } catch {
            #expect("\(error)".contains("a character device"), "\(error)")
        }
        // A folder given as an input file says so.
        do { _ = try BoundedFile.read(dir.url.path, limit: 1 << 20); Issue.record("read a folder") } catch {
            #expect("\(error)".contains("a folder"), "\(error)")
        }
    }
}
