import ArgumentParser
import Foundation
import GestureData
import GestureTraining

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Train and evaluate on the shipped data (not built yet)")

    @Option(help: ArgumentHelp("Rebuild the shipped samples from the $1 logs at this path.", visibility: .hidden))
    var prepareData: String?

    func run() throws {
        if let prepareData {
            try DemoData.prepare(from: prepareData, root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            return
        }
        throw ValidationError("'demo' is not built yet")
    }
}
