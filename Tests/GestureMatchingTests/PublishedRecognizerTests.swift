import Foundation
import Testing
import GestureGeometry
@testable import GestureMatching

/// Gestures no matcher may crash on: no points, a tap, one point, every point in one
/// place, a non-finite coordinate, zero-length strokes beside a real one.
enum DegenerateGestures {
    static var all: [Gesture] {
        [Gesture([]), Gesture([Stroke([])]), Gesture(points: [Point(x: 3, y: 4)]),
         Gesture(points: [Point(x: 3, y: 4), Point(x: 3, y: 4), Point(x: 3, y: 4)]),
         Gesture(points: [Point(x: 0, y: 0), Point(x: .nan, y: 1), Point(x: 2, y: 2)]),
         Gesture(points: [Point(x: 0, y: 0), Point(x: .infinity, y: 1)]),
         Gesture([Stroke([Point(x: 1, y: 1)]), Stroke([Point(x: 0, y: 0), Point(x: 10, y: 0)]), Stroke([Point(x: 5, y: 5), Point(x: 5, y: 5)])]),
         Gesture(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 0)]),
         Gesture((0..<12).map { i in Stroke([Point(x: Double(i), y: 0), Point(x: Double(i), y: 10)]) })]
    }
}

/// $P+ as the authors published it, on clouds small enough to work by hand.
struct PPlusPublishedTests {
    /// Two horizontal strokes, (0,0)→(1,0) and (0,1)→(1,1), resampled to 4 points over
    /// their joined length 2 (steps of ⅔): (0,0), (⅔,0), (⅓,1), (1,1). The turning angle is
    /// taken along the whole sequence: at (⅔,0) the path turns from (⅔,0) to (−⅓,1), at
    /// (⅓,1) from (−⅓,1) to (⅔,0); both have cos = (−2/9)/((2/3)(√10/3)) = −1/√10, so
    /// θ = acos(−1/√10)/π = 0.602416. Only the cloud's first and last points have θ = 0.
    @Test func turningAnglesRunAcrossStrokeBoundaries() throws {
        let equals = Gesture([Stroke([Point(x: 0, y: 0), Point(x: 1, y: 0)]), Stroke([Point(x: 0, y: 1), Point(x: 1, y: 1)])])
        let p = try #require(PPlusMatcher.prepare(equals, settings: PPlusSettings(points: 4)))
        let theta = acos(-1 / 10.0.squareRoot()) / Double.pi
        #expect(abs(theta - 0.602416) < 1e-6)
        #expect(p.thetas.count == 4)
        #expect(p.thetas[0] == 0 && p.thetas[3] == 0)
        #expect(abs(p.thetas[1] - theta) < 1e-9 && abs(p.thetas[2] - theta) < 1e-9)
        // Already in the unit box; centred: x − ½ (the mean of 0, ⅔, ⅓, 1), y − ½.
        #expect(abs(p.xs[1] - 1.0 / 6) < 1e-9 && abs(p.xs[2] + 1.0 / 6) < 1e-9 && abs(p.ys[0] + 0.5) < 1e-9)
    }

    /// A straight turn: (0,0), (1,0), (1,1) turns by 90°, θ = ½; a point on a segment of
    /// zero length has no direction and keeps θ = 0 (the published code would divide by 0).
    @Test func turningAnglesAreNormalizedToZeroOne() {
        #expect(PPlusMatcher.turningAngles([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)]) == [0, 0.5, 0])
        #expect(PPlusMatcher.turningAngles([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 0)]) == [0, 1, 0])
        #expect(PPlusMatcher.turningAngles([Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 1, y: 1)]) == [0, 0, 0])
        #expect(PPlusMatcher.turningAngles([Point(x: 0, y: 0)]) == [0])
    }

