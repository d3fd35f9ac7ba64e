import GestureGeometry

/// An ordered collection of samples with label and subject bookkeeping.
public struct Dataset: Sendable {
    public var samples: [Sample]

    public init(_ samples: [Sample]) { self.samples = samples }

    public var count: Int { samples.count }

    /// Distinct labels, sorted; unlabelled samples are not counted.
    public var labels: [String] { Array(Set(samples.compactMap(\.label))).sorted() }
    /// Distinct subjects, sorted.
    public var subjects: [String] { Array(Set(samples.compactMap(\.subject))).sorted() }

    /// Number of samples per label.
    public var countsByLabel: [String: Int] { samples.reduce(into: [:]) { $0[$1.label ?? "", default: 0] += 1 } }
    /// Number of samples per subject.
    public var countsBySubject: [String: Int] { samples.reduce(into: [:]) { $0[$1.subject ?? "", default: 0] += 1 } }
    /// Number of samples per input device (``Sample/device``); samples that name none are
    /// not counted, so data without devices gives an empty dictionary.
    public var countsByDevice: [String: Int] {
        samples.reduce(into: [:]) { counts, s in if let d = s.device { counts[d, default: 0] += 1 } }
    }

    /// The samples recorded on any of `devices` (``Sample/device``, compared exactly).
    public func onlyDevices(_ devices: some Sequence<String>) -> Dataset {
        let set = Set(devices)
        return Dataset(samples.filter { $0.device.map(set.contains) ?? false })
    }

    /// `true` when the sample belongs to any of `subjects`, matched against its subject
    /// and against the folder it was found in (`meta["folder"]`), so the $1 pilot can be
    /// named `1` or `s01 (pilot)`.
    public static func sample(_ s: Sample, isFromAnyOf subjects: Set<String>) -> Bool {
        if let sub = s.subject, subjects.contains(sub) { return true }
        if let folder = s.meta["folder"], subjects.contains(folder) { return true }
        return false
    }

    /// The samples whose subject is not in `subjects`.
    public func excludingSubjects(_ subjects: some Sequence<String>) -> Dataset {
        let set = Set(subjects)
        guard !set.isEmpty else { return self }
        return Dataset(samples.filter { !Self.sample($0, isFromAnyOf: set) })
    }

    /// The samples of the given subjects only.
    public func onlySubjects(_ subjects: some Sequence<String>) -> Dataset {
        let set = Set(subjects)
        return Dataset(samples.filter { Self.sample($0, isFromAnyOf: set) })
    }

    /// The samples for which `isIncluded` holds.
    public func filter(_ isIncluded: (Sample) -> Bool) -> Dataset { Dataset(samples.filter(isIncluded)) }

    /// Splits into (the given subject's samples, everyone else's): one fold of a
    /// leave-one-subject-out protocol.
    public func split(leavingOut subject: String) -> (test: Dataset, train: Dataset) {
        let set: Set = [subject]
        var test: [Sample] = [], train: [Sample] = []
        for s in samples { if Self.sample(s, isFromAnyOf: set) { test.append(s) } else { train.append(s) } }
        return (Dataset(test), Dataset(train))
    }

    /// The samples whose label is one of `labels`.
    public func onlyLabels(_ labels: some Sequence<String>) -> Dataset {
        let set = Set(labels)
        return Dataset(samples.filter { $0.label.map(set.contains) ?? false })
    }

    /// Every fold of a leave-one-subject-out protocol, one per subject in ``subjects``
    /// order: that subject's samples to test, everyone else's to train.
    /// Samples without a subject are always in the training part.
    public var leaveOneSubjectOutFolds: [(subject: String, test: Dataset, train: Dataset)] {
        subjects.map { s in
            var test: [Sample] = [], train: [Sample] = []
            for x in samples { if x.subject == s { test.append(x) } else { train.append(x) } }
            return (s, Dataset(test), Dataset(train))
        }
    }

    /// Samples grouped by label, each group in dataset order.
    public var byLabel: [String: [Sample]] {
        var out: [String: [Sample]] = [:]
        for s in samples { if let l = s.label { out[l, default: []].append(s) } }
        return out
    }
}
