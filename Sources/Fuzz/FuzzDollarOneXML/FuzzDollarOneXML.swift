import Foundation
import FuzzSupport
import GestureData

/// Fuzz target: `DollarOneXMLReader.read` on arbitrary bytes. A successful read must give
/// a sample with at least one point, finite coordinates and times that never decrease.
func fuzzOne(_ data: Data) {
    guard let sample = ReaderInvariants.read("$1 XML sample", file: "fuzz.xml", bytes: data.count, {
        try DollarOneXMLReader.read(data, file: "fuzz.xml", fallbackSubject: "s00")
    }) else { return }
    SampleInvariants.check(sample)
}

#if FUZZING
// Both entry points are defined so the target links with either linker: gold resolves
// `main` to `FuzzDollarOneXML_main` (SwiftPM's --defsym), lld may pull libFuzzer's own main,
// which calls LLVMFuzzerTestOneInput.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOne(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}

@_cdecl("FuzzDollarOneXML_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.runLibFuzzer(argc: argc, argv: argv, body: fuzzOne)
}
#else
@main
struct FuzzDollarOneXML {
    static func main() {
        exit(FuzzDriver.replay(name: "FuzzDollarOneXML", arguments: Array(CommandLine.arguments.dropFirst()), body: fuzzOne))
    }
}
#endif
