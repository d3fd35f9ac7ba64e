import ArgumentParser
import Foundation
import GestureDetectors
import GestureGeometry
import GestureTraining

struct BenchDetectors: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detectors",
        abstract: "Measure the detectors' streaming cost per point at 100, 1000 and 10000 points.",
        discussion: """
        Feeds a spiral of N points (three turns) point by point to each detector's stream \
        and prints points per second (best of --repeats). Trained rules: the settings of \
        the shipped templates/checkmark.json and circle.json (when found) and of the general \
        shape detector, with a box nothing passes, so that every point is measured; the book \
        rules never fire on the spiral. Beside them, in the same run, the previous method: re-measuring the whole \
        prefix at each point, timed over the stream's last 200 points (its cost per point \
        at that length). Use a release build: swift build -c release.
        """)

    @Option(help: "Stroke lengths, comma-separated.")
    var points: String = "100,1000,10000"

    @Option(help: "Runs per figure; the best is reported.")
    var repeats: Int = 3

    @OptionGroup var output: OutputOptions

    struct Row: Codable {
        var detector: String
        var method: String
        var points: Int
        var pointsPerSecond: Double
        var microsecondsPerPoint: Double
    }

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
        guard lengths.count >= 1, lengths.allSatisfy({ $0 >= 3 && $0 <= 1_000_000 }) else {
            throw ValidationError("--points must be a comma-separated list of lengths in 3…1000000")
        }
    }

    private var lengths: [Int] { points.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    static func spiral(_ n: Int) -> [Point] {
        (0..<n).map { i in
            let f = Double(i) / Double(n - 1)
            let a = 6 * Double.pi * f, r = 10 + 90 * f
            return Point(x: 200 + r * cos(a), y: 200 + r * sin(a), t: Double(i) / 120)
        }
    }

    func run() throws {
        let build = Bench.build
        // The shipped files' settings with a box nothing passes, so that every point is
        // measured (a stream that has fired has nothing left to decide).
        func neverAccepting<D: ShapeDetector>(_ kind: DetectorKind, _: D.Type) throws -> DetectorThresholds<D> {
            var settings = D.defaultSettings
            if let path = DetectorCLI.defaultThresholdsPath(kind), let s = try DetectorThresholdsFile.load(path, kind: kind).trainedBox?.settings {
                settings = s
            }
            let first = D.featureNames[0]
            return DetectorThresholds(rule: .trained(settings: settings, box: FeatureBox([first: FeatureInterval(lower: 1e300)])))
        }
        let check = try neverAccepting(.checkmark, CheckmarkDetector.self)
        let circle = try neverAccepting(.circle, CircleDetector.self)
        let shape = try neverAccepting(.shape, GeneralShapeDetector.self)

        let clock = ContinuousClock()
        func best(_ body: () -> Void) -> Double {
            var b = Double.infinity
            for _ in 0..<repeats {
                let start = clock.now
                body()
                b = Swift.min(b, EngineCLI.seconds(clock.now - start))
            }
            return b
        }
        var rows: [Row] = []
        func row(_ detector: String, _ method: String, _ n: Int, points timed: Int, seconds: Double) {
            rows.append(Row(detector: detector, method: method, points: n, pointsPerSecond: Double(timed) / seconds,
                            microsecondsPerPoint: seconds / Double(timed) * 1e6))
        }
        var sink = 0
        for n in lengths {
            let pts = Self.spiral(n)
            row("checkmark (trained)", "stream", n, points: n, seconds: best {
                var s = CheckmarkDetector.Stream(thresholds: check)
                for p in pts where s.add(p) { sink += 1 }
            })
            row("circle (trained)", "stream", n, points: n, seconds: best {
                var s = CircleDetector.Stream(thresholds: circle)
                for p in pts where s.add(p) { sink += 1 }
            })
            row("shape (trained)", "stream", n, points: n, seconds: best {
                var s = DetectorStream(thresholds: shape)
                for p in pts where s.add(p) { sink += 1 }
            })
            row("checkmark (CheckPlease)", "stream", n, points: n, seconds: best {
                var s = CheckmarkDetector.Stream(thresholds: .checkPlease)
                for p in pts where s.add(p) { sink += 1 }
            })
            row("circle (Sadun)", "stream", n, points: n, seconds: best {
                var s = CircleDetector.Stream(thresholds: .sadun)
                for p in pts where s.add(p) { sink += 1 }
            })
            // The previous trained streams: the whole prefix measured again at each point.
            let tail = Swift.min(n - 2, 200)
            row("shape (trained)", "re-measure prefix", n, points: tail, seconds: best {
                for end in (n - tail)..<n {
                    if shape.accepts(Stroke(Array(pts[0...end]))) { sink += 1 }
                }
            })
        }
        switch output.format {
        case .json:
            struct Report: Codable { var build: String; var repeats: Int; var rows: [Row] }
            Console.out(try Console.json(Report(build: build, repeats: repeats, rows: rows)))
        case .text:
            if build == "debug" { Console.out(Bench.debugNote) }
            Console.out("streaming cost per point (\(build) build, best of \(repeats); a spiral, every point measured)")
            Console.out("  detector                  method              points      points/s     µs/point")
            for r in rows {
                Console.out("  " + r.detector.padding(toLength: 26, withPad: " ", startingAt: 0)
                    + r.method.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + String(format: "%8d  %12.0f  %11.2f", r.points, r.pointsPerSecond, r.microsecondsPerPoint))
            }
            let byLength = Dictionary(grouping: rows.filter { $0.detector == "shape (trained)" }, by: \.points)
            for n in lengths {
                guard let g = byLength[n], let s = g.first(where: { $0.method == "stream" }),
                      let r = g.first(where: { $0.method == "re-measure prefix" }) else { continue }
                Console.out(String(format: "  at %d points the stream is %.1fx faster per point than re-measuring the prefix",
                                   n, s.pointsPerSecond / r.pointsPerSecond))
            }
        }
        if sink < 0 { Console.out("") }  // keeps the work observable
    }
}
