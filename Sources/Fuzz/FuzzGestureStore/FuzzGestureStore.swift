import Foundation
import FuzzSupport
import GestureData

/// Fuzz target: the Android GestureStore reader on arbitrary bytes, within the readers'
/// invariants (an error naming the file, cut values, the byte budget). Whatever it reads
/// must write, read back to the same samples grouped by label as the writer groups them,
/// and write again to the same bytes.
@main
enum FuzzGestureStore: FuzzTarget {
    static func fuzzOne(_ data: Data) {
        _ = GestureStoreReader.looksLikeGestureStore(data)
        guard let samples = ReaderInvariants.read("GestureStore library", file: "fuzz.gestures", bytes: data.count, {
            try GestureStoreReader.read(data, file: "fuzz.gestures")
        }) else { return }
        for s in samples {
            precondition(!s.gesture.strokes.isEmpty, "accepted a gesture with no strokes")
            precondition(s.gesture.pointCount <= SampleLimits.maxPoints, "accepted more than SampleLimits.maxPoints points")
            for stroke in s.gesture.strokes {
                precondition(!stroke.points.isEmpty, "accepted an empty stroke")
                for p in stroke.points { precondition(p.x.isFinite && p.y.isFinite && (p.t?.isFinite ?? false), "accepted a non-finite number") }
            }
        }
        let written: Data
        do { written = try GestureStoreWriter.encode(samples, file: "roundtrip.gestures") } catch {
            preconditionFailure("cannot write what was read: \(error)")
        }
        precondition(GestureStoreReader.looksLikeGestureStore(written), "what the writer wrote does not look like a GestureStore file")
        let again: [Sample]
        do { again = try GestureStoreReader.read(written, file: "roundtrip.gestures") } catch {
            preconditionFailure("cannot read what was written: \(error)")
        }
        // The writer groups samples by label, in the order each label first appears.
        var order: [String] = []
        var groups: [String: [Sample]] = [:]
        for s in samples {
            if groups[s.label!] == nil { order.append(s.label!) }
            groups[s.label!, default: []].append(s)
        }
        let grouped = order.flatMap { groups[$0]! }
        precondition(again.count == grouped.count, "round trip changed the number of samples")
        for (a, b) in zip(again, grouped) {
            precondition(a.gesture == b.gesture && a.label == b.label && a.meta == b.meta, "round trip changed a sample")
        }
        let rewritten = try? GestureStoreWriter.encode(again, file: "roundtrip.gestures")
        precondition(rewritten == written, "writing what was read back gave other bytes")
    }
}
