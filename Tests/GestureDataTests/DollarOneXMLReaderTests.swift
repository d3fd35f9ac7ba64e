import Foundation
import Testing
import GestureData
import GestureTestSupport

struct DollarOneXMLReaderTests {
    @Test func readsPointsLabelSubjectAndMillisecondTimes() throws {
        let s = try DollarOneXMLReader.read(Data(DataFixtures.dollarOneXML.utf8), file: "check01.xml")
        #expect(s.label == "check")
        #expect(s.subject == "2")
        #expect(s.speed == "medium")
        #expect(s.meta["name"] == "check01" && s.meta["number"] == "1")
        #expect(s.gesture.pointCount == 3)
        #expect(s.gesture.strokes[0].points[0].x == 77 && s.gesture.strokes[0].points[0].y == 199)
        let t = try #require(s.gesture.strokes[0].points[1].t)
        #expect(abs(t - 11581.822) < 1e-9)
    }

    @Test func readsTheUTF8ByteOrderMarkAndCRLFOfTheOriginalLogs() throws {
        let crlf = "\u{FEFF}" + DataFixtures.dollarOneXML.replacingOccurrences(of: "\n", with: "\r\n")
        let s = try DollarOneXMLReader.read(Data(crlf.utf8), file: "x.xml")
        #expect(s.gesture.pointCount == 3)
    }

    @Test func missingNumPtsIsAccepted() throws {
        let xml = DataFixtures.dollarOneXML.replacingOccurrences(of: #" NumPts="3""#, with: "")
        #expect(try DollarOneXMLReader.read(Data(xml.utf8), file: "x.xml").gesture.pointCount == 3)
    }

    @Test func wrongNumPtsIsAnError() {
        let xml = DataFixtures.dollarOneXML.replacingOccurrences(of: #"NumPts="3""#, with: #"NumPts="4""#)
        #expect(throws: GestureDataError.invalidField(file: "x.xml", location: .line(2), field: "NumPts",
                                                      reason: "declares 4 points but the file has 3")) {
            try DollarOneXMLReader.read(Data(xml.utf8), file: "x.xml")
        }
    }

