import ArgumentParser
import Foundation
import GestureData
import GestureDetectors
import GestureTraining

extension DetectorKind: ExpressibleByArgument {}
extension EverydayStrokes.Family: ExpressibleByArgument {}
extension DetectorEvaluator.EvaluationProtocol: ExpressibleByArgument {}
extension DetectorEvaluator.Mode: ExpressibleByArgument {}

/// `--target-fpr` / `--target-tpr`, shared by `train detector` and `eval detector`.
struct DetectorTargetOptions: ParsableArguments {
    @Option(name: .customLong("target-fpr"), help: "Train for the highest TPR with at most this false-positive rate (default 0.01).")
    var targetFPR: Double?

    @Option(name: .customLong("target-tpr"), help: "Train for the lowest FPR with at least this true-positive rate.")
    var targetTPR: Double?

    @OptionGroup var seedOption: SeedOption
    var seed: UInt64 { seedOption.seed }

    @Option(help: ArgumentHelp(
        "Train on N randomly transformed copies of each sample as well (other sampling rates, sizes, tilts, aspects, timing and sensor noise), so that the thresholds hold on other devices.",
        valueName: "N"))
    var augment: Int = 0

    @Flag(name: .customLong("choose-settings"), help: "Also choose the stroke preparation (the detector's settings, a wider corner window, or half the resampled points) on the inner leave-one-subject-out folds, as margin and strictness are.")
    var chooseSettings = false

    @Option(name: .customLong("loops"), help: ArgumentHelp(
        "Train on a copy of each positive drawn with 1…N loops as well (each extra loop of the person's own circle a little larger or smaller and off-centre, the last one stopping up to a quarter short), so that a circle drawn N times is still a circle. 0: none.",
        valueName: "N"))
    var loops: Int = 0

    @Option(name: .customLong("held-out-dataset"), help: ArgumentHelp(
        "Another study's dataset, held out whole: nothing is fitted on it, but every choice on the inner folds (margin, strictness, and with --choose-settings or --choose-detector those too) must also meet the target on it, its --held-out-positive labels accepted and each other label refused (FPR per label, as families held-out:<label>). Train on one study, validate on another.",
        valueName: "PATH"))
    var heldOutDataset: String?

    @Option(name: .customLong("held-out-positive"), help: ArgumentHelp(
        "A label of --held-out-dataset that is the gesture (repeatable; default: the positive label, if it has it).",
        valueName: "LABEL"))
    var heldOutPositive: [String] = []

    /// The held-out dataset loaded whole (every subject: its ids are another study's), with
    /// the labels that are the gesture; `nil` without `--held-out-dataset`.
    /// - Throws: when a `--held-out-positive` label is not in it.
    func heldOut(label: String, load: (String) throws -> Dataset) throws -> (dataset: Dataset, positives: Set<String>)? {
        guard let path = heldOutDataset else { return nil }
        let data = try load(path)
        let labels = Set(data.samples.compactMap(\.label))
        for l in heldOutPositive where !labels.contains(l) {
            throw FileError(file: path, message: "--held-out-positive '\(l)' is no label of it (its labels: \(labels.sorted().joined(separator: ", ")))")
        }
        return (data, heldOutPositive.isEmpty ? (labels.contains(label) ? [label] : []) : Set(heldOutPositive))
    }

    @Option(name: .customLong("bag"), help: ArgumentHelp(
        "Train on K draws of the generated data (the copies of --augment and --loops, the --everyday strokes, the device shifts), with seeds --seed, --seed + 1, …, and keep the median of their boxes: the first draw chooses margin, strictness, preparation and detector, the others are trained like it. A box trained on generated strokes follows which few of them its cuts meet; the median of several draws does not. K times the training time.",
        valueName: "K"))
    var bag: Int = 1

    @Option(name: .customLong("release"), help: ArgumentHelp(
        "After tightening, move each bound outward halfway to the nearest training negative that it alone refuses, by at most R times the feature's spread (a bound no negative needs moves R): the bounds the negatives never asked for stop sitting on the training writers' edge. 0 (default): none.",
        valueName: "R"))
    var release: Double = 0

    /// The box trainer's settings (``BoxTrainer/release``).
    var trainer: BoxTrainer {
        var t = BoxTrainer()
        t.release = release
        return t
    }

    @Flag(name: .customLong("every-device"), help: "Make every choice on the inner folds (margin, strictness, and with --choose-settings or --choose-detector those too) by the worst device: the held-out subjects' strokes are also decided after each device shift (sampling rate, size, tilt, aspect, timing and sensor noise, resampling), and the target must hold on each.")
    var everyDevice = false

