import Foundation
import FuzzSupport
import GestureData

/// Fuzz target: `MultistrokeXMLReader.read` and the layout-detecting `GestureXMLReader.read`
/// on arbitrary bytes. A successful read must give strokes that each have points, finite
/// coordinates, and times that never decrease across the whole gesture.
@main
enum FuzzMultistrokeXML: FuzzTarget {
    static func fuzzOne(_ data: Data) {
        if let sample = ReaderInvariants.read("multistroke XML sample", file: "fuzz.xml", bytes: data.count, {
            try MultistrokeXMLReader.read(data, file: "fuzz.xml", fallbackSubject: "s00")
        }) {
            SampleInvariants.check(sample)
        }
        if let (sample, _) = ReaderInvariants.read("XML sample", file: "fuzz.xml", bytes: data.count, {
            try GestureXMLReader.read(data, file: "fuzz.xml")
        }) {
            SampleInvariants.check(sample)
        }
    }
}
