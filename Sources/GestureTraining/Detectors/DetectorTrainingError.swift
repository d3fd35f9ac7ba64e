import GestureData

/// Why detector training or evaluation could not run.
public enum DetectorTrainingError: Error, Equatable, CustomStringConvertible {
    /// No sample carries the positive label.
    case noPositives(label: String, labels: [String])
    /// Every sample carries the positive label.
    case noNegatives(label: String)
    /// A thresholds file could not be read or decoded.
    case badThresholds(file: String, reason: String)
    /// A fold of leave-one-subject-out has nothing to train on.
    case emptyFold(subject: String)

    public var description: String {
        switch self {
        case let .noPositives(label, labels):
            "no sample is labelled '\(label)' (labels: \(labels.joined(separator: ", ")))"
        case let .noNegatives(label):
            "every sample is labelled '\(label)': training a detector needs negatives: other gestures (train detector and eval detector add generated ones with --everyday N)"
        case let .badThresholds(file, reason):
            "\(file): \(reason)"
        case let .emptyFold(subject):
            "leaving out subject '\(subject)' leaves no positive or no negative to train on"
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .dataCorrupted(ctx):
            return "field \(shownCodingPath(ctx.codingPath)): \(ctx.debugDescription)"
        case let .keyNotFound(key, ctx):
            return "field \(shownCodingPath(ctx.codingPath + [key])): missing"
        case let .typeMismatch(_, ctx), let .valueNotFound(_, ctx):
            return "field \(shownCodingPath(ctx.codingPath)): \(ctx.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
