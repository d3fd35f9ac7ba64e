import Foundation
import Testing
import GestureData
import GestureEngine

/// Engine configurations go through the one strict reader: a key given twice is refused.
struct StrictConfigurationReadingTests {
    @Test func aKeyGivenTwiceInAConfigurationIsRefusedNamingTheKeyAndTheFile() {
        let twice = Data(#"{"format": "gesturelab.engine/1", "recognizers": [], "recognizers": []}"#.utf8)
        #expect {
            try RecognizerConfiguration.decode(twice, file: "engine.json")
        } throws: { "\($0)".contains("engine.json") && "\($0)".contains("duplicate key 'recognizers'") }
    }
}