    /// a = {(0,0,0), (1,0,½), (2,0,0)}, b = {(0,0,0), (0.4,0,0), (3,0,0)} (x, y, θ).
    /// a→b: a₀→b₀ 0; a₁→b₁ √(0.36 + 0.25) = √0.61 (b₀ is √1.25 away); a₂→b₂ 1; every b
    /// point is taken: 1 + √0.61 = 1.781025. b→a: b₀→a₀ 0, b₁→a₀ 0.4, b₂→a₂ 1, and a₁,
    /// never taken, adds its nearest √0.61: 2.181025. The distance is the smaller, with no
    /// weights: 1 + √0.61, the same both ways round.
    @Test func theDistanceIsTheSmallerOneToManySumWithoutWeights() {
        let a = PPlusMatcher.Prepared(xs: [0, 1, 2], ys: [0, 0, 0], thetas: [0, 0.5, 0])
        let b = PPlusMatcher.Prepared(xs: [0, 0.4, 3], ys: [0, 0, 0], thetas: [0, 0, 0])
        let expected = 1 + 0.61.squareRoot()
        #expect(abs(PPlusMatcher.distance(a, b) - expected) < 1e-12)
        #expect(abs(PPlusMatcher.distance(b, a) - expected) < 1e-12)
        #expect(abs(PPlusMatcher.score(forDistance: expected) - 1 / (2 + 0.61.squareRoot())) < 1e-12)
    }

    @Test func degenerateInputNeverCrashes() {
        let m = PPlusMatcher(library: TemplateLibrary(templates: [Template(name: "line", gesture: Gesture(points: [Point(x: 0, y: 0), Point(x: 9, y: 0)]))]),
                             settings: .default)
        for g in DegenerateGestures.all { _ = m.recognize(g, limit: nil) }
    }
}

/// $N's permutations, filters and matching.
struct NDollarMatcherTests {
    static let a = [Point(x: 0, y: 0), Point(x: 100, y: 100)]
    static let b = [Point(x: 100, y: 0), Point(x: 0, y: 100)]
    static func x(_ first: [Point], _ second: [Point]) -> Gesture { Gesture([Stroke(first), Stroke(second)]) }
    static var library: TemplateLibrary {
        TemplateLibrary(templates: [
            Template(name: "x", gesture: x(a, b)),
            Template(name: "equals", gesture: x([Point(x: 0, y: 0), Point(x: 100, y: 0)], [Point(x: 0, y: 40), Point(x: 100, y: 40)])),
            Template(name: "corner", gesture: x([Point(x: 0, y: 0), Point(x: 0, y: 100)], [Point(x: 0, y: 100), Point(x: 100, y: 100)])),
            Template(name: "check", gesture: Gesture(points: [Point(x: 0, y: 50), Point(x: 30, y: 90), Point(x: 100, y: 0)])),
        ])
    }

    /// k strokes give k!·2^k unistrokes, the drawn one first; beyond the bound, two.
    @Test func templatesBecomeEveryOrderAndDirectionUpToTheBound() throws {
        let strokes = (0..<5).map { i in [Point(x: Double(i), y: 0), Point(x: Double(i), y: 1)] }
        #expect(NDollarMatcher.orders(of: Array(strokes.prefix(1)), permutingUpTo: 4).count == 2)
        #expect(NDollarMatcher.orders(of: Array(strokes.prefix(2)), permutingUpTo: 4).count == 8)
        #expect(NDollarMatcher.orders(of: Array(strokes.prefix(3)), permutingUpTo: 4).count == 48)
        #expect(NDollarMatcher.orders(of: Array(strokes.prefix(4)), permutingUpTo: 4).count == 384)
        #expect(NDollarMatcher.orders(of: strokes, permutingUpTo: 4).count == 2)
        #expect(NDollarSettings.maxUnistrokes(permutingUpTo: 4) == 384)
        let three = NDollarMatcher.orders(of: Array(strokes.prefix(3)), permutingUpTo: 4)
        #expect(three[0] == strokes.prefix(3).flatMap { $0 })
        // Every order and direction appears once.
        #expect(Set(three.map { $0.map { "\($0.x),\($0.y)" }.joined(separator: " ") }).count == 48)
        let beyond = NDollarMatcher.orders(of: strokes, permutingUpTo: 4)
        #expect(beyond[1] == Array(beyond[0].reversed()))
    }

