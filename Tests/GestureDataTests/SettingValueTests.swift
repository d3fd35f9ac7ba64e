import Foundation
import GestureData
import Testing

/// Settings records are written with their JSON types, and the string-only records of
/// older files still read.
struct SettingValueTests {
    @Test func valuesAreWrittenWithTheirJSONTypes() throws {
        let settings: [String: SettingValue] = [
            "seed": SettingValue(UInt64(1)), "targetFPR": SettingValue(0.01), "speed": "medium",
            "rotationInvariant": true, "templatesPerClass": SettingValue(list: [1, 3, 5]),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(settings), as: UTF8.self)
        #expect(text == #"{"rotationInvariant":true,"seed":1,"speed":"medium","targetFPR":0.01,"templatesPerClass":[1,3,5]}"#)
        #expect(try JSONDecoder().decode([String: SettingValue].self, from: Data(text.utf8)) == settings)
    }

    @Test func stringSettingsOfOlderFilesStillRead() throws {
        let old = #"{"perClass": "2", "seed": "1", "source": "dollar1-unistroke"}"#
        let s = try JSONDecoder().decode([String: SettingValue].self, from: Data(old.utf8))
        #expect(s["seed"] == .string("1"))
        #expect(s["seed"]?.description == SettingValue(1).description, "compared as text, old and new agree")
    }

    @Test func seedsBeyondInt64StayExact() throws {
        let big = SettingValue(UInt64.max)
        #expect(big == .string("18446744073709551615"))
        #expect(SettingValue(UInt64(42)) == .int(42))
    }

    @Test func anObjectIsNotASetting() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([String: SettingValue].self, from: Data(#"{"seed": {"value": 1}}"#.utf8))
        }
    }
}
