import Foundation
import Testing
import GestureData
import GestureGeometry
import GestureTestSupport

struct SampleSVGTests {
    @Test func drawsEachStrokeAndMarksItsStart() throws {
        let s = try MultistrokeXMLReader.read(Data(DataFixtures.multistrokeXML.utf8), file: "a.xml")
        let svg = SampleSVG.render(s)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(svg.components(separatedBy: "class=\"start\"").count - 1 == 2)
        #expect(svg.contains("label: arrowhead"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func startMarkerSitsOnTheFirstPoint() {
        // Box 0…100 × 0…50, scale 4 with size 400, margin 24: start (0,50) → (24, 224).
        let s = Sample(gesture: Gesture(points: [Point(x: 0, y: 50), Point(x: 100, y: 0)]))
        let svg = SampleSVG.render(s)
        #expect(svg.contains(#"<circle class="start" cx="24.00" cy="224.00""#), "\(svg)")
    }

    @Test func labelsAreEscaped() {
        let s = Sample(gesture: Gesture(points: [Point(x: 0, y: 0), Point(x: 1, y: 1)]), label: "<script>&\"")
        let svg = SampleSVG.render(s)
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;&amp;&quot;"))
    }

    @Test func degenerateSamplesDrawWithoutCrashing() {
        for g in [Gesture([]), Gesture(points: [Point(x: 3, y: 3)]), Gesture(points: [Point(x: 3, y: 3), Point(x: 3, y: 3)]),
                  Gesture(points: [Point(x: 0, y: 0), Point(x: .nan, y: 1)])] {
            let svg = SampleSVG.render(Sample(gesture: g))
            #expect(svg.hasSuffix("</svg>\n"))
            #expect(!svg.contains("nan") && !svg.contains("inf"))
        }
    }
}
