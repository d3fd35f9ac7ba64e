import Foundation
import GestureData
import GestureGeometry
import GestureMatching

// Recognizes the shipped samples with the shipped templates through every product that goes
// through the BLAS (Protractor one at a time and in a batch, Penny Pincher) and compares the
// recognitions with a stored expectation, so that a build without OpenBLAS (plain-Swift
// products) is checked against the recognitions of the OpenBLAS build it was written from.
//
//   portability-check [--root DIR] [--expected FILE]     compare (exit 1 on a difference)
//   portability-check [--root DIR] --write FILE          write the expectation
//
// A line of the expectation: sample number, product, the best label and its distance, the
// second label and its distance. A recognition agrees when the best label is the same and
// the distances are within ``tolerance``, or when the stored best two were a near tie
// (within the tolerance) and the labels swapped.

/// Largest difference of a distance between builds: Protractor's angle near zero turns a
/// Float32 rounding of 1e-7 in the similarity into about 5e-4 rad; 2e-3 leaves room.
let tolerance = 2e-3

/// One place of a ranking: the label and its distance (`-` and NaN when the matcher
/// ranked fewer templates).
struct Ranked: Equatable {
    var label: String
    var distance: Double

    init(_ match: Match?) {
        label = match?.name ?? "-"
        distance = match?.distance ?? .nan
    }

    init?(label: Substring, distance: Substring) {
        guard let d = Double(distance) else { return nil }
        self.label = String(label)
        self.distance = d
    }

    var text: String { "\(label)\t\(String(format: "%.6f", distance))" }

    /// Whether the distances are the same within ``tolerance`` (both NaN counts as the same).
    func isClose(to other: Ranked) -> Bool {
        (distance.isNaN && other.distance.isNaN) || abs(distance - other.distance) <= tolerance
    }
}

struct Line: Equatable {
    var sample: Int
    var product: String
    var first: Ranked
    var second: Ranked

    var text: String { "\(sample)\t\(product)\t\(first.text)\t\(second.text)" }

    init(sample: Int, product: String, _ matches: [Match]) {
        self.sample = sample
        self.product = product
        first = Ranked(matches.first)
        second = Ranked(matches.count > 1 ? matches[1] : nil)
    }

    init?(_ text: Substring) {
        let f = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard f.count == 6, let s = Int(f[0]), let r1 = Ranked(label: f[2], distance: f[3]),
              let r2 = Ranked(label: f[4], distance: f[5]) else { return nil }
        sample = s; product = String(f[1]); first = r1; second = r2
    }

    /// Whether `self` (this build) agrees with `stored`.
    func agrees(with stored: Line) -> Bool {
        if first.label == stored.first.label { return first.isClose(to: stored.first) }
        // A near tie in the stored ranking may come out either way.
        return first.label == stored.second.label && stored.first.isClose(to: stored.second) && first.isClose(to: stored.second)
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("portability-check: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name) else { return nil }
    guard i + 1 < arguments.count else { fail("\(name) needs a value") }
    defer { arguments.removeSubrange(i...(i + 1)) }
    return arguments[i + 1]
}
let root = option("--root") ?? FileManager.default.currentDirectoryPath
let write = option("--write")
let expected = option("--expected") ?? "\(root)/Tests/Portability/dollar1-medium-recognitions.tsv"
guard arguments.isEmpty else { fail("unknown arguments: \(arguments.joined(separator: " "))") }

let templatesPath = "\(root)/templates/templates.json"
let samplesPath = "\(root)/templates/samples/dollar1-medium.jsonl"
let library: TemplateLibrary
let samples: [Sample]
do {
    library = try TemplateLibrary.decode(BoundedFile.read(templatesPath, limit: DatasetLoader.maxFileBytes))
    samples = try JSONLines.decode(BoundedFile.read(samplesPath, limit: DatasetLoader.maxFileBytes), file: samplesPath)
} catch {
    fail("\(error)")
}

let protractor = ProtractorMatcher(library: library, settings: .default)
let penny = PennyPincherMatcher(library: library, settings: .default)
var lines: [Line] = []
let prepared = samples.map { ProtractorMatcher.prepare($0.gesture, settings: protractor.settings) }
let batch = protractor.recognize(batch: prepared.compactMap { $0 }, limit: 2)
var next = 0
for (i, s) in samples.enumerated() {
    lines.append(Line(sample: i + 1, product: "protractor", protractor.recognize(s.gesture, limit: 2)))
    if prepared[i] != nil {
        lines.append(Line(sample: i + 1, product: "protractor-batch", batch[next]))
        next += 1
    }
    lines.append(Line(sample: i + 1, product: "penny-pincher", penny.recognize(s.gesture, limit: 2)))
}

if let write {
    let text = "# portability-check: \(samples.count) samples of templates/samples/dollar1-medium.jsonl against templates/templates.json\n"
        + lines.map(\.text).joined(separator: "\n") + "\n"
    do { try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: write)) } catch { fail("\(error)") }
    print("wrote \(lines.count) recognitions to \(write) (BLAS: \(BLASScorer.backend))")
    exit(0)
}

guard let data = FileManager.default.contents(atPath: expected), let text = String(data: data, encoding: .utf8) else {
    fail("\(expected): cannot read the expectation (write it with --write from a build with OpenBLAS)")
}
let stored = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { s -> Line in
    guard let l = Line(s) else { fail("\(expected): malformed line '\(s)'") }
    return l
}
guard stored.count == lines.count else {
    fail("\(expected) holds \(stored.count) recognitions, this build made \(lines.count)")
}
var differences = 0, swappedTies = 0
for (now, then) in zip(lines, stored) {
    guard now.sample == then.sample, now.product == then.product else {
        fail("\(expected): line for sample \(then.sample) \(then.product), this build made sample \(now.sample) \(now.product)")
    }
    if !now.agrees(with: then) {
        differences += 1
        if differences <= 10 { print("differs: stored  \(then.text)\n         made    \(now.text)") }
    } else if now.first.label != then.first.label {
        swappedTies += 1
    }
}
print("\(lines.count) recognitions (\(samples.count) samples × 3 products), BLAS: \(BLASScorer.backend): "
      + "\(differences) differ from \(expected) beyond \(tolerance) (\(swappedTies) near ties swapped)")
exit(differences == 0 ? 0 : 1)
