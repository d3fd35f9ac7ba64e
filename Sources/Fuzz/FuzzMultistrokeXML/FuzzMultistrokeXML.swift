import Foundation
import FuzzSupport
import GestureData

/// Fuzz target: `MultistrokeXMLReader.read` and the layout-detecting `GestureXMLReader.read`
/// on arbitrary bytes. A successful read must give strokes that each have points, finite
/// coordinates, and times that never decrease across the whole gesture.
func fuzzOne(_ data: Data) {
    if let sample = try? MultistrokeXMLReader.read(data, file: "fuzz.xml", fallbackSubject: "s00") {
        check(sample)
    }
    if let (sample, _) = try? GestureXMLReader.read(data, file: "fuzz.xml") {
        check(sample)
    }
}

func check(_ sample: Sample) {
    precondition(!sample.gesture.strokes.isEmpty, "accepted a gesture with no strokes")
    var lastT = -Double.infinity
    for stroke in sample.gesture.strokes {
        precondition(!stroke.points.isEmpty, "accepted an empty stroke")
        for p in stroke.points {
            precondition(p.x.isFinite && p.y.isFinite, "accepted a non-finite coordinate")
            if let t = p.t {
                precondition(t.isFinite && t >= lastT, "accepted a non-finite or decreasing time")
                lastT = t
            }
        }
    }
}

#if FUZZING
// Both entry points are defined so the target links with either linker: gold resolves
// `main` to `FuzzMultistrokeXML_main` (SwiftPM's --defsym), lld may pull libFuzzer's own main,
// which calls LLVMFuzzerTestOneInput.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOne(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}

@_cdecl("FuzzMultistrokeXML_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.runLibFuzzer(argc: argc, argv: argv, body: fuzzOne)
}
#else
@main
struct FuzzMultistrokeXML {
    static func main() {
        exit(FuzzDriver.replay(name: "FuzzMultistrokeXML", arguments: Array(CommandLine.arguments.dropFirst()), body: fuzzOne))
    }
}
#endif
