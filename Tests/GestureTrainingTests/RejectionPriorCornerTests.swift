import Foundation
import GestureData
import GestureGeometry
import GestureMatching
import GestureTestSupport
import Testing
@testable import GestureTraining

/// The corner features of feature set 3 on hand-made strokes: a sharp V against a round U
/// drawn the same way, and the set's place in files.
struct RejectionPriorCornerTests {
    /// A V: down-right to a corner, then up-right (screen coordinates), 41 points.
    static let vee: Gesture = Gesture(points: (0...40).map { i in
        let x = Double(i) * 5
        return Point(x: x, y: 100 - abs(x - 100))
    })

    /// A U over the same box: a half circle from the left top, down, to the right top.
    static let you: Gesture = Gesture(points: (0...40).map { i in
        let a = Double.pi * Double(i) / 40
        return Point(x: 100 - 100 * cos(a), y: 100 * sin(a))
    })

    static let line: Gesture = Gesture(points: (0...20).map { Point(x: Double($0) * 10, y: Double($0) * 3) })

    static func values(_ c: Gesture, against t: [Gesture], labels: [Int]? = nil, closest: Int? = 0) -> [Double] {
        CornerFeatures.values(candidate: CornerFeatures.prepare(c), templates: t.map(CornerFeatures.prepare),
                              templateLabels: labels ?? t.map { _ in 0 }, label: 0, closest: closest)
    }

    @Test func veeHasOneSharpCornerWithStraightLegs() throws {
        let v = try #require(CornerFeatures.prepare(Self.vee))
        #expect(v.sharp > 0.45, "a right-angled corner turns by half of π: sharp \(v.sharp)")
        #expect(v.concentration > 0.9, "all of the turning in one place: \(v.concentration)")
        #expect(abs(v.position - 0.5) < 0.05, "the corner halfway: \(v.position)")
        #expect(v.legs < 0.05, "straight legs: \(v.legs)")

        let u = try #require(CornerFeatures.prepare(Self.you))
        #expect(u.sharp < 0.15, "an arc turns little over three points: \(u.sharp)")
        #expect(u.concentration < 0.15, "the turning spread along the arc: \(u.concentration)")
        #expect(u.legs > 0.15, "each leg a quarter circle: \(u.legs)")
        #expect(u.turning > 0.7 && u.turning < 0.9, "a half circle turns by π, about 38 of its 47 steps counted (the ends left out): \(u.turning)")

        // A hook at the end (a sharp flick back over the last two steps) is left out.
        var hooked = Self.line.allPoints
        hooked.append(Point(x: 195, y: 50))
        let h = try #require(CornerFeatures.prepare(Gesture(points: hooked)))
        #expect(h.sharp < 1e-6, "the pen-up hook is not the sharpest turn: \(h.sharp)")

        let l = try #require(CornerFeatures.prepare(Self.line))
        #expect(l.sharp < 1e-9 && l.turning < 1e-9 && l.legs < 1e-9)
        #expect(CornerFeatures.prepare(Gesture(points: [Point(x: 1, y: 1)])) == nil)
    }

