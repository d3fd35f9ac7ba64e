import Foundation
import GestureDetectors
import GestureGeometry
import Testing

/// A zig-zag of `teeth` strokes, `width` wide.
private func zigZag(teeth: Int = 4, width: Double = 80, spacing: Double = 2) -> Stroke {
    let corners = (0...teeth).map { (Double($0) * width / Double(teeth), $0 % 2 == 0 ? 0.0 : 40.0) }
    return Fixtures.polyline(corners, spacing: spacing)
}

/// A spiral of `count` points over `turns` turns (long strokes for the stream tests).
private func spiral(count: Int, turns: Double = 3) -> Stroke {
    Stroke((0..<count).map { i in
        let f = Double(i) / Double(count - 1)
        let a = 2 * Double.pi * turns * f, r = 10 + 90 * f
        return Point(x: 200 + r * cos(a), y: 200 + r * sin(a), t: Double(i) * 0.004)
    })
}

private func value(_ name: String, of stroke: Stroke) throws -> Double {
    let v = try #require(GeneralShapeDetector.featureVector(stroke))
    return v[try #require(GeneralShapeDetector.featureNames.firstIndex(of: name))]
}

@Suite struct GeneralShapeMeasureTests {
    @Test func measuresOfACircleAZigZagAndALine() throws {
        #expect(GeneralShapeDetector.featureVector(Fixtures.circle())?.count == GeneralShapeDetector.featureNames.count)
        #expect(try value("closure", of: Fixtures.circle()) < 0.05)
        #expect(try value("compactness", of: Fixtures.circle()) > 0.9)
        #expect(abs(try value("absoluteRevolutions", of: Fixtures.circle()) - 1) < 0.1)
        // Drawn counter-clockwise on screen: negative signed turning.
        #expect(try value("signedRevolutions", of: Fixtures.circle()) < -0.9)
        #expect(try value("selfIntersections", of: Fixtures.circle()) == 0)
        #expect(try value("cornerCount", of: zigZag()) == 3)
        #expect(try value("meanCornerTurn", of: zigZag()) > 90)
        #expect(try value("cornerCount", of: Fixtures.line) == 0)
        #expect(abs(try value("lengthOverDiagonal", of: Fixtures.line) - 1) < 1e-6)
        #expect(abs(try value("closure", of: Fixtures.line) - 1) < 1e-6)
        // The line starts at the left middle of its square and ends at the right middle.
        let startX = try value("startX", of: Fixtures.line), startY = try value("startY", of: Fixtures.line)
        #expect(abs(startX) < 1e-9 && abs(startY - 0.5) < 1e-9)
        #expect(abs(try value("endX", of: Fixtures.line) - 1) < 1e-9)
        #expect(try value("firstDirX", of: Fixtures.line) == 1)
    }

    @Test func aFigureEightCrossesItselfOnce() throws {
        let eight = Stroke((0...200).map { i in
            let a = 0.4 + 2 * Double.pi * Double(i) / 200   // starting off the crossing
            return Point(x: 100 + 50 * sin(2 * a), y: 100 + 80 * sin(a))
        })
        #expect(try value("selfIntersections", of: eight) == 1)
    }

    @Test func measuresDoNotDependOnSizeOrPosition() throws {
        let a = try #require(GeneralShapeDetector.featureVector(zigZag()))
        let big = Stroke(zigZag().points.map { Point(x: 3 * $0.x + 500, y: 3 * $0.y - 20, t: $0.t) })
        let b = try #require(GeneralShapeDetector.featureVector(big))
        for (x, y) in zip(a, b) { #expect(abs(x - y) < 1e-6 * Swift.max(1, abs(x))) }
    }

    @Test(arguments: Fixtures.degenerate.map(\.0))
    func degenerateStrokesHaveNoMeasures(name: String) throws {
        let stroke = try #require(Fixtures.degenerate.first { $0.0 == name }?.1)
        if name != "NaN time" { #expect(GeneralShapeDetector.featureVector(stroke) == nil) }
        let t = DetectorThresholds<GeneralShapeDetector>(rule: .trained(settings: GeneralShapeDetector.defaultSettings, box: FeatureBox()))
        var s = DetectorStream(thresholds: t)
        for p in stroke.points { _ = s.add(p) }
        if name != "NaN time" { #expect(!s.end() && !t.accepts(stroke)) }
    }
}

@Suite struct DetectorThresholdsCodingTests {
    static let zigZagBox = FeatureBox(["cornerCount": FeatureInterval(lower: 2.5, upper: 6.5),
                                       "closure": FeatureInterval(lower: 0.3, scale: 0.1)])
    static let zigZagThresholds = DetectorThresholds<GeneralShapeDetector>(
        rule: .trained(settings: GeneralShapeDetector.defaultSettings, box: zigZagBox), label: "zig_zag", provenance: "by hand")

    @Test func roundTripsWithItsFormatAndLabel() throws {
        let data = try JSONEncoder().encode(Self.zigZagThresholds)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("gesturelab.shape") && text.contains("zig_zag"))
        let back = try JSONDecoder().decode(DetectorThresholds<GeneralShapeDetector>.self, from: data)
        #expect(back == Self.zigZagThresholds)
        #expect(back.accepts(zigZag()) && !back.accepts(Fixtures.circle()) && !back.accepts(Fixtures.check))
        #expect(try #require(back.margin(zigZag())) >= 0)
        #expect(try #require(back.margin(Fixtures.circle())) < 0)
    }

    @Test func refusesOtherFormatsRulesFeaturesAndSettings() {
        let cases: [(String, String)] = [
            (#"{"format": "gesturelab.checkmark/1", "rule": "trained", "box": {"intervals": {}}}"#, "format 'gesturelab.checkmark/1'"),
            (#"{"format": "gesturelab.shape/1", "rule": "checkPlease", "box": {"intervals": {}}}"#, "unknown rule 'checkPlease'; expected 'trained'"),
            (#"{"format": "gesturelab.shape/1", "rule": "trained", "box": {"intervals": {"wobble": {"scale": 1}}}}"#, "unknown shape feature 'wobble'"),
            (#"{"format": "gesturelab.shape/1", "rule": "trained", "box": {"intervals": {}}, "settings": {"resampleCount": 100000, "smoothingGranularity": 4, "cornerWindow": 3, "cornerDegrees": 45}}"#, "resampleCount is 100000"),
        ]
        for (json, message) in cases {
            #expect {
                try JSONDecoder().decode(DetectorThresholds<GeneralShapeDetector>.self, from: Data(json.utf8))
            } throws: { "\($0)".contains(message) }
        }
    }
}

@Suite struct DetectorStreamTests {
    /// While the smoothed prefix is short, the stream's prepared points are exactly the
    /// whole prefix's, so its decision at every point is the whole-stroke decision.
    @Test func streamDecidesEveryPrefixAsTheWholeStrokeRule() throws {
        let t = DetectorThresholdsCodingTests.zigZagThresholds
        let stroke = zigZag(spacing: 4)
        var s = DetectorStream(thresholds: t)
        var firstWhole: Int?
        for (i, p) in stroke.points.enumerated() {
            let fired = s.add(p)
            if firstWhole == nil && t.accepts(Stroke(Array(stroke.points[0...i]))) { firstWhole = i }
            #expect(fired == (firstWhole != nil), "point \(i)")
        }
        #expect(s.firedAt == firstWhole && s.end())
    }

    /// Beyond 16 · resampleCount smoothed points the prefix is kept on a grid: the
    /// measures stay close to the whole stroke's, whatever its length.
    @Test(arguments: [1000, 10000])
    func longStrokesStayCloseToTheWholeStroke(count: Int) throws {
        let stroke = spiral(count: count)
        let settings = GeneralShapeDetector.defaultSettings
        let whole = try #require(GeneralShapeDetector.featureVector(stroke, settings: settings))
        let box = FeatureBox(["absoluteRevolutions": FeatureInterval(lower: 0)])
        var s = DetectorStream(thresholds: DetectorThresholds<GeneralShapeDetector>(rule: .trained(settings: settings, box: box)))
        for p in stroke.points { _ = s.add(p) }
        #expect(s.end())
        let m = s.margin()
        let margin = try #require(m)
        #expect(abs(margin - whole[GeneralShapeDetector.featureNames.firstIndex(of: "absoluteRevolutions")!]) < 0.02)
    }

    @Test func aNonFinitePointStopsTheStreamAndResetStartsAgain() {
        let t = DetectorThresholdsCodingTests.zigZagThresholds
        var s = DetectorStream(thresholds: t)
        _ = s.add(Point(x: .nan, y: 0))
        for p in zigZag().points {
            let fired = s.add(p)
            #expect(!fired)
        }
        #expect(!s.end())
        s.reset()
        let fires = zigZag().points.contains { s.add($0) }
        #expect(fires)
    }

    /// Check mark and circle are shape detectors too: their trained measures through the
    /// protocol are the ones their own types take.
    @Test func checkAndCircleMeasureThroughTheProtocol() throws {
        #expect(CheckmarkDetector.featureVector(Fixtures.check) == CheckmarkDetector.shape(Fixtures.check)?.vector)
        #expect(CircleDetector.featureVector(Fixtures.circle()) == CircleDetector.shape(Fixtures.circle())?.vector)
        #expect(CheckmarkDetector.defaultSettings.resampleCount == 32 && CircleDetector.defaultSettings.resampleCount == 64)
        #expect(CheckmarkDetector.format == "gesturelab.checkmark/1" && GeneralShapeDetector.format == "gesturelab.shape/1")
    }
}
