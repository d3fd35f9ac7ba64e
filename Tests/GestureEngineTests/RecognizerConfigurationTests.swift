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

    /// Every numeric setting of the built-in types, each off its default, is written under
    /// its key and read back; a pan without a touch limit and a swipe without a duration
    /// limit write no key for them.
    @Test func everyNumericSettingRoundTripsUnderItsKey() throws {
        var tap = TapRecognizer.Settings()
        (tap.tapsRequired, tap.touchesRequired, tap.maximumInterval) = (3, 2, 0.4)
        (tap.maximumMovement, tap.maximumPressDuration, tap.maximumTapDistance) = (12, 0.7, 80)
        var swipe = SwipeRecognizer.Settings()
        (swipe.touchesRequired, swipe.minimumLength, swipe.maximumVariance, swipe.maximumDuration) = (2, 30, 6, 0.5)
        var pan = PanRecognizer.Settings()
        (pan.minimumTouches, pan.maximumTouches, pan.minimumTranslation) = (2, 3, 15)
        var pinch = PinchRecognizer.Settings()
        pinch.minimumScaleChange = 0.2
        var rotation = RotationRecognizer.Settings()
        rotation.minimumRotation = 0.3
        var hold = LongPressRecognizer.Settings()
        (hold.minimumPressDuration, hold.allowableMovement, hold.touchesRequired) = (0.8, 15, 2)
        let specs: [RecognizerConfiguration.Spec] = [.tap(tap), .swipe(swipe), .pan(pan), .pinch(pinch), .rotation(rotation),
                                                     .longPress(hold), .pan(PanRecognizer.Settings()), .swipe(SwipeRecognizer.Settings())]
        let config = RecognizerConfiguration(recognizers: specs.enumerated().map { .init(name: "r\($0.offset)", spec: $0.element) })
        let data = try config.encoded()
        #expect(try RecognizerConfiguration.decode(data, file: "x") == config)
        let list = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["recognizers"] as? [[String: Any]])
        #expect(list[0]["taps"] as? Int == 3 && list[0]["maximumTapDistance"] as? Double == 80)
        #expect(list[2]["maximumTouches"] as? Int == 3 && list[1]["maximumDuration"] as? Double == 0.5)
        #expect(list[5]["minimumDuration"] as? Double == 0.8 && list[5]["touches"] as? Int == 2)
        #expect(list[6]["maximumTouches"] == nil && list[7]["maximumDuration"] == nil)
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
