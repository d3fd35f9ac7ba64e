import Foundation
import Testing
import GestureDetectors
import GestureGeometry
import GestureTestSupport

/// Thresholds files are untrusted input: settings that would size allocations
/// without bound are refused at decoding, naming the field; anything accepted runs.
struct BadThresholdsTests {
    static let regressions = DatasetLocator.packageRoot.appendingPathComponent("Tests/Fuzz/Regressions/FuzzThresholds")

    @Test func hugeResampleCountInACheckmarkFileIsRefused() throws {
        let data = try Data(contentsOf: Self.regressions.appendingPathComponent("checkmark-resample-2e9.json"))
        do {
            _ = try JSONDecoder().decode(CheckmarkThresholds.self, from: data)
            Issue.record("accepted resampleCount 2000000000")
        } catch let DecodingError.dataCorrupted(ctx) {
            #expect(ctx.debugDescription.contains("resampleCount is 2000000000"), "\(ctx.debugDescription)")
            #expect(ctx.codingPath.map(\.stringValue) == ["settings"])
        }
    }

    @Test func hugeSmoothingGranularityInACircleFileIsRefused() throws {
        let data = try Data(contentsOf: Self.regressions.appendingPathComponent("circle-granularity-1e9.json"))
        do {
            _ = try JSONDecoder().decode(CircleThresholds.self, from: data)
            Issue.record("accepted smoothingGranularity 1000000000")
        } catch let DecodingError.dataCorrupted(ctx) {
            #expect(ctx.debugDescription.contains("smoothingGranularity is 1000000000"), "\(ctx.debugDescription)")
        }
    }

    /// The old maxima (4096 / 64 / 4096) cost ~50 s per 10 000-point stroke in
    /// streaming; they are now refused.
    @Test(arguments: [("resampleCount", 2), ("resampleCount", -1), ("smoothingGranularity", 0),
                      ("cornerWindow", 0), ("cornerWindow", 100_000), ("resampleCount", 4096),
                      ("smoothingGranularity", 64), ("cornerWindow", 4096), ("resampleCount", 513),
                      ("smoothingGranularity", 17), ("cornerWindow", 65)])
    func outOfRangeSettingsAreRefused(field: String, value: Int) throws {
        let json = """
        {"format": "gesturelab.checkmark/1", "rule": "trained", "box": {"intervals": {}},
         "settings": {"resampleCount": \(field == "resampleCount" ? value : 32),
                      "smoothingGranularity": \(field == "smoothingGranularity" ? value : 4),
                      "cornerWindow": \(field == "cornerWindow" ? value : 3), "cornerDegrees": 45}}
        """
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CheckmarkThresholds.self, from: Data(json.utf8)) }
    }

    @Test func settingsAtTheLimitsDecodeAndRun() throws {
        let json = """
        {"format": "gesturelab.circle/1", "rule": "trained", "box": {"intervals": {}},
         "settings": {"resampleCount": 512, "smoothingGranularity": 16, "cornerWindow": 64, "cornerDegrees": 45}}
        """
        let t = try JSONDecoder().decode(CircleThresholds.self, from: Data(json.utf8))
        let stroke = Stroke((0..<50).map { Point(x: cos(Double($0) / 8) * 40, y: sin(Double($0) / 8) * 40) })
        _ = CircleDetector(thresholds: t).detects(stroke)  // must return, not trap or exhaust memory
        #expect(CircleDetector(thresholds: t).measure(stroke).shape != nil)
    }
}
