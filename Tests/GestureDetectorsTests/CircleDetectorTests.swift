import Foundation
import GestureDetectors
import GestureGeometry
import Testing

let handCircleBox = CircleThresholds(rule: .trained(settings: CircleDetector.defaultSettings, box: FeatureBox([
    "radiusDeviation": FeatureInterval(upper: 0.15),
    "closure": FeatureInterval(upper: 0.6),
    "revolutions": FeatureInterval(lower: 0.8, upper: 1.3),
    "compactness": FeatureInterval(lower: 0.85),
    "cornerCount": FeatureInterval(upper: 0),
    "loops": FeatureInterval(lower: 1, upper: 1),
])))

@Test func sadunPresetHasTheCookbookConstants() {
    guard case .book(let r) = CircleThresholds.sadun.rule else { Issue.record("not Sadun's rule"); return }
    #expect(r.maxDuration == 2 && r.maxInflections == 5)
    #expect(abs(r.maxClosureDistance - 320.0 / 3) < 1e-12)
    #expect(abs(r.minExcess + .pi / 4) < 1e-12 && abs(r.maxExcess - .pi) < 1e-12)
}

@Test func sadunAcceptsACleanQuickCircle() {
    #expect(CircleDetector(thresholds: .sadun).detects(Fixtures.circle()))
}

@Test func sadunRejectsASlowCircle() {
    #expect(!CircleDetector(thresholds: .sadun).detects(Fixtures.circle(seconds: 2.5)))
}

@Test func sadunRejectsAnOpenArcAndTwoTurns() {
    let d = CircleDetector(thresholds: .sadun)
    #expect(!d.detects(Fixtures.circle(radius: 100, turns: 0.6)))   // ends far from the start
    #expect(!d.detects(Fixtures.circle(turns: 2)))                   // transit 4π, beyond 2π + π
}

@Test func sadunRejectsJitterThatTheInflectionTestCounts() {
    // Alternate ±1 point across the path: every pair of segments changes sign somewhere.
    let c = Fixtures.circle(count: 80)
    let jitter = Stroke(c.points.enumerated().map { i, p in Point(x: p.x + (i % 2 == 0 ? 1 : -1), y: p.y, t: p.t) })
    #expect(!CircleDetector(thresholds: .sadun).detects(jitter))
    #expect(CircleDetector(thresholds: .sadunWithoutInflectionTest).detects(jitter))
}

@Test func shapeMeasuresOfACircleAndASquare() throws {
    let c = try #require(CircleDetector.shape(Fixtures.circle()))
    #expect(c.radiusDeviation < 0.02)
    #expect(abs(c.revolutions - 1) < 0.05 && abs(c.winding - 1) < 0.05)
    #expect(abs(c.compactness - 1) < 0.03)
    #expect(c.cornerCount == 0 && c.closure < 0.05 && c.aspectRatio > 0.95)
    let square = try #require(CircleDetector.shape(Fixtures.polyline([(0, 0), (100, 0), (100, 100), (0, 100), (0, 0)])))
    #expect(abs(square.compactness - .pi / 4) < 0.05)
    #expect(square.cornerCount >= 3)
}

@Test func trainedBoxTellsACircleFromASquareAndAnArc() {
    let d = CircleDetector(thresholds: handCircleBox)
    #expect(d.detects(Fixtures.circle()))
    #expect(!d.detects(Fixtures.polyline([(0, 0), (100, 0), (100, 100), (0, 100), (0, 0)])))
    #expect(!d.detects(Fixtures.circle(turns: 0.6)))
    #expect(!d.detects(Fixtures.check))
}

@Test(arguments: Fixtures.degenerate.map(\.0))
func degenerateStrokesAreNeverCircles(name: String) throws {
    let stroke = try #require(Fixtures.degenerate.first { $0.0 == name }?.1)
    for t in [CircleThresholds.sadun, .sadunWithoutInflectionTest, .sadunShapeOnly, handCircleBox] {
        #expect(!CircleDetector(thresholds: t).detects(stroke))
        if stroke.isFinite {
            var s = CircleDetector.Stream(thresholds: t)
            let fired = stroke.points.contains { s.add($0) }
            #expect(!fired)
        }
    }
    #expect(CircleDetector.shape(stroke) == nil)
}

@Test(arguments: [0.6, 0.9, 1.0, 1.1, 1.4, 2.0])
func circleStreamAgreesWithWholeStroke(turns: Double) {
    let stroke = Fixtures.circle(turns: turns)
    for t in [CircleThresholds.sadun, .sadunShapeOnly, handCircleBox] {
        var s = CircleDetector.Stream(thresholds: t)
        let fired = stroke.points.contains { s.add($0) }
        if CircleDetector(thresholds: t).detects(stroke) { #expect(fired, "turns \(turns)") }
    }
}

@Test func circleThresholdsRoundTripAndRejectUnknownVersions() throws {
    for t in [CircleThresholds.sadun, .sadunShapeOnly, handCircleBox] {
        let data = try JSONEncoder().encode(t)
        #expect(try JSONDecoder().decode(CircleThresholds.self, from: data) == t)
    }
    let bad = #"{"format": "gesturelab.circle/9", "rule": "sadun", "sadun": {}}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(CircleThresholds.self, from: Data(bad.utf8)) }
}

@Test(arguments: [0.6, 1.0, 2.0])
func circleStreamEndGivesTheWholeStrokeDecision(turns: Double) {
    let stroke = Fixtures.circle(turns: turns)
    for t in [CircleThresholds.sadun, .sadunShapeOnly, handCircleBox] {
        var s = CircleDetector.Stream(thresholds: t)
        for p in stroke.points { _ = s.add(p) }
        #expect(s.end() == CircleDetector(thresholds: t).detects(stroke))
    }
}