    /// The device shifts the inner folds must hold on (none without `--every-device`):
    /// those `eval detector --device-shift` reports, within the tolerance of `label`'s gesture.
    func choosingShifts(_ kind: DetectorKind, label: String) -> [StrokeTransform] {
        everyDevice ? StrokeAugmentation.deviceShifts(tolerance: .of(kind, label: label)) : []
    }

    /// `kind`'s measurements of the recorded samples, and of `augment` transformed copies of
    /// them within the tolerance of `label`'s gesture (`nil` when 0). Copies keep their
    /// subject, so inner folds hold each person's copies out with them.
    /// `seed` (default `--seed`) draws the copies: another seed is another draw, for bagging.
    func measurements(_ kind: DetectorKind, of data: Dataset, label: String, seed: UInt64? = nil) -> (recorded: DetectorMeasurements, copies: DetectorMeasurements?) {
        (DetectorMeasurements.measure(kind, dataset: data), copies(kind, of: data, label: label, seed: seed))
    }

    /// `kind`'s measurements of the copies of `data` that `--augment` and `--loops` make
    /// (``augmentedCopies(_:kind:label:seed:)``), `nil` when they make none.
    func copies(_ kind: DetectorKind, of data: Dataset, label: String, seed: UInt64? = nil) -> DetectorMeasurements? {
        augment > 0 || loops > 1 ? DetectorMeasurements.measure(kind, dataset: augmentedCopies(data, kind: kind, label: label, seed: seed)) : nil
    }

    /// The seeds of the draws `--bag K` trains on: `--seed`, `--seed` + 1, …
    var bagSeeds: [UInt64] { (0..<UInt64(bag)).map { seed &+ $0 } }

    func validate() throws {
        if targetFPR != nil && targetTPR != nil { throw ValidationError("give --target-fpr or --target-tpr, not both") }
        if !(0...20).contains(augment) { throw ValidationError("--augment must be between 0 and 20 copies, got \(augment)") }
        if !(0...20).contains(loops) { throw ValidationError("--loops must be between 0 and 20, got \(loops)") }
        if heldOutDataset == nil && !heldOutPositive.isEmpty { throw ValidationError("--held-out-positive needs --held-out-dataset") }
        if !(1...9).contains(bag) { throw ValidationError("--bag must be between 1 and 9 draws, got \(bag)") }
        if !(release >= 0 && release <= 2) { throw ValidationError("--release must be between 0 and 2 spreads, got \(release)") }
        for (name, v) in [("--target-fpr", targetFPR), ("--target-tpr", targetTPR)] {
            if let v, !(v >= 0 && v <= 1) { throw ValidationError("\(name) must be between 0 and 1, got \(v)") }
        }
    }

    var target: BoxTrainer.Target {
        if let t = targetTPR { return .truePositiveRate(t) }
        return .falsePositiveRate(targetFPR ?? 0.01)
    }

    /// The flags as typed, for provenance notes.
    var commandLine: String {
        let a = (augment > 0 ? " --augment \(augment)" : "") + (chooseSettings ? " --choose-settings" : "")
            + (loops > 0 ? " --loops \(loops)" : "") + (everyDevice ? " --every-device" : "")
            + (heldOutDataset.map { " --held-out-dataset \($0)" } ?? "") + heldOutPositive.map { " --held-out-positive \($0)" }.joined()
            + (bag > 1 ? " --bag \(bag)" : "") + (release > 0 ? " --release \(release)" : "")
        switch target {
        case .falsePositiveRate(let f): return "--target-fpr \(f) --seed \(seed)\(a)"
        case .truePositiveRate(let t): return "--target-tpr \(t) --seed \(seed)\(a)"
        }
    }

    /// `augment` transformed copies of every sample of `data` (none when 0), as random
    /// devices within the tolerance of the positive label's gesture.
    /// With `--loops N`, also each positive drawn with 1…N loops (``LoopedCircles``), and
    /// their own transformed copies.
    func augmentedCopies(_ data: Dataset, kind: DetectorKind, label: String, seed: UInt64? = nil) -> Dataset {
        let seed = seed ?? self.seed
        let looped = loops > 1 ? LoopedCircles.copies(of: data.samples, label: label, maxLoops: loops, seed: seed) : []
        let all = Dataset(data.samples + looped)
        let copies = augment > 0 ? StrokeAugmentation.copies(of: all, copies: augment, tolerance: .of(kind, label: label), seed: seed) : []
        return Dataset(looped + copies)
    }
}

/// Open-world negatives (and generated positives) added to the loaded data, shared by
/// `train detector` and `eval detector`.
struct OpenWorldOptions: ParsableArguments {
    @Option(name: .customLong("everyday"), help: ArgumentHelp(
        "Add N generated everyday strokes of each family (lines, arcs, zig-zags at any angle, W's, spirals, coils, letters, taps, scrolls, pans, polygons, zig-zags across the page) as negatives, labelled everyday.<family>; FPR is reported per family and training chooses by the worst family.",
        valueName: "N"))
    var everyday: Int = 0

