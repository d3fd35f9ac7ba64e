import Foundation
import GestureData
import GestureDetectors
import GestureGeometry
import GestureTestSupport
import Testing

/// The book presets' published figures on the $1 logs without the pilot (4800 samples); skipped without the data.
@Suite struct DetectorBookFiguresTests {
    struct Rates { var positive: Double; var others: Double }

    static func rates(_ data: Dataset, positive: String, _ accepts: (Stroke) -> Bool) -> Rates {
        var tp = 0, p = 0, fp = 0, n = 0
        for s in data.samples {
            let hit = s.gesture.strokes.count == 1 && accepts(s.gesture.strokes[0])
            if s.label == positive { p += 1; if hit { tp += 1 } } else { n += 1; if hit { fp += 1 } }
        }
        return Rates(positive: Double(tp) / Double(max(p, 1)), others: Double(fp) / Double(max(n, 1)))
    }

    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func checkPleaseFiresOn77PercentOfChecksAnd86PercentOfOthers() throws {
        let data = try #require(try DatasetLocator.dollarOne(), "the $1 logs vanished while the suite ran")
        #expect(data.count == 4800)
        let d = CheckmarkDetector(thresholds: .checkPlease)
        let r = Self.rates(data, positive: "check") { d.thresholds.accepts(CheckmarkDetector.Features(
            rawTurns: CheckmarkDetector.measure($0).rawTurns, shape: nil)) }
        #expect(abs(r.positive - 0.77) <= 0.02, "check: \(r.positive)")
        #expect(abs(r.others - 0.86) <= 0.02, "others: \(r.others)")
    }

    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func sadunFiresOn15PercentOfCirclesAnd5PercentOfOthers() throws {
        let data = try #require(try DatasetLocator.dollarOne(), "the $1 logs vanished while the suite ran")
        let full = Self.rates(data, positive: "circle") { CircleDetector(thresholds: .sadun).detects($0) }
        #expect(abs(full.positive - 0.15) <= 0.02, "circle: \(full.positive)")
        #expect(abs(full.others - 0.05) <= 0.02, "others: \(full.others)")
        // §4's "without the inflection test" matches with the 2 s test off as well.
        let shapeOnly = Self.rates(data, positive: "circle") { CircleDetector(thresholds: .sadunShapeOnly).detects($0) }
        #expect(abs(shapeOnly.positive - 0.98) <= 0.02, "circle: \(shapeOnly.positive)")
        #expect(abs(shapeOnly.others - 0.33) <= 0.02, "others: \(shapeOnly.others)")
    }

    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func streamsAgreeWithWholeStrokesOnOneSubject() throws {
        let data = try #require(try DatasetLocator.dollarOne(), "the $1 logs vanished while the suite ran")
        let subset = data.onlySubjects(["2"]).filter { $0.speed == "medium" || $0.label == "check" || $0.label == "circle" }
        // The book presets and the shipped files (whichever detector measures for them).
        var all = [AnyDetectorThresholds(CheckmarkThresholds.checkPlease), AnyDetectorThresholds(CircleThresholds.sadun)]
        let templates = DatasetLocator.packageRoot.appendingPathComponent("templates")
        for kind in [DetectorKind.checkmark, .circle] {
            if let d = try? Data(contentsOf: templates.appendingPathComponent("\(kind.rawValue).json")) {
                all.append(try AnyDetectorThresholds.decode(d, kind: kind))
            }
        }
        var wholeHits = 0
        for s in subset.samples {
            let stroke = s.gesture.strokes[0]
            for t in all where t.accepts(stroke) {
                wholeHits += 1
                #expect(t.streamFires(stroke), "\(t.role) \(s.source ?? "")")
            }
        }
        #expect(wholeHits > 0)
    }
}
