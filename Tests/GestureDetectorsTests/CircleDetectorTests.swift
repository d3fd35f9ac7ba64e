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

/// An evenly drawn oval, turned any way, is as round as a circle once stretched along its
/// minor axis; its elongation says how oval it is. A spiral stays uneven.
@Test(arguments: [0.0, 0.5, 1.2])
func ellipseMeasuresReadAnOvalAsRound(turn: Double) throws {
    let n = 96
    let oval = Stroke((0...n).map { i in
        let a = 2 * Double.pi * Double(i) / Double(n)
        let x = 120 * cos(a), y = 60 * sin(a)
        return Point(x: 300 + x * cos(turn) - y * sin(turn), y: 300 + x * sin(turn) + y * cos(turn))
    })
    let s = try #require(CircleDetector.shape(oval))
    #expect(abs(s.elongation - 0.5) < 0.03)
    #expect(s.ellipseDeviation < 0.03 && s.ellipseMinRadius > 0.93 && s.ellipseMaxRadius < 1.07)
    #expect(s.radiusDeviation > 0.15)   // as drawn, the oval is far from round
    let c = try #require(CircleDetector.shape(Fixtures.circle()))
    #expect(c.elongation > 0.95 && c.ellipseDeviation < 0.02)
    let spiral = Stroke((0...n).map { i in
        let u = Double(i) / Double(n), a = 2 * Double.pi * 1.5 * u, r = 100 - 60 * u
        return Point(x: 300 + r * cos(a), y: 300 + r * sin(a))
    })
    let sp = try #require(CircleDetector.shape(spiral))
    #expect(sp.ellipseMinRadius < 0.75)
}

/// A circle left open heads back toward where it began; a C that runs out along a straight
/// tail does not, though it sweeps about as far; a closed or overlapping circle has no gap.
@Test func returnMissTellsAnOpenCircleFromACWithATail() throws {
    let open = try #require(CircleDetector.shape(Fixtures.circle(turns: 0.88)))
    #expect(open.returnMiss < 0.5, "open circle: \(open.returnMiss)")
    // Three quarters of a circle, then a straight tail of half a radius along the tangent.
    var points = Fixtures.circle(turns: 0.75).points
    let last = points[points.count - 1]
    for i in 1...10 { points.append(Point(x: last.x + 2.5 * Double(i), y: last.y, t: last.t.map { $0 + 0.01 * Double(i) })) }
    let c = try #require(CircleDetector.shape(Stroke(points)))
    #expect(c.revolutions < 0.85 && c.returnMiss > 0.9, "C: revolutions \(c.revolutions), miss \(c.returnMiss)")
    let closed = try #require(CircleDetector.shape(Fixtures.circle(turns: 1.2)))
    #expect(closed.returnMiss == 0)
    for (_, stroke) in Fixtures.degenerate { #expect(CircleDetector.shape(stroke).map { $0.returnMiss.isFinite } ?? true) }
}

/// A straight or nearly straight stroke has finite ellipse measures far from a circle's.
@Test func ellipseMeasuresOfALineAreFinite() throws {
    for line in [Fixtures.polyline([(0, 0), (200, 0)]), Fixtures.polyline([(0, 0), (100, 1), (200, 0)])] {
        let s = try #require(CircleDetector.shape(line))
        #expect(s.elongation < 0.05)
        #expect(s.ellipseDeviation.isFinite && s.ellipseDeviation > 0.3)
    }
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
