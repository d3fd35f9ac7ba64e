import Foundation
import Testing
import GestureData
@testable import GestureEngine

/// A configuration's values in its errors are cut: a 900 KB recognizer type, a
/// `requireToFail` name or a `format` was once echoed whole by `replay`. Every value the
/// decoder shows goes through ``GestureData/shownValue(_:limit:)``.
struct ConfigurationShownValueTests {
    static let huge = String(repeating: "x", count: 900_000)

    static func message(_ json: String) -> String {
        do {
            _ = try RecognizerConfiguration.decode(Data(json.utf8), file: "big.json")
            return "(decoded)"
        } catch {
            return "\(error)"
        }
    }

    static var configurations: [(String, String)] {
        let h = huge
        func one(_ entry: String) -> String {
            #"{"format": "gesturelab.recognizers/1", "recognizers": [\#(entry)]}"#
        }
        return [
            ("type", one(#"{"name": "a", "type": "\#(h)"}"#)),
            ("requireToFail", one(#"{"name": "a", "type": "tap", "requireToFail": ["\#(h)"]}"#)),
            ("format", #"{"format": "\#(h)", "recognizers": []}"#),
            ("top-level key", #"{"format": "gesturelab.recognizers/1", "recognizers": [], "\#(h)": 1}"#),
            ("recognizer key", one(#"{"name": "a", "type": "tap", "\#(h)": 1}"#)),
            ("direction", one(#"{"name": "a", "type": "swipe", "directions": ["\#(h)"]}"#)),
            ("constraint key", one(#"{"name": "a", "type": "pan", "constrain": {"\#(h)": 1}}"#)),
            ("schedule key", one(#"{"name": "a", "type": "tap", "schedule": [{"at": 1, "\#(h)": true}]}"#)),
            ("duplicate name", one(#"{"name": "\#(h)", "type": "tap"}, {"name": "\#(h)", "type": "tap"}"#)),
            ("view", one(#"{"name": "a", "type": "tap", "view": "\#(h)"}"#)),
            ("simultaneous", #"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "tap"}], "simultaneous": [["a", "\#(h)"]]}"#),
            ("thresholds preset", one(#"{"name": "a", "type": "circle", "thresholds": "\#(h)"}"#)),
        ]
    }

    @Test(arguments: configurations.map(\.0))
    func aHugeValueIsCutInTheError(_ what: String) throws {
        let json = try #require(Self.configurations.first { $0.0 == what }?.1)
        let m = Self.message(json)
        #expect(m.contains("big.json"), "the error names the file: \(m.prefix(300))")
        #expect(m != "(decoded)")
        #expect(m.count < 1_000, "\(what): a \(m.count)-character message: \(m.prefix(300))")
        #expect(m.contains("900000 characters") || !m.contains("xxxxxxxxxx"), "\(what): the cut says how long the value was: \(m.prefix(300))")
    }
}
