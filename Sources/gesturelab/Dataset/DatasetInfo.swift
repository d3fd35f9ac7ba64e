import ArgumentParser
import Foundation
import GestureData

extension DatasetCommand {
    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Count samples per label and subject, and points and strokes per sample.",
            discussion: """
            PATH is a folder (searched recursively: $1 and multistroke XML logs, .json samples, \
            .jsonl datasets), one sample file or one .jsonl dataset. With --skip-invalid, bad \
            samples are left out and listed (key "skipped" in JSON); without it the first bad \
            sample stops the command with an error naming its file, line or sample, and field.
            """)

        @Argument(help: "A dataset folder, a sample file or a .jsonl dataset.")
        var path: String

        @OptionGroup var datasetOptions: DatasetOptions
        @OptionGroup var output: OutputOptions

        @Flag(help: "Also print how long loading took (wall clock, seconds).")
        var timing = false

        struct Summary: Codable {
            struct Spread: Codable { var min: Int; var median: Int; var max: Int }
            var samples: Int
            var labels: [String: Int]
            var subjects: [String: Int]
            /// Samples per input device (``GestureData/Sample/device``), when any names one.
            var devices: [String: Int]?
            var pointsPerSample: Spread?
            var strokesPerSample: Spread?
            /// Per folder directly under the root (one per dataset when the root holds a
            /// collection of them): samples, labels and subjects.
            var folders: [String: FolderCounts]?
            var loadSeconds: Double?
            var skipped: [SkippedSample]?
        }

        struct FolderCounts: Codable { var samples: Int; var labels: Int; var subjects: Int }

        /// Counts per top-level folder, when samples come from more than one.
        func folderCounts(_ d: Dataset) -> [String: FolderCounts]? {
            let groups = Dictionary(grouping: d.samples) { $0.meta["folder"] ?? "(files at the root)" }
            guard groups.count > 1 else { return nil }
            return groups.mapValues { s in
                FolderCounts(samples: s.count, labels: Set(s.compactMap(\.label)).count, subjects: Set(s.compactMap(\.subject)).count)
            }
        }

        func run() throws {
            let (report, seconds) = try DataCLI.load(path, options: datasetOptions)
            let dataset = report.dataset

            func spread(_ values: [Int]) -> Summary.Spread? {
                guard !values.isEmpty else { return nil }
                let s = values.sorted()
                return .init(min: s[0], median: s[s.count / 2], max: s[s.count - 1])
            }
            let devices = dataset.countsByDevice
            let summary = Summary(
                samples: dataset.count,
                labels: dataset.countsByLabel,
                subjects: dataset.countsBySubject,
                devices: devices.isEmpty ? nil : devices,
                pointsPerSample: spread(dataset.samples.map(\.gesture.pointCount)),
                strokesPerSample: spread(dataset.samples.map(\.gesture.strokes.count)),
                folders: folderCounts(dataset),
                loadSeconds: timing ? seconds : nil,
                skipped: datasetOptions.skipInvalid ? report.skipped.map(SkippedSample.init) : nil)

            try output.print(summary) {
                Console.out("samples: \(summary.samples)")
                Console.out("labels (\(summary.labels.count)):")
                for (k, v) in summary.labels.sorted(by: { $0.key < $1.key }) { Console.out("  \(k.isEmpty ? "(none)" : k): \(v)") }
                Console.out("subjects (\(summary.subjects.count)):")
                for (k, v) in summary.subjects.sorted(by: { $0.key < $1.key }) { Console.out("  \(k.isEmpty ? "(none)" : k): \(v)") }
                if let devices = summary.devices {
                    let none = summary.samples - devices.values.reduce(0, +)
                    Console.out("devices (\(devices.count)):")
                    for (k, v) in devices.sorted(by: { $0.key < $1.key }) { Console.out("  \(k): \(v)") }
                    if none > 0 { Console.out("  (none): \(none)") }
                }
                if let folders = summary.folders {
                    Console.out("by folder under \(path) (\(folders.count)):")
                    for (k, v) in folders.sorted(by: { $0.key < $1.key }) {
                        Console.out("  \(k): \(v.samples) samples, \(v.labels) labels, \(v.subjects) subjects")
                    }
                }
                if let p = summary.pointsPerSample { Console.out("points per sample: min \(p.min), median \(p.median), max \(p.max)") }
                if let s = summary.strokesPerSample { Console.out("strokes per sample: min \(s.min), median \(s.median), max \(s.max)") }
                if datasetOptions.skipInvalid {
                    Console.out("skipped: \(report.skipped.count)")
                    for e in report.skipped { Console.out("  \(e)") }
                }
                if timing { Console.out(String(format: "load time: %.3f s", seconds)) }
            }
        }
    }
}
