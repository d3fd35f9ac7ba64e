import Foundation
import Testing
@testable import GestureDetectors

/// Checks shared by the settings that files written before them lack (`restingRadius`,
/// `jitterRadius`: a fraction of the diagonal, 0…0.1; `jitterTurns`: 0…20).
enum OptionalSettingChecks {
    /// Absent, `name` reads as 0 and is not written back; each of `refused` (outside its
    /// range), or not a number, is refused, the message naming it.
    static func expectOptionalSetting(_ name: String, _ field: WritableKeyPath<ShapeSettings, Double>,
                                      refused: [String] = ["0.5", "-0.01"],
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let old = #"{"resampleCount": 64, "smoothingGranularity": 4, "cornerWindow": 3, "cornerDegrees": 45}"#
        let decoded = try JSONDecoder().decode(ShapeSettings.self, from: Data(old.utf8))
        #expect(decoded[keyPath: field] == 0, sourceLocation: sourceLocation)
        #expect(!String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self).contains(name), sourceLocation: sourceLocation)
        for bad in refused {
            let text = #"{"resampleCount": 64, "smoothingGranularity": 4, "cornerWindow": 3, "cornerDegrees": 45, ""#
                + name + #"": "# + bad + "}"
            #expect(sourceLocation: sourceLocation) {
                try JSONDecoder().decode(ShapeSettings.self, from: Data(text.utf8))
            } throws: { "\($0)".contains(name) }
        }
        var nan = ShapeSettings()
        nan[keyPath: field] = .nan
        #expect(nan.problem?.contains(name) == true, sourceLocation: sourceLocation)
    }
}
