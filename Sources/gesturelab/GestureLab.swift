import ArgumentParser
import Foundation

@main
struct GestureLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturelab",
        abstract: "Design your own touch gestures: draw examples, train a model, recognize, measure.",
        discussion: """
        Your own gesture in five commands:
          1. gesturelab record --store my-gestures          draw examples, Save each
          2. gesturelab train --dataset my-gestures --out my-model
          3. gesturelab record --store my-tests --model my-model
          4. gesturelab recognize --model my-model my-tests/zig_zag/*.json
          5. gesturelab eval model --model my-model --dataset my-tests
        Step 3 draws new examples that the page recognizes with your model; step 5 \
        measures accuracy and rejection on them. `gesturelab COMMAND --help` explains \
        one command.
        """,
        version: GestureLab.version,
        subcommands: [
            Record.self, Train.self, Recognize.self, Eval.self,
            DatasetCommand.self, Show.self, Templates.self, Replay.self, Demo.self, Bench.self,
        ]
    )

    /// The release of this tool (`gesturelab --version`); model folders and reports carry
    /// their own format versions.
    static let version = "0.3.0"

    /// Catches unknown commands and options with a "did you mean" before ArgumentParser
    /// parses (exit 64, as its usage errors), then runs the command.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = DidYouMean.check(arguments, root: GestureLab.self) {
            FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        main(nil)
    }
}
