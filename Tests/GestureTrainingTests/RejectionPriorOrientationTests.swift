import Foundation
import GestureData
import GestureGeometry
import GestureMatching
import GestureTestSupport
import Testing
@testable import GestureTraining

/// The orientation features, the numbered feature sets and the calibration across datasets
/// of the rejection learned across people.
struct RejectionPriorOrientationTests {
    /// An L: down, then right (screen coordinates), 24 points.
    static let ell: Gesture = {
        var pts: [Point] = []
        for i in 0..<12 { pts.append(Point(x: 0, y: Double(i) * 10)) }
        for i in 1...12 { pts.append(Point(x: Double(i) * 8, y: 110)) }
        return Gesture(points: pts)
    }()

    static func reversed(_ g: Gesture) -> Gesture { Gesture(points: g.allPoints.reversed()) }

    static func values(_ c: Gesture, against t: [Gesture], labels: [Int]? = nil) -> [Double] {
        OrientationFeatures.values(candidate: OrientationFeatures.prepare(c), templates: t.map(OrientationFeatures.prepare),
                                   templateLabels: labels ?? t.map { _ in 0 }, label: 0)
    }

    @Test func sameStrokeHasNoOrientationGap() throws {
        let v = Self.values(Self.ell, against: [Self.ell])
        #expect(v.count == OrientationFeatures.names.count)
        for k in [0, 2, 3, 4] { #expect(abs(v[k]) < 1e-6, "\(OrientationFeatures.names[k]) = \(v[k])") }
        #expect(v[1] < -0.3, "drawn forwards it matches better than backwards: reversedGain \(v[1])")
        #expect(v[5] == 1, "no other label: the margin is 1")
    }

    /// The same path drawn backwards: far without rotation, identical reversed, its chord
    /// the opposite way.
    @Test func reversedStrokeIsSeen() throws {
        let v = Self.values(Self.reversed(Self.ell), against: [Self.ell])
        #expect(v[0] > 0.3, "direct \(v[0])")
        #expect(v[1] > 0.3, "reversedGain \(v[1])")
        #expect(abs(v[3] - 1) < 1e-6, "chord \(v[3])")
    }

    /// The L turned by a quarter: the best alignment needs a quarter turn (0.5 of π).
    @Test func turnedStrokeNeedsItsRotation() throws {
        let turned = Self.ell.rotated(by: .pi / 2)
        let v = Self.values(turned, against: [Self.ell])
        #expect(abs(v[2] - 0.5) < 0.02, "rotation \(v[2])")
        #expect(abs(v[4] - 0.5) < 0.02, "indicative \(v[4])")
        #expect(abs(v[3] - 0.5) < 0.02, "chord \(v[3])")
        #expect(v[0] > 0.2)
        // The best over the label's templates: with the turned L among them, no gap without
        // rotation (the rotation is the one at the closest template after any rotation, and
        // both are equally close then).
        let w = Self.values(turned, against: [Self.ell, turned])
        #expect(abs(w[0]) < 1e-6 && abs(w[4]) < 1e-6)
        // Another label's template drawn like the candidate makes the direct margin negative.
        let m = Self.values(turned, against: [Self.ell, turned], labels: [0, 1])
        #expect(m[5] < -0.2, "directMargin \(m[5])")
    }

    @Test func closedStrokeHasNoChord() throws {
        let circle = Gesture(points: (0...40).map { i in
            let a = Double(i) / 40 * 2 * .pi
            return Point(x: 50 * cos(a), y: 50 * sin(a))
        })
        let v = Self.values(circle, against: [Self.ell])
        #expect(v[3] == 0)
        #expect(OrientationFeatures.prepare(Gesture(points: [Point(x: 1, y: 1)])) == nil)
    }

    @Test func featureSetsNameTheirFeatures() {
        let m = TrainingSettings().verifierMatchersInUse
        let one = VerifierFeatures.names(matchers: m, featureSet: 1), two = VerifierFeatures.names(matchers: m, featureSet: 2)
        #expect(two == one + OrientationFeatures.names)
        #expect(VerifierFeatures.names(matchers: m) == one, "the default stays the first set, what files without a number hold")
    }

    static let data = NewUserStudyTests.data
    static let otherData = Dataset(SyntheticDatasetFixture.samples(subjects: ["c", "d"], perLabel: 6, seed: 11))

    static func settings(featureSet: Int = VerifierFeatures.orientationSet) -> RejectionPriorTrainer.Settings {
        var s = NewUserStudyTests.tinySettings(version: "orientation test prior")
        s.loopsPerDraw = 4
        s.turnedPerDraw = 3
        s.featureSet = featureSet
        return s
    }

    /// With two datasets each K's threshold is set by leaving one dataset out: the figures
    /// name each dataset left out, the worst FPR and acceptance are the ones reported, and
    /// the loops are scored as their own negatives.
    @Test func calibratesAcrossDatasets() throws {
        let prior = try RejectionPriorTrainer.train([Self.data, Self.otherData], settings: Self.settings(), provenance: "fixture")
        #expect(prior.features == 2)
        #expect(prior.featureNames.count == prior.model.featureCount)
        #expect(prior.provenance.contains("each dataset scored by trees of the others"))
        let f = try #require(prior.figures["1"])
        let fprs = [f["dataset0.fpr"], f["dataset1.fpr"]].compactMap { $0 }
        #expect(fprs.count == 2)
        #expect(f["fpr"] == fprs.max())
        #expect(f["acceptance"] == [f["dataset0.acceptance"], f["dataset1.acceptance"]].compactMap { $0 }.min())
        #expect(f["fpr.loop"] != nil && f["fpr.turned"] != nil)
        #expect(f["targetFPR"] == 0.01, "no lower targets given: the target is the one asked for")
        var halves = Self.settings()
        halves.calibration = .halves
        let old = try RejectionPriorTrainer.train([Self.data, Self.otherData], settings: halves, provenance: "fixture")
        #expect(old.provenance.contains("cross-fitted halves"))
        #expect(old.figures["1"]?["dataset0.fpr"] == nil)
        #expect(old.model == prior.model, "the calibration chooses thresholds only; the shipped trees are trained on every row")
    }

    /// A feature-set-2 prior survives its file; the verifier it makes scores with the
    /// orientation features and survives the verifier file; a file claiming a set this
    /// version does not compute, or names of another set, is refused; a set-1 file keeps
    /// no `featureSet` key and still loads.
    @Test func featureSetIsCheckedInFiles() throws {
        let prior = try RejectionPriorTrainer.train([Self.data], settings: Self.settings(), provenance: "fixture")
        let data = try prior.encoded()
        #expect(try RejectionPrior.decode(data) == prior)
        var json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        json["featureSet"] = VerifierFeatures.latestSet + 1
        #expect(throws: RejectionThresholdsError.self) { try RejectionPrior.decode(try JSONSerialization.data(withJSONObject: json)) }
        json["featureSet"] = nil
        #expect(throws: RejectionThresholdsError.self) { try RejectionPrior.decode(try JSONSerialization.data(withJSONObject: json)) }

        let one = Dataset(Self.data.samples.filter { $0.subject == "a" && ["check", "circle"].contains($0.label ?? "") })
        let templates = RejectionPriorTrainer.templates(one.samples.map { ($0.label ?? "", $0.gesture) }, primary: prior.matchers[0], perClass: 5)
        let verifier = prior.verifier(templates: templates)
        #expect(verifier.featureSet == 2 && verifier.featureNames.suffix(6) == OrientationFeatures.names[...])
        let encoded = try verifier.encoded()
        #expect(try RejectionVerifier.decode(encoded) == verifier)
        var vj = try #require(JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        vj["featureSet"] = nil
        #expect(throws: RejectionThresholdsError.self) { try RejectionVerifier.decode(try JSONSerialization.data(withJSONObject: vj)) }

        let first = try RejectionPriorTrainer.train([Self.data], settings: Self.settings(featureSet: 1), provenance: "fixture")
        #expect(first.featureSet == nil)
        let v1 = try first.verifier(templates: templates).encoded()
        #expect(!String(decoding: v1, as: UTF8.self).contains("featureSet"))
        #expect(try RejectionVerifier.decode(v1).featureSet == 1)

        // The recognizer scores with the orientation block: its score is the trees' margin
        // on the set-1 row followed by the orientation features.
        let library = TemplateLibrary(templates: templates)
        let recognizer = try ModelRecognizer(library: library, matcher: prior.matchers[0], rejection: .verifier(verifier))
        let probe = Self.data.samples.first { $0.subject == "a" && $0.label == "check" }!.gesture
        let (row, templateLabels, _) = try #require(Self.setOneRow(probe, library: library, prior: prior, verifier: verifier))
        let extra = OrientationFeatures.values(candidate: OrientationFeatures.prepare(probe),
                                               templates: library.templates.map { OrientationFeatures.prepare($0.gesture) },
                                               templateLabels: templateLabels, label: row.label)
        #expect(recognizer.recognize(probe).decisionValue == prior.model.margin(row.values + extra))
    }

    /// The set-1 row of `probe` as the verifier builds it (the closest label and its values),
    /// the templates' label indices and every matcher's distances: what the later feature
    /// blocks are appended to.
    static func setOneRow(_ probe: Gesture, library: TemplateLibrary, prior: RejectionPrior, verifier: RejectionVerifier)
        -> (row: (label: Int, values: [Double]), templateLabels: [Int], distances: [[Double]])?
    {
        let all = prior.matchers.map { $0.matcher(library: library).distances(probe)! }
        let labels = library.names
        let templateLabels = library.templates.map { t in labels.firstIndex(of: t.name)! }
        guard let row = VerifierFeatures.row(distances: all, templateLabels: templateLabels,
                                             descriptor: ShapeDescriptor(probe, points: verifier.descriptorPoints)?.values,
                                             statistics: verifier.statistics) else { return nil }
        return (row, templateLabels, all)
    }

    @Test func loopsAreSeededClosedOrNearlyClosedArcs() {
        let a = RejectionPriorTrainer.loops(count: 20, seed: 4, size: 100)
        #expect(a.count == 20)
        #expect(a == RejectionPriorTrainer.loops(count: 20, seed: 4, size: 100))
        #expect(a != RejectionPriorTrainer.loops(count: 20, seed: 5, size: 100))
        for g in a {
            let d = ShapeDescriptor(g)!.values
            #expect(d[4] > 0.5, "absolute turning \(d[4]) turns: at least 200° of arc")
        }
        #expect(RejectionPriorTrainer.loops(count: 0, seed: 1, size: 100).isEmpty)
    }

    /// The user's strokes turned or reversed: a quarter turn moves the chord by a quarter,
    /// reversing keeps the points and swaps their order.
    @Test func turnedStrokes() throws {
        let back = RejectionPriorTrainer.turned(Self.ell, way: 3)
        #expect(back.allPoints == Array(Self.ell.allPoints.reversed()))
        let quarter = RejectionPriorTrainer.turned(Self.ell, way: 0)
        let v = Self.values(quarter, against: [Self.ell])
        #expect(abs(v[3] - 0.5) < 0.02)
        let half = Self.values(RejectionPriorTrainer.turned(Self.ell, way: 2), against: [Self.ell])
        #expect(abs(half[2] - 1) < 0.02, "a half turn: rotation \(half[2])")
    }
}
