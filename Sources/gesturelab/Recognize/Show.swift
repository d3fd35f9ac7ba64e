import ArgumentParser
import Foundation
import GestureData
import GestureTraining
import GestureEngine

struct Show: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Draw a sample's strokes, or a touch session with its recognizers' activations, as SVG.",
        discussion: """
        FILE is any supported sample file: a $1 or multistroke XML log, a .json sample, or a \
        .jsonl dataset (pick the sample with --index; the first by default) — or a touch \
        session (.jsonl of touch events): every touch's path coloured by finger, above a \
        time line of the touches and, with --recognizers and/or --model, of each \
        recognizer's activations (the session replayed as `replay` does). The SVG is \
        written atomically.
        """)

    @Argument(help: "A sample file (.xml, .json), a .jsonl dataset or a touch session (.jsonl).")
    var file: String

    @Option(name: .customLong("recognizers"), help: "A touch session: the recognizer configuration to replay it through.")
    var recognizersPath: String?

    @Option(help: "A touch session: a model folder, replayed as a template recognizer named 'model'.")
    var model: String?

    @Option(name: .customLong("svg"), help: "The SVG file to write.")
    var svg: String

    @Option(help: "Which sample of a .jsonl dataset to draw, 1-based (its order in the file).")
    var index: Int = 1

    @Option(help: "Longer side of the drawing, in SVG units.")
    var size: Double = 400

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard index >= 1 else { throw ValidationError("--index is 1-based: it must be at least 1, got \(index)") }
        guard size.isFinite, size > 0, size <= 100_000 else {
            throw ValidationError("--size must be a positive number up to 100000, got \(size)")
        }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDir), isDir.boolValue {
            throw ValidationError("'\(file)' is a folder; show draws one sample file")
        }
    }

    struct Summary: Codable {
        var svg: String
        var index, samplesInFile: Int
        var label, subject: String?
        var strokes, points: Int
    }

    struct SessionSummary: Codable {
        var svg: String
        var events, touches: Int
        var activations: [String: Int]
    }

    var outputPaths: [OutputPaths.Named] { named("--svg", svg) }
    var inputPaths: [OutputPaths.Named] {
        named("FILE", file) + named("--recognizers", recognizersPath) + named("--model", model)
    }

    func run() throws {
        try checkOutputPaths()
        if TouchSessionStrokes.looksLikeSession(file) { return try showSession() }
        if recognizersPath != nil || model != nil {
            throw ValidationError("--recognizers and --model apply to touch sessions; '\(file)' holds samples")
        }
        let samples = try DatasetLoader.load(file).samples
        guard index <= samples.count else {
            throw ValidationError("--index \(index) is out of range: '\(file)' holds \(samples.count) sample\(samples.count == 1 ? "" : "s")")
        }
        let sample = samples[index - 1]
        var settings = SampleSVG.Settings()
        settings.size = size
        try SampleSVG.write(sample, to: URL(fileURLWithPath: svg), settings: settings)
        let summary = Summary(svg: svg, index: index, samplesInFile: samples.count, label: sample.label,
                              subject: sample.subject, strokes: sample.gesture.strokes.count,
                              points: sample.gesture.pointCount)
        try output.print(summary) {
            Console.out("drew sample \(index) of \(samples.count) (\(sample.label ?? "unlabelled"), "
                        + "\(summary.strokes) stroke\(summary.strokes == 1 ? "" : "s"), \(summary.points) points) to \(svg)")
        }
    }

    private func showSession() throws {
        let events = try TouchSessionReader.read(file)
        var activations: [GestureActivation] = []
        var names: [String] = []
        if recognizersPath != nil || model != nil {
            let config = try EngineCLI.configuration(recognizersPath: recognizersPath, model: model)
            let arena = config.makeArena(startTime: events.first?.t ?? 0)
            activations = try SessionReplayer.replay(events, through: arena, settleTime: SessionReplayer.defaultSettleTime, file: file).activations
            names = config.recognizers.map(\.name)
        }
        var settings = SessionSVG.Settings()
        settings.size = size
        try SessionSVG.write(events, activations: activations, recognizers: names,
                             title: URL(fileURLWithPath: file).lastPathComponent, to: URL(fileURLWithPath: svg), settings: settings)
        let counts = EngineCLI.activationCounts(activations, names: names)
        let summary = SessionSummary(svg: svg, events: events.count, touches: SessionSVG.touchCount(events), activations: counts)
        try output.print(summary) {
            let fired = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            Console.out("drew the session (\(summary.events) events, \(summary.touches) touches\(fired.isEmpty ? "" : "; activations: " + fired)) to \(svg)")
        }
    }
}
