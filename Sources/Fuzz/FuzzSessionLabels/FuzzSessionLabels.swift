import Foundation
import FuzzSupport
import GestureData

/// Fuzz target: the session labels reader (`gesturelab.session-labels/1`, the sidecar
/// `NAME.labels.json` of a touch session) on arbitrary bytes, under the readers'
/// invariants (``FuzzSupport/ReaderInvariants``: an error names the file and is short,
/// what is kept stays within the byte budget). Labels it accepts must be what its
/// documentation promises (names not empty, finite times, start <= end) and must encode
/// and decode again to the same value.
func fuzzOne(_ data: Data) {
    let file = "fuzz.labels.json"
    guard let labels = ReaderInvariants.read("session labels", file: file, bytes: data.count, {
        try SessionLabels.decode(data, file: file)
    }) else { return }
    for g in labels.gestures {
        precondition(!g.name.isEmpty, "accepted a label with an empty name")
        precondition(g.start.isFinite && g.end.isFinite && g.start <= g.end, "accepted the window \(g.start)…\(g.end)")
    }
    let again: SessionLabels
    do {
        again = try SessionLabels.decode(try labels.encoded(), file: "again.labels.json")
    } catch {
        preconditionFailure("accepted labels do not round-trip: \(error)")
    }
    precondition(again == labels, "the round trip changed the labels")
}

#if FUZZING
// Both entry points are defined so the target links with either linker (see FuzzDollarOneXML).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOne(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}

@_cdecl("FuzzSessionLabels_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.runLibFuzzer(argc: argc, argv: argv, body: fuzzOne)
}
#else
@main
struct FuzzSessionLabels {
    static func main() {
        exit(FuzzDriver.replay(name: "FuzzSessionLabels", arguments: Array(CommandLine.arguments.dropFirst()), body: fuzzOne))
    }
}
#endif
