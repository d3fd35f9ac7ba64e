import GestureData
import GestureMatching

/// The outcome of a matcher accuracy protocol, as `gesturelab eval matcher --format json`
/// prints it.
public struct MatcherEvaluationReport: Codable, Sendable {
    public var algorithm: String
    /// `user-dependent` or `user-independent`.
    public var evaluationProtocol: String
    public var seed: UInt64
    /// Trials per (subject, speed, T).
    public var trials: Int
    /// Total candidates recognized.
    public var recognitions: Int
    /// Accuracy keyed by templates per class T (`"1"`, `"3"`, …).
    public var accuracy: [String: Double]
    /// Accuracy keyed by speed, then T (only speeds present in the data).
    public var accuracyBySpeed: [String: [String: Double]]
    /// Accuracy per true label over all T.
    public var perLabel: [String: Double]
    /// `confusion[truth][predicted]` over all T.
    public var confusion: [String: [String: Int]]
    /// `confusionByTemplates[T][truth][predicted]`: each templates-per-class condition
    /// apart (empty in reports written before it existed).
    public var confusionByTemplates: [String: [String: [String: Int]]]
    public var subjects: [String]
    public var templatesPerClass: [Int]
    /// Matcher and variant settings, for the record.
    public var settings: [String: SettingValue]

    enum CodingKeys: String, CodingKey {
        case algorithm, evaluationProtocol = "protocol", seed, trials, recognitions, accuracy,
             accuracyBySpeed, perLabel, confusion, confusionByTemplates, subjects, templatesPerClass, settings
    }

    public init(algorithm: String, evaluationProtocol: String, seed: UInt64, trials: Int, recognitions: Int,
                accuracy: [String: Double], accuracyBySpeed: [String: [String: Double]], perLabel: [String: Double],
                confusion: [String: [String: Int]], confusionByTemplates: [String: [String: [String: Int]]],
                subjects: [String], templatesPerClass: [Int], settings: [String: SettingValue]) {
        self.algorithm = algorithm
        self.evaluationProtocol = evaluationProtocol
        self.seed = seed
        self.trials = trials
        self.recognitions = recognitions
        self.accuracy = accuracy
        self.accuracyBySpeed = accuracyBySpeed
        self.perLabel = perLabel
        self.confusion = confusion
        self.confusionByTemplates = confusionByTemplates
        self.subjects = subjects
        self.templatesPerClass = templatesPerClass
        self.settings = settings
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        algorithm = try c.decode(String.self, forKey: .algorithm)
        evaluationProtocol = try c.decode(String.self, forKey: .evaluationProtocol)
        seed = try c.decode(UInt64.self, forKey: .seed)
        trials = try c.decode(Int.self, forKey: .trials)
        recognitions = try c.decode(Int.self, forKey: .recognitions)
        accuracy = try c.decode([String: Double].self, forKey: .accuracy)
        accuracyBySpeed = try c.decode([String: [String: Double]].self, forKey: .accuracyBySpeed)
        perLabel = try c.decode([String: Double].self, forKey: .perLabel)
        confusion = try c.decode([String: [String: Int]].self, forKey: .confusion)
        confusionByTemplates = try c.decodeIfPresent([String: [String: [String: Int]]].self, forKey: .confusionByTemplates) ?? [:]
        subjects = try c.decode([String].self, forKey: .subjects)
        templatesPerClass = try c.decode([Int].self, forKey: .templatesPerClass)
        settings = try c.decode([String: SettingValue].self, forKey: .settings)
    }
}

/// Running counts of one protocol, merged across units.
struct AccuracyTally: Sendable {
    var correctByT: [Int: Int] = [:]
    var totalByT: [Int: Int] = [:]
    var bySpeed: [String: [Int: (Int, Int)]] = [:]
    var confusion = ConfusionMatrix()
    var confusionByT: [Int: ConfusionMatrix] = [:]

    mutating func record(t: Int, speed: String, truth: String, predicted: String?) {
        let ok = predicted == truth
        totalByT[t, default: 0] += 1
        if ok { correctByT[t, default: 0] += 1 }
        let cur = bySpeed[speed, default: [:]][t] ?? (0, 0)
        bySpeed[speed, default: [:]][t] = (cur.0 + (ok ? 1 : 0), cur.1 + 1)
        confusion.record(truth: truth, predicted: predicted)
        confusionByT[t, default: ConfusionMatrix()].record(truth: truth, predicted: predicted)
    }

    mutating func merge(_ o: AccuracyTally) {
        for (k, v) in o.correctByT { correctByT[k, default: 0] += v }
        for (k, v) in o.totalByT { totalByT[k, default: 0] += v }
        for (s, m) in o.bySpeed {
            for (t, v) in m {
                let cur = bySpeed[s, default: [:]][t] ?? (0, 0)
                bySpeed[s, default: [:]][t] = (cur.0 + v.0, cur.1 + v.1)
            }
        }
        confusion.merge(o.confusion)
        for (t, m) in o.confusionByT { confusionByT[t, default: ConfusionMatrix()].merge(m) }
    }

    func report(algorithm: MatcherAlgorithm, protocolName: String, seed: UInt64, trials: Int,
                subjects: [String], ts: [Int], settings: [String: SettingValue]) -> MatcherEvaluationReport {
        var acc: [String: Double] = [:]
        for (t, n) in totalByT where n > 0 { acc[String(t)] = Double(correctByT[t] ?? 0) / Double(n) }
        var bySpeedAcc: [String: [String: Double]] = [:]
        for (s, m) in bySpeed {
            for (t, v) in m where v.1 > 0 { bySpeedAcc[s, default: [:]][String(t)] = Double(v.0) / Double(v.1) }
        }
        var perLabel: [String: Double] = [:]
        for label in confusion.counts.keys { perLabel[label] = confusion.recall(of: label) }
        return MatcherEvaluationReport(
            algorithm: algorithm.rawValue, evaluationProtocol: protocolName, seed: seed, trials: trials,
            recognitions: totalByT.values.reduce(0, +), accuracy: acc, accuracyBySpeed: bySpeedAcc,
            perLabel: perLabel, confusion: confusion.counts,
            confusionByTemplates: Dictionary(uniqueKeysWithValues: confusionByT.map { (String($0.key), $0.value.counts) }),
            subjects: subjects, templatesPerClass: ts,
            settings: settings)
    }
}
