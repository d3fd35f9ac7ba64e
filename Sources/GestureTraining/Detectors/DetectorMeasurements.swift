import GestureData
import GestureDetectors
import GestureGeometry

/// Features measured once per sample, so that training and evaluation sweep thresholds
/// without recomputing geometry.
///
/// Only single-stroke gestures can be detected: a sample with several strokes (or none)
/// is measured as an empty stroke and is never detected.
public struct DetectorMeasurements: Sendable {
    public enum Measured: Sendable {
        case checkmark([CheckmarkDetector.Features])
        case circle([CircleDetector.Features])
    }

    public let kind: DetectorKind
    public let labels: [String?]
    public let subjects: [String?]
    public let sources: [String?]
    /// The strokes themselves, for the streaming protocol.
    public let strokes: [Stroke]
    public let measured: Measured
    /// Shape vectors in the order of the detector's feature names; `nil` when degenerate.
    public let vectors: [[Double]?]

    public var count: Int { labels.count }

    /// The names of the entries of ``vectors``.
    public var featureNames: [String] { Self.featureNames(kind) }

    public static func featureNames(_ kind: DetectorKind) -> [String] {
        switch kind {
        case .checkmark: CheckmarkDetector.Shape.names
        case .circle: CircleDetector.Shape.names
        }
    }

    /// The stroke a detector sees for a sample.
    public static func stroke(of sample: Sample) -> Stroke {
        sample.gesture.strokes.count == 1 ? sample.gesture.strokes[0] : Stroke([])
    }

    /// Measures every sample with the default shape settings (or those of `thresholds`
    /// when given and trained).
    /// - Parameter progress: called after each sample with (done, total).
    /// - Complexity: O(total points).
    public static func measure(_ kind: DetectorKind, dataset: Dataset,
                               settingsFrom thresholds: DetectorThresholds? = nil,
                               progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> DetectorMeasurements {
        let samples = dataset.samples
        let strokes = samples.map(stroke(of:))
        let measured: Measured
        let vectors: [[Double]?]
        switch kind {
        case .checkmark:
            var settings = CheckmarkDetector.ShapeSettings.default
            if case .checkmark(let t)? = thresholds { settings = t.shapeSettings }
            var out: [CheckmarkDetector.Features] = []
            for (i, s) in strokes.enumerated() {
                out.append(CheckmarkDetector.measure(s, settings: settings))
                progress?(i + 1, strokes.count)
            }
            measured = .checkmark(out)
            vectors = out.map { $0.shape?.vector }
        case .circle:
            var settings = CircleDetector.ShapeSettings.default
            if case .circle(let t)? = thresholds { settings = t.shapeSettings }
            var out: [CircleDetector.Features] = []
            for (i, s) in strokes.enumerated() {
                out.append(CircleDetector.measure(s, settings: settings))
                progress?(i + 1, strokes.count)
            }
            measured = .circle(out)
            vectors = out.map { $0.shape?.vector }
        }
        return DetectorMeasurements(kind: kind, labels: samples.map(\.label), subjects: samples.map(\.subject),
                                    sources: samples.map(\.source), strokes: strokes, measured: measured,
                                    vectors: vectors)
    }

    /// These measurements followed by `other`'s (same detector kind; `other`'s samples
    /// get indices from `count` on). Used to train on originals plus augmented copies.
    public func appending(_ other: DetectorMeasurements) -> DetectorMeasurements {
        precondition(kind == other.kind, "measurements of \(kind) and \(other.kind) cannot be joined")
        let joined: Measured
        switch (measured, other.measured) {
        case let (.checkmark(a), .checkmark(b)): joined = .checkmark(a + b)
        case let (.circle(a), .circle(b)): joined = .circle(a + b)
        default: preconditionFailure("measurements of one kind hold features of that kind")
        }
        return DetectorMeasurements(kind: kind, labels: labels + other.labels, subjects: subjects + other.subjects,
                                    sources: sources + other.sources, strokes: strokes + other.strokes,
                                    measured: joined, vectors: vectors + other.vectors)
    }

    /// Whole-stroke decision of `thresholds` on sample `i` (thresholds of another kind
    /// never accept).
    public func accepts(_ thresholds: DetectorThresholds, at i: Int) -> Bool {
        switch (measured, thresholds) {
        case let (.checkmark(f), .checkmark(t)): t.accepts(f[i])
        case let (.circle(f), .circle(t)): t.accepts(f[i])
        default: false
        }
    }

    /// Decision value of `thresholds` on sample `i` (`>= 0` when accepted).
    public func score(_ thresholds: DetectorThresholds, at i: Int) -> Double {
        switch (measured, thresholds) {
        case let (.checkmark(f), .checkmark(t)): t.score(f[i])
        case let (.circle(f), .circle(t)): t.score(f[i])
        default: -.infinity
        }
    }

    /// Streaming decision: `true` when the point-by-point detector has fired by the end
    /// of sample `i`'s stroke.
    public func streamFires(_ thresholds: DetectorThresholds, at i: Int) -> Bool {
        let pts = strokes[i].points
        switch thresholds {
        case .checkmark(let t):
            var s = CheckmarkDetector.Stream(thresholds: t)
            return pts.contains { s.add($0) }
        case .circle(let t):
            var s = CircleDetector.Stream(thresholds: t)
            return pts.contains { s.add($0) }
        }
    }
}
