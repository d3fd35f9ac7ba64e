import ArgumentParser
import Foundation
import GestureData
import GestureTraining
import GestureDetectors
import GestureEngine

struct EvalEngine: ParsableCommand, WritesOutputs {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Replay labelled touch sessions and count, per recognizer, expected and false activations.",
        discussion: """
        Each SESSION.jsonl under --sessions needs its labels beside it in \
        SESSION.labels.json (gesturelab.session-labels/1, README). With --synthetic-minutes, \
        sessions are generated from --seed instead (and written with --write DIR), and \
        --recognizers defaults to the standard screen the generator labels for.
        """)

    @Option(name: .customLong("recognizers"), help: "The recognizer configuration (gesturelab.recognizers/1).")
    var recognizersPath: String?

    @Option(help: "A model folder (`gesturelab train --out`): adds a template recognizer named 'model' with the model's templates, matcher settings and rejection. With --dataset and no --label, samples of the model's labels should fire it.")
    var model: String?

    @Option(help: "A folder of labelled sessions (searched recursively for .jsonl).")
    var sessions: String?

    @Option(name: .customLong("synthetic-minutes"), help: "Generate one synthetic session this many minutes long instead.")
    var syntheticMinutes: Double?

    @Option(help: "Replay a dataset's recorded strokes instead: one session per subject (per subject and input device when the samples name devices, with figures per device).")
    var dataset: String?

    @Option(name: .customLong("label"),
            help: "With --dataset: SAMPLE_LABEL=RECOGNIZER, the recognizer that should fire for samples with that label; repeatable. Other samples should fire nothing.")
    var labelMappings: [String] = []

    @OptionGroup var datasetOptions: DatasetOptions

    @OptionGroup var seedOption: SeedOption
    var seed: UInt64 { seedOption.seed }

    @Flag(name: .customLong("include-shapes"),
          help: "Put check marks and circles in the synthetic mix, and (without --recognizers) a recognizer of each model folder's detector on the screen (their book presets unless --detector-thresholds).")
    var includeShapes = false

    @Option(name: .customLong("detector-thresholds"), help: ArgumentHelp(
        "With --include-shapes: a detector's thresholds file, used instead of its book preset (repeatable; the file's format names the detector).",
        valueName: "FILE"))
    var detectorThresholds: [String] = []

    @Option(help: "With --include-shapes: when the shape detectors decide, streaming or end (default: each detector's own; the book's check mark streaming, as CheckPlease; the circle at the end, as Sadun's recipe).")
    var decide: DetectorDecision?

    @Option(help: "Write the synthetic session, its labels and the configuration to this folder.")
    var write: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        let sources = [sessions != nil, syntheticMinutes != nil, dataset != nil].filter { $0 }.count
        guard sources == 1 else { throw ValidationError("give exactly one of --sessions DIR, --synthetic-minutes N, --dataset PATH") }
        if sessions != nil || dataset != nil {
            if recognizersPath == nil && model == nil { throw ValidationError("--sessions and --dataset need --recognizers CONFIG.json or --model DIR") }
            if write != nil { throw ValidationError("--write goes with --synthetic-minutes") }
        }
        if let m = syntheticMinutes {
            guard m.isFinite, m > 0, m <= 24 * 60 else { throw ValidationError("--synthetic-minutes must be in (0, 1440]") }
        }
        if dataset == nil && !labelMappings.isEmpty { throw ValidationError("--label goes with --dataset") }
        _ = try labelNames()
        if !detectorThresholds.isEmpty && (!includeShapes || recognizersPath != nil) {
            throw ValidationError("--detector-thresholds goes with --include-shapes and no --recognizers")
        }
    }

    struct SessionRow: Codable {
        var session: String
        var events: Int
        var seconds: Double
        var falseActivations, missed: Int
    }

    struct Report: Codable {
        var recognizers: String
        var seed: UInt64?
        var sessions: [SessionRow]
        var counts: [SessionEvaluation.Counts]
        var total: SessionEvaluation.Counts
        var unknownLabelNames: [String]
        var minutes, falseActivationsPerMinute: Double
        /// With --dataset on samples that name their input device: the sessions of each
        /// device together. Absent otherwise.
        var perDevice: [String: DeviceFigures]?
    }

    /// One input device's sessions together.
    struct DeviceFigures: Codable {
        var counts: [SessionEvaluation.Counts]
        var total: SessionEvaluation.Counts
        var minutes: Double
    }

    /// `--label check=checkmark` as a dictionary.
    func labelNames() throws -> [String: String] {
        var out: [String: String] = [:]
        for m in labelMappings {
            let parts = m.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("--label wants SAMPLE_LABEL=RECOGNIZER, found '\(m)'")
            }
            out[parts[0]] = parts[1]
        }
        return out
    }

    var outputPaths: [OutputPaths.Named] { named("--write", write) }
    var inputPaths: [OutputPaths.Named] {
        named("--recognizers", recognizersPath) + named("--model", model) + named("--sessions", sessions)
            + named("--dataset", dataset) + detectorThresholds.flatMap { named("--detector-thresholds", $0) }
    }

    func run() throws {
        try checkOutputPaths()
        var config: RecognizerConfiguration
        if let path = recognizersPath {
            config = try EngineCLI.loadConfiguration(path)
        } else if model != nil && (sessions != nil || dataset != nil) {
            config = RecognizerConfiguration(recognizers: [])
        } else if includeShapes {
            var shapes = DetectorKind.builtIn.compactMap(\.defaultPreset)
            for path in detectorThresholds {
                guard let t = try EngineCLI.loadThresholds(path, as: AnyDetectorThresholds.self) else { continue }
                shapes.removeAll { $0.role == t.role }
                shapes.append(t)
            }
            config = .standardWithShapes(shapes, decision: decide)
        } else {
            config = .standard
        }
        var modelLabels: [String] = []
        if let model {
            config = try EngineCLI.adding(model: model, to: config, file: recognizersPath ?? model)
            if case .template(let t)? = config.recognizers.last?.spec { modelLabels = t.library.names }
        }
        var inputs: [(name: String, events: [TouchSessionEvent], labels: SessionLabels)] = []
        var deviceOf: [String: String] = [:]  // session name → input device, for --dataset
        if let dir = sessions {
            let files = try EngineCLI.sessionFiles(in: dir)
            guard !files.isEmpty else { throw GestureDataError.unreadable(file: dir, reason: "no .jsonl session in the folder") }
            for f in files {
                let labelsPath = SessionLabels.sidecarPath(forSession: f)
                guard FileManager.default.fileExists(atPath: labelsPath) else {
                    throw GestureDataError.unreadable(file: labelsPath, reason: "the labels of session \(f) are missing")
                }
                inputs.append((f, try TouchSessionReader.read(f), try SessionLabels.read(labelsPath)))
            }
        } else if let minutes = syntheticMinutes {
            var gen = SyntheticSessionGenerator(seed: seed)
            var mix = SyntheticGesture.standardMix + [.diagonalFlick]
            if includeShapes { mix += [.checkmark, .circle] }
            let s = gen.session(duration: minutes * 60, mix: mix)
            let name = "synthetic-seed\(seed)"
            if let out = write {
                let dir = URL(fileURLWithPath: out)
                try TouchSessionWriter.write(s.events, to: dir.appendingPathComponent(name + ".jsonl"))
                try s.labels.write(to: dir.appendingPathComponent(name + ".labels.json"))
                if recognizersPath == nil {
                    try AtomicFile.write(try config.encoded(), to: dir.appendingPathComponent("recognizers.json"))
                }
            }
            inputs.append((name, s.events, s.labels))
        } else if let path = dataset {
            let data = try datasetOptions.load(path, console: output.console)
            let builder = SampleSessionBuilder()
            var names = try labelNames()
            if names.isEmpty {
                // --model alone: a sample of a label the model knows should fire it; others nothing.
                for l in modelLabels { names[l] = EngineCLI.modelRecognizerName }
            }
            // A session is one person on one device: a study recorded on several devices
            // is replayed per subject and device.
            let namesDevices = !data.countsByDevice.isEmpty
            for subject in data.subjects {
                let theirs = data.onlySubjects([subject]).samples
                guard namesDevices else {
                    let s = builder.session(theirs, labelNames: names)
                    inputs.append(("subject \(subject)", s.events, s.labels))
                    continue
                }
                let byDevice = Dictionary(grouping: theirs, by: \.device)
                for device in byDevice.keys.compactMap({ $0 }).sorted() {
                    let s = builder.session(byDevice[device] ?? [], labelNames: names)
                    let name = "subject \(subject) (\(device))"
                    inputs.append((name, s.events, s.labels))
                    deviceOf[name] = device
                }
                if let none = byDevice[nil] {
                    let s = builder.session(none, labelNames: names)
                    inputs.append(("subject \(subject) (no device)", s.events, s.labels))
                }
            }
            let unassigned = data.samples.filter { $0.subject == nil }
            if !unassigned.isEmpty {
                let s = builder.session(unassigned, labelNames: names)
                inputs.append(("no subject", s.events, s.labels))
            }
        }
        let names = config.recognizers.map(\.name)
        var parts: [SessionEvaluation] = []
        var rows: [SessionRow] = []
        var minutes = 0.0
        var byDevice: [String: (parts: [SessionEvaluation], minutes: Double)] = [:]
        for input in inputs {
            let arena = config.makeArena(startTime: input.events.first?.t ?? 0)
            let result = try SessionReplayer.replay(input.events, through: arena, file: input.name)
            let e = SessionEvaluation.evaluate(result.activations, labels: input.labels, recognizerNames: names)
            parts.append(e)
            let secs = result.timeSpan.map { $0.upperBound - $0.lowerBound } ?? 0
            minutes += secs / 60
            if let device = deviceOf[input.name] {
                byDevice[device, default: ([], 0)].parts.append(e)
                byDevice[device, default: ([], 0)].minutes += secs / 60
            }
            rows.append(SessionRow(session: input.name, events: result.eventCount, seconds: secs,
                                   falseActivations: e.total.falseActivations, missed: e.total.missed))
        }
        let all = SessionEvaluation.combined(parts)
        let total = all.total
        let base = recognizersPath ?? (model != nil && (sessions != nil || dataset != nil) ? nil
                                       : (includeShapes ? "(standard with shapes)" : "(standard)"))
        let source = [base, model.map { "model \($0)" }].compactMap { $0 }.joined(separator: " + ")
        let report = Report(recognizers: source, seed: syntheticMinutes == nil ? nil : seed,
                            sessions: rows, counts: all.counts, total: total, unknownLabelNames: all.unknownLabelNames,
                            minutes: minutes, falseActivationsPerMinute: minutes > 0 ? Double(total.falseActivations) / minutes : 0,
                            perDevice: byDevice.isEmpty ? nil : byDevice.mapValues { d in
                                let c = SessionEvaluation.combined(d.parts)
                                return DeviceFigures(counts: c.counts, total: c.total, minutes: d.minutes)
                            })
        try output.print(report) {
            Console.out("recognizers: \(report.recognizers)" + (report.seed.map { "; synthetic session, seed \($0)" } ?? ""))
            for r in rows {
                Console.out(String(format: "session %@: %d events, %.1f s, %d false activations, %d missed",
                                   r.session, r.events, r.seconds, r.falseActivations, r.missed))
            }
            let w = max(10, all.counts.map(\.name.count).max() ?? 0)
            Console.out("recognizer".padding(toLength: w, withPad: " ", startingAt: 0) + "  expected  detected  missed  repeats  false")
            for c in all.counts + [total] {
                Console.out(c.name.padding(toLength: w, withPad: " ", startingAt: 0)
                            + String(format: "  %8d  %8d  %6d  %7d  %5d", c.expected, c.detected, c.missed, c.repeats, c.falseActivations))
            }
            if let devices = report.perDevice {
                Console.out("per device (expected, detected, missed, repeats, false):")
                for (d, f) in devices.sorted(by: { $0.key < $1.key }) {
                    let t = f.total
                    Console.out(String(format: "  %@: %d, %d, %d, %d, %d in %.1f min", d, t.expected, t.detected, t.missed, t.repeats,
                                       t.falseActivations, f.minutes))
                }
            }
            if !all.unknownLabelNames.isEmpty {
                Console.out("labels with no recognizer of that name: \(all.unknownLabelNames.joined(separator: ", "))")
            }
            // Per hour too: everyday-use sessions are judged by false activations per hour.
            Console.out(String(format: "false activations: %d in %.1f min (%.2f per minute, %.1f per hour)", total.falseActivations,
                               minutes, report.falseActivationsPerMinute, report.falseActivationsPerMinute * 60))
        }
    }
}