    @Option(name: .customLong("everyday-seed"), help: "Seed of the generated strokes (default: --seed); evaluate with another seed than training.")
    var everydaySeed: UInt64?

    @Option(name: .customLong("negatives"), help: ArgumentHelp(
        "A dataset whose samples are all negatives, one family per label (labelled negatives:<label>); repeatable.", valueName: "PATH"))
    var negatives: [String] = []

    @Option(name: .customLong("generated-circles"), help: ArgumentHelp(
        "Add N generated hand-like circles for each loop count 1…\(CircleDetector.defaultMaxLoops), labelled with the positive label, subject loops-<k> (the per-subject table then reads per loop count).",
        valueName: "N"))
    var generatedCircles: Int = 0

    @Option(name: .customLong("everyday-without"), help: ArgumentHelp(
        "Leave this family of --everyday strokes out (repeatable): the gesture's own kind of stroke is no negative. A gesture that is one straight stroke is otherwise trained against lines, scrolls, pans and taps (a tap of two points is a line), and refused with them.",
        valueName: "FAMILY"))
    var everydayWithout: [EverydayStrokes.Family] = []

    func validate() throws {
        if !everydayWithout.isEmpty && everyday == 0 { throw ValidationError("--everyday-without needs --everyday N") }
        if !(0...100_000).contains(everyday) { throw ValidationError("--everyday must be between 0 and 100000, got \(everyday)") }
        if !(0...100_000).contains(generatedCircles) {
            throw ValidationError("--generated-circles must be between 0 and 100000, got \(generatedCircles)")
        }
    }

    var isEmpty: Bool { everyday == 0 && negatives.isEmpty && generatedCircles == 0 }

    /// `data` with the generated and given negatives (and generated circles) added. Negatives
    /// take the data's subjects in turn, so leave-one-subject-out folds hold out a share of
    /// them with each person; with no subjects they have none.
    func extended(_ data: Dataset, positive: String, seed: UInt64, loading: (String) throws -> Dataset) throws -> Dataset {
        guard !isEmpty else { return data }
        let subjects = data.subjects
        var added = EverydayStrokes.vocabulary(countPerFamily: everyday, seed: everydaySeed ?? seed, without: Set(everydayWithout))
        for path in negatives {
            added += try loading(path).samples.map { s in
                var s = s
                s.label = "negatives:" + (s.label ?? "(unlabelled)")
                return s
            }
        }
        for i in added.indices { added[i].subject = subjects.isEmpty ? nil : subjects[i % subjects.count] }
        let circles = LoopedCircles.generated(loops: 1...CircleDetector.defaultMaxLoops, countPerLoopCount: generatedCircles,
                                              seed: everydaySeed ?? seed, label: positive)
        return Dataset(data.samples + added + circles)
    }

    /// The flags as typed, for provenance notes.
    var commandLine: String {
        (everyday > 0 ? " --everyday \(everyday)" : "") + (everydaySeed.map { " --everyday-seed \($0)" } ?? "")
            + everydayWithout.map { " --everyday-without \($0.rawValue)" }.joined()
            + negatives.map { " --negatives \($0)" }.joined() + (generatedCircles > 0 ? " --generated-circles \(generatedCircles)" : "")
    }
}

/// Which detector and which label: `train detector` and `eval detector` share them.
struct DetectorChoiceOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The detector: \(DetectorKind.allCases.map(\.rawValue).joined(separator: ", ")); \(DetectorKind.shape.rawValue) (for any label) when omitted."))
    var detectorArgument: DetectorKind?

    @OptionGroup var datasetPath: DatasetPathOption
    var dataset: String { datasetPath.dataset }

    @Option(help: "Any label of the dataset, for the detector trained per label (`--label zig_zag` is `\(DetectorKind.shape.rawValue) --positive zig_zag`).")
    var label: String?

    @Option(help: "The label of the positive samples, e.g. check or circle; all others are negatives.")
    var positive: String?

    @Flag(name: .customLong("choose-detector"), help: "With training: also train the general shape detector (or, for --label L, the detector made for L, if any) and keep whichever did better on the inner leave-one-subject-out folds.")
    var chooseDetector = false

    /// The detector: the argument, or the one trained for any label.
    var detector: DetectorKind { detectorArgument ?? .shape }

    /// The other detectors `--choose-detector` tries: the one for any label, and any whose
    /// default label is the positive label.
    var otherDetectors: [DetectorKind] {
        guard chooseDetector else { return [] }
        return DetectorKind.allCases.filter {
            $0 != detector && ($0 == .shape || $0.defaultLabel == positiveLabel)
        }
    }
    /// The positive label: `--positive` or `--label`.
    var positiveLabel: String { positive ?? label ?? "" }

    func validate() throws {
        if positive != nil && label != nil { throw ValidationError("give --positive or --label, not both") }
        guard let l = positive ?? label, !l.isEmpty else {
            throw ValidationError(detectorArgument == nil || detectorArgument == .shape
                ? "--label must name the label to detect (e.g. --label zig_zag)" : "--positive must name a label")
        }
    }
}

