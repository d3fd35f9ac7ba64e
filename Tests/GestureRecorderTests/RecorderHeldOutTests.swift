import Foundation
import Testing
import GestureData
import GestureDetectors
import GestureGeometry
@testable import GestureRecorder
import GestureTestSupport
import GestureTraining
import Hummingbird

/// The held-out check, the never-fire bin, the operating point and the "where from" text.
struct RecorderHeldOutTests {
    /// A one-stroke sample whose first point's x identifies it.
    static func sample(_ label: String, x: Double) -> Sample {
        Sample(gesture: Gesture(points: [Point(x: x, y: 0), Point(x: x + 10, y: 10), Point(x: x + 20, y: 0)]), label: label)
    }

    /// A fake training: a 1-nearest-neighbour judge by first x (accepts within `radius`),
    /// recording every training set, so the check's bookkeeping is tested without training.
    final class Recorder: @unchecked Sendable {
        var trainingSets: [Set<Double>] = []
        var judged: [(Double, Set<Double>)] = []
        let lock = NSLock()
    }

    static func fakeTrain(_ rec: Recorder, radius: Double) -> HeldOutCheck.Train {
        { examples, negatives in
            let xs = examples.map { ($0.gesture.strokes[0].points[0].x, $0.label ?? "") }
            let set = Set(xs.map(\.0))
            rec.lock.lock(); rec.trainingSets.append(set); rec.lock.unlock()
            return { g in
                let x = g.strokes[0].points[0].x
                rec.lock.lock(); rec.judged.append((x, set)); rec.lock.unlock()
                guard let best = xs.min(by: { abs($0.0 - x) < abs($1.0 - x) }), abs(best.0 - x) <= radius else { return nil }
                return best.1
            }
        }
    }

    @Test func everyExampleIsJudgedByAModelThatNeverSawIt() throws {
        let rec = Recorder()
        let samples = (0..<6).map { Self.sample("zig", x: Double($0)) } + (0..<4).map { Self.sample("spiral", x: 100 + Double($0)) }
        let check = try HeldOutCheck.run(samples: samples, negatives: [], train: Self.fakeTrain(rec, radius: 5))
        #expect(!rec.judged.isEmpty)
        for (x, trainedOn) in rec.judged {
            #expect(!trainedOn.contains(x), "example at x \(x) was judged by a model trained on it")
        }
        let zig = try #require(check.labels.first { $0.label == "zig" })
        // Each of the six held out exactly once in the folds.
        #expect(zig.accepted?.of == 6)
        #expect(zig.accepted?.count == 6)
        #expect(zig.accepted!.interval[0] < 1 && zig.accepted!.interval[1] == 1, "a Wilson interval, not a bare 100%")
        #expect(check.folds >= 2)
        #expect(check.method.contains("never the training examples"))
    }

    @Test func oneExampleOfALabelSaysItCannotEstimateAndAsksForMore() throws {
        let rec = Recorder()
        let samples = [Self.sample("check", x: 0)] + (0..<5).map { Self.sample("circle", x: 100 + Double($0)) }
        let check = try HeldOutCheck.run(samples: samples, negatives: [], train: Self.fakeTrain(rec, radius: 5))
        let one = try #require(check.labels.first { $0.label == "check" })
        #expect(one.accepted == nil, "no 0% or 100% for one example")
        #expect(one.reason?.contains("one example") == true)
        #expect(one.addExamples ?? 0 >= 1)
        #expect(one.sentence.contains("cannot estimate"))
        // The one example stays in every training set (it is never held out).
        #expect(rec.trainingSets.allSatisfy { $0.contains(0) })
    }

    @Test func oneLabelSaysWhatItCannotTell() throws {
        let samples = (0..<4).map { Self.sample("zig", x: Double($0) * 3) }
        let check = try HeldOutCheck.run(samples: samples, negatives: [], train: Self.fakeTrain(Recorder(), radius: 5))
        #expect(check.notes.contains { $0.contains("one label") && $0.contains("not what else would fire") })
        #expect(check.neverFireAccepted == nil)
    }

