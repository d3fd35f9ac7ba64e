import Foundation
import Testing
import GestureGeometry
@testable import GestureMatching

struct PPlusMatcherTests {
    static func cloud(_ pts: [(Double, Double, Double)]) -> PPlusMatcher.Prepared {
        PPlusMatcher.Prepared(xs: pts.map(\.0), ys: pts.map(\.1), thetas: pts.map(\.2))
    }

    @Test func aCloudIsAtDistanceZeroFromItself() throws {
        let p = try #require(PPlusMatcher.prepare(Shapes.check, settings: .default))
        #expect(PPlusMatcher.distance(p, p) == 0)
    }

    /// Worked by hand. a = {(0,0,0), (1,0,0)}, b = {(0,0,0), (0,1,0), (1,0,0)}.
    /// d(a, b): a0→b0 0, a1→b2 0; b1 never taken, its nearest in a is a0 at 1 → 1.
    /// d(b, a): b0→a0 0, b1→a0 1, b2→a1 0; every a point taken → 1. min = 1.
    @Test func oneToManyMatchingAddsThePointsNobodyTook() {
        let a = Self.cloud([(0, 0, 0), (1, 0, 0)])
        let b = Self.cloud([(0, 0, 0), (0, 1, 0), (1, 0, 0)])
        #expect(abs(PPlusMatcher.distance(a, b) - 1) < 1e-12)
        #expect(PPlusMatcher.distance(a, b) == PPlusMatcher.distance(b, a))
    }

    /// a = {(0,0,0), (0.1,0,0), (3,0,0)}, b = {(0,0,0), (3,0,1)}.
    /// d(a, b): 0 + 0.1 + 1 (to (3,0,1): dθ = 1) = 1.1; every b point taken.
    /// d(b, a): b0→a0 0, b1→a2 1; a1 never taken, nearest b0 at 0.1 → 1.1. Both 1.1.
    /// The turning angle counts as a coordinate: without it b1 would be at 0.
    @Test func theTurningAngleIsAThirdCoordinate() {
        let a = Self.cloud([(0, 0, 0), (0.1, 0, 0), (3, 0, 0)])
        let b = Self.cloud([(0, 0, 0), (3, 0, 1)])
        #expect(abs(PPlusMatcher.distance(a, b) - 1.1) < 1e-12)
    }

    @Test func turningAnglesAreZeroOnALineAndHalfAtARightAngle() throws {
        let line = Gesture(points: (0...40).map { Point(x: Double($0), y: 0) })
        let p = try #require(PPlusMatcher.prepare(line, settings: .default))
        #expect(p.thetas.allSatisfy { abs($0) < 1e-9 })
        let corner = Gesture(points: (0...40).map { Point(x: Double(min($0, 20)), y: Double(max(0, $0 - 20))) })
        let q = try #require(PPlusMatcher.prepare(corner, settings: .default))
        #expect(abs((q.thetas.max() ?? 0) - 0.5) < 0.26)  // the corner falls between resampled points
        #expect(q.thetas.first == 0 && q.thetas.last == 0)
    }

    @Test func degenerateInputHasNoCloud() {
        #expect(PPlusMatcher.prepare(Gesture(points: [Point(x: 1, y: 1)]), settings: .default) == nil)
        #expect(PPlusMatcher.prepare(Gesture(points: [Point(x: 1, y: 1), Point(x: 1, y: 1)]), settings: .default) == nil)
        #expect(PPlusMatcher.prepare(Gesture(points: [Point(x: .nan, y: 1), Point(x: 2, y: 1)]), settings: .default) == nil)
    }
}

struct GradientBoostedTreesTests {
    static func xor(_ n: Int, seed: UInt64) -> ([[Double]], [Bool]) {
        var rng = SeededGenerator(seed: seed)
        var rows: [[Double]] = [], labels: [Bool] = []
        for _ in 0..<n {
            let a = Double.random(in: 0...1, using: &rng), b = Double.random(in: 0...1, using: &rng)
            rows.append([a, b, 0.5]); labels.append((a > 0.5) != (b > 0.5))
        }
        return (rows, labels)
    }

