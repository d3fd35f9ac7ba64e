import ArgumentParser
import Foundation
import GestureData

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Draw a sample's strokes as SVG, the start of each stroke marked.",
        discussion: """
        FILE is any supported sample file: a $1 or multistroke XML log, a .json sample, or a \
        .jsonl dataset (pick the sample with --index; the first by default). The SVG is \
        written atomically.
        """)

    @Argument(help: "A sample file (.xml, .json) or a .jsonl dataset.")
    var file: String

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
        var index: Int
        var samplesInFile: Int
        var label: String?
        var subject: String?
        var strokes: Int
        var points: Int
    }

    func run() throws {
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
        switch output.format {
        case .json: Console.out(try Console.json(summary))
        case .text:
            Console.out("drew sample \(index) of \(samples.count) (\(sample.label ?? "unlabelled"), "
                        + "\(summary.strokes) stroke\(summary.strokes == 1 ? "" : "s"), \(summary.points) points) to \(svg)")
        }
    }
}
