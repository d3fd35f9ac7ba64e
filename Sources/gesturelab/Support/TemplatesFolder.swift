import Foundation

/// The folder of shipped files (`templates/`) found beside the tool.
enum TemplatesFolder {
    /// The path of `name` in the first `templates` folder that holds it: `$GESTURELAB_TEMPLATES`,
    /// then `./templates`, then a `templates` folder beside or above the executable (the
    /// package root when run from `.build/<config>/`); `nil` when none does.
    static func find(_ name: String) -> String? {
        var folders: [URL] = []
        if let env = ProcessInfo.processInfo.environment["GESTURELAB_TEMPLATES"], !env.isEmpty {
            folders.append(URL(fileURLWithPath: env))
        }
        folders.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("templates"))
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            folders.append(dir.appendingPathComponent("templates"))
            dir.deleteLastPathComponent()
        }
        return folders.map { $0.appendingPathComponent(name).path }.first { FileManager.default.fileExists(atPath: $0) }
    }
}
