import Foundation
import Testing
@testable import GestureData
import GestureTestSupport

/// The fast scanner must agree with XMLParser wherever it answers, and step aside
/// (return nil) for everything outside its subset.
struct FastGestureXMLScannerTests {
    static let plain: [String] = [
        DataFixtures.dollarOneXML,
        DataFixtures.multistrokeXML,
        "\u{FEFF}" + DataFixtures.dollarOneXML.replacingOccurrences(of: "\n", with: "\r\n"),
        "<Gesture Name='single quotes'><Point X='1' Y='2'/></Gesture>",
        "<Gesture>\n<Point\n X=\"1\"\n Y=\"2\" /></Gesture>\n\n",
        "<Gesture Name=\"héllo\"><Other a=\"1\"><Inner/></Other><Point X=\"1\" Y=\"2\"></Point></Gesture>",
    ]

    @Test(arguments: plain)
    func agreesWithXMLParser(xml: String) throws {
        let data = Data(xml.utf8)
        let fast = try #require(FastGestureXMLScanner.scan(data, file: "f.xml"))
        #expect(fast == (try RawXMLGesture.parseWithXMLParser(data, file: "f.xml")))
    }

    static let outsideSubset: [String] = [
        "<Gesture Name=\"a&amp;b\"><Point X=\"1\" Y=\"2\"/></Gesture>",           // entity
        "<!-- c --><Gesture><Point X=\"1\" Y=\"2\"/></Gesture>",                   // comment
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><Gesture><Point X=\"1\" Y=\"2\"/></Gesture>",
        "<Gesture><Point X=\"1\" Y=\"2\"/></Gesture>trailing",                     // text after the root
        "<Gesture><Point X=\"1\" Y=\"2\"/>",                                       // truncated
        "<Gesture><Point X=\"1\" Y=\"2\"/></Gesture><Gesture/>",                   // second root
        "<Gesture><Point X=\"1\" X=\"2\"/></Gesture>",                             // repeated attribute
        "<Gesture><Point X=\"1\tx\" Y=\"2\"/></Gesture>",                          // tab in a value (normalized by XML)
        "<Gesture><Point X=1 Y=\"2\"/></Gesture>",                                 // unquoted
        "<Gesture><Stroke></Gesture></Stroke>",                                    // mismatched
        "",
    ]

    @Test(arguments: outsideSubset)
    func stepsAsideOutsideTheSubset(xml: String) {
        #expect(FastGestureXMLScanner.scan(Data(xml.utf8), file: "f.xml") == nil)
    }

    @Test func agreesWithXMLParserOnTheDollarOneLogs() throws {
        guard let root = DatasetLocator.dollarOnePath else {
            print(DatasetLocator.skipMessage)
            return
        }
        // One subject (480 files) keeps this quick in debug; the CLI run covers all 5280.
        let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/s03").filter { $0.hasSuffix(".xml") }
        #expect(files.count == 480)
        for f in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/s03/" + f))
            let fast = try #require(FastGestureXMLScanner.scan(data, file: f), "fast path refused \(f)")
            #expect(fast == (try RawXMLGesture.parseWithXMLParser(data, file: f)), "\(f)")
        }
    }
}
