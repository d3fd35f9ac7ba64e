import ArgumentParser
import Foundation
import GestureData
import GestureTraining

extension DatasetCommand {
    struct Convert: ParsableCommand, WritesOutputs {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert any supported dataset or sample to the native format, or to and from Android's GestureStore format.",
            discussion: """
            Reads PATH like 'dataset info' ($1 or multistroke XML logs, .json, .jsonl, or a \
            folder of them), or an Android gesture library (GestureStore version 1, as Gesture \
            Builder saves it: a .gestures file, or a file without extension that starts as one), \
            and writes OUT: a .jsonl dataset (one gesturelab.sample/1 object a \
            line, in path order), a .json sample file when exactly one sample was read, or a \
            .gestures GestureStore file (one entry per label; coordinates as 32-bit floats, \
            times as whole milliseconds). \
            The output is written atomically: on any error no output file (and no temporary \
            file) is left, and an existing OUT is untouched. An existing OUT inside the input \
            folder is not read as input.
            """)

        @Argument(help: "A dataset folder, a sample file, a .jsonl dataset or an Android .gestures library.")
        var path: String

        @Option(name: .customLong("to"), help: "Output file: OUT.jsonl (a dataset), OUT.json (one sample) or OUT.gestures (an Android GestureStore library).")
        var output: String

        @OptionGroup var datasetOptions: DatasetOptions
        @OptionGroup var format: OutputOptions

        func validate() throws {
            let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
            guard ext == "jsonl" || ext == "json" || ext == GestureStoreReader.fileExtension else {
                throw ValidationError("--to must name a .jsonl dataset, a .json sample file or a .gestures library, got '\(shownValue(output))'")
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
            var report: LoadReport
            if let store = try Self.gestureStore(path) {
                report = store
                report.dataset = try datasetOptions.kept(store.dataset, path: path)
            } else {
                report = try DataCLI.load(path, options: datasetOptions).report
            }
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
            } else if url.pathExtension.lowercased() == GestureStoreReader.fileExtension {
                try GestureStoreWriter.write(samples, to: url)
            } else {
                try JSONLines.write(samples, to: url)
            }
            let summary = Summary(output: output, samples: samples.count,
                                  skipped: datasetOptions.skipInvalid ? report.skipped.map(SkippedSample.init) : nil)
            try format.print(summary) {
                DataCLI.reportSkipped(report.skipped, on: format.console)
                Console.out("wrote \(samples.count) sample\(samples.count == 1 ? "" : "s") to \(output)")
            }
        }

        /// PATH read as an Android GestureStore file when it is one (a `.gestures` file, or
        /// a regular file without extension that starts as one); `nil` for anything else,
        /// which is read as before.
        static func gestureStore(_ path: String) throws -> LoadReport? {
            let url = URL(fileURLWithPath: path)
            let ext = url.pathExtension.lowercased()
            var isFolder: ObjCBool = false
            guard ext == GestureStoreReader.fileExtension
                    || (ext.isEmpty && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue)
            else { return nil }
            let data = try BoundedFile.read(path, limit: DatasetLoader.maxFileBytes)
            // Without the extension only a file that starts as one is taken for one; anything
            // else is read as before.
            if ext.isEmpty && !GestureStoreReader.looksLikeGestureStore(data) { return nil }
            return LoadReport(dataset: Dataset(try GestureStoreReader.read(data, file: path)), skipped: [])
        }
    }
}
