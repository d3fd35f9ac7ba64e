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
        do {
            _ = try NativeSampleCodec.decode(data, file: "big.json")
            Issue.record("accepted")
        } catch {
            #expect("\(error)".count < 300, "message of \("\(error)".count) characters")
            #expect("\(error)".contains("big.json"))
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
