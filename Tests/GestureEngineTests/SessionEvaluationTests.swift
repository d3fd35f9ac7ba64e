import Testing
import GestureData
@testable import GestureEngine

struct SessionEvaluationTests {
    func act(_ name: String, _ t: Double, _ state: RecognizerState = .ended, _ kind: RecognizerKind = .discrete) -> GestureActivation {
        GestureActivation(recognizer: name, kind: kind, state: state, time: t, values: GestureValues())
    }

    @Test func emptyInputCountsNothing() {
        let e = SessionEvaluation.evaluate([], labels: SessionLabels(gestures: []), recognizerNames: ["a"])
        #expect(e.counts == [SessionEvaluation.Counts(name: "a")])
    }

    @Test func countsDetectionsRepeatsMissesAndFalseActivations() {
        let labels = SessionLabels(gestures: [
            .init(name: "tap", start: 1, end: 2), .init(name: "tap", start: 5, end: 6), .init(name: "pan", start: 8, end: 9),
        ])
        let acts = [
            act("tap", 1.5), act("tap", 1.6),                    // detected, then a repeat
            act("tap", 3),                                       // outside every window
            act("pan", 8.2, .began, .continuous), act("pan", 8.5, .changed, .continuous),
            act("pan", 8.9, .ended, .continuous),                // only began counts
        ]
        let e = SessionEvaluation.evaluate(acts, labels: labels, recognizerNames: ["tap", "pan", "swipe"])
        let tap = e.counts.first { $0.name == "tap" }
        #expect(tap?.expected == 2 && tap?.detected == 1 && tap?.repeats == 1 && tap?.falseActivations == 1 && tap?.missed == 1)
        let pan = e.counts.first { $0.name == "pan" }
        #expect(pan?.detected == 1 && pan?.falseActivations == 0)
        #expect(e.counts.first { $0.name == "swipe" }?.expected == 0)
    }

    @Test func activationsOfUnlabelledRecognizersAreFalse() {
        let e = SessionEvaluation.evaluate([act("tap", 1)], labels: SessionLabels(gestures: []), recognizerNames: ["tap"])
        #expect(e.total.falseActivations == 1)
    }
}
