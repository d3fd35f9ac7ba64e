import Foundation
import FuzzSupport
import GestureData

/// Fuzz target: `DollarOneXMLReader.read` on arbitrary bytes. A successful read must give
/// a sample with at least one point, finite coordinates and times that never decrease.
@main
enum FuzzDollarOneXML: FuzzTarget {
    static func fuzzOne(_ data: Data) {
        guard let sample = ReaderInvariants.read("$1 XML sample", file: "fuzz.xml", bytes: data.count, {
            try DollarOneXMLReader.read(data, file: "fuzz.xml", fallbackSubject: "s00")
        }) else { return }
        SampleInvariants.check(sample)
    }
}
