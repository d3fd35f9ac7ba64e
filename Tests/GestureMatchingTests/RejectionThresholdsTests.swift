import Foundation
import Testing
@testable import GestureMatching

struct RejectionThresholdsTests {
    @Test func acceptsAtOrBelowTheLabelsThresholdAndRejectsUnknownLabels() {
        let r = RejectionThresholds(algorithm: .protractor, method: "f1", thresholds: ["check": 0.3])
        #expect(r.accepts(Match(name: "check", templateIndex: 0, distance: 0.3, score: 0.9)))
        #expect(!r.accepts(Match(name: "check", templateIndex: 0, distance: 0.31, score: 0.9)))
        #expect(!r.accepts(Match(name: "circle", templateIndex: 1, distance: 0, score: 1)))
    }

    @Test func roundTripsAndRejectsBadFiles() throws {
        let r = RejectionThresholds(algorithm: .pDollar, method: "sigma", thresholds: ["a": 1.5], settings: ["k": "3"])
        #expect(try RejectionThresholds.decode(try r.encoded()) == r)
        #expect(throws: RejectionThresholdsError.unsupportedFormat(found: "gesturelab.rejection/2")) {
            try RejectionThresholds.decode(Data(#"{"format": "gesturelab.rejection/2", "algorithm": "protractor", "method": "f1", "thresholds": {}}"#.utf8))
        }
        #expect {
            try RejectionThresholds.decode(Data(#"{"format": "gesturelab.rejection/1", "algorithm": "protractor", "method": "f1", "thresholds": {"a": -1}}"#.utf8))
        } throws: { ($0 as? RejectionThresholdsError)?.description.contains("thresholds.a") ?? false }
    }
}
