import Foundation
import FuzzSupport
import GestureData

/// Fuzz target: `MultistrokeXMLReader.read` and the layout-detecting `GestureXMLReader.read`
/// on arbitrary bytes. A successful read must give strokes that each have points, finite
/// coordinates, and times that never decrease across the whole gesture.
func fuzzOne(_ data: Data) {
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
