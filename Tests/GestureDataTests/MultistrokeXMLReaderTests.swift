import Foundation
import Testing
import GestureData
import GestureTestSupport

struct MultistrokeXMLReaderTests {
    @Test func readsStrokesLabelSubjectAndMetadata() throws {
        let s = try MultistrokeXMLReader.read(Data(DataFixtures.multistrokeXML.utf8), file: "a.xml")
        #expect(s.label == "arrowhead")
        #expect(s.subject == "10")
        #expect(s.speed == "fast")
        #expect(s.meta["device"] == "stylus")
        #expect(s.meta["name"] == "arrowhead~01" && s.meta["number"] == "01")
        #expect(s.gesture.strokes.map(\.count) == [2, 3])
        #expect(s.gesture.strokes[1].points[2].x == 30)
        // Integer T: milliseconds, stored in seconds, increasing across strokes.
        #expect(s.gesture.strokes.flatMap(\.points).map { $0.t ?? -1 } == [1.0, 1.016, 1.4, 1.42, 1.45])
    }

    @Test func fractionalTimesAreSeconds() throws {
        let xml = #"<Gesture Name="line~02"><Stroke index="1"><Point X="0" Y="0" T="0.5"/><Point X="1" Y="0" T="0.75"/></Stroke></Gesture>"#
        let s = try MultistrokeXMLReader.read(Data(xml.utf8), file: "l.xml")
        #expect(s.gesture.strokes[0].points.map(\.t) == [0.5, 0.75])
        #expect(s.label == "line")
    }

    @Test func missingOptionalAttributesAreAccepted() throws {
        let xml = #"<Gesture><Stroke><Point X="0" Y="0"/></Stroke><Stroke><Point X="5" Y="5"/></Stroke></Gesture>"#
        let s = try MultistrokeXMLReader.read(Data(xml.utf8), file: "/d/s3/star07.xml", fallbackSubject: "s3")
        #expect(s.label == "star")
        #expect(s.subject == "s3")
        #expect(s.speed == nil)
        #expect(s.gesture.strokes.count == 2)
    }

    @Test func emptyStrokeIsAnErrorNamingItsLine() {
        let xml = "<Gesture Name=\"x~01\">\n<Stroke index=\"1\"><Point X=\"0\" Y=\"0\"/></Stroke>\n<Stroke index=\"2\"></Stroke>\n</Gesture>"
        #expect(throws: GestureDataError.invalidField(file: "x.xml", location: .line(3), field: "Stroke",
                                                      reason: "empty stroke (no points)")) {
            try MultistrokeXMLReader.read(Data(xml.utf8), file: "x.xml")
        }
    }

    @Test func nonIntegerStrokeIndexIsAnError() {
        let xml = #"<Gesture Name="x~01"><Stroke index="one"><Point X="0" Y="0"/></Stroke></Gesture>"#
        #expect(throws: GestureDataError.invalidField(file: "x.xml", location: .line(1), field: "Stroke.index",
                                                      reason: "'one' is not an integer")) {
            try MultistrokeXMLReader.read(Data(xml.utf8), file: "x.xml")
        }
    }

    @Test func numPtsCountsAllStrokes() {
        let xml = DataFixtures.multistrokeXML.replacingOccurrences(of: #"NumPts="5""#, with: #"NumPts="2""#)
        #expect(throws: GestureDataError.invalidField(file: "x.xml", location: .line(2), field: "NumPts",
                                                      reason: "declares 2 points but the file has 5")) {
            try MultistrokeXMLReader.read(Data(xml.utf8), file: "x.xml")
        }
    }

    /// Strokes out of time order (seen in real multistroke logs) are kept in
    /// document order with a note, not refused.
    @Test func strokesOutOfTimeOrderAreKeptWithANote() throws {
        let xml = DataFixtures.multistrokeXML.replacingOccurrences(of: #"T="1400""#, with: #"T="900""#)
            .replacingOccurrences(of: #"T="1420""#, with: #"T="920""#).replacingOccurrences(of: #"T="1450""#, with: #"T="950""#)
        let s = try MultistrokeXMLReader.read(Data(xml.utf8), file: "x.xml")
        #expect(s.gesture.strokes.count == 2 && s.gesture.strokes[1].points.first?.t == 0.9)
        #expect(s.meta["note"]?.contains("out of order") == true)
        #expect(try MultistrokeXMLReader.read(Data(DataFixtures.multistrokeXML.utf8), file: "x.xml").meta["note"] == nil)
    }

    /// Integer epoch milliseconds stepping back by exactly 1 ms inside a stroke
    /// (22% of the MMG files) are read; 2 ms back is still an error.
    @Test func oneMillisecondOfJitterAtEpochScaleIsRead() throws {
        func xml(_ t2: String) -> String {
            #"<Gesture Name="x~01"><Stroke index="1"><Point X="0" Y="0" T="1302127606846"/><Point X="5" Y="5" T="\#(t2)"/><Point X="9" Y="1" T="1302127606900"/></Stroke></Gesture>"#
        }
        let s = try MultistrokeXMLReader.read(Data(xml("1302127606845").utf8), file: "x.xml")
        #expect(s.gesture.pointCount == 3)
        #expect(throws: GestureDataError.invalidField(file: "x.xml", location: .line(1), field: "T",
                                                      reason: "time goes backwards within a stroke (1302127606844 after 1302127606846; at most 1 ms is allowed)")) {
            try MultistrokeXMLReader.read(Data(xml("1302127606844").utf8), file: "x.xml")
        }
        // The same in epoch seconds with fractions.
        let secs = #"<Gesture Name="x~01"><Stroke index="1"><Point X="0" Y="0" T="1302127606.846"/><Point X="5" Y="5" T="1302127606.845"/></Stroke></Gesture>"#
        #expect(try MultistrokeXMLReader.read(Data(secs.utf8), file: "x.xml").gesture.pointCount == 2)
    }

    @Test func pointsOutsideStrokesAreAnError() {
        let xml = #"<Gesture Name="x~01"><Point X="1" Y="1"/><Stroke index="1"><Point X="0" Y="0"/></Stroke></Gesture>"#
        #expect(throws: GestureDataError.self) { try MultistrokeXMLReader.read(Data(xml.utf8), file: "x.xml") }
    }

    @Test func badCoordinateNamesLineAndField() {
        let xml = DataFixtures.multistrokeXML.replacingOccurrences(of: #"X="30""#, with: #"X="1e400""#)
        #expect(throws: GestureDataError.invalidField(file: "x.xml", location: .line(10), field: "X",
                                                      reason: "'1e400' is out of range (not a finite number)")) {
            try MultistrokeXMLReader.read(Data(xml.utf8), file: "x.xml")
        }
    }
}
