import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GestureData
import GestureGeometry
import GestureTestSupport
import Testing
@testable import GestureTraining

struct ReportWriterTests {
    static func sampleReport(seed: UInt64) -> EvaluationReport {
        var rng = SeededGenerator(seed: seed)
        let pos = (0..<200).map { _ in Double.random(in: 0.2...1.5, using: &rng) }
        let neg = (0..<300).map { _ in Double.random(in: -2...0.4, using: &rng) }
        let preset = NamedOperatingPoint(name: "book preset", threshold: nil,
                                         counts: BinaryCounts(truePositives: 150, falseNegatives: 50, falsePositives: 240, trueNegatives: 60))
        let binary = BinaryEvaluation(name: "checkmark", positive: "label check", scoreName: "margin",
                                      positives: pos, negatives: neg, orientation: .higherIsPositive,
                                      threshold: 0, comparisons: [preset], acceptedByLabel: ["check": 0.9, "v": 0.05])
        var confusion = ConfusionMatrix()
        for (t, p) in [("a", "a"), ("a", "b"), ("b", "b"), ("c", nil), ("c", "c")] as [(String, String?)] {
            confusion.record(truth: t, predicted: p)
        }
        let curve = [1, 3, 5].map { AccuracyAtTemplates(templatesPerClass: $0, accuracy: 0.8 + Double($0) * 0.03,
                                                          byLabel: ["a": 0.9, "b": 0.7 + Double($0) * 0.05]) }
        let c = ClassificationEvaluation(name: "matcher", method: "protractor", confusion: confusion, accuracyByTemplates: curve)
        return EvaluationReport(title: "test <report> & co", seed: seed, settings: ["k": "v"], binary: [binary],
                                classification: [c], notes: ["a note"])
    }

