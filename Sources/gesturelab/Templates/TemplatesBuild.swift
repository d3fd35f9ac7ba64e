import ArgumentParser
import Foundation
import GestureData
import GestureGeometry
import GestureMatching
import GestureTraining

struct TemplatesBuild: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a template library (gesturelab.templates/1) from a labelled dataset.")

    @OptionGroup var datasetPath: DatasetPathOption
    var dataset: String { datasetPath.dataset }

    @Option(name: [.customLong("templates-per-class"), .customLong("per-class")],
            help: "Templates per label (also --per-class, its former name); as in train.")
    var perClass: Int = 5

    @Option(help: "How to pick templates: medoid (the samples closest to the rest of their label; as in train) or random.")
    var select: TemplateSelection = .medoid

    @Option(help: "Keep only samples of this speed (the $1 logs: slow, medium, fast).")
    var speed: String?

    @Option(help: "Seed of the random selection.")
    var seed: UInt64 = 1

    @Option(help: "Where to write the library.")
    var out: String

    @OptionGroup var matcher: MatcherOptions
    @OptionGroup var datasetOptions: DatasetOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if perClass < 1 { throw ValidationError("--templates-per-class must be at least 1, got \(perClass)") }
    }

    var outputPaths: [OutputPaths.Named] { named("--out", out) }
    var inputPaths: [OutputPaths.Named] { named("--dataset", dataset) }

    func run() throws {
        try checkOutputPaths()
        let data = try datasetOptions.load(dataset, speed: speed, console: output.console)
        guard !data.labels.isEmpty else { throw FileError(file: dataset, message: "no labelled samples to build templates from") }
        var rng = SeededGenerator(seed: seed)
        let matcherSettings = matcher.settings
        func pick<M: TemplateMatcher>(_ type: M.Type) -> [Template] {
            TemplateSelector.select(from: data, perClass: perClass, method: select, matcher: type,
                                    settings: matcherSettings.typed(for: type), using: &rng)
        }
        let templates = pick(matcherSettings.matcherType)
        // No library from an all-degenerate dataset: one of 0 templates was written, that `recognize` then refused.
        guard !templates.isEmpty else {
            throw FileError(file: dataset, message: "no sample has a shape to match (every one is a single point, zero length or non-finite): no template library written")
        }
        let missing = data.labels.filter { l in !templates.contains { $0.name == l } }
        if !missing.isEmpty {
            output.console.err("note: no usable sample (all degenerate) for: \(missing.sorted().map { shownValue($0) }.joined(separator: ", ")); these labels have no template")
        }
        var settings: [String: SettingValue] = [
            "source": .string(URL(fileURLWithPath: dataset).lastPathComponent), "perClass": SettingValue(perClass),
            "select": .string(select.rawValue), "seed": SettingValue(seed),
            "excludedSubjects": SettingValue(list: datasetOptions.excludedSubjects),
        ]
        if let speed { settings["speed"] = .string(speed) }
        settings["command"] = .string((["gesturelab"] + CommandLine.arguments.dropFirst()).joined(separator: " "))
        if select == .medoid { settings["medoidDistance"] = .string(matcher.algorithm.rawValue) }
        let library = TemplateLibrary(templates: templates, settings: settings)
        try MatcherCLI.write(try library.encoded(), to: out)
        let counts = Dictionary(grouping: templates, by: \.name).mapValues(\.count)
        switch output.format {
        case .json:
            struct Summary: Codable { var out: String; var templates: Int; var perLabel: [String: Int]; var seed: UInt64 }
            Console.out(try Console.json(Summary(out: out, templates: templates.count, perLabel: counts, seed: seed)))
        case .text:
            Console.out("wrote \(templates.count) templates (\(counts.count) labels, \(select.rawValue), seed \(seed)) to \(out)")
        }
    }
}
