import Foundation
import Testing
import GestureDetectors

/// Detector thresholds go through the one strict reader: a key given twice is refused.
struct StrictThresholdsReadingTests {
    @Test func aKeyGivenTwiceInDetectorThresholdsIsRefusedNamingTheKey() {
        let twice = Data(#"{"format": "gesturelab.swipe/1", "rule": "a", "rule": "b"}"#.utf8)
        for kind in DetectorKind.allCases {
            #expect { try AnyDetectorThresholds.decode(twice, kind: kind) } throws: { "\($0)".contains("duplicate key 'rule'") }
        }
    }
}