    @Test func writesEveryFileAndPlotsNameTheirAxes() throws {
        let files = try ReportWriter.files(for: Self.sampleReport(seed: 1))
        #expect(Set(files.keys) == ["report.json", "report.md", "checkmark-roc.svg", "checkmark-scores.svg",
                                    "matcher-confusion.svg", "matcher-accuracy.svg"])
        let roc = String(decoding: try #require(files["checkmark-roc.svg"]), as: UTF8.self)
        #expect(roc.contains("false-positive rate (FPR") && roc.contains("true-positive rate (TPR)"))
        #expect(roc.contains("<circle"))  // the operating point marker
        let scores = String(decoding: try #require(files["checkmark-scores.svg"]), as: UTF8.self)
        #expect(scores.contains("threshold"))
        let md = String(decoding: try #require(files["report.md"]), as: UTF8.self)
        #expect(md.contains("Seed: `1`"))
    }

    @Test func rocHasALogFPRAxisWithIntervals() throws {
        let binary = Self.sampleReport(seed: 1).binary[0]
        let roc = String(decoding: ReportPlots.roc(binary).rendered(), as: UTF8.self)
        // One tick per decade from 10⁻⁴ to 1.
        for tick in [">0.01%<", ">0.1%<", ">1%<", ">10%<", ">100%<"] { #expect(roc.contains(tick), "missing tick \(tick)") }
        #expect(roc.contains("log scale"))
        #expect(roc.contains("95% interval of FPR"))
        // A point at FPR 1% sits one decade right of 0.1%: the axis is logarithmic.
        let f = ChartFrame(x: -4...0, y: 0...1)
        #expect(abs((f.px(-2) - f.px(-3)) - (f.px(-1) - f.px(-2))) < 1e-9)
    }

    @Test func confusionShadesErrorsNotTheDiagonal() throws {
        let (diag, diagDark) = ReportPlots.confusionShade(fraction: 1, isError: false)
        let (err, _) = ReportPlots.confusionShade(fraction: 0.02, isError: true)
        let (none, _) = ReportPlots.confusionShade(fraction: 0, isError: true)
        // The diagonal is grey (r = g = b), errors red (r > g = b), an empty cell white.
        let hex = { (s: String) in [1, 3, 5].map { Int(s.dropFirst($0).prefix(2), radix: 16)! } }
        let d = hex(diag), e = hex(err)
        #expect(d[0] == d[1] && d[1] == d[2] && !diagDark)
        #expect(e[0] > e[1] && e[1] == e[2] && e[1] < 230, "a 2% confusion must be visibly red, got \(err)")
        #expect(none == "#ffffff")
        // Five-digit counts fit their cells: the font shrinks.
        var m = ConfusionMatrix()
        for _ in 0..<12345 { m.record(truth: "a", predicted: "a") }
        let svg = String(decoding: ReportPlots.confusion(ClassificationEvaluation(
            name: "big", method: "p", confusion: m, accuracyByTemplates: [])).rendered(), as: UTF8.self)
        let element = try #require(svg.components(separatedBy: "<text").first { $0.contains(">12345<") })
        let attribute = element.components(separatedBy: "font-size=\"").dropFirst().first?.prefix { $0 != "\"" }
        let size = try #require(attribute.flatMap { Double(String($0)) })
        #expect(size * 0.62 * 5 <= 40, "five digits at font size \(size) overflow a 40-point cell")
    }

    @Test func svgIsWellFormedXML() throws {
        for (name, data) in try ReportWriter.files(for: Self.sampleReport(seed: 2)) where name.hasSuffix(".svg") {
            let parser = XMLParser(data: data)
            #expect(parser.parse() && parser.parserError == nil, "\(name) is not well-formed")
        }
    }

    @Test func sameSeedSameBytesOtherSeedOtherBytes() throws {
        let a = try ReportWriter.files(for: Self.sampleReport(seed: 7))
        let b = try ReportWriter.files(for: Self.sampleReport(seed: 7))
        let c = try ReportWriter.files(for: Self.sampleReport(seed: 8))
        #expect(a == b)
        #expect(a["report.json"] != c["report.json"])
    }

    @Test func reportJSONRoundTrips() throws {
        let r = Self.sampleReport(seed: 3)
        let data = try #require(try ReportWriter.files(for: r)["report.json"])
        #expect(try JSONDecoder().decode(EvaluationReport.self, from: data) == r)
    }

    @Test func writeReplacesAFolderItWroteAsAWhole() throws {
        let tmp = try TemporaryDirectory("report-writer")
        defer { tmp.remove() }
        let dir = tmp.url.appendingPathComponent("report")
        try ReportWriter.write(Self.sampleReport(seed: 1), to: dir)
        let first = try String(contentsOf: dir.appendingPathComponent("report.json"), encoding: .utf8)
        try ReportWriter.write(Self.sampleReport(seed: 2), to: dir)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names.contains("report.json") && names.contains(OutputFolder.markerFile))
        #expect(try String(contentsOf: dir.appendingPathComponent("report.json"), encoding: .utf8) != first)
        // No temporary or old folders are left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.url.path) == ["report"])
    }

    /// Data loss: a folder holding files GestureLab did not write is never
    /// replaced (it used to be deleted whole, with the user's files in it).
    @Test func aFolderWithOtherFilesIsRefusedAndLeftUntouched() throws {
        let tmp = try TemporaryDirectory("report-writer-foreign")
        defer { tmp.remove() }
        let dir = tmp.url.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("my thesis".utf8).write(to: dir.appendingPathComponent("thesis.txt"))
        do {
            try ReportWriter.write(Self.sampleReport(seed: 1), to: dir)
            Issue.record("a folder of the user's files was replaced")
        } catch {
            #expect("\(error)".contains(dir.path) && "\(error)".contains("thesis.txt"), "\(error)")
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("thesis.txt"), encoding: .utf8) == "my thesis")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["thesis.txt"])
        // A file added to a folder GestureLab wrote protects it too.
        let out = tmp.url.appendingPathComponent("out")
        try ReportWriter.write(Self.sampleReport(seed: 1), to: out)
        try Data("notes".utf8).write(to: out.appendingPathComponent("notes.txt"))
        #expect(throws: GestureDataError.self) { try ReportWriter.write(Self.sampleReport(seed: 2), to: out) }
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("notes.txt").path))
    }
}
