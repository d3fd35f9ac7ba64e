import Foundation
import Testing
import GestureData
@testable import GestureEngine

struct RecognizerConfigurationTests {
    func decode(_ json: String) throws -> RecognizerConfiguration {
        try RecognizerConfiguration.decode(Data(json.utf8), file: "config.json")
    }

    func error(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func standardConfigurationRoundTrips() throws {
        let data = try RecognizerConfiguration.standard.encoded()
        #expect(try RecognizerConfiguration.decode(data, file: "x") == RecognizerConfiguration.standard)
    }

    @Test func decodesSettingsAndDefaults() throws {
        let c = try decode("""
        {"format": "gesturelab.recognizers/1",
         "recognizers": [{"name": "two", "type": "tap", "taps": 2, "maximumInterval": 0.25},
                         {"name": "s", "type": "swipe", "directions": ["left", "up"], "touches": 3},
                         {"name": "p", "type": "pan", "maximumTouches": 1, "requireToFail": ["s"], "cancelsTouchesInView": false}],
         "simultaneous": [["two", "p"]]}
        """)
        guard case .tap(let t) = c.recognizers[0].spec, case .swipe(let s) = c.recognizers[1].spec else {
            Issue.record("wrong types"); return
        }
        #expect(t.tapsRequired == 2 && t.maximumInterval == 0.25 && t.touchesRequired == 1)
        #expect(s.directions == [.left, .up] && s.touchesRequired == 3 && s.minimumLength == 25)
        #expect(c.recognizers[2].requireToFail == ["s"] && !c.recognizers[2].cancelsTouchesInView)
        #expect(c.simultaneous == [["two", "p"]])
    }

    @Test(arguments: [
        (#"{"format": "gesturelab.recognizers/9", "recognizers": []}"#, "unsupported format"),
        (#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "wave"}]}"#, "recognizers[0].type"),
        (#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "tap", "tapz": 2}]}"#, "recognizers[0].tapz"),
        (#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "tap", "taps": 0}]}"#, "recognizers[0].taps"),
        (#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "tap", "taps": "two"}]}"#, "recognizers[0].taps"),
        (#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "tap"}, {"name": "a", "type": "pan"}]}"#, "recognizers[1].name"),
        (#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "tap", "requireToFail": ["b"]}]}"#, "requireToFail[0]"),
        (#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "tap", "requireToFail": ["b"]}, {"name": "b", "type": "tap", "requireToFail": ["a"]}]}"#, "cycle"),
        (#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "pinch"}], "simultaneous": [["a", "z"]]}"#, "simultaneous[0][1]"),
        (#"{"format": "gesturelab.recognizers/1", "recognizers": [{"name": "a", "type": "swipe", "directions": ["northeast"]}]}"#, "directions[0]"),
        ("{not json", "malformed"),
    ])
    func badConfigurationsNameTheField(json: String, expected: String) {
        let message = error(json)
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("config.json"))
    }
}