    @Test func learnsXorAndGeneralizes() {
        let (x, y) = Self.xor(2000, seed: 1)
        let model = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 60))
        let (tx, ty) = Self.xor(1000, seed: 2)
        let right = zip(tx, ty).filter { (model.probability($0.0) > 0.5) == $0.1 }.count
        #expect(right >= 950)
        #expect(model.gainByFeature[2] == 0)  // a constant feature never splits
    }

    @Test func trainingIsDeterministicAndSurvivesJSON() throws {
        let (x, y) = Self.xor(500, seed: 3)
        let a = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 20))
        let b = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 20))
        #expect(a == b)
        let decoded = try JSONDecoder().decode(GradientBoostedTrees.self, from: try JSONEncoder().encode(a))
        #expect(decoded == a)
        #expect(x.prefix(20).allSatisfy { decoded.margin($0) == a.margin($0) })
    }

    @Test func heavierNegativesLowerTheProbabilityOfAmbiguousRows() {
        var rng = SeededGenerator(seed: 4)
        var x: [[Double]] = [], y: [Bool] = []
        for _ in 0..<1000 { let v = Double.random(in: 0...1, using: &rng); x.append([v]); y.append(Double.random(in: 0...1, using: &rng) < v) }
        let plain = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 30))
        let heavy = GradientBoostedTrees.train(rows: x, labels: y, weights: y.map { $0 ? 1 : 10 }, settings: BoosterSettings(trees: 30))
        #expect(heavy.probability([0.5]) < plain.probability([0.5]))
    }

    @Test func validationNamesTheTamperedField() throws {
        let (x, y) = Self.xor(300, seed: 5)
        let model = GradientBoostedTrees.train(rows: x, labels: y, settings: BoosterSettings(trees: 3))
        var json = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(model)) as? [String: Any])
        var trees = try #require(json["trees"] as? [[String: Any]])
        var left = try #require(trees[0]["left"] as? [Int])
        left[0] = 9999
        trees[0]["left"] = left
        json["trees"] = trees
        let bad = try JSONDecoder().decode(GradientBoostedTrees.self, from: try JSONSerialization.data(withJSONObject: json))
        #expect { try bad.validated() } throws: { "\($0)".contains("trees[0].left[0]") }
    }
}

struct MatcherSettingsTests {
    @Test(arguments: [MatcherSettings.pPlus(.default), .protractor(ProtractorSettings(points: 32, rotation: .bounded(maxRadians: .pi / 6))),
                      .dollarOne(.default), .pDollar(.default)])
    func settingsSurviveJSON(_ s: MatcherSettings) throws {
        let back = try JSONDecoder().decode(MatcherSettings.self, from: try JSONEncoder().encode(s))
        #expect(back.description == s.description)
        #expect(back.algorithm == s.algorithm && back.points == s.points)
    }

    @Test func badSettingsNameTheField() {
        #expect { try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm": "pplus", "points": 100000}"#.utf8)) }
            throws: { "\($0)".contains("points") }
        #expect { try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm": "nope"}"#.utf8)) }
            throws: { "\($0)".contains("unknown algorithm") }
    }
}

struct ShapeDescriptorTests {
    @Test func aLineAndACircleMeasureAsExpected() throws {
        let line = Gesture(points: (0...50).map { Point(x: Double($0) * 2, y: 0) })
        let circle = Gesture(points: (0...60).map { i in
            let a = Double(i) / 60 * 2 * .pi
            return Point(x: 50 * cos(a), y: 50 * sin(a))
        })
        let names = ShapeDescriptor.names
        let l = try #require(ShapeDescriptor(line)).values, c = try #require(ShapeDescriptor(circle)).values
        func v(_ values: [Double], _ name: String) -> Double { values[names.firstIndex(of: name) ?? 0] }
        #expect(v(l, "closedness") > 0.99 && v(l, "absoluteTurning") < 0.01 && v(l, "corners") == 0)
        #expect(v(c, "closedness") < 0.05 && abs(v(c, "turningSum") - 1) < 0.05 && v(c, "selfIntersections") == 0)
        #expect(abs(v(c, "aspect") - 1) < 0.02 && v(c, "radialVariation") < 0.05)
        #expect(l.count == names.count && l.allSatisfy(\.isFinite))
    }

    @Test func scaleAndSamplingRateDoNotChangeTheValues() throws {
        func zig(_ perSegment: Int, _ scale: Double) -> Gesture {
            let c = [(0.0, 0.0), (40.0, 80.0), (80.0, 0.0), (120.0, 80.0)]
            var pts: [Point] = []
            for k in 0..<(c.count - 1) {
                for i in 0..<perSegment {
                    let t = Double(i) / Double(perSegment)
                    pts.append(Point(x: scale * (c[k].0 + t * (c[k + 1].0 - c[k].0)), y: scale * (c[k].1 + t * (c[k + 1].1 - c[k].1))))
                }
            }
            pts.append(Point(x: scale * 120, y: scale * 80))
            return Gesture(points: pts)
        }
        let a = try #require(ShapeDescriptor(zig(7, 1))).values, b = try #require(ShapeDescriptor(zig(70, 3))).values
        for (k, name) in ShapeDescriptor.names.enumerated() {
            #expect(abs(a[k] - b[k]) < 0.05, "\(name): \(a[k]) vs \(b[k])")
        }
    }

    @Test func degenerateInputHasNoDescriptor() {
        #expect(ShapeDescriptor(Gesture(points: [Point(x: 1, y: 1)])) == nil)
        #expect(ShapeDescriptor(Gesture(points: [Point(x: 1, y: 1), Point(x: 1, y: 1)])) == nil)
        #expect(ShapeDescriptor(Gesture(points: [Point(x: .nan, y: 1), Point(x: 3, y: 1)])) == nil)
        #expect(ShapeDescriptor(Gesture(points: [Point(x: 0, y: 0), Point(x: 3, y: 4)]))?.values.allSatisfy(\.isFinite) == true)
    }
}
