import Foundation
import Testing
@testable import GestureData
import GestureTestSupport

/// The one strict reader every JSON file kind goes through, and what comes out of the
/// sample readers: labels under the one label check, values shown cut in errors.
struct StrictReadingTests {
    struct Thresholds: Decodable, Equatable {
        var format: String
        var rule: String
        var box: [Double]
        var count: Int?
        var nested: [String: [Int]]
    }

    @Test func decodesLikeJSONDecoder() throws {
        let text = #"{"format": "f", "rule": "r", "box": [1, -2.5e1, 3], "nested": {"a": [1, 2], "b": []}}"#
        let strict = try StrictJSON.decode(Thresholds.self, from: Data(text.utf8))
        let foundation = try JSONDecoder().decode(Thresholds.self, from: Data(text.utf8))
        #expect(strict == foundation)
        #expect(strict.count == nil)
    }

    @Test func aKeyGivenTwiceIsRefusedWithItsLine() {
        let text = "{\"format\": \"f\", \"rule\": \"a\",\n \"rule\": \"b\", \"box\": [], \"nested\": {}}"
        #expect {
            try StrictJSON.decode(Thresholds.self, from: Data(text.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let c) = error else { return false }
            return c.debugDescription.contains("duplicate key 'rule'") && c.debugDescription.contains("line 2")
        }
    }

    @Test func wrongTypesAndMissingKeysAreDecodingErrorsNamingTheField() {
        #expect(throws: DecodingError.self) {
            try StrictJSON.decode(Thresholds.self, from: Data(#"{"format": 1, "rule": "r", "box": [], "nested": {}}"#.utf8))
        }
        do {
            _ = try StrictJSON.decode(Thresholds.self, from: Data(#"{"format": "f", "box": [], "nested": {}}"#.utf8))
            Issue.record("accepted")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "rule")
        } catch { Issue.record("\(error)") }
    }

    @Test func aSampleFormatOfTwentyMegabytesIsShownCut() throws {
        let huge = String(repeating: "f", count: 20 << 20)
        let data = Data(#"{"format": "\#(huge)", "strokes": [[[1, 2]]]}"#.utf8)
        if let error = nativeSampleError(data, file: "big.json") {
            #expect(error.count < 300, "message of \(error.count) characters")
            #expect(error.contains("big.json"))
        }
    }

    @Test func aHugeDatasetInfoFormatIsShownCutThroughTheLoader() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let huge = String(repeating: "f", count: 20 << 20)
        try Data(#"{"format": "\#(huge)", "strokes": [[[1, 2]]]}"#.utf8).write(to: dir.url.appendingPathComponent("a.json"))
        do {
            _ = try DatasetLoader.load(dir.path("a.json"))
            Issue.record("accepted")
        } catch {
            #expect("\(error)".count < 400, "message of \("\(error)".count) characters")
        }
    }

    @Test func sampleLabelsAreNormalizedToOneUnicodeForm() throws {
        let data = Data(#"{"format": "gesturelab.sample/1", "label": "e\u0301", "strokes": [[[1, 2]]]}"#.utf8)
        #expect(try NativeSampleCodec.decode(data, file: "a.json").label == "\u{E9}")
        let line = Data(#"{"format": "gesturelab.sample/1", "label": " A\u030a ", "strokes": [[[1, 2]]]}"#.utf8)
        #expect(try JSONLines.decode(line, file: "a.jsonl").first?.label == "\u{C5}")
    }

    @Test func aSampleLabelWithAControlCharacterIsRefusedNamingTheField() {
        let data = Data(#"{"format": "gesturelab.sample/1", "label": "a\u0007", "strokes": [[[1, 2]]]}"#.utf8)
        #expect {
            try NativeSampleCodec.decode(data, file: "a.json")
        } throws: { error in
            let text = "\(error)"
            return text.contains("a.json") && text.contains("field 'label'") && text.contains("U+0007")
        }
    }

    /// A `.jsonl` dataset of many tiny points: each 6-byte "[1,2]," becomes a 32-byte point,
    /// so the samples would hold more than 4 times the file plus the constant. Refused at
    /// the line where the budget ran out, in strict and in tolerant reading alike.
    @Test func aJSONLinesDatasetOfManyTinyPointsOverTheMemoryBudgetIsRefused() throws {
        let stroke = "[" + (0..<9_000).map { "[\($0 % 10),\(($0 * 7) % 10)]" }.joined(separator: ",") + "]"
        let line = #"{"format":"gesturelab.sample/1","label":"a","strokes":[\#(stroke)]}"#
        let data = Data(Array(repeating: line, count: 400).joined(separator: "\n").utf8)  // about 20 MB
        #expect(data.count > 18_000_000)
        // Checked through the message, not `#expect(throws:)`: on failure that prints every point.
        let strict: String
        do { strict = "decoded \(try JSONLines.decode(data, file: "tiny.jsonl").count) samples" } catch { strict = "\(error)" }
        #expect(strict.contains("tiny.jsonl: line ") && strict.contains("field 'strokes'") && strict.contains("would hold more than"),
                "\(strict.prefix(300))")
        let (kept, skipped) = JSONLines.decodeSkippingInvalid(data, file: "tiny.jsonl")
        #expect(skipped.count == 1 && "\(skipped[0])".contains("would hold more than"), "\(skipped.map(\.description))")
        #expect(kept.count < 400)
        // A tenth of the lines: the same points, within the budget.
        let half = Data(Array(repeating: line, count: 40).joined(separator: "\n").utf8)
        #expect(try JSONLines.decode(half, file: "small.jsonl").count == 40)
    }

    @Test func theBudgetRefusesBeyondFourTimesTheFilePlusTheConstant() throws {
        var budget = ReadBudget(fileBytes: 1000)
        #expect(budget.held == 1000)
        try budget.charge(3000 + ReadBudget.constantBytes)
        #expect(throws: ReadBudget.Exceeded.self) { try budget.charge(1) }
    }
}

extension StrictReadingTests {
    @Test func aKeyGivenTwiceInSessionLabelsIsRefusedNamingTheKeyAndTheFile() {
        let twice = Data(#"{"format": "gesturelab.labels/1", "gestures": [], "gestures": []}"#.utf8)
        #expect {
            try SessionLabels.decode(twice, file: "labels.json")
        } throws: { "\($0)".contains("labels.json") && "\($0)".contains("duplicate key 'gestures'") }
    }
}
