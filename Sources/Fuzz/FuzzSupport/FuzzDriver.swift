import Foundation
#if FUZZING
import FuzzShim
#endif

/// A fuzz target: an executable whose `@main` type gives the body run on each input.
///
/// ```swift
/// @main
/// enum FuzzSessionLabels: FuzzTarget {
///     static func fuzzOne(_ data: Data) { … }
/// }
/// ```
///
/// The inherited `main()` hands ``fuzzOne(_:)`` to ``FuzzDriver``: to libFuzzer in a
/// `-DFUZZING` build (`tools/fuzz`), else to the replay of the files named on the command
/// line. SwiftPM names the `@main` entry point `<Target>_main` and points the executable's
/// `main` at it (`--defsym`), so this `main()` runs instead of libFuzzer's own.
package protocol FuzzTarget {
    /// Runs one input. It must return normally for every input (see ``FuzzDriver``).
    static func fuzzOne(_ data: Data)
    /// Runs once before the first input: checks the target's own fixtures. Default: nothing.
    static func setUp()
    /// Runs once after the replay, before the process exits. Default: nothing.
    static func tearDown()
}

extension FuzzTarget {
    package static func setUp() {}
    package static func tearDown() {}

    package static func main() {
        setUp()
        #if FUZZING
        let status = FuzzDriver.runLibFuzzer(argc: CommandLine.argc, argv: CommandLine.unsafeArgv, body: fuzzOne)
        #else
        let status = FuzzDriver.replay(name: "\(Self.self)", arguments: Array(CommandLine.arguments.dropFirst()), body: fuzzOne)
        #endif
        tearDown()
        exit(status)
    }
}

#if FUZZING
/// libFuzzer's per-input entry point: the callback ``FuzzDriver/runLibFuzzer(argc:argv:body:)``
/// hands libFuzzer, running the body it was given. It also bears the name libFuzzer's own
/// `main` calls, so a link that pulls that `main` in still resolves; should that `main` win
/// over the target's, no body was given and it traps saying so.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let body = FuzzDriver.body else {
        preconditionFailure("libFuzzer's own main ran instead of the fuzz target's: link so that `main` is <Target>_main")
    }
    body(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}
#endif

/// Runs a fuzz body in one of two ways:
/// - built with `-sanitize=fuzzer,address -DFUZZING` (see `tools/fuzz`): under libFuzzer,
///   which feeds it mutated inputs until it crashes, leaks or times out;
/// - in an ordinary build: over the files named on the command line (crash reproducers,
///   corpus files), so the regression inputs run without the sanitizer toolchain.
///
/// The body must return normally for every input: thrown reader errors are the expected
/// outcome of bad input and are caught by the body; a trap, leak or hang is a bug.
package enum FuzzDriver {
    nonisolated(unsafe) fileprivate static var body: ((Data) -> Void)?

    #if FUZZING
    /// Hands control to libFuzzer; returns its exit status.
    package static func runLibFuzzer(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                                     body: @escaping (Data) -> Void) -> Int32 {
        Self.body = body
        var argc = argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput)
    }
    #endif

    /// Replay mode: runs `body` on every file given (folders are walked), printing one
    /// line per input and a total. Exit status 0 when all ran, 2 on usage errors.
    package static func replay(name: String, arguments: [String], body: (Data) -> Void) -> Int32 {
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(name) FILE|FOLDER...  (replays inputs; build with tools/fuzz to fuzz)\n".utf8))
            return 2
        }
        var files: [String] = []
        for arg in arguments {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: arg, isDirectory: &isDir) else {
                FileHandle.standardError.write(Data("\(name): \(arg): no such file or folder\n".utf8))
                return 2
            }
            if isDir.boolValue {
                let items = (try? FileManager.default.subpathsOfDirectory(atPath: arg)) ?? []
                for item in items.sorted() {
                    let p = (arg as NSString).appendingPathComponent(item)
                    var d: ObjCBool = false
                    if FileManager.default.fileExists(atPath: p, isDirectory: &d), !d.boolValue { files.append(p) }
                }
            } else {
                files.append(arg)
            }
        }
        for f in files {
            guard let data = FileManager.default.contents(atPath: f) else {
                FileHandle.standardError.write(Data("\(name): \(f): cannot read\n".utf8))
                return 2
            }
            body(data)
        }
        print("\(name): ran \(files.count) inputs")
        return 0
    }
}
