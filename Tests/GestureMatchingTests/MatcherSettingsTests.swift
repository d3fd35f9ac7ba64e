import Foundation
import Testing
import GestureGeometry
@testable import GestureMatching


struct MatcherSettingsTests {
    @Test(arguments: [MatcherSettings.pPlus(.default), .protractor(ProtractorSettings(points: 32, rotation: .bounded(maxRadians: .pi / 6))),
                      .dollarOne(.default), .pDollar(.default)])
    func settingsSurviveJSON(_ s: MatcherSettings) throws {
        let back = try JSONDecoder().decode(MatcherSettings.self, from: try JSONEncoder().encode(s))
        #expect(back.description == s.description)
        #expect(back.algorithm == s.algorithm && back.points == s.points)
    }

    @Test func badSettingsNameTheField() {
        #expect { try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm": "pplus", "points": 100000}"#.utf8)) }
            throws: { "\($0)".contains("points") }
        #expect { try JSONDecoder().decode(MatcherSettings.self, from: Data(#"{"algorithm": "nope"}"#.utf8)) }
            throws: { "\($0)".contains("unknown algorithm") }
    }
}
