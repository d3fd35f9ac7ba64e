import Foundation
import Testing
import GestureData
import GestureTestSupport

struct GestureXMLReaderTests {
    @Test func kindIsDetectedFromContent() {
        #expect(GestureXMLReader.kind(of: Data(DataFixtures.dollarOneXML.utf8)) == .dollarOne)
        #expect(GestureXMLReader.kind(of: Data(DataFixtures.multistrokeXML.utf8)) == .multistroke)
        #expect(GestureXMLReader.kind(of: Data()) == .dollarOne)
    }

    @Test func readPicksTheReaderByStructure() throws {
        let one = try GestureXMLReader.read(Data(DataFixtures.dollarOneXML.utf8), file: "a.xml")
        #expect(one.kind == .dollarOne && one.sample.gesture.strokes.count == 1)
        let multi = try GestureXMLReader.read(Data(DataFixtures.multistrokeXML.utf8), file: "b.xml")
        #expect(multi.kind == .multistroke && multi.sample.gesture.strokes.count == 2)
    }

    @Test func loaderReadsBothKindsInOneFolder() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let sub = dir.url.appendingPathComponent("s05")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Data(DataFixtures.dollarOneXML.utf8).write(to: sub.appendingPathComponent("check01.xml"))
        try Data(DataFixtures.multistrokeXML.utf8).write(to: sub.appendingPathComponent("arrowhead01.xml"))
        let d = try DatasetLoader.load(dir.url.path)
        #expect(d.count == 2)
        #expect(Set(d.labels) == ["check", "arrowhead"])
        #expect(d.samples.allSatisfy { $0.meta["folder"] == "s05" })
    }
}
