import Foundation
import GestureData

/// Finds the shared datasets for tests: `$GESTURELAB_DATASETS`, else `../shared/datasets`
/// beside the package root. Tests that need real data call ``dollarOne`` and skip,
/// saying so, when it is absent.
public enum DatasetLocator {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The datasets folder, or `nil` when none is found.
    public static var datasetsRoot: URL? {
        if let env = ProcessInfo.processInfo.environment["GESTURELAB_DATASETS"], !env.isEmpty {
            let u = URL(fileURLWithPath: env)
            if FileManager.default.fileExists(atPath: u.path) { return u }
        }
        let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")
        return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
    }

    /// Path of the $1 unistroke logs, or `nil` when absent.
    public static var dollarOnePath: String? {
        guard let root = datasetsRoot?.appendingPathComponent("dollar1-unistroke") else { return nil }
        return FileManager.default.fileExists(atPath: root.path) ? root.path : nil
    }

    /// Message printed by tests that skip for want of the dataset.
    public static let skipMessage =
        "SKIPPED: the $1 dataset was not found (set GESTURELAB_DATASETS or put it at ../shared/datasets/dollar1-unistroke)"

    nonisolated(unsafe) private static var cache: Dataset?
    private static let lock = NSLock()

    /// The $1 logs without the pilot subject (4800 samples), loaded once per test
    /// process; `nil` (with a printed skip message) when absent.
    public static func dollarOne() throws -> Dataset? {
        lock.lock(); defer { lock.unlock() }
        if let cache { return cache }
        guard let path = dollarOnePath else {
            print(skipMessage)
            return nil
        }
        let d = try DatasetLoader.load(path).excludingSubjects(["1", "s01 (pilot)"])
        cache = d
        return d
    }
}
