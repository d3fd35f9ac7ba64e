import Foundation
import Testing
import GestureData
import GestureDetectors
import GestureGeometry
import GestureMatching
import GestureTestSupport
@testable import GestureEngine

/// A tap is never a shape: a stroke recognizer recognizes only once the finger has moved
/// farther than its `minimumMovement` from where it came down (10 pt for trained
/// thresholds and templates, the movement a tap may make).
struct StrokeMinimumMovementTests {
    /// Says yes at every point: whatever holds it back is the recognizer's minimum.
    struct AlwaysYes: StrokeDetecting {
        mutating func reset() {}
        mutating func add(_ p: Point) -> StrokeDecision { .recognized(score: nil, match: nil) }
        mutating func finish() -> StrokeDecision { .recognized(score: nil, match: nil) }
        var minimumMovement: Double { 10 }
    }

    static func shipped<D: ShapeDetector>(_ name: String, as: D.Type) throws -> DetectorThresholds<D> {
        let url = DatasetLocator.packageRoot.appendingPathComponent("templates/\(name).json")
        return try JSONDecoder().decode(DetectorThresholds<D>.self, from: Data(contentsOf: url))
    }

    /// Taps as a finger makes them: 1–6 points within 3 pt of where it came down, 50–200 ms.
    static func taps(_ count: Int, seed: UInt64) -> [[Point]] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let n = Int.random(in: 1...6, using: &rng), duration = Double.random(in: 0.05...0.2, using: &rng)
            let x0 = Double.random(in: 50...350, using: &rng), y0 = Double.random(in: 50...350, using: &rng)
            return (0..<n).map { i in
                let r = i == 0 ? 0 : Double.random(in: 0...3, using: &rng), a = Double.random(in: 0..<(2 * .pi), using: &rng)
                return Point(x: x0 + r * cos(a), y: y0 + r * sin(a), t: n == 1 ? 0 : duration * Double(i) / Double(n - 1))
            }
        }
    }

    /// `points` as one finger's touch lines, from `t0`.
    static func draw(_ points: [Point], on s: TouchScript, at t0: Double, id: Int) throws {
        guard let first = points.first else { return }
        try s.send(t0, .began, [(id, first.x, first.y)])
        for p in points.dropFirst().dropLast() { try s.send(t0 + (p.t ?? 0), .moved, [(id, p.x, p.y)]) }
        let last = points.count > 1 ? points[points.count - 1] : first
        try s.send(t0 + (last.t ?? 0) + 0.001, .ended, [(id, last.x, last.y)])
    }

    /// The shipped check mark and circle, asked about a tap's few points alone, call some of
    /// them a check mark (scaled up, random points make any shape); hosted by the engine
    /// they fire on none.
    @Test func aTapNeverFiresTheShippedCheckMarkOrCircle() throws {
        let check = try Self.shipped("checkmark", as: CheckmarkDetector.self)
        let circle = try Self.shipped("circle", as: CircleDetector.self)
        let taps = Self.taps(3000, seed: 5)
        let shapeAlone = taps.filter { check.accepts(Stroke($0)) || circle.accepts(Stroke($0)) }.count
        #expect(shapeAlone > 0, "the shape decision alone takes some taps (else this test shows nothing)")
        let s = TouchScript([StrokeRecognizer(name: "check", detector: ShapeStrokeDetector(thresholds: check)),
                             StrokeRecognizer(name: "circle", detector: ShapeStrokeDetector(thresholds: circle))])
        for (k, tap) in taps.enumerated() { try Self.draw(tap, on: s, at: Double(k), id: k + 1) }
        #expect(s.firedNames.isEmpty, "\(s.firedNames.count) taps fired a shape (\(shapeAlone) of \(taps.count) pass the shape alone)")
    }

    /// A check mark drawn small but past the minimum still fires; drawn within it, it is a
    /// tap; with a minimum of 0 the shape alone decides.
    @Test func aSmallCheckMarkFiresOnlyPastTheMinimum() throws {
        let check = try Self.shipped("checkmark", as: CheckmarkDetector.self)
        // The synthetic session's check mark: down-right to the corner, then up-right, 0.5 s.
        func checkMark(size: Double) -> [Point] {
            let corner = (0.35, 0.45), end = (1.0, -0.55), steps = 12
            var pts: [Point] = []
            for k in 0...steps {
                let u = Double(k) / Double(steps)
                pts.append(Point(x: corner.0 * u * size, y: corner.1 * u * size, t: u * 0.2))
            }
            for k in 1...(2 * steps) {
                let u = Double(k) / Double(2 * steps)
                pts.append(Point(x: (corner.0 + (end.0 - corner.0) * u) * size, y: (corner.1 + (end.1 - corner.1) * u) * size,
                                 t: 0.2 + u * 0.3))
            }
            return pts.map { Point(x: $0.x + 100, y: $0.y + 100, t: $0.t) }
        }
        #expect(check.accepts(Stroke(checkMark(size: 6))) && check.accepts(Stroke(checkMark(size: 40))),
                "the shape alone takes both sizes")
        for (size, minimum, fires) in [(40.0, nil, true), (12.0, nil, true), (6.0, nil, false), (6.0, 0.0, true), (12.0, 20.0, false)] {
            let s = TouchScript([StrokeRecognizer(name: "check", detector: ShapeStrokeDetector(thresholds: check), minimumMovement: minimum)])
            try Self.draw(checkMark(size: size), on: s, at: 1, id: 1)
            #expect(s.firedNames == (fires ? ["check"] : []), "size \(size), minimum \(String(describing: minimum))")
        }
    }

    /// A detector that says yes from the first point is held back until the finger has
    /// moved farther than the minimum, then recognized at that point, mid-stroke.
    @Test func aYesBeforeTheMinimumWaitsForTheMovement() throws {
        let s = TouchScript([StrokeRecognizer(name: "yes", detector: AlwaysYes())])
        try s.send(1, .began, [(1, 0, 0)])
        for (k, x) in [3.0, 8, 10, 12, 30].enumerated() { try s.send(1 + 0.01 * Double(k + 1), .moved, [(1, x, 0)]) }
        try s.send(1.2, .ended, [(1, 30, 0)])
        #expect(s.fired("yes").map(\.time) == [1.04], "at 12 pt, the first point farther than 10")
        // Back and forth within the minimum, however long the path: a tap that wobbles.
        let t = TouchScript([StrokeRecognizer(name: "yes", detector: AlwaysYes())])
        try t.send(1, .began, [(1, 0, 0)])
        for k in 1...40 { try t.send(1 + 0.01 * Double(k), .moved, [(1, k.isMultiple(of: 2) ? 9 : -9, 0)]) }
        try t.send(1.5, .ended, [(1, 0, 0)])
        #expect(t.firedNames.isEmpty)
    }

    @Test func eachDetectorHasItsDefault() throws {
        let trained = try Self.shipped("checkmark", as: CheckmarkDetector.self)
        #expect(StrokeRecognizer(name: "a", detector: ShapeStrokeDetector(thresholds: trained)).minimumMovement == 10)
        #expect(StrokeRecognizer(name: "b", detector: ShapeStrokeDetector(thresholds: CheckmarkThresholds.checkPlease)).minimumMovement == 0)
        #expect(StrokeRecognizer(name: "c", detector: ShapeStrokeDetector(thresholds: CircleThresholds.sadun)).minimumMovement == 0)
        let library = TemplateLibrary(templates: [Template(name: "vee", gesture: Gesture([Stroke([Point(x: 0, y: 0), Point(x: 25, y: 50), Point(x: 50, y: 0)])]))])
        let spec = TemplateSpec(library: library, algorithm: .protractor, acceptance: .minimumScore(0.8))
        #expect(StrokeRecognizer(name: "d", detector: spec.makeDetector()).minimumMovement == 10)
        #expect(StrokeRecognizer(name: "e", detector: ShapeStrokeDetector(thresholds: trained), minimumMovement: 3).minimumMovement == 3)
    }

    /// `minimumMovement` in a configuration: read for detectors and templates, written back,
    /// used by the recognizer built; refused on other types and when not a number >= 0.
    @Test func configurationsCarryTheMinimum() throws {
        let json = """
        {"format": "gesturelab.recognizers/1", "recognizers": [
          {"name": "a", "type": "checkmark", "minimumMovement": 25},
          {"name": "b", "type": "circle"}]}
        """
        let config = try RecognizerConfiguration.decode(Data(json.utf8), file: "cfg.json")
        #expect(config.recognizers.map(\.minimumMovement) == [25, nil])
        #expect(try RecognizerConfiguration.decode(try config.encoded(), file: "x") == config)
        let built = config.makeArena().recognizers.compactMap { $0 as? StrokeRecognizer<ShapeStrokeDetector<CheckmarkDetector>> }
        #expect(built.map(\.minimumMovement) == [25])
        for (entry, expected) in [
            (#"{"name": "a", "type": "tap", "minimumMovement": 5}"#, "recognizers[0].minimumMovement"),
            (#"{"name": "a", "type": "checkmark", "minimumMovement": -1}"#, "must be a number >= 0"),
            (#"{"name": "a", "type": "checkmark", "minimumMovement": "far"}"#, "recognizers[0].minimumMovement"),
        ] {
            let bad = #"{"format": "gesturelab.recognizers/1", "recognizers": [\#(entry)]}"#
            do {
                _ = try RecognizerConfiguration.decode(Data(bad.utf8), file: "cfg.json")
                Issue.record("\(entry) was read")
            } catch {
                #expect("\(error)".contains(expected) && "\(error)".contains("cfg.json"), "\(error)")
            }
        }
        var entry = RecognizerConfiguration.Entry(name: "p", spec: .pan(PanRecognizer.Settings()))
        entry.minimumMovement = 5
        #expect(throws: GestureDataError.self) { try RecognizerConfiguration(recognizers: [entry]).validate(file: "x") }
    }
}
