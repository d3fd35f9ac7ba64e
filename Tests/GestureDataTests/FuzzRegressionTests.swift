import Foundation
import Testing
import GestureData
import GestureTestSupport

/// Inputs the fuzz targets found crashing (Tests/Fuzz/Regressions/<target>/), each now a
/// clean error. A new crash file dropped into those folders is picked up here.
struct FuzzRegressionTests {
    static let regressions = DatasetLocator.packageRoot.appendingPathComponent("Tests/Fuzz/Regressions")

    static func files(_ target: String) -> [String] {
        let dir = regressions.appendingPathComponent(target)
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
            .map { dir.appendingPathComponent($0).path }
    }

    @Test(arguments: files("FuzzDollarOneXML") + files("FuzzMultistrokeXML"))
    func xmlCrashInputIsAnError(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: GestureDataError.self) { try DollarOneXMLReader.read(data, file: path) }
        #expect(throws: GestureDataError.self) { try MultistrokeXMLReader.read(data, file: path) }
    }

    /// A coding path of many long keys (a thresholds file found by FuzzThresholds gave a
    /// 2,000-character message) shows its first three and last two keys, each cut.
    @Test func aDeepPathOfLongKeysGivesAShortMessage() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) { self.stringValue = "\(intValue)"; self.intValue = intValue }
        }
        let keys = (0..<40).map { Key(stringValue: "k\($0)" + String(repeating: "G", count: 300)) }
        let shown = shownCodingPath(keys)
        #expect(shown.count < 1000, "\(shown.count) characters")
        #expect(shown.hasPrefix("k0") && shown.contains("35 more") && shown.contains("k39"))
        #expect(shownCodingPath([Key(stringValue: "box"), Key(intValue: 2)]) == "box.[2]")
        #expect(shownCodingPath([]) == "(top level)")
    }

    @Test func invalidUTF8InAnAttributeNameIsRejectedWithItsLine() throws {
        // The first crash FuzzDollarOneXML found: XMLParser trapped on the name's bytes.
        let bytes = Array("<?xml version=\"1.0\"?>\n<Gesture ".utf8) + [0xFF, 0xFF]
            + Array("Name=\"c\">\n<Point X=\"1\" Y=\"2\"/>\n</Gesture>\n".utf8)
        #expect(throws: GestureDataError.malformed(file: "f.xml", location: .line(2),
                                                   reason: "not valid UTF-8 (byte offset 31)")) {
            try DollarOneXMLReader.read(Data(bytes), file: "f.xml")
        }
    }

    @Test(arguments: ["<?x?>", "<?xml-stylesheet?>", "<!DOCTYPE g>", "<![CDATA[x]]>"])
    func unsupportedMarkupIsRejectedWithItsLine(_ markup: String) throws {
        // The second crash: XMLParser called strlen(NULL) on a processing instruction
        // without data. DOCTYPE (entity bombs) and CDATA are refused the same way.
        let xml = "<?xml version=\"1.0\"?>\n<!-- a comment -->\n<Gesture>\n\(markup)<Point X=\"1\" Y=\"2\"/>\n</Gesture>\n"
        do {
            _ = try DollarOneXMLReader.read(Data(xml.utf8), file: "f.xml")
            Issue.record("\(markup) accepted")
        } catch let GestureDataError.malformed(file, location, reason) {
            #expect(file == "f.xml")
            #expect(location == .line(4))
            #expect(reason.contains("not supported"), "\(reason)")
        }
    }

    @Test(arguments: ["<?xml ve \"u\"<!-- s \"?>\n<G S<?x-?>", "<?xml version=\"1.0\"", "<!-- <?x?> -->"])
    func markupHiddenFromACommentSkipIsRejected(_ text: String) throws {
        // The third crash (FuzzMultistrokeXML): a broken declaration swallowed what looked
        // like a comment, and the processing instruction after it reached XMLParser.
        #expect(throws: GestureDataError.self) {
            try GestureXMLReader.read(Data(text.utf8), file: "f.xml")
        }
    }

    @Test func declarationCommentsAndByteOrderMarkAreAccepted() throws {
        let xml = "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- a comment -->\n<Gesture Name=\"é1\"><Point X=\"1\" Y=\"2\"/></Gesture>"
        let s = try DollarOneXMLReader.read(Data(xml.utf8), file: "f.xml")
        #expect(s.label == "é" && s.gesture.pointCount == 1)
    }
}
