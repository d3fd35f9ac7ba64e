import Foundation
import GestureData
import GestureDetectors
import GestureGeometry
import Testing
@testable import GestureTraining

/// A dataset held out whole in detector training: scored for every candidate, never
/// fitted on, and part of the choice.
struct DetectorHeldOutDatasetTests {
    func counts(tp: Int, fn: Int, fp: Int, tn: Int) -> BinaryCounts {
        BinaryCounts(truePositives: tp, falseNegatives: fn, falsePositives: fp, trueNegatives: tn)
    }

    @Test func theHeldOutDatasetsTPRCountsLikeAnotherDevice() {
        var c = BoxTrainer.Candidate(margin: 0, strictness: 0, validation: counts(tp: 95, fn: 5, fp: 0, tn: 100))
        #expect(c.decisive.truePositiveRate == 0.95)
        c.heldOutDataset = counts(tp: 80, fn: 20, fp: 0, tn: 50)
        #expect(c.decisive.truePositiveRate == 0.8)
        // A held-out dataset without the gesture supplies negatives only: the TPR is the inner one.
        c.heldOutDataset = counts(tp: 0, fn: 0, fp: 1, tn: 49)
        #expect(c.decisive.truePositiveRate == 0.95)
    }

    /// The choice prefers the candidate that holds on the other study, even at a lower
    /// inner TPR, when the other study is the worst.
    @Test func theChoiceGoesByTheHeldOutDatasetWhenItIsTheWorst() {
        let narrow = BoxTrainer.Candidate(margin: 0, strictness: 0, validation: counts(tp: 99, fn: 1, fp: 0, tn: 100),
                                          heldOutDataset: counts(tp: 70, fn: 30, fp: 0, tn: 100))
        let wide = BoxTrainer.Candidate(margin: 0.5, strictness: 0, validation: counts(tp: 97, fn: 3, fp: 0, tn: 100),
                                        heldOutDataset: counts(tp: 95, fn: 5, fp: 0, tn: 100))
        #expect(BoxTrainer.choose([narrow, wide], target: .falsePositiveRate(0.01))?.margin == 0.5)
    }

    func circle(radius: Double, aspect: Double, wobble: Double, phase: Double) -> Stroke {
        Stroke((0...40).map { i in
            let a = 2 * Double.pi * Double(i) / 40 + phase
            let r = radius * (1 + wobble * sin(3 * a))
            return Point(x: 100 + r * aspect * cos(a), y: 100 + r * sin(a), t: Double(i) * 0.02)
        })
    }

    func line(length: Double, angle: Double) -> Stroke {
        Stroke((0...20).map { i in
            let u = Double(i) / 20 * length
            return Point(x: 50 + u * cos(angle), y: 50 + u * sin(angle), t: Double(i) * 0.02)
        })
    }

    func sample(_ s: Stroke, _ label: String, _ subject: String) -> Sample {
        Sample(gesture: Gesture([s]), label: label, subject: subject, meta: [:], source: "\(label) \(subject)")
    }

    @Test func everyCandidateIsScoredOnTheHeldOutDatasetPerLabel() throws {
        var training: [Sample] = []
        for s in 0..<3 {
            for k in 0..<8 {
                training.append(sample(circle(radius: 40 + Double(k), aspect: 1, wobble: 0.01 * Double(k % 3), phase: Double(k)), "circle", "s\(s)"))
                training.append(sample(line(length: 80 + Double(k) * 5, angle: Double(k) * 0.7), "line", "s\(s)"))
            }
        }
        // Another study: circles drawn wider than any training circle, its own negatives.
        var other: [Sample] = []
        for k in 0..<6 {
            other.append(sample(circle(radius: 60, aspect: 1.25, wobble: 0.02, phase: Double(k)), "round", "w\(k)"))
            other.append(sample(line(length: 120, angle: Double(k)), "stroke", "w\(k)"))
        }
        let m = DetectorMeasurements.measure(.circle, dataset: Dataset(training))
        let heldOut = DetectorTrainer.HeldOutDataset(Dataset(other), positives: ["round"], like: [m])
        #expect(heldOut.measured.count == 1 && heldOut.measured[0].settings == m.settings)
        let result = try DetectorTrainer.train([m], positive: "circle", target: .falsePositiveRate(0.01), seed: 1, heldOut: heldOut)
        let h = try #require(result.chosen.heldOutDataset)
        #expect(h.positives == 6 && h.negatives == 6)
        let families = try #require(result.chosen.familyValidation)
        #expect(families["held-out:stroke"]?.negatives == 6)
        #expect(families["held-out:round"] == nil)
        // The decisive TPR is never above the held-out dataset's.
        #expect(result.chosen.decisive.truePositiveRate <= h.truePositiveRate)
        // Nothing was fitted on it: the same training without it fits the same box when it changes no choice.
        let plain = try DetectorTrainer.train([m], positive: "circle", target: .falsePositiveRate(0.01), seed: 1)
        if plain.chosen.margin == result.chosen.margin && plain.chosen.strictness == result.chosen.strictness {
            #expect(plain.thresholds == result.thresholds)
        }
    }
}

/// Bagging: members trained like the first draw's choice, and their median box.
struct DetectorBaggingTests {
    @Test func membersAreTrainedLikeTheFirstAndTheirMedianIsOneFile() throws {
        let maker = DetectorHeldOutDatasetTests()
        func draw(_ shift: Double) -> Dataset {
            var samples: [Sample] = []
            for s in 0..<3 {
                for k in 0..<8 {
                    samples.append(maker.sample(maker.circle(radius: 40 + Double(k) + shift, aspect: 1 + 0.01 * shift,
                                                             wobble: 0.01 * Double(k % 3), phase: Double(k) + shift), "circle", "s\(s)"))
                    samples.append(maker.sample(maker.line(length: 80 + Double(k) * 5, angle: Double(k) * 0.7 + shift), "line", "s\(s)"))
                }
            }
            return Dataset(samples)
        }
        let first = DetectorMeasurements.measure(.circle, dataset: draw(0))
        let variants = first.settingsVariants(choosing: true)
        let chosen = try DetectorTrainer.train(variants, positive: "circle", target: .falsePositiveRate(0.01), seed: 1).thresholds
        var members = [chosen]
        for shift in [1.0, 2.0] {
            let others = DetectorMeasurements.measure(.circle, dataset: draw(shift)).settingsVariants(choosing: true)
            let member = try DetectorTrainer.trainLike(chosen, others, positive: "circle", target: .falsePositiveRate(0.01), seed: 1).thresholds
            #expect(member.kind == chosen.kind && member.settings == chosen.settings)
            members.append(member)
        }
        let bagged = DetectorTrainer.median(members)
        #expect(bagged.kind == chosen.kind && bagged.settings == chosen.settings)
        let boxes = members.compactMap { $0.trainedBox?.box }
        #expect(bagged.trainedBox?.box == FeatureBox.median(boxes))
        // Without the chosen preparation among the variants, a member cannot be trained like it.
        let other = variants.first { $0.settings != chosen.settings }
        if let other {
            #expect(throws: DetectorTrainingError.self) {
                try DetectorTrainer.trainLike(chosen, [other], positive: "circle", target: .falsePositiveRate(0.01), seed: 1)
            }
        }
        #expect(DetectorTrainer.median([chosen]) == chosen)
    }
}
