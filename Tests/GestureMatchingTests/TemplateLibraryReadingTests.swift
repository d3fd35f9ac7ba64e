import Foundation
import Testing
import GestureData
import GestureGeometry
@testable import GestureMatching

/// Reading a library through the one strict reader: duplicate keys refused, names under
/// the one label check, values from the file shown cut, memory charged to the budget.
struct TemplateLibraryReadingTests {
    private func library(name: String = "a", format: String = TemplateLibrary.format, extra: String = "") -> Data {
        Data(#"{"format": "\#(format)", "templates": [{"name": "\#(name)", "strokes": [[[1, 2], [3, 4]]]}]\#(extra)}"#.utf8)
    }

    @Test(arguments: [
        #"{"format": "gesturelab.templates/1", "format": "gesturelab.templates/1", "templates": [{"name": "a", "strokes": [[[1, 2], [3, 4]]]}]}"#,
        #"{"format": "gesturelab.templates/1", "templates": [{"name": "a", "name": "b", "strokes": [[[1, 2], [3, 4]]]}]}"#,
        #"{"format": "gesturelab.templates/1", "templates": [{"name": "a", "strokes": [[[1, 2], [3, 4]]]}], "settings": {"seed": 1, "seed": 2}}"#,
    ])
    func aKeyGivenTwiceIsRefusedNamingTheKey(text: String) {
        #expect {
            try TemplateLibrary.decode(Data(text.utf8))
        } throws: { error in
            "\(error)".contains("duplicate key") && "\(error)".contains("line 1")
        }
    }

    @Test func templateNamesAreNormalizedToOneUnicodeForm() throws {
        let lib = try TemplateLibrary.decode(library(name: "e\\u0301"))
        #expect(lib.templates[0].name == "\u{E9}")
        #expect(lib.names == ["\u{E9}"])
    }

    @Test func aControlCharacterInATemplateNameIsRefusedEscaped() {
        #expect {
            try TemplateLibrary.decode(library(name: "a\\u001b[2Jb"))
        } throws: { error in
            let text = "\(error)"
            return text.contains("template 0") && text.contains("field 'name'") && text.contains("U+001B")
                && !text.unicodeScalars.contains("\u{1B}")
        }
    }

    @Test func aHugeTemplateNameOrFormatIsShownCut() throws {
        let huge = String(repeating: "n", count: 20 << 20)
        for data in [library(name: huge), library(format: huge)] {
            do {
                _ = try TemplateLibrary.decode(data)
                Issue.record("accepted")
            } catch {
                #expect("\(error)".count < 400, "message of \("\(error)".count) characters")
            }
        }
    }

    /// A wrong value under a settings key thousands of characters long: the key is shown
    /// cut, with its length, and the message stays short.
    @Test func aLongKeyInAWrongPlaceIsShownCut() throws {
        let key = String(repeating: "k", count: 5000)
        do {
            _ = try TemplateLibrary.decode(library(extra: #", "settings": {"\#(key)": {"x": [1]}}"#))
            Issue.record("accepted")
        } catch {
            let text = "\(error)"
            #expect(text.count < 400, "message of \(text.count) characters")
            #expect(text.contains("settings") && text.contains("(5000 characters)"), "\(text)")
        }
    }

    @Test func aLibraryOfManyTinyPointsOverTheMemoryBudgetIsRefused() throws {
        // 32-byte points from 6-byte "[1,2]," entries: over 4x the file plus the constant
        // once the points would take more than ReadBudget.constantBytes beyond 4x (2 M points
        // from a 12 MB file take 64 MB; the budget leaves about 53 MB beside the file itself).
        let perTemplate = 2000
        let stroke = "[" + (0..<perTemplate).map { "[\($0 % 10),\(($0 * 7) % 10)]" }.joined(separator: ",") + "]"
        let templates = (0..<1000).map { _ in #"{"name":"t","strokes":[\#(stroke)]}"# }.joined(separator: ",")
        let data = Data(#"{"format":"gesturelab.templates/1","templates":[\#(templates)]}"#.utf8)
        #expect {
            try TemplateLibrary.decode(data)
        } throws: { error in
            "\(error)".contains("would hold more than") && "\(error)".contains("field 'strokes'")
        }
    }

    @Test func settingsAreReadTyped() throws {
        let lib = try TemplateLibrary.decode(library(extra: #", "settings": {"seed": 1, "k": 2.5, "s": "x", "l": [1, "a"], "b": true}"#))
        #expect(lib.settings == ["seed": 1, "k": 2.5, "s": "x", "l": [1, "a"], "b": true])
    }

    @Test func aKeyGivenTwiceInRejectionThresholdsOrAVerifierIsRefused() {
        let twice = Data(#"{"format": "gesturelab.rejection/1", "format": "gesturelab.rejection/1"}"#.utf8)
        #expect { try RejectionThresholds.decode(twice) } throws: { "\($0)".contains("duplicate key 'format'") }
        #expect { try RejectionVerifier.decode(twice) } throws: { "\($0)".contains("duplicate key 'format'") }
    }
}