    /// A two-stroke X drawn in any of its 8 orders and directions is an X, at distance ≈ 0
    /// (one of the template's unistrokes is the candidate itself), with both matchings.
    @Test(arguments: NDollarSettings.Matching.allCases)
    func aTwoStrokeXIsRecognizedInEitherOrderAndDirection(matching: NDollarSettings.Matching) throws {
        var settings = NDollarSettings()
        settings.matching = matching
        let m = NDollarMatcher(library: Self.library, settings: settings)
        for (first, second) in [(Self.a, Self.b), (Self.b, Self.a)] {
            for reverseFirst in [false, true] {
                for reverseSecond in [false, true] {
                    let g = Self.x(reverseFirst ? first.reversed() : first, reverseSecond ? second.reversed() : second)
                    let best = try #require(m.recognize(g, limit: 1).first)
                    #expect(best.name == "x")
                    #expect(best.distance < (matching == .protractor ? 0.01 : 0.5))
                }
            }
        }
    }

    /// The stroke-count filter leaves templates of another stroke count at the farthest
    /// distance, π (score 0).
    @Test func theStrokeCountFilterSkipsOtherStrokeCounts() throws {
        var s = NDollarSettings()
        s.requireSameStrokeCount = true
        let c = try #require(NDollarMatcher.prepare(Self.x(Self.a, Self.b), settings: s))
        let check = try #require(NDollarMatcher.prepare(Gesture(points: [Point(x: 0, y: 50), Point(x: 30, y: 90), Point(x: 100, y: 0)]), settings: s))
        #expect(NDollarMatcher.distance(c, check, settings: s) == Double.pi)
        #expect(NDollarMatcher.score(forDistance: Double.pi) == 0)
        #expect(NDollarMatcher.distance(c, check, settings: .default).isFinite)
    }

    /// The start-angle filter: with a 0° threshold only unistrokes starting in exactly the
    /// candidate's direction count; a check's first leg (up-right) and its reversal's
    /// (down-left, after rotation to the indicative angle still far apart) differ, so a
    /// check drawn backwards matches the two-direction template but not a one-way one.
    @Test func theStartAngleFilterSkipsUnistrokesStartingElsewhere() throws {
        var s = NDollarSettings()
        s.startAngleDegrees = 0.5
        let check = Gesture(points: [Point(x: 0, y: 50), Point(x: 30, y: 90), Point(x: 100, y: 0)])
        let c = try #require(NDollarMatcher.prepare(check, settings: s))
        var oneWay = c
        oneWay.unistrokes = [c.unistrokes[0]]
        let backwards = try #require(NDollarMatcher.prepare(Gesture(points: check.allPoints.reversed()), settings: s))
        #expect(NDollarMatcher.distance(backwards, c, settings: s) < 0.01)
        #expect(NDollarMatcher.distance(backwards, oneWay, settings: s) == Double.pi)
    }

    /// The 1D test: a nearly straight line (ratio 0.02 ≤ 0.30) keeps its aspect ratio
    /// (x spans 250, y stays within 250·0.02); a 2D shape fills the square.
    @Test func lineLikeGesturesAreScaledUniformly() throws {
        let line = Gesture(points: [Point(x: 0, y: 0), Point(x: 50, y: 1), Point(x: 100, y: 0)])
        let p = try #require(NDollarMatcher.prepare(line, settings: .default)).unistrokes[0]
        let ys = stride(from: 1, to: p.xy.count, by: 2).map { Double(p.xy[$0]) }
        let xs = stride(from: 0, to: p.xy.count, by: 2).map { Double(p.xy[$0]) }
        #expect(abs((xs.max()! - xs.min()!) - 250) < 0.01)
        #expect(ys.max()! - ys.min()! < 250 * 0.021)
        let sq = try #require(NDollarMatcher.prepare(Self.x(Self.a, Self.b), settings: .default)).unistrokes[0]
        let sys = stride(from: 1, to: sq.xy.count, by: 2).map { Double(sq.xy[$0]) }
        #expect(abs((sys.max()! - sys.min()!) - 250) < 0.01)
    }

