import ArgumentParser
import Foundation
import GestureData
import GestureGeometry
import GestureRecorder
import GestureTraining

/// `gesturelab bench recorder`: the recorder's training costs on a store of one person's
/// strokes (generated, seeded).
struct BenchRecorder: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recorder",
        abstract: "Time the recorder's training: a store of N samples, and the model in use after a save.",
        discussion: """
        Writes a temporary store of one person's strokes (--labels gestures, --samples in all, \
        generated with jitter from --seed: zig-zags, spirals, check marks, circles, waves…), then \
        times, best of --repeats: (1) training the store (the recorder's training: templates, \
        rejection verifier, detectors; never-fire strokes none), (2) the model in use after a \
        save: one more sample saved, the store trained and its model folder written, loaded \
        and put in use — plus the recorder's default wait of 300 ms after the last edit \
        (record --train-after-ms), printed apart. Use a release build: swift build -c release.
        """)

    @Option(help: "Samples in the store.")
    var samples: Int = 50

    @Option(help: "Gestures (labels) they are spread over, 1…6.")
    var labels: Int = 5

    @OptionGroup var bestOf: BestOfOptions
    var repeats: Int { bestOf.repeats }

    @Option(help: "Seed of the generated strokes.")
    var seed: UInt64 = 1

    @OptionGroup var output: OutputOptions

    struct Row: Codable {
        var what: String
        var samples: Int
        var milliseconds: Double
    }

    func validate() throws {
        guard (1...100).contains(repeats) else { throw ValidationError("--repeats must be 1…100") }
        guard (1...6).contains(labels) else { throw ValidationError("--labels must be 1…6") }
        guard (labels * 2...2000).contains(samples) else { throw ValidationError("--samples must be \(labels * 2)…2000 (two per label at least)") }
    }

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesturelab-bench-recorder-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try SampleStore(root: root)
        var rng = SeededGenerator(seed: seed)
        let made = RecorderBenchStrokes.store(samples: samples, labels: labels, using: &rng)
        for s in made.dropLast() { _ = try store.save(s) }
        let runner = WorkflowTrainingRunner()
        /// Best of --repeats, in milliseconds.
        func best(_ body: () throws -> Void) rethrows -> Double { try Bench.best(of: repeats, body) * 1000 }
        // (1) Training a store of `samples` (the last one saved first).
        _ = try store.save(made.last!)
        var noWrite = runner
        noWrite.writesModel = false
        let train = try best { _ = try noWrite.trainNow(store: store) }
        // (2) After a save: the new sample saved, trained, written, loaded, in use.
        var extra = made.last!
        extra.subject = "bench"
        let afterSave = try best {
            let entry = try store.save(extra)
            _ = try runner.trainNow(store: store)
            let model = try GestureModel.load(StoreModel.folder(of: store))
            _ = StoreModel.recognizers(model, source: "bench", fallback: [])
            _ = try store.delete(entry)
        }
        let wait = 300.0
        let rows = [Row(what: "train a store", samples: samples, milliseconds: train),
                    Row(what: "model in use after a save (save, train, write, load; without the 300 ms wait)", samples: samples + 1,
                        milliseconds: afterSave)]
        if output.format == .json {
            Console.out(try Console.json(rows))
            return
        }
        if Bench.build == "debug" { Console.out(Bench.debugNote) }
        Console.out("recorder training (\(Bench.build) build, best of \(repeats), \(labels) gestures of one person, seed \(seed)):")
        Console.out(String(format: "  train a store of %d samples:           %8.0f ms   (goal ≤ 1000 ms)", samples, train))
        Console.out(String(format: "  model in use after a save (%d samples): %8.0f ms + %.0f ms wait = %.0f ms   (goal ≤ 1500 ms)",
                           samples + 1, afterSave, wait, afterSave + wait))
    }
}

/// One person's strokes for the bench: a few gestures drawn with jitter in size,
/// position, speed and noise (seeded).
enum RecorderBenchStrokes {
    static let names = ["zig_zag", "spiral", "check", "circle", "wave", "triangle"]

    static func store(samples: Int, labels: Int, using rng: inout SeededGenerator) -> [Sample] {
        (0..<samples).map { i in
            let label = names[i % labels]
            return Sample(gesture: Gesture(points: points(label, using: &rng)), label: label, subject: "me",
                          meta: ["device": "generated"])
        }
    }

    static func points(_ label: String, using rng: inout SeededGenerator) -> [Point] {
        let s = Double.random(in: 0.8...1.2, using: &rng), dx = Double.random(in: -20...20, using: &rng)
        let dy = Double.random(in: -20...20, using: &rng), n = 48
        var out: [Point] = []
        for i in 0..<n {
            let u = Double(i) / Double(n - 1)
            var x: Double, y: Double
            switch label {
            case "zig_zag":
                let k = min(3, Int(u * 4)), f = u * 4 - Double(k)
                x = 40 * (Double(k) + f); y = (k % 2 == 0 ? f : 1 - f) * 80
            case "spiral":
                let a = u * 4 * .pi, r = 10 + 70 * u
                x = r * cos(a); y = r * sin(a)
            case "check":
                if u < 0.35 { x = u / 0.35 * 40; y = u / 0.35 * 50 } else { x = 40 + (u - 0.35) / 0.65 * 80; y = 50 - (u - 0.35) / 0.65 * 120 }
            case "circle":
                let a = u * 2 * .pi
                x = 70 * sin(a); y = -70 * cos(a)
            case "wave":
                x = u * 200; y = 40 * sin(u * 4 * .pi)
            default:  // triangle
                let k = min(2, Int(u * 3)), f = u * 3 - Double(k)
                let c = [(0.0, 100.0), (60.0, 0.0), (120.0, 100.0), (0.0, 100.0)]
                x = c[k].0 + f * (c[k + 1].0 - c[k].0); y = c[k].1 + f * (c[k + 1].1 - c[k].1)
            }
            out.append(Point(x: 200 + dx + s * x + Double.random(in: -1.5...1.5, using: &rng),
                             y: 200 + dy + s * y + Double.random(in: -1.5...1.5, using: &rng), t: u * 0.8))
        }
        return out
    }
}
