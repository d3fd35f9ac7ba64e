import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport

struct JSONLinesTests {
    @Test func blankLinesAreSkippedAndSourcesNameTheLine() throws {
        let text = "\n" + DataFixtures.nativeSampleJSON + "\n\n  \r\n" + DataFixtures.nativeSampleJSON
        let samples = try JSONLines.decode(Data(text.utf8), file: "d.jsonl")
        #expect(samples.count == 2)
        #expect(samples.map(\.source) == ["d.jsonl:line 2", "d.jsonl:line 5"])
    }

    @Test func tolerantDecodeKeepsGoodLinesAndReportsBadOnes() {
        let bad = #"{"format": "gesturelab.sample/2", "strokes": [[[0, 0]]]}"#
        let text = [DataFixtures.nativeSampleJSON, bad, "{", DataFixtures.nativeSampleJSON].joined(separator: "\n")
        let (samples, skipped) = JSONLines.decodeSkippingInvalid(Data(text.utf8), file: "d.jsonl")
        #expect(samples.count == 2)
        #expect(skipped.count == 2)
        #expect(skipped[0] == .unsupportedFormat(file: "d.jsonl", location: .line(2), found: "gesturelab.sample/2"))
        #expect(skipped[1].description.hasPrefix("d.jsonl: line 3: "))
    }

    @Test func writeThenLoadRoundTrips() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let samples = (0..<5).map { i in
            Sample(gesture: Gesture([Stroke([Point(x: Double(i), y: 1, t: 0), Point(x: 2, y: Double(i) * 0.5, t: 0.1)])]),
                   label: "l\(i % 2)", subject: "s\(i)")
        }
        let url = dir.url.appendingPathComponent("out.jsonl")
        try JSONLines.write(samples, to: url)
        let back = try DatasetLoader.load(url.path)
        #expect(back.samples.map(\.gesture) == samples.map(\.gesture))
        #expect(back.samples.map(\.label) == samples.map(\.label))
        #expect(back.samples.map(\.subject) == samples.map(\.subject))
    }

    @Test func writeFailsWholeWhenOneSampleIsBadAndLeavesNoFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let good = Sample(gesture: Gesture(points: [Point(x: 0, y: 0)]))
        let bad = Sample(gesture: Gesture(points: [Point(x: .infinity, y: 0)]))
        let url = dir.url.appendingPathComponent("out.jsonl")
        #expect(throws: GestureDataError.self) { try JSONLines.write([good, bad], to: url) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
    }
}