    @Test func degenerateInputNeverCrashes() {
        let m = NDollarMatcher(library: Self.library, settings: .default)
        for g in DegenerateGestures.all { _ = m.recognize(g, limit: nil) }
        #expect(NDollarMatcher(names: [], templates: [], settings: .default).recognize(Self.x(Self.a, Self.b)).isEmpty)
        // Twelve strokes: beyond the bound, two unistrokes.
        #expect(NDollarMatcher.prepare(DegenerateGestures.all.last!, settings: .default)?.unistrokes.count == 2)
    }
}

/// Rubine's features and classifier.
struct RubineMatcherTests {
    /// A 100 square, clockwise on screen (y down): right, down, left, up, back to the start,
    /// scaled first to side 1. The initial angle (resampled to 32 points, first to third) is along +x (1, 0); the bounding box's
    /// diagonal is √2 at π/4; start and end coincide (distance 0, cosine and sine 0);
    /// the length is 4; the resampled path turns by −π/2 three times (θ < 0 for a turn
    /// from +x to +y with Rubine's sign), corners cut by the resampling spread each over two points
    /// of the same sign, so Σθ = −3π/2 and Σ|θ| = 3π/2, and Σθ² ≤ 3(π/2)². Without times,
    /// speed and duration are 0; with a time per point (0, 1, …, 4 s) the duration is 4 and
    /// the top squared speed is 1 (a side in a second).
    @Test func theThirteenFeaturesOfASquare() throws {
        let corners = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0), (0.0, 0.0)]
        let square = Gesture(points: corners.map { Point(x: $0.0, y: $0.1) })
        let f = try #require(RubineMatcher.features(square, points: 32))
        #expect(f.count == 13)
        #expect(abs(f[0] - 1) < 1e-9 && abs(f[1]) < 1e-9)
        #expect(abs(f[2] - 2.0.squareRoot()) < 1e-12 && abs(f[3] - Double.pi / 4) < 1e-12)
        #expect(abs(f[4]) < 1e-9 && f[5] == 0 && f[6] == 0)
        #expect(abs(f[7] - 4) < 1e-12)
        #expect(abs(f[8] + 3 * Double.pi / 2) < 1e-9 && abs(f[9] - 3 * Double.pi / 2) < 1e-9)
        #expect(f[10] > 0 && f[10] <= 3 * (Double.pi / 2) * (Double.pi / 2) + 1e-9)
        #expect(f[11] == 0 && f[12] == 0)
        let timed = Gesture(points: corners.enumerated().map { Point(x: $1.0, y: $1.1, t: Double($0)) })
        let g = try #require(RubineMatcher.features(timed, points: 32))
        #expect(g[12] == 4 && abs(g[11] - 1) < 1e-12)
    }

    static func prepared(_ values: [Double]) -> RubineMatcher.Prepared {
        RubineMatcher.Prepared(features: values + [Double](repeating: 0, count: 13 - values.count))
    }

    /// One example per class (T = 1), the case where Rubine's covariance is singular: A has
    /// features (1, 0), B (0, 1), the other 11 are 0 and left out. Standardized over the
    /// templates, A is (1, −1) and B (−1, 1); the shrunk covariance is the identity, so the
    /// squared distance from A to B's mean is 2² + 2² = 8, and Rubine's probability of A
    /// for A itself is 1 / (1 + e^(−8/2)) = 0.982014 ≥ 0.95: accepted. Halfway, (½, ½), is 2
    /// from both: probability ½, rejected. Far out, (10, 0), is (19, −1): 18² = 324 from
    /// A, above ½F² = 2: rejected by the Mahalanobis rule although its probability is ≈ 1.
    @Test func oneExamplePerClassTrainsAndRejectsAsWorkedByHand() throws {
        let m = RubineMatcher(names: ["A", "B"], templates: [Self.prepared([1, 0]), Self.prepared([0, 1])])
        let ranked = m.recognize(prepared: Self.prepared([1, 0]))
        #expect(ranked.map(\.name) == ["A", "B"])
        #expect(abs(ranked[0].distance) < 1e-12 && abs(ranked[1].distance - 8) < 1e-9)
        let own = try #require(m.classify(prepared: Self.prepared([1, 0])))
        #expect(own.name == "A" && abs(own.probability - 1 / (1 + exp(-4))) < 1e-12 && !own.rejected)
        let middle = try #require(m.classify(prepared: Self.prepared([0.5, 0.5])))
        #expect(abs(middle.probability - 0.5) < 1e-12 && middle.rejected)
        let far = try #require(m.classify(prepared: Self.prepared([10, 0])))
        #expect(far.name == "A" && abs(far.mahalanobisSquared - 324) < 1e-9 && far.probability > 0.999 && far.rejected)
    }

    /// With several examples the pooled within-class covariance takes over: classes that
    /// differ along a feature with little spread inside each class are told apart.
    @Test func moreExamplesRecognizeShapes() throws {
        var templates: [Template] = []
        for seed in 0..<4 {
            templates.append(Template(name: "square", gesture: Shapes.jittered(Shapes.rectangle, amount: 2, seed: UInt64(seed))))
            templates.append(Template(name: "check", gesture: Shapes.jittered(Shapes.check, amount: 2, seed: UInt64(10 + seed))))
            templates.append(Template(name: "circle", gesture: Shapes.jittered(Shapes.circle(), amount: 2, seed: UInt64(20 + seed))))
        }
        let m = RubineMatcher(library: TemplateLibrary(templates: templates), settings: .default)
        #expect(m.recognize(Shapes.jittered(Shapes.check, amount: 2, seed: 99), limit: 1).first?.name == "check")
        #expect(m.recognize(Shapes.jittered(Shapes.circle(), amount: 2, seed: 98), limit: 1).first?.name == "circle")
        #expect(m.recognize(Shapes.jittered(Shapes.rectangle, amount: 2, seed: 97), limit: 1).first?.name == "square")
    }

    @Test func degenerateInputNeverCrashes() {
        let lib = TemplateLibrary(templates: [Template(name: "check", gesture: Shapes.check), Template(name: "zigzag", gesture: Shapes.zigzag)])
        let m = RubineMatcher(library: lib, settings: .default)
        for g in DegenerateGestures.all {
            for r in m.recognize(g, limit: nil) { #expect(r.distance.isFinite) }
        }
        // One template, no templates: nothing to learn, no crash.
        #expect(RubineMatcher(library: TemplateLibrary(templates: [Template(name: "c", gesture: Shapes.check)]), settings: .default)
            .recognize(Shapes.zigzag, limit: 1).first?.name == "c")
        #expect(RubineMatcher(names: [], templates: [], settings: .default).recognize(Shapes.check).isEmpty)
        #expect(RubineMatcher(names: [], templates: [], settings: .default).classify(prepared: Self.prepared([1])) == nil)
    }
}

