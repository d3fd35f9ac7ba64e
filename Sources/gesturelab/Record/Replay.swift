import ArgumentParser
import Foundation
import GestureData
import GestureEngine

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a touch session through recognizers and print what they recognized, with times and states.",
        discussion: """
        The session is JSON Lines (one touch event a line, README "Touch sessions"); the \
        recognizers file is gesturelab.recognizers/1 (README "Recognizer configuration"). \
        Prints began / recognized / ended / cancelled actions (changed too with --changes). \
        After the last line the clock runs on for --settle seconds so waiting recognizers decide.
        """)

    @Option(name: .customLong("recognizers"), help: "The recognizer configuration (gesturelab.recognizers/1).")
    var recognizersPath: String?

    @Option(help: "A model folder (`gesturelab train --out`): adds a template recognizer named 'model' that decides with the model's templates, matcher settings and rejection.")
    var model: String?

    @Argument(help: "The touch session (.jsonl).")
    var session: String

    @Flag(help: "Also print every 'changed' action of continuous recognizers.")
    var changes = false

    @Flag(help: "Also print the transform the pans, pinches and rotations build up across gestures (PinchMe's transformImageView, Sadun's updateTransformWithOffset).")
    var transform = false

    @Option(help: "Seconds the clock runs on after the last event.")
    var settle: Double = SessionReplayer.defaultSettleTime

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if recognizersPath == nil && model == nil { throw ValidationError("give --recognizers CONFIG.json, --model DIR or both") }
        guard settle.isFinite, settle >= 0 else { throw ValidationError("--settle must be a number >= 0") }
    }

    struct Report: Codable {
        var session, recognizers: String
        var events, touches: Int
        var start, end: Double?
        var activations: [GestureActivation]
        var counts: [String: Int]
        var transform: Transform?
        /// Each recognizer's view, when the configuration has views.
        var views: [String: String]?
    }

    struct Transform: Codable {
        var translation: [Double]
        var scale, rotation: Double
        var affine: [Double]
        var updates: Int
    }

    func run() throws {
        let config = try EngineCLI.configuration(recognizersPath: recognizersPath, model: model)
        let source = [recognizersPath, model.map { "model \($0)" }].compactMap { $0 }.joined(separator: " + ")
        let events = try TouchSessionReader.read(session)
        let arena = config.makeArena(startTime: events.first?.t ?? 0)
        // The transform needs every change; they are printed only with --changes.
        arena.recordsChanges = changes || transform
        var result = try SessionReplayer.replay(events, through: arena, settleTime: settle, file: session)
        var compound: Transform?
        if transform {
            var t = CompoundTransform()
            for a in result.activations { t.apply(a) }
            compound = Transform(translation: [t.translation.x, t.translation.y], scale: t.scale, rotation: t.rotation,
                                 affine: t.affine, updates: t.updates)
            if !changes { result.activations.removeAll { $0.state == .changed } }
        }
        let counts = EngineCLI.activationCounts(result.activations, names: config.recognizers.map(\.name))
        let report = Report(session: session, recognizers: source, events: result.eventCount,
                            touches: result.touchCount, start: result.timeSpan?.lowerBound, end: result.timeSpan?.upperBound,
                            activations: result.activations, counts: counts, transform: compound,
                            views: config.views == nil ? nil : Dictionary(uniqueKeysWithValues: config.recognizers.map {
                                ($0.name, arena.view(of: $0.name) ?? "") }))
        try output.print(report) {
            let span = result.timeSpan.map { String(format: ", %.3f–%.3f s", $0.lowerBound, $0.upperBound) } ?? ""
            Console.out("session: \(session): \(result.eventCount) events, \(result.touchCount) touches\(span)")
            Console.out("recognizers: \(source) (\(config.recognizers.count))")
            if let views = report.views {
                Console.out("views: " + config.recognizers.map { "\($0.name) on \(views[$0.name] ?? "")" }.joined(separator: ", "))
            }
            let width = config.recognizers.map(\.name.count).max() ?? 10
            Console.out("      time  " + "recognizer".padding(toLength: max(width, 10), withPad: " ", startingAt: 0) + "  state       values")
            for a in result.activations { Console.out(EngineCLI.row(a, nameWidth: max(width, 10))) }
            Console.out("activations (began or recognized):")
            for e in config.recognizers { Console.out("  \(e.name): \(counts[e.name] ?? 0)") }
            if let c = compound {
                Console.out(String(format: "transform: translation (%.2f, %.2f), scale %.4f, rotation %.4f rad (%.2f°) from %d updates",
                                   c.translation[0], c.translation[1], c.scale, c.rotation, c.rotation * 180 / .pi, c.updates))
                Console.out("  affine [a b c d tx ty] = [" + c.affine.map { String(format: "%.4f", $0) }.joined(separator: " ") + "]")
            }
        }
    }
}
