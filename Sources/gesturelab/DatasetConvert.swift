import ArgumentParser
import Foundation
import GestureData
import GestureTraining

extension DatasetCommand {
    struct Convert: ParsableCommand, WritesOutputs {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert any supported dataset or sample to the native format.",
            discussion: """
            Reads PATH like 'dataset info' ($1 or multistroke XML logs, .json, .jsonl, or a \
            folder of them) and writes OUT: a .jsonl dataset (one gesturelab.sample/1 object a \
            line, in path order), or a .json sample file when exactly one sample was read. \
            The output is written atomically: on any error no output file (and no temporary \
            file) is left, and an existing OUT is untouched. An existing OUT inside the input \
            folder is not read as input.
            """)

        @Argument(help: "A dataset folder, a sample file or a .jsonl dataset.")
        var path: String

        @Option(name: .customLong("to"), help: "Output file: OUT.jsonl (a dataset) or OUT.json (one sample).")
        var output: String

        @OptionGroup var datasetOptions: DatasetOptions
        @OptionGroup var format: OutputOptions

        func validate() throws {
            let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
            guard ext == "jsonl" || ext == "json" else {
                throw ValidationError("--to must name a .jsonl dataset or a .json sample file, got '\(shownValue(output))'")
            }
        }

        struct Summary: Codable {
            var output: String
            var samples: Int
            var skipped: [SkippedSample]?
        }

        var outputPaths: [OutputPaths.Named] { named("--to", output) }
        var inputPaths: [OutputPaths.Named] { named("PATH", path) }
        /// An OUT inside the input folder is left out of what is read (see the discussion).
        var outputsMayLieInInputs: Bool { true }

        func run() throws {
            try checkOutputPaths()
            let (report, _) = try DataCLI.load(path, mode: datasetOptions.mode, excluding: datasetOptions.excludedSubjects)
            let url = URL(fileURLWithPath: output)
            // A previous output inside the input folder is not input: re-running the
            // command must not duplicate its samples.
            let outPath = url.standardizedFileURL.path
            let samples = report.dataset.samples.filter { s in
                guard let src = s.source else { return true }
                return src != outPath && !src.hasPrefix(outPath + ":")
            }
            if url.pathExtension.lowercased() == "json" {
                guard samples.count == 1 else {
                    throw ValidationError("a .json output holds one sample, but \(samples.count) were read; use a .jsonl output")
                }
                try NativeSampleCodec.write(samples[0], to: url)
            } else {
                try JSONLines.write(samples, to: url)
            }
            let summary = Summary(output: output, samples: samples.count,
                                  skipped: datasetOptions.skipInvalid ? report.skipped.map(SkippedSample.init) : nil)
            switch format.format {
            case .json:
                Console.out(try Console.json(summary))
            case .text:
                DataCLI.reportSkipped(report.skipped)
                Console.out("wrote \(samples.count) sample\(samples.count == 1 ? "" : "s") to \(output)")
            }
        }
    }
}