/// !FTL's local shape distance and its invariances.
struct FTLMatcherTests {
    /// Three points, one inner point. A straight line: a = b = (1, 0), a/b = 1. A right
    /// turn (0,0), (1,0), (1,1): a = (1, 0), b = (0, 1), a/b = 1/i = −i. LSD = |1 − (−i)| =
    /// √2; the normalized measure: the turns differ by 90°, √(1 − cos 90°) = 1.
    @Test func theLocalShapeDistanceWorkedByHand() throws {
        var s = FTLSettings(points: 3)
        s.directionInvariant = false
        s.rotationWeight = 0
        let line = try #require(FTLMatcher.prepare(Gesture(points: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 0)]), settings: s))
        let turn = try #require(FTLMatcher.prepare(Gesture(points: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)]), settings: s))
        #expect(line.forward == [1, 0] && turn.forward == [0, -1])
        #expect(abs(FTLMatcher.distance(line, turn, settings: s) - 2.0.squareRoot()) < 1e-12)
        s.measure = .nlsd
        #expect(abs(FTLMatcher.distance(line, turn, settings: s) - 1) < 1e-12)
    }

    static func moved(_ g: Gesture, angle: Double, scale: Double, dx: Double, dy: Double) -> Gesture {
        g.mapPoints { p in
            Point(x: scale * (p.x * cos(angle) - p.y * sin(angle)) + dx, y: scale * (p.x * sin(angle) + p.y * cos(angle)) + dy)
        }
    }

