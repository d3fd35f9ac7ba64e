import GestureData
import GestureDetectors
import GestureGeometry

/// Features measured once per sample, so that training and evaluation sweep thresholds
/// without recomputing geometry.
///
/// Only single-stroke gestures can be detected: a sample with several strokes (or none)
/// is measured as an empty stroke and is never detected.
public struct DetectorMeasurements: Sendable {
    public let kind: DetectorKind
    public let labels: [String?]
    public let subjects: [String?]
    /// Each sample's input device (``GestureData/Sample/device``), for per-device figures.
    public let devices: [String?]
    public let sources: [String?]
    /// The strokes themselves, for book rules and the streaming protocol.
    public let strokes: [Stroke]
    /// The preparation the vectors were measured with; trained thresholds record it.
    public let settings: ShapeSettings
    /// Shape vectors in the order of the detector's feature names; `nil` when degenerate.
    public let vectors: [[Double]?]

    public var count: Int { labels.count }

    /// The names of the entries of ``vectors``.
    public var featureNames: [String] { kind.detector.featureNames }

    public static func featureNames(_ kind: DetectorKind) -> [String] { kind.detector.featureNames }

    /// The stroke a detector sees for a sample.
    public static func stroke(of sample: Sample) -> Stroke {
        sample.gesture.strokes.count == 1 ? sample.gesture.strokes[0] : Stroke([])
    }

    /// Measures every sample with the detector's default settings (or those of
    /// `thresholds` when given and trained).
    /// - Parameter progress: called after each sample with (done, total).
    /// - Complexity: O(total points).
    public static func measure(_ kind: DetectorKind, dataset: Dataset,
                               settingsFrom thresholds: AnyDetectorThresholds? = nil,
                               progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> DetectorMeasurements {
        let samples = dataset.samples
        let strokes = samples.map(stroke(of:))
        let settings = thresholds?.kind == kind ? thresholds?.trainedBox?.settings ?? kind.detector.defaultSettings
                                                : kind.detector.defaultSettings
        var vectors: [[Double]?] = []
        vectors.reserveCapacity(strokes.count)
        for (i, s) in strokes.enumerated() {
            vectors.append(kind.detector.featureVector(s, settings: settings))
            progress?(i + 1, strokes.count)
        }
        return DetectorMeasurements(kind: kind, labels: samples.map(\.label), subjects: samples.map(\.subject),
                                    devices: samples.map(\.device), sources: samples.map(\.source), strokes: strokes, settings: settings, vectors: vectors)
    }

    /// The same samples measured with `settings` (these measurements when they already are).
    public func remeasured(with settings: ShapeSettings) -> DetectorMeasurements {
        guard settings != self.settings else { return self }
        return DetectorMeasurements(kind: kind, labels: labels, subjects: subjects, devices: devices, sources: sources, strokes: strokes,
                                    settings: settings, vectors: strokes.map { kind.detector.featureVector($0, settings: settings) })
    }

    /// These samples as other devices would deliver them: one set of measurements per
    /// transform, each applied on its own to every stroke (same samples, labels, subjects
    /// and settings), for training that must hold on every device
    /// (``BoxTrainer/ShiftedVectors``). Deterministic for a seed; the random transforms
    /// draw differently from ``DeviceShiftEvaluation``'s for the same seed.
    public func shifted(by transforms: [StrokeTransform], seed: UInt64) -> [DetectorMeasurements] {
        transforms.enumerated().map { k, t in
            var rng = SeededGenerator(seed: (seed ^ 0x5D1F_7ED0) &+ UInt64(k) &* 0x9E37_79B9)
            let moved = strokes.map { Stroke(t.apply($0.points, using: &rng)) }
            return DetectorMeasurements(kind: kind, labels: labels, subjects: subjects, devices: devices, sources: sources, strokes: moved,
                                        settings: settings, vectors: moved.map { kind.detector.featureVector($0, settings: settings) })
        }
    }

    /// These samples after each of `transforms` (``shifted(by:seed:)``), measured as each of
    /// `variants` (the same samples, perhaps with copies after them, in other settings):
    /// the `shifted` argument of ``DetectorTrainer/train(_:positive:indices:target:seed:trainer:shifted:progress:)``.
    /// Empty when `transforms` is.
    public func shifted(by transforms: [StrokeTransform], seed: UInt64, as variants: [DetectorMeasurements]) -> [[DetectorMeasurements]] {
        guard !transforms.isEmpty else { return [] }
        let moved = shifted(by: transforms, seed: seed)
        return variants.map { v in moved.map { $0.remeasured(with: v.settings) } }
    }

    /// These measurements, and when `choosingSettings` the same samples measured with each
    /// other ``GestureDetectors/ShapeSettings/variants`` of their settings: what a trainer
    /// chooses the preparation among.
    public func settingsVariants(choosing choosingSettings: Bool) -> [DetectorMeasurements] {
        choosingSettings ? settings.variants.map { remeasured(with: $0) } : [self]
    }

    /// These measurements followed by `other`'s (same detector and settings; `other`'s
    /// samples get indices from `count` on). Used to train on originals plus augmented copies.
    public func appending(_ other: DetectorMeasurements) -> DetectorMeasurements {
        precondition(kind == other.kind && settings == other.settings,
                     "measurements of \(kind) and \(other.kind) (or other settings) cannot be joined")
        return DetectorMeasurements(kind: kind, labels: labels + other.labels, subjects: subjects + other.subjects,
                                    devices: devices + other.devices, sources: sources + other.sources, strokes: strokes + other.strokes,
                                    settings: settings, vectors: vectors + other.vectors)
    }

    /// A decision function for `thresholds` on these samples: a trained box measured with
    /// these settings decides on the cached vectors; anything else decides on the stroke.
    /// Thresholds of another kind never accept.
    public func decider(_ thresholds: AnyDetectorThresholds) -> (Int) -> (accepted: Bool, margin: Double?) {
        guard thresholds.kind == kind else { return { _ in (false, nil) } }
        let t = thresholds.base  // its box is compiled once, with the thresholds
        if let (s, _) = t.trainedBox {
            let measured = s == settings
            return { i in
                let v = measured ? self.vectors[i] : self.kind.detector.featureVector(self.strokes[i], settings: s)
                return (t.accepts(vector: v), t.margin(vector: v))
            }
        }
        return { i in (t.accepts(self.strokes[i]), nil) }
    }

    /// Whole-stroke decision of `thresholds` on sample `i` (thresholds of another kind
    /// never accept).
    public func accepts(_ thresholds: AnyDetectorThresholds, at i: Int) -> Bool { decider(thresholds)(i).accepted }

    /// Streaming decision: `true` when the point-by-point detector has fired by the end
    /// of sample `i`'s stroke.
    public func streamFires(_ thresholds: AnyDetectorThresholds, at i: Int) -> Bool {
        thresholds.kind == kind && thresholds.streamFires(strokes[i])
    }
}
