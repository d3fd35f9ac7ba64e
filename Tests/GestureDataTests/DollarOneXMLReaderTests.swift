import Foundation
import Testing
import GestureData

struct DollarOneXMLReaderTests {
    @Test func readsPointsLabelSubjectAndMillisecondTimes() throws {
        let xml = """
        <?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <Gesture Name="check01" Subject="2" Speed="medium" Number="1" NumPts="2">
          <Point X="77" Y="199" T="11581717" />
          <Point X="79" Y="201" T="11581822" />
        </Gesture>
        """
        let s = try DollarOneXMLReader.read(Data(xml.utf8), file: "check01.xml")
        #expect(s.label == "check")
        #expect(s.subject == "2")
        #expect(s.speed == "medium")
        #expect(s.gesture.pointCount == 2)
        let t = try #require(s.gesture.strokes[0].points[1].t)
        #expect(abs(t - 11581.822) < 1e-9)
    }
}