    /// Position, scale and rotation change nothing; a gesture drawn backwards matches only
    /// with direction invariance.
    @Test(arguments: FTLSettings.Measure.allCases)
    func invariantToPositionScaleRotationAndOptionallyDirection(measure: FTLSettings.Measure) throws {
        var s = FTLSettings.published
        s.measure = measure
        for shape in [Shapes.check, Shapes.zigzag, Shapes.circle()] {
            let p = try #require(FTLMatcher.prepare(shape, settings: s))
            let q = try #require(FTLMatcher.prepare(Self.moved(shape, angle: 0.7, scale: 3.5, dx: -40, dy: 900), settings: s))
            #expect(FTLMatcher.distance(q, p, settings: s) < 1e-6)
            let back = try #require(FTLMatcher.prepare(Gesture(points: shape.allPoints.reversed()), settings: s))
            #expect(FTLMatcher.distance(back, p, settings: s) < 1e-6)
            var oneWay = s
            oneWay.directionInvariant = false
            #expect(FTLMatcher.distance(back, p, settings: oneWay) > 0.1)
        }
        let m = FTLMatcher(library: TemplateLibrary(templates: Shapes.named.map { Template(name: $0.0, gesture: $0.1) }), settings: s)
        for (name, g) in Shapes.named {
            #expect(m.recognize(Self.moved(g, angle: -1.1, scale: 0.2, dx: 5, dy: 5), limit: 1).first?.name == name)
        }
    }

    /// The rotation term by hand, 3 points, weight ½. A line to the right, (0,0) (1,0) (2,0),
    /// and one upwards, (0,0) (0,1) (0,2), have the same local shape (a/b = 1 at the inner
    /// point: LSD 0), so weight 0 cannot tell them apart. Their segment directions are
    /// (1,0) twice and (0,1) twice: |b̂ − v̂| = √2 per segment, ½ · 2√2 = √2. A line to the
    /// left against the line to the right: directions (−1,0) against (1,0), 2 per segment,
    /// ½ · 4 = 2 drawn one way, 0 against the template reversed (direction invariance).
    @Test func theRotationTermWorkedByHand() throws {
        var s = FTLSettings(points: 3)
        s.directionInvariant = false
        s.rotationWeight = 0.5
        func prepared(_ xy: [(Double, Double)]) throws -> FTLMatcher.Prepared {
            try #require(FTLMatcher.prepare(Gesture(points: xy.map { Point(x: $0.0, y: $0.1) }), settings: s))
        }
        let right = try prepared([(0, 0), (1, 0), (2, 0)])
        let up = try prepared([(0, 0), (0, 1), (0, 2)])
        let left = try prepared([(2, 0), (1, 0), (0, 0)])
        #expect(right.forwardDirections == [1, 0, 1, 0] && up.forwardDirections == [0, 1, 0, 1])
        #expect(abs(FTLMatcher.distance(up, right, settings: s) - 2.0.squareRoot()) < 1e-12)
        #expect(abs(FTLMatcher.distance(left, right, settings: s) - 2) < 1e-12)
        s.directionInvariant = true
        #expect(FTLMatcher.distance(left, right, settings: s) < 1e-12)
        s.rotationWeight = 0
        #expect(FTLMatcher.distance(up, right, settings: s) < 1e-12)
    }