    /// The same stroke against itself: no gain, no gap; a V against a U template: a sharper,
    /// more concentrated turn with straighter legs, and the other way round.
    @Test func comparesWithTheClosestTemplate() throws {
        let same = Self.values(Self.vee, against: [Self.vee])
        #expect(same.count == CornerFeatures.names.count)
        for k in 0..<7 { #expect(abs(same[k]) < 1e-9, "\(CornerFeatures.names[k]) = \(same[k])") }

        let vu = Self.values(Self.vee, against: [Self.you])
        #expect(vu[0] > 0.3 && vu[1] > 0.7 && vu[2] < -0.15, "V against U: \(vu)")
        let uv = Self.values(Self.you, against: [Self.vee])
        #expect(uv[0] < -0.3 && uv[1] < -0.7 && uv[2] > 0.15, "U against V: \(uv)")
        #expect(abs(vu[7] - same[7]) < 1e-9 && abs(vu[8] - uv[7]) < 1e-9, "the candidate's and the template's own sharpness")

        // Gains are against the closest template; gaps are the best over the label's templates.
        let mixed = Self.values(Self.vee, against: [Self.you, Self.vee], closest: 0)
        #expect(mixed[0] > 0.3 && abs(mixed[5]) < 1e-9 && abs(mixed[6]) < 1e-9)
        let other = Self.values(Self.vee, against: [Self.you, Self.vee], closest: 1)
        #expect(abs(other[0]) < 1e-9)
        // Templates of other labels take no part.
        let foreign = Self.values(Self.vee, against: [Self.you, Self.vee], labels: [0, 1], closest: 0)
        #expect(foreign[5] > 0.3, "the only template of the label is the U: gap \(foreign[5])")
        #expect(Self.values(Self.vee, against: [Self.vee], labels: [1]) == [Double](repeating: 0, count: CornerFeatures.names.count))
    }

    @Test func thirdSetAddsTheCornerBlock() {
        let m = TrainingSettings().verifierMatchersInUse
        let two = VerifierFeatures.names(matchers: m, featureSet: 2), three = VerifierFeatures.names(matchers: m, featureSet: 3)
        #expect(three == two + CornerFeatures.names)
        #expect(VerifierFeatures.knownSets.contains(VerifierFeatures.cornerSet))
        let shape = VerifierFeatures.Shape(Self.vee, featureSet: 2)
        #expect(shape.orientation != nil && shape.corner == nil, "set 2 prepares no corner summary")
        #expect(VerifierFeatures.closestTemplate([3, .infinity, 1, 2]) == 2)
        #expect(VerifierFeatures.closestTemplate([.infinity]) == nil)
    }

    /// Reshaping keeps the start, the farthest point and the end: a V made round becomes a
    /// U-like arc, a U made sharp a V; a V sharpened or a U rounded changes too little and
    /// is not made.
    @Test func reshapedStrokesSwapCornerAndCurve() throws {
        let roundV = try #require(RejectionPriorTrainer.reshaped(Self.vee, round: true))
        let sharpU = try #require(RejectionPriorTrainer.reshaped(Self.you, round: false))
        #expect(RejectionPriorTrainer.reshaped(Self.vee, round: false) == nil, "a V sharpened is still the V")
        #expect(RejectionPriorTrainer.reshaped(Self.you, round: true) == nil, "a U rounded is still a curve")
        #expect(RejectionPriorTrainer.reshaped(Self.line, round: true) == nil, "a straight line has no farthest point off its chord")
        let r = try #require(CornerFeatures.prepare(roundV)), s = try #require(CornerFeatures.prepare(sharpU))
        #expect(r.sharp < 0.2 && r.concentration < 0.3, "round: \(r)")
        #expect(s.sharp > 0.4 && s.legs < 0.05, "sharp: \(s)")
        let v = Self.vee.allPoints, made = roundV.allPoints
        #expect(made.first!.distance(to: v.first!) < 1e-9 && made.last!.distance(to: v.last!) < 1e-9)
        #expect(made.map(\.y).min()! < 0.1, "the parabola passes (between two points) through the V's corner")
        #expect(roundV.allPoints.count == 48 && RejectionPriorTrainer.reshaped(Self.vee, round: true) == roundV)
    }

    /// A set-3 prior survives its file and makes a verifier of set 3 whose score is the
    /// trees' margin on set 1's row, the orientation block and the corner block; a set-2
    /// prior still trains set-2 verifiers.
    @Test func cornerPriorScoresWithTheCornerBlock() throws {
        var settings = RejectionPriorOrientationTests.settings(featureSet: VerifierFeatures.cornerSet)
        settings.turnedPerDraw = 2
        settings.reshapedPerDraw = 2
        let prior = try RejectionPriorTrainer.train([RejectionPriorOrientationTests.data], settings: settings, provenance: "fixture")
        #expect(prior.features == 3 && prior.featureNames.count == prior.model.featureCount)
        #expect(try RejectionPrior.decode(try prior.encoded()) == prior)
        let data = RejectionPriorOrientationTests.data
        let one = Dataset(data.samples.filter { $0.subject == "a" && ["check", "circle"].contains($0.label ?? "") })
        let templates = RejectionPriorTrainer.templates(one.samples.map { ($0.label ?? "", $0.gesture) }, primary: prior.matchers[0], perClass: 5)
        let verifier = prior.verifier(templates: templates)
        #expect(verifier.featureSet == 3 && verifier.featureNames.suffix(CornerFeatures.names.count) == CornerFeatures.names[...])
        #expect(try RejectionVerifier.decode(try verifier.encoded()) == verifier)

        let library = TemplateLibrary(templates: templates)
        let recognizer = try ModelRecognizer(library: library, matcher: prior.matchers[0], rejection: .verifier(verifier))
        let probe = data.samples.first { $0.subject == "a" && $0.label == "check" }!.gesture
        let (row, templateLabels, all) = try #require(RejectionPriorOrientationTests.setOneRow(probe, library: library,
                                                                                                prior: prior, verifier: verifier))
        let orient = OrientationFeatures.values(candidate: OrientationFeatures.prepare(probe),
                                                templates: library.templates.map { OrientationFeatures.prepare($0.gesture) },
                                                templateLabels: templateLabels, label: row.label)
        let corner = CornerFeatures.values(candidate: CornerFeatures.prepare(probe),
                                           templates: library.templates.map { CornerFeatures.prepare($0.gesture) },
                                           templateLabels: templateLabels, label: row.label,
                                           closest: VerifierFeatures.closestTemplate(all[0]))
        #expect(recognizer.recognize(probe).decisionValue == prior.model.margin(row.values + orient + corner))
    }
}
