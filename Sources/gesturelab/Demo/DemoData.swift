import ArgumentParser
import Foundation
import GestureData
import GestureTraining

/// How the demo's shipped samples were made, kept as a command so anyone can redo it:
/// `gesturelab demo --prepare-data DATASETS/dollar1-unistroke` reads the $1
/// logs, keeps the medium-speed samples of subjects s02–s11 (the pilot left out), makes
/// them compact (``CompactSamples``) and writes `templates/samples/dollar1-medium.jsonl`
/// with its attribution beside it.
enum DemoData {
    static let samplesFile = "templates/samples/dollar1-medium.jsonl"
    static let attributionFile = "templates/samples/ATTRIBUTION.md"

    static func prepare(from path: String, root: URL) throws {
        let full = try DatasetLoader.load(path).excludingSubjects(["1", "s01 (pilot)"])
        let compact = CompactSamples.make(from: full, speed: "medium")
        guard compact.count > 0 else {
            throw ValidationError("\(path): no medium-speed samples found; is this the $1 unistroke logs folder?")
        }
        let data = try JSONLines.encode(compact.samples)
        try AtomicFile.write(data, to: root.appendingPathComponent(samplesFile))
        let note = """
        # Demo samples: the $1 unistroke gesture logs, medium speed

        `dollar1-medium.jsonl` holds \(compact.count) samples (\(compact.labels.count) gestures × \
        \(compact.subjects.count) subjects × 10 repetitions, medium speed) from the gesture logs of

        > Wobbrock, J.O., Wilson, A.D. and Li, Y. (2007). *Gestures without libraries, toolkits or
        > training: a $1 recognizer for user interface prototypes.* Proceedings of UIST 2007,
        > pp. 159–168. ACM Press.

        as distributed by the authors (University of Washington, the $1 project page; `xml.zip`,
        "Unistroke gesture logs: XML"). The pilot subject `s01 (pilot)` is left out, as in the paper.

        Made by GestureLab itself:

        ```sh
        gesturelab demo --prepare-data DATASETS/dollar1-unistroke
        ```

        which reads the XML logs, keeps `Speed="medium"` of subjects s02–s11, and writes native
        `gesturelab.sample/1` lines with the label, the subject and the metadata (`speed`, `name`,
        `number`). Points are unchanged except that each sample's times start at 0 (the logs'
        millisecond clock has an arbitrary origin) and are stored in seconds. Fingerprint
        (FNV-1a 64 of the canonical sample bytes): `\(try DatasetFingerprint.of(compact))`.

        """
        try AtomicFile.write(Data(note.utf8), to: root.appendingPathComponent(attributionFile))
        Console.out("wrote \(compact.count) samples (\(data.count) bytes) to \(samplesFile) and \(attributionFile)")
    }
}
