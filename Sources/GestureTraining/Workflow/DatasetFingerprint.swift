import Foundation
import GestureData

/// A hash of a dataset's content, for a manifest to say exactly what it was trained on.
///
/// FNV-1a, 64-bit (Fowler, Noll, Vo; offset basis 0xcbf29ce484222325, prime
/// 0x100000001b3) over the canonical bytes of every sample: samples sorted by their
/// canonical bytes, each the compact, key-sorted `gesturelab.sample/1` JSON of
/// `NativeSampleCodec.encode` with the loader's `meta["folder"]` removed, followed by a
/// newline. So the fingerprint depends on labels, subjects, metadata and points, not on
/// file names, file order, or the input format the samples came from. FNV-1a is not a
/// cryptographic hash: it detects changed data, not tampering.
public enum DatasetFingerprint {
    /// 16 lower-case hex digits.
    public static func of(_ dataset: Dataset) throws -> String {
        var lines: [Data] = []
        lines.reserveCapacity(dataset.count)
        for var s in dataset.samples {
            s.meta["folder"] = nil
            lines.append(try NativeSampleCodec.encode(s))
        }
        lines.sort { $0.lexicographicallyPrecedes($1) }
        var h = FNV1a64()
        for l in lines {
            h.combine(l)
            h.combine(Data([0x0A]))
        }
        return h.hex
    }
}

/// The FNV-1a 64-bit hash, fed incrementally.
public struct FNV1a64: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        for b in bytes {
            value ^= UInt64(b)
            value &*= 0x0000_0100_0000_01b3
        }
    }

    public var hex: String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
