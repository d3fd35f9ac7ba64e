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
        Feeds a spiral of N points (three turns) point by point to each registered detector's \
        stream and prints points per second (best of --repeats). Trained rules: the settings \
        of the shipped templates/DETECTOR.json (when found, else the detector's defaults), \
        with a box nothing passes, so that every point is measured; each detector's default \
        book rule, which never fires on the spiral. Beside them, in the same run, the previous method: re-measuring the whole \
        prefix at each point, timed over the stream's last 200 points (its cost per point \
        at that length). Use a release build: swift build -c release.
        """)

    @Option(help: "Stroke lengths, comma-separated.")
    var points: String = "100,1000,10000"

    @OptionGroup var bestOf: BestOfOptions
    var repeats: Int { bestOf.repeats }

    @OptionGroup var output: OutputOptions

    struct Row: Codable {
        var detector, method: String
        var points: Int
        var pointsPerSecond, microsecondsPerPoint: Double
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
        func neverAccepting(_ kind: DetectorKind) throws -> AnyDetectorThresholds {
            var settings = kind.detector.defaultSettings
            if let path = DetectorCLI.defaultThresholdsPath(kind) {
                let shipped = try DetectorThresholdsFile.load(path, kind: kind)
                // A shipped file of another detector (standing for this one) has its own settings.
                if shipped.kind == kind, let s = shipped.trainedBox?.settings { settings = s }
            }
            let first = kind.detector.featureNames[0]
            return kind.trained(settings: settings, box: FeatureBox([first: FeatureInterval(lower: 1e300)]), label: nil)
        }
        let trained = try DetectorKind.allCases.map { ($0, try neverAccepting($0)) }

        func best(_ body: () -> Void) -> Double { Bench.best(of: repeats, body) }
        var rows: [Row] = []
        func row(_ detector: String, _ method: String, _ n: Int, points timed: Int, seconds: Double) {
            rows.append(Row(detector: detector, method: method, points: n, pointsPerSecond: Double(timed) / seconds,
                            microsecondsPerPoint: seconds / Double(timed) * 1e6))
        }
        var sink = 0
        for n in lengths {
            let pts = Self.spiral(n)
            let feed = StreamFeeder(points: pts)
            for (kind, t) in trained {
                row("\(kind.rawValue) (trained)", "stream", n, points: n, seconds: best { sink += t.accept(feed) })
            }
            for kind in DetectorKind.allCases {
                guard let preset = kind.bookPresets.first else { continue }
                row("\(kind.rawValue) (\(preset.title))", "stream", n, points: n, seconds: best { sink += preset.thresholds.accept(feed) })
            }
            // The previous trained streams: the whole prefix measured again at each point.
            let tail = Swift.min(n - 2, 200)
            if let (kind, t) = trained.first(where: { $0.0 == .shape }) {
                row("\(kind.rawValue) (trained)", "re-measure prefix", n, points: tail, seconds: best {
                    for end in (n - tail)..<n {
                        if t.accepts(Stroke(Array(pts[0...end]))) { sink += 1 }
                    }
                })
            }
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
            let byLength = Dictionary(grouping: rows.filter { $0.detector == "\(DetectorKind.shape.rawValue) (trained)" }, by: \.points)
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

/// Feeds a stroke point by point to a detector's stream; the number of points at which it
/// has fired.
private struct StreamFeeder: DetectorThresholdsVisitor {
    let points: [Point]
    func visit<D: ShapeDetector>(_ thresholds: DetectorThresholds<D>) -> Int {
        var s = DetectorStream(thresholds: thresholds)
        var fired = 0
        for p in points where s.add(p) { fired += 1 }
        return fired
    }
}
