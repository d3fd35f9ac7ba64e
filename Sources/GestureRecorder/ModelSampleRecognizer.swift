import GestureGeometry
import GestureMatching

/// A trained model (`gesturelab train --out`) as a recorder hook: the model's matcher
/// picks the closest label and its rejection rule (verifier or per-label thresholds)
/// decides, with the verdict in plain words.
///
/// ```swift
/// let model = try GestureModel.load(URL(fileURLWithPath: "model"))   // GestureTraining
/// let hook = ModelSampleRecognizer(model.recognizer, source: "model")
/// hook.recognize(gesture).first?.detail   // "accepted as check; …"
/// ```
///
/// `score` is the primary matcher's documented 0…1 score of the closest label;
/// `measurements` holds the decision value (verifier score or distance) and its threshold.
public struct ModelSampleRecognizer: SampleRecognizer {
    public let model: ModelRecognizer
    /// The model folder, shown on the page.
    public let source: String

    public init(_ model: ModelRecognizer, source: String) {
        self.model = model
        self.source = source
    }

    public var name: String { "model (\(model.matcher.algorithm.rawValue), \(model.rejection.name))" }

    public func recognize(_ gesture: Gesture) -> [RecognitionResult] {
        let r = model.recognize(gesture, top: MatcherRecognizer.shown)
        guard let best = r.matches.first else {
            return [RecognitionResult(name: name, kind: .matcher, recognized: false, detail: "\(r.verdict) [\(source)]")]
        }
        var measurements = ["distance": best.distance]
        var rule = ""
        switch model.rejection {
        case .none:
            rule = "; no rejection rule"
        case .thresholds:
            if let v = r.decisionValue, let t = r.threshold {
                measurements["threshold"] = t
                rule = "; distance \(Self.f(v)), threshold \(Self.f(t)) (accepts at or below)"
            }
        case .verifier:
            if let v = r.decisionValue, let t = r.threshold {
                measurements["verifierScore"] = v
                measurements["threshold"] = t
                rule = "; verifier score \(Self.f(v)), threshold \(Self.f(t)) (accepts at or above)"
            }
        }
        let others = r.matches.dropFirst().map { "\($0.name) \(Self.f($0.score))" }
        let next = others.isEmpty ? "" : "; next: " + others.joined(separator: ", ")
        return [RecognitionResult(name: name, kind: .matcher, recognized: r.accepted, match: best.name, score: best.score,
                                  scoreMeaning: model.matcher.scoreMeaning, measurements: measurements,
                                  detail: r.verdict + rule + next + " [\(source)]")]
    }

    static func f(_ v: Double) -> String { String(format: "%.3f", v) }
}
