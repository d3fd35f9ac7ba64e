import Foundation
import Testing
import GestureDetectors
import GestureGeometry
@testable import GestureRecorder
import GestureTestSupport
import GestureTraining

struct DetectorRecognizerTests {
    static func gesture(_ pts: [(Double, Double)]) -> Gesture {
        Gesture(points: pts.enumerated().map { i, p in Point(x: p.0, y: p.1, t: Double(i) * 0.02) })
    }

    @Test func checkPleasePresetFiresOnACheckMarkAndSaysWhy() {
        let r = DetectorRecognizer(thresholds: AnyDetectorThresholds(CheckmarkThresholds.checkPlease), source: "preset checkPlease")
        let out = r.recognize(Self.gesture(RecorderFixtures.checkmark))
        #expect(out.count == 1)
        #expect(out.first?.name == "checkmark detector")
        #expect(out.first?.kind == .detector)
        #expect(out.first?.recognized == true)
        #expect(out.first?.detail.contains("CheckPlease") == true)
        #expect(out.first?.detail.contains("preset checkPlease") == true)
        #expect((out.first?.measurements["firingTurns"] ?? 0) >= 1)
    }

    @Test func shippedThresholdsTellACheckMarkFromACircle() throws {
        let root = DatasetLocator.packageRoot.appendingPathComponent("templates")
        let checkPath = root.appendingPathComponent("checkmark.json").path
        let circlePath = root.appendingPathComponent("circle.json").path
        guard FileManager.default.fileExists(atPath: checkPath), FileManager.default.fileExists(atPath: circlePath) else {
            print("SKIPPED: templates/checkmark.json or templates/circle.json not found")
            return
        }
        let check = DetectorRecognizer(thresholds: try DetectorThresholdsFile.load(checkPath, kind: .checkmark), source: checkPath)
        let circle = DetectorRecognizer(thresholds: try DetectorThresholdsFile.load(circlePath, kind: .circle), source: circlePath)
        let cm = Self.gesture(RecorderFixtures.checkmark)
        #expect(check.recognize(cm).first?.recognized == true)
        #expect(circle.recognize(cm).first?.recognized == false)
        #expect(check.recognize(cm).first?.measurements["margin"] != nil)
        // Plain words and the file by its folder, not an absolute path.
        let yes = try #require(check.recognize(cm).first?.detail)
        #expect(yes.hasPrefix("accepted as a check mark: every feature within its trained range") && yes.hasSuffix("[templates/checkmark.json]"), "\(yes)")
        let no = try #require(circle.recognize(cm).first?.detail)
        #expect(no.hasPrefix("rejected: not a circle, ") && no.contains("outside its trained range") && !no.contains(root.path), "\(no)")
        // A hand-drawn-looking circle (wobbling radius, uneven speed): a perfect one is too
        // smooth for the trained turning-unevenness interval.
        let wobbly: [(Double, Double)] = (0..<40).map { i in
            let u = Double(i) / 39
            let a = (2 * Double.pi + 0.25) * (u - 0.5 * sin(2 * Double.pi * u) / (2 * Double.pi))
            let r = 120 * (1 + 0.08 * sin(3 * a + 0.7))
            return (240 - r * sin(a) * 0.9, 240 - r * cos(a))
        }
        #expect(circle.recognize(Self.gesture(wobbly)).first?.recognized == true)
        #expect(check.recognize(Self.gesture(wobbly)).first?.recognized == false)
    }

    @Test(arguments: [[(Double, Double)](), [(5, 5)], [(5, 5), (5, 5)], [(0, 0), (10, 0)]])
    func degenerateStrokesAreNotRecognizedAndDoNotCrash(_ pts: [(Double, Double)]) {
        for t in [AnyDetectorThresholds(CheckmarkThresholds.checkPlease), AnyDetectorThresholds(CircleThresholds.sadun)] {
            let out = DetectorRecognizer(thresholds: t, source: "preset").recognize(Self.gesture(pts))
            #expect(out.first?.recognized == false)
            #expect(out.first?.measurements.values.allSatisfy(\.isFinite) == true)
        }
    }

    /// A coordinate of 1e19 trapped in `Int(_:)` while formatting Sadun's
    /// result and took the recorder down with it.
    @Test func hugeCoordinatesAreFormattedNotTrapped() {
        let huge: [(Double, Double)] = [(0, 0), (1e19, 0), (1e19, 1e19), (0, 1e19), (1, 1)]
        for t in [AnyDetectorThresholds(CheckmarkThresholds.checkPlease), AnyDetectorThresholds(CircleThresholds.sadun)] {
            let out = DetectorRecognizer(thresholds: t, source: "preset").recognize(Self.gesture(huge))
            #expect(out.count == 1)
        }
        #expect(DetectorRecognizer.fmt(1e19) == "1e+19")
        #expect(DetectorRecognizer.fmt(-9.3e18) == "-9.3e+18")
        #expect(DetectorRecognizer.fmt(12.345) == "12.35" && DetectorRecognizer.fmt(3) == "3" && DetectorRecognizer.fmt(.nan) == "NaN")
    }

    @Test func multistrokeSamplesAreReportedAsOutOfScope() {
        let g = Gesture([Stroke([Point(x: 0, y: 0), Point(x: 10, y: 10)]), Stroke([Point(x: 10, y: 0), Point(x: 0, y: 10)])])
        let out = DetectorRecognizer(thresholds: AnyDetectorThresholds(CircleThresholds.sadun), source: "preset sadun").recognize(g)
        #expect(out.first?.recognized == false)
        #expect(out.first?.detail.contains("reads one stroke; this sample has 2 strokes") == true)
    }
}