    /// With the rotation term, position and scale still change nothing, a rotation does,
    /// and the four chevrons (one shape turned by quarter turns), which the invariant
    /// measure cannot tell apart, are each recognized as themselves.
    @Test(arguments: FTLSettings.Measure.allCases)
    func theRotationTermMakesOnlyRotationMatter(measure: FTLSettings.Measure) throws {
        var s = FTLSettings()
        s.measure = measure
        s.rotationWeight = 1
        for shape in [Shapes.check, Shapes.zigzag, Shapes.circle()] {
            let p = try #require(FTLMatcher.prepare(shape, settings: s))
            let q = try #require(FTLMatcher.prepare(Self.moved(shape, angle: 0, scale: 3.5, dx: -40, dy: 900), settings: s))
            #expect(FTLMatcher.distance(q, p, settings: s) < 1e-6)
            let turned = try #require(FTLMatcher.prepare(Self.moved(shape, angle: 0.7, scale: 1, dx: 0, dy: 0), settings: s))
            #expect(FTLMatcher.distance(turned, p, settings: s) > 1)
        }
        let chevrons = (0..<4).map { k in ("chevron\(k)", Self.moved(Shapes.caret, angle: Double(k) * .pi / 2, scale: 1, dx: 0, dy: 0)) }
        var invariant = s
        invariant.rotationWeight = 0
        let tied = FTLMatcher(library: TemplateLibrary(templates: chevrons.map { Template(name: $0.0, gesture: $0.1) }), settings: invariant)
            .recognize(chevrons[0].1, limit: nil)
        #expect(tied.count == 4 && tied.allSatisfy { $0.distance < 1e-6 })
        let m = FTLMatcher(library: TemplateLibrary(templates: chevrons.map { Template(name: $0.0, gesture: $0.1) }), settings: s)
        for (name, g) in chevrons {
            let ranked = m.recognize(Shapes.jittered(g, amount: 1, seed: 3), limit: 2)
            #expect(ranked.first?.name == name)
        }
    }

    /// The weight is written to settings files; a file without it (written before the
    /// term existed) reads as 0 and, without the direction field, as either direction: the
    /// meaning it was written with, not today's defaults.
    @Test func rotationWeightInSettingsFiles() throws {
        var ftl = FTLSettings()
        ftl.resampling = .pointIndex
        ftl.rotationWeight = 0.75
        let s = MatcherSettings(ftl)
        let back = try JSONDecoder().decode(MatcherSettings.self, from: try JSONEncoder().encode(s))
        #expect(back == s)
        let old = try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm": "ftl", "points": 32, "measure": "lsd"}"#.utf8))
        #expect((old.value as? FTLSettings)?.rotationWeight == 0 && (old.value as? FTLSettings)?.directionInvariant == true)
        #expect(FTLSettings.default.rotationWeight > 0 && !FTLSettings.default.directionInvariant)
        #expect { try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm": "ftl", "rotationWeight": -1}"#.utf8)) }
            throws: { "\($0)".contains("rotationWeight") }
    }

    @Test func pointIndexResamplingInterpolatesByIndex() {
        let p = FTLMatcher.byIndex([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 30)], count: 5)
        #expect(p.map(\.x) == [0, 5, 10, 10, 10] && p.map(\.y) == [0, 0, 0, 15, 30])
    }

    @Test func degenerateInputNeverCrashes() {
        for resampling in FTLSettings.Resampling.allCases {
            var s = FTLSettings()
            s.resampling = resampling
            s.rotationWeight = 1
            let m = FTLMatcher(library: TemplateLibrary(templates: Shapes.named.map { Template(name: $0.0, gesture: $0.1) }), settings: s)
            for g in DegenerateGestures.all {
                for r in m.recognize(g, limit: nil) { #expect(!r.distance.isNaN) }
            }
        }
    }
}