/// A command that takes ``DetectorChoiceOptions`` (`train detector`, `eval detector`).
protocol ChoosesDetector {
    var which: DetectorChoiceOptions { get }
}

extension ChoosesDetector {
    var detector: DetectorKind { which.detector }
    var dataset: String { which.dataset }
    var positiveLabel: String { which.positiveLabel }
}

enum DetectorCLI {
    /// Where the shipped `templates/<kind>.json` lives: `$GESTURELAB_TEMPLATES`, then
    /// `./templates`, then a `templates` folder beside or above the executable (the
    /// package root when run from `.build/<config>/`).
    static func defaultThresholdsPath(_ kind: DetectorKind) -> String? {
        TemplatesFolder.find("\(kind.rawValue).json")
    }

    /// Resolves `--thresholds`: a preset name, `default`, `train` or a file.
    static func thresholds(_ spec: String, kind: DetectorKind, target: BoxTrainer.Target,
                           seed: UInt64) throws -> DetectorEvaluator.Thresholds {
        if let preset = kind.preset(named: spec) {
            return .fixed(preset.thresholds, name: spec.lowercased())
        }
        if let other = DetectorKind.allCases.first(where: { $0.preset(named: spec) != nil }) {
            throw ValidationError("preset '\(spec)' belongs to the \(other.rawValue) detector, not \(kind.rawValue)")
        }
        switch spec.lowercased() {
        case "train":
            return .train(target, seed: seed)
        case "default":
            guard kind.defaultLabel != nil else {
                throw ValidationError("the \(kind.rawValue) detector has no shipped thresholds; give --thresholds train or a thresholds FILE")
            }
            // Compiled into the tool (GESTURELAB_TEMPLATES overrides), so this works anywhere.
            guard let shipped = try ShippedTemplates.thresholds(for: kind) else {
                throw ValidationError("the \(kind.rawValue) detector has no shipped thresholds; give --thresholds train or a thresholds FILE")
            }
            return .fixed(shipped.value, name: "default (\(shipped.origin.shortName))")
        default:
            return .fixed(try DetectorThresholdsFile.load(spec, kind: kind), name: spec)
        }
    }

    static func percent(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }

    /// Compact text report.
    static func printText(_ e: DetectorEvaluation) {
        // Thresholds of another detector standing for this one (a general box for check marks) say so.
        let measuredBy = e.thresholds.kind == e.detector ? "" : " (\(e.thresholds.kind.rawValue) measures)"
        Console.out("detector \(e.detector.rawValue), positive '\(e.positiveLabel)', thresholds \(e.thresholdsSource)\(measuredBy), protocol \(e.evaluationProtocol), mode \(e.mode)"
            + (e.seed.map { ", seed \($0)" } ?? ""))
        // A rate with no samples is not 0 %: data of one person's check marks alone has no FPR.
        func rate(_ r: Double, _ n: Int, _ of: Int, none: String) -> String { of > 0 ? "\(percent(r)) (\(n)/\(of))" : "– (\(none))" }
        Console.out("TPR \(rate(e.truePositiveRate, e.counts.truePositives, e.positives, none: "no positives")), "
            + "FPR \(rate(e.falsePositiveRate, e.counts.falsePositives, e.negatives, none: "no negatives"))")
        Console.out("detected per label:")
        for (label, r) in e.perLabelCounts.sorted(by: { $0.key < $1.key }) {
            let mark = label == e.positiveLabel ? " (positive)" : ""
            Console.out("  \(label)\(mark): \(r.detected)/\(r.total) = \(percent(r.fraction))")
        }
        func row(_ name: String, _ r: DetectorEvaluation.SubjectResult) -> String {
            "  \(name): \(r.positives > 0 ? percent(r.truePositiveRate) : "–"), \(r.negatives > 0 ? percent(r.falsePositiveRate) : "–") (\(r.falseDetections) false)"
        }
        Console.out("per subject (TPR, FPR):")
        for (s, r) in e.perSubject.sorted(by: { $0.key < $1.key }) { Console.out(row(s, r)) }
        if let devices = e.perDevice {
            Console.out("per device (TPR, FPR):")
            for (d, r) in devices.sorted(by: { $0.key < $1.key }) {
                Console.out(row(d, r) + " of \(r.positives) positives and \(r.negatives) negatives")
            }
        }
    }
}
