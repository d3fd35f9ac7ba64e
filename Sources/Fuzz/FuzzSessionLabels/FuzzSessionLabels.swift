import Foundation
import FuzzSupport
import GestureData

/// Fuzz target: the session labels reader (`gesturelab.session-labels/1`, the sidecar
/// `NAME.labels.json` of a touch session) on arbitrary bytes, under the readers'
/// invariants (``FuzzSupport/ReaderInvariants``: an error names the file and is short,
/// what is kept stays within the byte budget). Labels it accepts must be what its
/// documentation promises (names not empty, finite times, start <= end) and must encode
/// and decode again to the same value.
@main
enum FuzzSessionLabels: FuzzTarget {
    static func fuzzOne(_ data: Data) {
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
}
