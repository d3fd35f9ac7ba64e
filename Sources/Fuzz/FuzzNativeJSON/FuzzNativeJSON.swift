import Foundation
import FuzzSupport
import GestureData

/// Fuzz target: the native sample codec (with the collections' JSON layouts it reads
/// from whole files), the JSON Lines reader, and the recorder's request-body parsing
/// (native only, then the label check the store applies) on arbitrary bytes. Whatever
/// decodes must encode, and decode again to the same sample (round trip).
@main
enum FuzzNativeJSON: FuzzTarget {
    static func fuzzOne(_ data: Data) {
        if let sample = ReaderInvariants.read("sample", file: "fuzz.json", bytes: data.count, {
            try NativeSampleCodec.decode(data, file: "fuzz.json")
        }) {
            checkRoundTrip(sample)
        }
        if let sample = ReaderInvariants.read("uploaded sample", file: "request body", bytes: data.count, {
            try NativeSampleCodec.decode(data, file: "request body", nativeOnly: true)
        }) {
            if let label = sample.label, let clean = try? SampleStore.sanitizedLabel(label) {
                precondition(!clean.isEmpty && !clean.hasPrefix(".") && !clean.contains("/"), "the store accepted label '\(clean)'")
            }
            checkRoundTrip(sample)
        }
        if let samples = ReaderInvariants.read("JSON Lines samples", file: "fuzz.jsonl", bytes: data.count, {
            try JSONLines.decode(data, file: "fuzz.jsonl")
        }) {
            for s in samples { checkRoundTrip(s) }
        }
    }
}

func checkRoundTrip(_ sample: Sample) {
    for stroke in sample.gesture.strokes {
        precondition(!stroke.points.isEmpty, "accepted an empty stroke")
        for p in stroke.points {
            precondition(p.x.isFinite && p.y.isFinite && (p.t?.isFinite ?? true), "accepted a non-finite number")
        }
    }
    let encoded: Data
    do { encoded = try NativeSampleCodec.encode(sample) } catch { preconditionFailure("cannot encode a decoded sample: \(error)") }
    let again: Sample
    do { again = try NativeSampleCodec.decode(encoded, file: "roundtrip.json") } catch {
        preconditionFailure("cannot decode what was encoded: \(error)\n\(String(decoding: encoded, as: UTF8.self))")
    }
    precondition(again.gesture == sample.gesture && again.label == sample.label
                 && again.subject == sample.subject && again.meta == sample.meta, "round trip changed the sample")
}
