import Foundation

/// Runs the built `gesturelab` executable as a user would, capturing its output.
public enum CLIRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The `gesturelab` binary beside the test bundle.
    public static var executable: URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0])
        var dir = runner.deletingLastPathComponent()
        // On macOS the runner is inside an .xctest bundle.
        while dir.path.contains(".xctest") { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("gesturelab")
    }

    /// Runs `gesturelab args…` in `directory` (the package root when `nil`), with `input`
    /// on standard input (a file, so the child reads it through a descriptor as from a pipe).
    public static func run(_ args: [String], in directory: URL? = nil,
                           environment: [String: String] = [:], input: Data? = nil) throws -> Result {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        p.currentDirectoryURL = directory ?? DatasetLocator.packageRoot
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("gl-out-\(UUID().uuidString)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("gl-err-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
        p.standardOutput = try FileHandle(forWritingTo: outURL)
        p.standardError = try FileHandle(forWritingTo: errURL)
        var inURL: URL?
        if let input {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("gl-in-\(UUID().uuidString)")
            FileManager.default.createFile(atPath: url.path, contents: input)
            p.standardInput = try FileHandle(forReadingFrom: url)
            inURL = url
        }
        defer { if let inURL { try? FileManager.default.removeItem(at: inURL) } }
        try p.run()
        p.waitUntilExit()
        return Result(status: p.terminationStatus,
                      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
