import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import GestureData
import GestureTestSupport

/// GestureLab's XML parser against Foundation's `XMLParser` (libxml2) as an oracle on
/// well-formed documents, and its refusals, each naming the line.
///
/// The oracle is used only here, on valid input: on malformed input FoundationXML leaks
/// and, for some inputs, traps, which is why the readers no longer use it.
struct GestureXMLParserTests {
    /// What `XMLParser` makes of a well-formed document, through the same builder.
    final class Oracle: NSObject, XMLParserDelegate {
        var builder = RawXMLBuilder(file: "f.xml")

        static func parse(_ data: Data) -> RawXMLGesture? {
            let oracle = Oracle()
            let parser = XMLParser(data: data)
            parser.delegate = oracle
            guard parser.parse(), oracle.builder.error == nil, oracle.builder.open.isEmpty else { return nil }
            return oracle.builder.gesture
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes: [String: String] = [:]) {
            _ = builder.start(elementName, attributes: attributes, line: parser.lineNumber)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            builder.end(elementName)
        }
    }

    static let wellFormed: [String] = [
        DataFixtures.dollarOneXML,
        DataFixtures.multistrokeXML,
        "\u{FEFF}" + DataFixtures.dollarOneXML.replacingOccurrences(of: "\n", with: "\r\n"),
        "<Gesture Name='single quotes'><Point X='1' Y='2'/></Gesture>",
        "<Gesture>\n<Point\n X=\"1\"\n Y=\"2\" /></Gesture>\n\n",
        "<Gesture Name=\"héllo\"><Other a=\"1\"><Inner/></Other><Point X=\"1\" Y=\"2\"></Point></Gesture>",
        "<Gesture Name=\"a&amp;b &lt;&gt;&quot;&apos; &#65;&#x42;&#233;\"><Point X=\"1\" Y=\"2\"/></Gesture>",
        "<!-- c --><Gesture><!-- inside\n--><Point X=\"1\" Y=\"2\"/>text &amp; more</Gesture><!-- after -->\n",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Gesture><Point X=\"1\" Y=\"2\"/></Gesture>",
        "<Gesture><Point X=\"1\tx\" Y=\"2\r\n3\"/></Gesture>",                          // normalized to spaces
        "<Gesture><Point X=\"1\" Y=\"2\"/><Point X=\"3\" Y=\"4\"\n\n/></Gesture>",           // line of the '>'
    ]

    @Test(arguments: wellFormed)
    func agreesWithXMLParser(xml: String) throws {
        let data = Data(xml.utf8)
        let ours = try GestureXMLParser.parse(data, file: "f.xml")
        let oracle = try #require(Oracle.parse(data))
        #expect(ours == oracle)
    }

    @Test func aLoneCarriageReturnEndsALine() throws {
        // Old Mac line ends: editors show three lines, so the points are on lines 2 and 3
        // (libxml2 would say 1 and 1).
        let xml = "<Gesture Name=\"1\">\r<Point X=\"1\" Y=\"2\"/>\r<Point X=\"3\" Y=\"4\"/>\r</Gesture>"
        let g = try GestureXMLParser.parse(Data(xml.utf8), file: "f.xml")
        #expect(g.loosePoints.map(\.line) == [2, 3])
    }

    static let refused: [(xml: String, line: Int, reason: String)] = [
        ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><Gesture><Point X=\"1\" Y=\"2\"/></Gesture>", 1, "encoding 'iso-8859-1' is not supported"),
        ("<Gesture><Point X=\"1\" Y=\"2\"/></Gesture>\ntrailing", 2, "text after the root element"),
        ("<Gesture>\n<Point X=\"1\" Y=\"2\"/>", 2, "document ends inside <Gesture> opened on line 1"),
        ("<Gesture><Point X=\"1\" Y=\"2\"/></Gesture><Gesture/>", 1, "a second root element"),
        ("<Gesture><Point X=\"1\" X=\"2\"/></Gesture>", 1, "attribute X appears twice in <Point>"),
        ("<Gesture><Point X=1 Y=\"2\"/></Gesture>", 1, "must be quoted"),
        ("<Gesture>\n<Stroke>\n</Gesture></Stroke>", 3, "end tag </Gesture> does not match <Stroke> opened on line 2"),
        ("<Gesture Name=\"a&b\"><Point X=\"1\" Y=\"2\"/></Gesture>", 1, "'&' must start an entity reference"),
        ("<Gesture Name=\"&nbsp;\"><Point X=\"1\" Y=\"2\"/></Gesture>", 1, "unknown entity &nbsp;"),
        ("<Gesture Name=\"&#xD800;\"><Point X=\"1\" Y=\"2\"/></Gesture>", 1, "invalid character reference &#xD800;"),
        ("<Gesture Name=\"a<b\"><Point X=\"1\" Y=\"2\"/></Gesture>", 1, "'<' in the value of attribute Name"),
        ("<Gesture Name=\"a\u{01}\"><Point X=\"1\" Y=\"2\"/></Gesture>", 1, "control character byte 0x1"),
        ("<Gesture>\n<Point X=\"1\" Y=\"2", 2, "unterminated value of attribute Y"),
        ("<Gesture><!-- never closed <Point/>", 1, "unterminated comment"),
        ("</Gesture>", 1, "end tag without a start tag"),
        ("just text", 1, "text before the root element"),
        ("<Gesture>" + String(repeating: "<a>", count: 300), 1, "nested deeper than 256 levels"),
    ]

    @Test(arguments: refused)
    func refusesNamingTheLine(_ c: (xml: String, line: Int, reason: String)) {
        do {
            let g = try GestureXMLParser.parse(Data(c.xml.utf8), file: "f.xml")
            Issue.record("accepted \(c.xml.debugDescription) as \(g)")
        } catch let GestureDataError.malformed(file, location, reason) {
            #expect(file == "f.xml")
            #expect(location == .line(c.line), "\(reason)")
            #expect(reason.contains(c.reason), "\(reason)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func emptyDocumentIsAnErrorAboutTheGestureElement() {
        #expect(throws: GestureDataError.invalidField(file: "f.xml", location: .whole, field: "Gesture",
                                                      reason: "empty document (no <Gesture> element)")) {
            try GestureXMLParser.parse(Data("\n<!-- only a comment -->\n".utf8), file: "f.xml")
        }
    }

    @Test(.enabled(if: DatasetLocator.dollarOnePath != nil, "needs the $1 logs (GESTURELAB_DATASETS)")) func agreesWithXMLParserOnTheDollarOneLogs() throws {
        guard let root = DatasetLocator.dollarOnePath else {
            print(DatasetLocator.skipMessage)
            return
        }
        // One subject (480 files) keeps this quick in debug; the CLI run covers all 5280.
        let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/s03").filter { $0.hasSuffix(".xml") }
        #expect(files.count == 480)
        for f in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/s03/" + f))
            let ours = try GestureXMLParser.parse(data, file: f)
            #expect(ours == Oracle.parse(data), "\(f)")
        }
    }
}
