import Foundation
import Testing
import GestureTestSupport
import GestureTraining

/// A model's manifest goes through the one strict reader: a key given twice is refused.
struct StrictManifestReadingTests {
    @Test func aKeyGivenTwiceInAModelManifestIsRefusedNamingTheKeyAndThePart() throws {
        let dir = try TemporaryDirectory("strict-manifest")
        defer { dir.remove() }
        try Data(#"{"format": "gesturelab.model/1", "format": "gesturelab.model/1"}"#.utf8)
            .write(to: dir.url.appendingPathComponent(GestureModel.manifestFile))
        #expect {
            try GestureModel.load(dir.url)
        } throws: { "\($0)".contains(GestureModel.manifestFile) && "\($0)".contains("duplicate key 'format'") }
    }
}