    @Test func missingSpeedFallsBackToTheSpeedFolder() throws {
        let xml = DataFixtures.dollarOneXML.replacingOccurrences(of: #" Speed="medium""#, with: "")
        let inFolder = try DollarOneXMLReader.read(Data(xml.utf8), file: "/data/s02/fast/check01.xml")
        #expect(inFolder.speed == "fast")
        let elsewhere = try DollarOneXMLReader.read(Data(xml.utf8), file: "/data/s02/check01.xml")
        #expect(elsewhere.speed == nil)
    }

    @Test func missingSubjectUsesTheFallback() throws {
        let xml = DataFixtures.dollarOneXML.replacingOccurrences(of: #" Subject="2""#, with: "")
        #expect(try DollarOneXMLReader.read(Data(xml.utf8), file: "x.xml", fallbackSubject: "s07").subject == "s07")
        #expect(try DollarOneXMLReader.read(Data(xml.utf8), file: "x.xml").subject == nil)
    }

    @Test func missingNameUsesTheFileName() throws {
        let xml = DataFixtures.dollarOneXML.replacingOccurrences(of: #"Name="check01" "#, with: "")
        #expect(try DollarOneXMLReader.read(Data(xml.utf8), file: "/d/delete_mark10.xml").label == "delete_mark")
    }

    @Test func fractionalTimesAreSeconds() throws {
        let xml = """
        <Gesture Name="v01"><Point X="1" Y="2" T="0" /><Point X="3" Y="4" T="0.25" /><Point X="5" Y="6" T="1.5" /></Gesture>
        """
        let s = try DollarOneXMLReader.read(Data(xml.utf8), file: "v.xml")
        #expect(s.gesture.strokes[0].points.map(\.t) == [0, 0.25, 1.5])
    }

    @Test func exponentTimesAreSeconds() throws {
        let xml = #"<Gesture Name="v01"><Point X="1" Y="2" T="1e0" /><Point X="3" Y="4" T="2" /></Gesture>"#
        let s = try DollarOneXMLReader.read(Data(xml.utf8), file: "v.xml")
        #expect(s.gesture.strokes[0].points.map(\.t) == [1, 2])
    }

    @Test func integerTimesAreMilliseconds() throws {
        let xml = #"<Gesture Name="v01"><Point X="1" Y="2" T="1000" /><Point X="3" Y="4" T="1250" /></Gesture>"#
        let s = try DollarOneXMLReader.read(Data(xml.utf8), file: "v.xml")
        #expect(s.gesture.strokes[0].points.map(\.t) == [1, 1.25])
    }

    @Test func missingTimesGiveNoTimes() throws {
        let xml = #"<Gesture Name="v01"><Point X="1" Y="2" /><Point X="3" Y="4" /></Gesture>"#
        let s = try DollarOneXMLReader.read(Data(xml.utf8), file: "v.xml")
        #expect(s.gesture.strokes[0].points.allSatisfy { $0.t == nil })
        #expect(s.gesture.strokes[0].duration == nil)
    }

    @Test func timesOnSomePointsOnlyIsAnError() {
        let xml = "<Gesture Name=\"v01\">\n<Point X=\"1\" Y=\"2\" T=\"5\" />\n<Point X=\"3\" Y=\"4\" />\n</Gesture>"
        #expect(throws: GestureDataError.invalidField(file: "v.xml", location: .line(3), field: "T",
                                                      reason: "missing here, but other points of the gesture have times")) {
            try DollarOneXMLReader.read(Data(xml.utf8), file: "v.xml")
        }
    }

    @Test func timeGoingBackwardsIsAnError() {
        let xml = "<Gesture Name=\"v01\">\n<Point X=\"1\" Y=\"2\" T=\"5\" />\n<Point X=\"3\" Y=\"4\" T=\"3\" />\n</Gesture>"
        #expect(throws: GestureDataError.invalidField(file: "v.xml", location: .line(3), field: "T",
                                                      reason: "time goes backwards within a stroke (3 after 5; at most 1 ms is allowed)")) {
            try DollarOneXMLReader.read(Data(xml.utf8), file: "v.xml")
        }
    }

    @Test(arguments: ["abc", "1e400", "-1e400", "0x10", "nan", "inf", ""])
    func unusableXIsAnErrorNamingLineAndField(value: String) {
        let xml = DataFixtures.dollarOneXML(secondX: value)
        do {
            _ = try DollarOneXMLReader.read(Data(xml.utf8), file: "bad.xml")
            Issue.record("X=\"\(value)\" accepted")
        } catch {
            #expect("\(error)".hasPrefix("bad.xml: line 4: field 'X':"), "\(error)")
        }
    }

    @Test func missingYIsAnError() {
        let xml = "<Gesture Name=\"v01\">\n<Point X=\"1\" T=\"5\" />\n</Gesture>"
        #expect(throws: GestureDataError.invalidField(file: "v.xml", location: .line(2), field: "Y", reason: "missing")) {
            try DollarOneXMLReader.read(Data(xml.utf8), file: "v.xml")
        }
    }

    @Test func gestureWithoutPointsIsAnEmptyStrokeError() {
        #expect(throws: GestureDataError.invalidField(file: "v.xml", location: .line(1), field: "Point",
                                                      reason: "the gesture has no points (empty stroke)")) {
            try DollarOneXMLReader.read(Data(#"<Gesture Name="v01"></Gesture>"#.utf8), file: "v.xml")
        }
    }

    @Test(arguments: [
        "",                                           // empty file
        "<Gesture Name=\"v\"><Point X=\"1\" Y=\"2\"/>", // no closing tag
        "<Gesture Name=\"v\"><Point X=\"1\" Y=",      // cut inside a tag
        "not xml at all",
    ])
    func truncatedOrMalformedXMLIsAnError(xml: String) {
        do {
            _ = try DollarOneXMLReader.read(Data(xml.utf8), file: "t.xml")
            Issue.record("accepted: \(xml)")
        } catch let e as GestureDataError {
            #expect(e.file == "t.xml")
            #expect(e.description.hasPrefix("t.xml: "), "\(e)")
        } catch {
            Issue.record("unexpected error type: \(error)")
        }
    }

    @Test func secondGestureIsAnError() {
        let xml = "<Root><Gesture Name=\"a\"><Point X=\"1\" Y=\"2\"/></Gesture></Root>"
        #expect(throws: GestureDataError.self) { try DollarOneXMLReader.read(Data(xml.utf8), file: "t.xml") }
    }

    @Test func multistrokeLogIsRejectedByTheUnistrokeReader() {
        #expect(throws: GestureDataError.invalidField(
            file: "m.xml", location: .line(3), field: "Stroke",
            reason: "a $1 log has <Point> children of <Gesture>; <Stroke> elements make it a multistroke log")) {
            try DollarOneXMLReader.read(Data(DataFixtures.multistrokeXML.utf8), file: "m.xml")
        }
    }

    @Test(arguments: [("check01", "check"), ("delete_mark10", "delete_mark"), ("x", "x"), ("123", "123"), ("v2x03", "v2x")])
    func labelDropsTrailingDigits(name: String, label: String) {
        #expect(DollarOneXMLReader.labelFromName(name) == label)
    }
}