    @Test func theLearningCurveAdvisesMoreExamplesWhenMissesFallWithK() throws {
        // Examples 4 apart, accepted within 4.5: a model of few examples misses the far
        // ones; the more examples, the fewer misses.
        let samples = (0..<8).map { Self.sample("zig_zag", x: Double($0) * 4) } + (0..<8).map { Self.sample("spiral", x: 200 + Double($0) * 4) }
        var settings = HeldOutCheck.Settings()
        settings.curveSizes = [1, 2, 3, 5]
        let check = try HeldOutCheck.run(samples: samples, negatives: [], settings: settings, train: Self.fakeTrain(Recorder(), radius: 4.5))
        let zig = try #require(check.labels.first { $0.label == "zig_zag" })
        #expect(zig.curve.map(\.examples) == [1, 2, 3, 5])
        #expect(zig.curve.first!.accepted.rate < zig.curve.last!.accepted.rate, "accuracy grows with K: \(zig.curve)")
        if let add = zig.addExamples { #expect(add >= 1 && zig.advice.contains("add about")) } else { #expect(zig.advice.contains("enough")) }
    }

    @Test func heldOutNeverFireStrokesCountAsFalseFiresWhenAccepted() throws {
        let samples = (0..<5).map { Self.sample("zig", x: Double($0)) }
        let negatives = [Self.sample("x", x: 2.5), Self.sample("x", x: 500)]
        let check = try HeldOutCheck.run(samples: samples, negatives: negatives, train: Self.fakeTrain(Recorder(), radius: 1))
        #expect(check.neverFireAccepted?.of == 2)
        #expect(check.neverFireAccepted?.count == 1)
    }

    @Test func theBinIsAHiddenStoreNoLabelCanCollideWith() throws {
        let dir = try TemporaryDirectory("never-fire"); defer { dir.remove() }
        let store = try SampleStore(root: dir.url)
        #expect(try NeverFireBin.store(of: store) == nil, "no bin folder until a stroke is put in it")
        let bin = try #require(try NeverFireBin.store(of: store, create: true))
        _ = try bin.save(NeverFireBin.marked(Self.sample("zig", x: 1)))
        _ = try store.save(Self.sample("never-fire", x: 2))   // a user label of the same spelling
        #expect(try store.labels() == ["never-fire"], "the bin is not one of the store's labels")
        #expect(NeverFireBin.count(of: store) == 1)
        let negatives = NeverFireBin.samples(of: store).samples
        #expect(negatives.count == 1 && negatives[0].meta["neverFire"] == "true")
        #expect(throws: SampleStoreError.self) { try SampleStore.sanitizedLabel(NeverFireBin.folderName) }
    }

    @Test func detectorCardsOnlyForTheStoresLabelsUnlessAskedFor() throws {
        let check = DetectorRecognizer(thresholds: try #require(DetectorKind.checkmark.defaultPreset), source: "preset checkPlease")
        #expect(!RecorderSources.shows(check, cards: .forLabels, labels: ["zig_zag"], picked: "zig_zag"))
        #expect(RecorderSources.shows(check, cards: .forLabels, labels: ["zig_zag"], picked: "check"))
        #expect(RecorderSources.shows(check, cards: .forLabels, labels: ["check"], picked: nil))
        #expect(RecorderSources.shows(check, cards: .all, labels: [], picked: nil))
        #expect(RecorderSources.shows(check, cards: DetectorCards.parse("checkmark")!, labels: [], picked: nil))
        #expect(DetectorCards.parse("auto") == .forLabels && DetectorCards.parse("bogus") == nil)
        let text = RecorderSources.detectorSource(check, modelFolder: "/s/.model")
        #expect(text.contains("book preset checkPlease") && text.contains("compiled into the tool") && text.contains("not trained"))
    }

    @Test func theOperatingPointIsTheVerifiersAcceptanceTarget() {
        var s = TrainingSettings()
        OperatingPointChoice.fewerFalseFires.apply(to: &s)
        #expect(s.verifier.target == .acceptance(0.90))
        #expect(Set(OperatingPointChoice.allCases.map(\.acceptance)).count == 3)
    }

    @Test func theServerKeepsTheBinAndSaysWhatItUses() async throws {
        let check = DetectorRecognizer(thresholds: try #require(DetectorKind.checkmark.defaultPreset), source: "preset checkPlease")
        let h = try RecorderServerTests.Harness(recognizers: [check])
        defer { h.dir.remove() }
        try await h.test { client in
            // A zig-zag store: no check-mark card.
            try await client.execute(uri: "/api/samples", method: .post, headers: F.json,
                                     body: F.body(F.sampleJSON(label: "zig_zag", strokes: [F.checkmark]))) { r in
                #expect(r.status == .ok, "\(F.text(r))")
                #expect(!F.text(r).contains("checkmark detector"), "no check-mark card on a zig-zag store")
            }
            try await client.execute(uri: "/api/recognize", method: .post, headers: F.json,
                                     body: F.body(F.sampleJSON(label: "check", strokes: [F.checkmark]))) { r in
                #expect(F.text(r).contains("checkmark detector"), "the card shows for the label picked")
            }
            try await client.execute(uri: "/api/never-fire", method: .post, headers: F.json,
                                     body: F.body(F.sampleJSON(label: "zig_zag", strokes: [F.circle]))) { r in
                #expect(r.status == .ok, "\(F.text(r))")
            }
            try await client.execute(uri: "/api/never-fire", method: .get) { r in
                let o = F.object(r)
                #expect(o["total"] as? Int == 1)
            }
            try await client.execute(uri: "/api/state", method: .get) { r in
                let o = F.object(r)
                #expect(o["neverFire"] as? Int == 1)
                let uses = (o["uses"] as? [String]) ?? []
                #expect(uses.contains { $0.contains("book preset checkPlease") && $0.contains("card hidden") }, "\(uses)")
                #expect((o["recognizers"] as? [String]) == [], "the hidden card is not listed as in use on the page")
                #expect(o["choice"] as? String == "balanced")
            }
            #expect(try h.store.labels() == ["zig_zag"])
            try await client.execute(uri: "/api/operating-point", method: .post, headers: F.json,
                                     body: F.body("{\"choice\": \"sometimes\"}")) { r in
                #expect(r.status == .badRequest)
                #expect(F.message(r).contains("fewer-false-fires"))
            }
        }
    }

    /// Real training: a stroke put in the never-fire bin is refused by the next model.
    @Test func aNeverFireStrokeIsRefusedAfterTheNextTraining() async throws {
        let dir = try TemporaryDirectory("never-fire-train"); defer { dir.remove() }
        let store = try SampleStore(root: dir.url)
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<5 {
            for label in ["zig_zag", "spiral"] {
                let pts = RecorderLiveLoopTests.drawn(label, &rng).map { Point(x: $0.0, y: $0.1) }
                _ = try store.save(Sample(gesture: Gesture(points: pts), label: label, subject: "me"))
            }
        }
        // A V: two legs of the zig-zag.
        let v = Gesture(points: (0..<32).map { i in
            let u = Double(i) / 31
            return Point(x: 200 + 80 * u, y: u < 0.5 ? 200 + 160 * u : 360 - 160 * u)
        })
        let bin = try #require(try NeverFireBin.store(of: store, create: true))
        _ = try bin.save(NeverFireBin.marked(Sample(gesture: v)))
        let report = try await WorkflowTrainingRunner().train(store: store)
        let model = try GestureModel.load(StoreModel.folder(of: store))
        #expect(model.recognizer.recognize(v).label == nil, "the never-fire V is refused: \(model.recognizer.recognize(v).verdict)")
        #expect(report.text.contains("never-fire bin: all 1 stroke(s) refused"), "\(report.text)")
        #expect(report.text.components(separatedBy: "people like you").count == 2, "the prior's remark once: \(report.text)")
        // Each study's acceptance, not the worst study's alone as if it were the user's.
        #expect(report.text.contains("of their next strokes accepted, by study (3 studies)"), "\(report.text)")
        #expect(model.manifest.operatingPoint?.negativesBySource["user"] != nil, "the bin's strokes were the verifier's negatives")
        // One person with five examples: the threshold is learned across people, nothing of
        // theirs is held out, and the page says so instead of "accepts 0 of 0 (0%)".
        #expect(model.manifest.rejectionPrior != nil && model.manifest.operatingPoint?.inVocabulary == 0)
        let op = try #require(OperatingPointReport(model.manifest))
        #expect(op.sentence.contains("cannot be estimated here") && op.sentence.contains("Check my examples"), "\(op.sentence)")
        #expect(!op.sentence.contains("0 of 0") && op.sentence.contains("your never-fire strokes"), "\(op.sentence)")
    }
}
