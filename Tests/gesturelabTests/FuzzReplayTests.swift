import Foundation
import Testing
import GestureTestSupport

/// Every fuzz target, built normally (without libFuzzer), replays its seed corpus and
/// the crash inputs found so far (Tests/Fuzz/Corpus/<target>, Tests/Fuzz/Regressions/<target>):
/// each must run to the end with status 0. This keeps fixed crashes fixed in CI without
/// the sanitizer toolchain; `tools/fuzz` does the fuzzing itself.
struct FuzzReplayTests {
    static let fuzzRoot = DatasetLocator.packageRoot.appendingPathComponent("Tests/Fuzz")

    static var targets: [String] {
        let fm = FileManager.default
        var names = Set<String>()
        for folder in ["Corpus", "Regressions"] {
            let dir = fuzzRoot.appendingPathComponent(folder).path
            for name in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] { names.insert(name) }
        }
        return names.sorted()
    }

    @Test(arguments: targets)
    func replaysSeedsAndRegressionsWithoutCrashing(_ target: String) throws {
        let exe = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent(target)
        try #require(FileManager.default.isExecutableFile(atPath: exe.path), "\(exe.path) not built")
        let inputs = ["Corpus", "Regressions"].map { Self.fuzzRoot.appendingPathComponent("\($0)/\(target)").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        let p = Process()
        p.executableURL = exe
        p.arguments = inputs
        p.currentDirectoryURL = DatasetLocator.packageRoot  // FuzzRecognizers reads templates/
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 0,
                "\(target) ended with \(p.terminationReason == .exit ? "status" : "signal") \(p.terminationStatus)")
    }
}
