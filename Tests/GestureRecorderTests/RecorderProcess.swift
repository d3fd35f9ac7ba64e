import Foundation
import GestureTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A `gesturelab record` server started as its own process on 127.0.0.1 with port 0,
/// the way a user starts it; the port is read from its "Listening on" line.
final class RecorderProcess: @unchecked Sendable {
    let process: Process
    let port: Int
    let stdoutURL: URL
    let stderrURL: URL

    enum Failure: Error, CustomStringConvertible {
        case noListeningLine(stdout: String, stderr: String)
        var description: String {
            switch self {
            case .noListeningLine(let o, let e): return "gesturelab record printed no 'Listening on' line.\nstdout: \(o)\nstderr: \(e)"
            }
        }
    }

    /// Starts the server and waits (at most 30 s) until it listens.
    init(store: URL, extraArguments: [String] = []) throws {
        let p = Process()
        p.executableURL = CLIRunner.executable
        p.arguments = ["record", "--store", store.path, "--host", "127.0.0.1", "--port", "0"] + extraArguments
        let tmp = FileManager.default.temporaryDirectory
        stdoutURL = tmp.appendingPathComponent("recorder-out-\(UUID().uuidString)")
        stderrURL = tmp.appendingPathComponent("recorder-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        p.standardError = try FileHandle(forWritingTo: stderrURL)
        try p.run()
        process = p
        var found: Int?
        let deadline = Date().addingTimeInterval(30)
        while found == nil && Date() < deadline && p.isRunning {
            found = Self.port(in: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "")
            if found == nil { usleep(20_000) }
        }
        guard let found else {
            if p.isRunning { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }
            throw Failure.noListeningLine(stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
                                          stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "")
        }
        port = found
    }

    static func port(in output: String) -> Int? {
        guard let r = output.range(of: "Listening on http://127.0.0.1:") else { return nil }
        return Int(output[r.upperBound...].prefix { $0.isNumber })
    }

    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Sends `signal` and waits for the process to end.
    func stop(_ signal: Int32 = SIGTERM) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: stdoutURL)
        try? FileManager.default.removeItem(at: stderrURL)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
